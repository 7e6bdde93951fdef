import { ChannelError } from '../../http/channel-http.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import { withCode } from '../carrier-error-text.ts';
import type { TrackingEvent, TrackingSummary } from '../carrier-types.ts';
import type { FedexAnswer, FedexScanEvent, FedexTrackOutput, FedexTrackResult } from './fedex-wire.ts';

/**
 * FedEx's Track API by tracking number, and the check FedEx Express tracking numbers carry: the twelfth digit is the
 * first eleven weighted 1, 3, 7, 1, 3, … from the right, summed, mod 11, mod 10 (10 counts as 0).
 */

export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * weights[i % 3]!;
  return (sum % 11) % 10;
}

/** A 12-digit number must pass the check; FedEx's other forms (15, 20, 22 digits) need only be digits. */
export function isValidFedexTrackingNumber(trackingNumber: string): boolean {
  if (!/^\d{12,34}$/.test(trackingNumber)) return false;
  if (trackingNumber.length !== 12) return true;
  return fedexCheckDigit(trackingNumber.slice(0, 11)) === Number(trackingNumber[11]);
}

const STATUS_BY_CODE: Record<string, TrackingSummary['status']> = {
  // Label created: FedEx has the shipment's information, not the package.
  OC: 'pre_transit',
  LP: 'pre_transit',
  PU: 'in_transit',
  IT: 'in_transit',
  AR: 'in_transit',
  AF: 'in_transit',
  DP: 'in_transit',
  OD: 'in_transit',
  DL: 'delivered',
  DE: 'exception',
  SE: 'exception',
};

function location(event: FedexScanEvent): string | null {
  const place = event.scanLocation;
  const text = [place?.city, place?.stateOrProvinceCode, place?.countryCode].filter(Boolean).join(', ');
  return text || null;
}

/** FedEx's scans, newest first. */
function events(result: FedexTrackResult): TrackingEvent[] {
  return (result.scanEvents ?? [])
    .filter((event) => event.date)
    .map((event) => ({
      at: event.date!,
      description: event.eventDescription ?? event.eventType ?? '',
      location: location(event),
    }))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** The first result of FedEx's track answer; a per-number error is in its `error`. */
function firstTrackResult(answer: FedexAnswer<FedexTrackOutput> | null): FedexTrackResult | null {
  return answer?.output?.completeTrackResults?.[0]?.trackResults?.[0] ?? null;
}

export async function fedexTrack(
  client: BearerClient,
  trackingNumber: string,
  signal?: AbortSignal,
): Promise<TrackingSummary> {
  const answer = await client.call<FedexAnswer<FedexTrackOutput> | null>(
    {
      method: 'POST',
      path: '/track/v1/trackingnumbers',
      json: { includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber } }] },
      idempotent: true,
    },
    signal,
  );
  const result = firstTrackResult(answer);
  if (!result || result.error) {
    const words = result?.error ? withCode(result.error.message, result.error.code) : null;
    if (!result || /NOTFOUND/.test(result.error?.code ?? '')) {
      throw new ChannelError('not_found', `FedEx does not know the tracking number ${trackingNumber}`, null, words);
    }
    throw new ChannelError('platform', `FedEx could not track ${trackingNumber}`, null, words);
  }
  const latest = result.latestStatusDetail;
  const code = latest?.code ?? latest?.derivedCode ?? '';
  return {
    trackingNumber,
    status: STATUS_BY_CODE[code] ?? 'unknown',
    statusText: latest?.description ?? latest?.statusByLocale ?? code,
    events: events(result),
  };
}
