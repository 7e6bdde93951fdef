import type { TrackingStatus } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import { withCode } from '../carrier-error-text.ts';
import type { TrackedEvent, TrackedParcel, TrackingLimits } from '../carrier-types.ts';
import type { FedexAnswer, FedexScanEvent, FedexTrackOutput, FedexTrackResult } from './fedex-wire.ts';

/**
 * FedEx's Track API (`POST /track/v1/trackingnumbers`, up to 30 numbers a request, detailed scans asked for), its codes
 * mapped to Shipdesk's statuses by FedEx's column of integrations-shipping.md 7.1, and the check FedEx Express
 * tracking numbers carry: the twelfth digit is the first eleven weighted 1, 3, 7, 1, 3, … from the right, summed,
 * mod 11, mod 10 (10 counts as 0).
 */

/** FedEx documents 30 numbers per track request; its throttling counts per project, 1,400 transactions per 10 s. */
export const FEDEX_TRACKING_LIMITS: TrackingLimits = { perCall: 30, calls: 1_400, windowSeconds: 10 };

/**
 * FedEx's status and scan codes (latestStatusDetail code/derivedCode, a scan's eventType/derivedStatusCode) as
 * Shipdesk's statuses, exactly per 7.1. HL (held at a FedEx location) and HP (ready for recipient pickup) are the
 * parcel waiting for its recipient: available for pickup.
 */
const STATUS_BY_CODE: Readonly<Record<string, TrackingStatus>> = {
  OC: 'label_created',
  PU: 'in_transit',
  IT: 'in_transit',
  AR: 'in_transit',
  AF: 'in_transit',
  DP: 'in_transit',
  OF: 'in_transit',
  FD: 'in_transit',
  CC: 'in_transit',
  OD: 'out_for_delivery',
  DL: 'delivered',
  DE: 'exception',
  SE: 'exception',
  DD: 'exception',
  DY: 'exception',
  CD: 'exception',
  PD: 'exception',
  HL: 'available_for_pickup',
  HP: 'available_for_pickup',
  RS: 'returned',
};

/** Per-number errors that mean FedEx does not know the number: the number is left out of the answer. */
const UNKNOWN_NUMBER = /NOTFOUND|INVALID/;

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

const statusOf = (...codes: Array<string | undefined>): TrackingStatus | undefined =>
  codes.map((code) => STATUS_BY_CODE[code ?? '']).find((status) => status !== undefined);

/**
 * FedEx dates scans in the place's local time with its offset, kept as given. A time without an offset is read as
 * UTC (FedEx does not say which zone it would be in). Null when it is not a time at all.
 */
export function fedexTime(date: string | undefined): string | null {
  if (!date) return null;
  const zoned = /([zZ]|[+-]\d{2}:?\d{2})$/.test(date) ? date : `${date}Z`;
  return Number.isNaN(Date.parse(zoned)) ? null : zoned;
}

function location(event: FedexScanEvent): string | null {
  const place = event.scanLocation;
  const text = [place?.city, place?.stateOrProvinceCode, place?.countryCode].filter(Boolean).join(', ');
  return text || null;
}

function description(event: FedexScanEvent): string {
  const words = event.eventDescription || event.eventType || '';
  return event.exceptionDescription ? `${words}: ${event.exceptionDescription}` : words;
}

/**
 * FedEx's scans, newest first. A code the table does not know keeps the status of the scan before it (a scan after
 * "label created" means FedEx has the parcel: in transit); with no scan before it, in transit, since FedEx scanned it.
 */
function fedexEvents(scans: readonly FedexScanEvent[]): TrackedEvent[] {
  const timed = scans
    .map((event) => ({ event, at: fedexTime(event.date) }))
    .filter((scan): scan is { event: FedexScanEvent; at: string } => scan.at !== null);
  // Oldest first to carry a status forward; FedEx's own order kept among scans of the same time.
  const oldestFirst = timed.map((scan, index) => ({ ...scan, index }));
  oldestFirst.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || b.index - a.index);
  let previous: TrackingStatus | null = null;
  const events = oldestFirst.map(({ event, at }): TrackedEvent => {
    const known = statusOf(event.eventType, event.derivedStatusCode);
    const status = known ?? (previous && previous !== 'label_created' ? previous : 'in_transit');
    previous = status;
    return { at, status, code: event.eventType ?? null, description: description(event), location: location(event) };
  });
  return events.reverse();
}

/** The day FedEx promises (YYYY-MM-DD): its estimated delivery date, else the end of its delivery window. */
function expectedDelivery(result: FedexTrackResult): string | null {
  const estimated = result.dateAndTimes?.find((d) => d.type === 'ESTIMATED_DELIVERY')?.dateTime;
  const window = result.estimatedDeliveryTimeWindow?.window;
  const day = (estimated || window?.ends || window?.begins || '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** One number's result as a parcel: FedEx's latest status when the table knows it, else the newest scan's. */
export function fedexParcel(trackingNumber: string, result: FedexTrackResult): TrackedParcel {
  const events = fedexEvents(result.scanEvents ?? []);
  const latest = result.latestStatusDetail;
  return {
    trackingNumber,
    status: statusOf(latest?.code, latest?.derivedCode) ?? events[0]?.status ?? 'label_created',
    expectedDelivery: expectedDelivery(result),
    events,
  };
}

async function trackBatch(
  client: BearerClient,
  numbers: readonly string[],
  parcels: Map<string, TrackedParcel>,
  signal?: AbortSignal,
): Promise<void> {
  const answer = await client.call<FedexAnswer<FedexTrackOutput> | null>(
    {
      method: 'POST',
      path: '/track/v1/trackingnumbers',
      json: {
        includeDetailedScans: true,
        trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
      },
      idempotent: true,
    },
    signal,
  );
  for (const complete of answer?.output?.completeTrackResults ?? []) {
    const trackingNumber = complete.trackingNumber ?? complete.trackResults?.[0]?.trackingNumberInfo?.trackingNumber;
    const result = complete.trackResults?.[0];
    if (!trackingNumber || !result || !numbers.includes(trackingNumber)) continue;
    if (result.error) {
      if (UNKNOWN_NUMBER.test(result.error.code ?? '')) continue;
      // Anything else is FedEx failing on the number: said, in its words, rather than read as "unknown".
      const words = withCode(result.error.message, result.error.code);
      throw new ChannelError('platform', `FedEx could not track ${trackingNumber}`, null, words);
    }
    parcels.set(trackingNumber, fedexParcel(trackingNumber, result));
  }
}

/** The parcels FedEx knows, keyed by number, asked 30 numbers a request (in turn, so a 429 stops the rest). */
export async function fedexTrackParcels(
  client: BearerClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, TrackedParcel>> {
  const parcels = new Map<string, TrackedParcel>();
  const unique = [...new Set(numbers)];
  for (let from = 0; from < unique.length; from += FEDEX_TRACKING_LIMITS.perCall) {
    await trackBatch(client, unique.slice(from, from + FEDEX_TRACKING_LIMITS.perCall), parcels, signal);
  }
  return parcels;
}
