import { ChannelError } from '../../http/channel-http.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';

/**
 * UPS Track Alert v2 (../shared/integrations-shipping.md 7.3, docs/tracking.md "Pushes"): each number is subscribed
 * with `POST /api/track/v2/subscription/standard/package { locale, countryCode, trackingNumberList }` (at most 100
 * numbers; the client adds transId, transactionSrc and the Bearer token), answered `{ validTrackingNumbers,
 * invalidTrackingNumbers }`. A subscription lasts 14 days and replays no history; where UPS pushes is registered in
 * its developer portal, not in the call. UPS documents VSS210 ("at least one valid tracking number") as a 400: read
 * as every number invalid (unconfirmed: whether UPS refuses a list of only invalid numbers that way).
 */

const UPS_TRACK_ALERT_PATH = '/api/track/v2/subscription/standard/package';

/** The numbers subscribed now, and those UPS refused (as asked, upper case). */
interface TrackingSubscriptionAnswer {
  valid: string[];
  invalid: string[];
}

export const upsTrackingSubscriptionLimits = { perCall: 100, days: 14 };

interface UpsTrackAlertAnswer {
  validTrackingNumbers?: unknown;
  invalidTrackingNumbers?: unknown;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.toUpperCase()) : [];

/** Subscribes the numbers (at most 100); a number UPS names in neither list is answered invalid. */
export async function upsSubscribeTracking(
  client: BearerClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<TrackingSubscriptionAnswer> {
  const asked = [...new Set(numbers.map((n) => n.toUpperCase()))];
  if (asked.length === 0) return { valid: [], invalid: [] };
  if (asked.length > upsTrackingSubscriptionLimits.perCall) {
    throw new RangeError(`UPS Track Alert takes at most ${upsTrackingSubscriptionLimits.perCall} numbers a call`);
  }
  let answer: UpsTrackAlertAnswer | null;
  try {
    answer = await client.call<UpsTrackAlertAnswer | null>(
      {
        method: 'POST',
        path: UPS_TRACK_ALERT_PATH,
        json: { locale: 'en_US', countryCode: 'US', trackingNumberList: asked },
        // Subscribing a number again only renews it.
        idempotent: true,
      },
      signal,
    );
  } catch (error) {
    if (error instanceof ChannelError && error.kind === 'invalid' && /\bVSS210\b/.test(error.platformMessage ?? '')) {
      return { valid: [], invalid: asked };
    }
    throw error;
  }
  const valid = new Set(strings(answer?.validTrackingNumbers));
  return { valid: asked.filter((n) => valid.has(n)), invalid: asked.filter((n) => !valid.has(n)) };
}
