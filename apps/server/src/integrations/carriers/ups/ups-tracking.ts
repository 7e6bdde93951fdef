import type { TrackingStatus } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import type { TrackedEvent, TrackedParcel, TrackingLimits } from '../carrier-types.ts';
import { upsCallsPerMinute } from './ups-client.ts';
import type { UpsTrackActivity, UpsTrackAnswer, UpsTrackPackage, UpsTrackStatus } from './ups-wire.ts';

/**
 * UPS tracking (docs/tracking.md): the Tracking API's `GET /api/track/v1/details/{inquiryNumber}`, one number per
 * call (UPS has no batch), each activity's `status { type, statusCode }` mapped to a TrackingStatus by the table
 * below (integrations-shipping.md 7.1).
 *
 * A number UPS does not know is left out of the answer: production answers it 200 with the warning TW0001 and no
 * package (UPS-API/api-documentation issues 102, 166); the OpenAPI documents a 404, which is read the same way when
 * its error carries a TW code. Anything else that fails (an outage, a 429, a refused token) throws the client's
 * ChannelError.
 */

interface UpsStatusRow {
  /** The activity status type the row is for; absent: any. */
  type?: string;
  /** The three-digit status codes the row is for; absent: any. */
  statusCodes?: readonly string[];
  status: TrackingStatus;
}

/**
 * UPS's statuses in Shipdesk's words: the first row that matches an activity's type and status code wins, so the
 * specific codes come before the type they refine. 7.1's rows, plus what UPS's Status/Description code list says in
 * the same words: 007 "Shipment Information Voided", the other "Out for Delivery" codes (089, 091, 146, 162), and the
 * pickup codes 7.1 has no UPS cell for (017 Held for Customer Pickup, 040 Ready for Customer Pickup, 144 Delivered to
 * Post Office for Pickup, 161 Delivered to UPS Access Point: the buyer still has to collect it). 7.1's out-for-delivery
 * codes count only with type I, as 7.1 writes them.
 */
const UPS_STATUS_TABLE: readonly UpsStatusRow[] = [
  { type: 'MV', status: 'voided' },
  { statusCodes: ['007'], status: 'voided' },
  { statusCodes: ['033', '034', '035', '036', '067', '081'], status: 'returned' },
  { type: 'I', statusCodes: ['006', '021', '037', '072', '089', '091', '146', '162'], status: 'out_for_delivery' },
  { statusCodes: ['017', '040', '144', '161'], status: 'available_for_pickup' },
  { type: 'D', status: 'delivered' },
  { statusCodes: ['011'], status: 'delivered' },
  { type: 'X', status: 'exception' },
  { statusCodes: ['013', '029', '060', '064', '069'], status: 'exception' },
  { type: 'M', status: 'label_created' },
  { statusCodes: ['003'], status: 'label_created' },
  { type: 'I', status: 'in_transit' },
  { statusCodes: ['005', '010', '038', '039'], status: 'in_transit' },
];

/** An activity status by the table; null when no row matches (a Track Alert update U, a freight type, a new code). */
export function upsStatusOf(status: UpsTrackStatus | undefined): TrackingStatus | null {
  const type = status?.type?.trim().toUpperCase() ?? '';
  const code = status?.statusCode?.trim() ?? '';
  const row = UPS_STATUS_TABLE.find(
    (r) => (r.type === undefined || r.type === type) && (r.statusCodes === undefined || r.statusCodes.includes(code)),
  );
  return row?.status ?? null;
}

/** YYYYMMDD + HHMMSS (UPS drops a leading zero of the hour: "74700") as ISO without a zone; null without a date. */
function stamp(date: string | undefined, time: string | undefined): string | null {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(date?.trim() ?? '');
  if (!day) return null;
  const clock = /^(\d{2})(\d{2})(\d{2})$/.exec((time?.trim() || '0').padStart(6, '0')) ?? ['', '00', '00', '00'];
  return `${day[1]}-${day[2]}-${day[3]}T${clock[1]}:${clock[2]}:${clock[3]}`;
}

/**
 * When the scan happened: its local time with the offset UPS gives ("2026-03-02T14:05:00-05:00"); else the GMT time
 * UPS gives; else the local time read as UTC (UPS then says nothing of the zone: off by the scan's offset at most).
 */
function when(activity: UpsTrackActivity): string | null {
  const local = stamp(activity.date, activity.time);
  const offset = activity.gmtOffset?.trim() ?? '';
  if (local && /^[+-]\d{2}:\d{2}$/.test(offset)) return `${local}${offset}`;
  const gmt = stamp(activity.gmtDate, activity.gmtTime);
  if (gmt) return `${gmt}Z`;
  return local ? `${local}Z` : null;
}

function location(activity: UpsTrackActivity): string | null {
  const address = activity.location?.address;
  const region = [address?.stateProvince, address?.postalCode].filter(Boolean).join(' ');
  return [address?.city, region, address?.countryCode].filter(Boolean).join(', ') || null;
}

/** The day UPS promises: a rescheduled day (RDD) over the scheduled one (SDD), as YYYY-MM-DD. */
function expectedDelivery(pkg: UpsTrackPackage): string | null {
  const dates = pkg.deliveryDate ?? [];
  const promised = ['RDD', 'SDD']
    .map((type) => dates.find((d) => d.type?.toUpperCase() === type)?.date?.trim() ?? '')
    .find((date) => /^\d{8}$/.test(date));
  return promised ? `${promised.slice(0, 4)}-${promised.slice(4, 6)}-${promised.slice(6, 8)}` : null;
}

/**
 * One package's tracking. Events newest first (by time; UPS's own order among equal times). An activity without a
 * date is left out (it has no time to stand at). An activity the table does not know keeps the status of the event
 * before it, or is in transit when it is the first: UPS scanned the package, so UPS has it.
 */
export function upsTrackedParcel(trackingNumber: string, pkg: UpsTrackPackage): TrackedParcel {
  const dated = (pkg.activity ?? []).flatMap((activity) => {
    const at = when(activity);
    return at ? [{ activity, at, time: Date.parse(at) }] : [];
  });
  const newestFirst = dated
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => b.time - a.time || a.index - b.index);
  const events: TrackedEvent[] = [];
  let previous: TrackingStatus | null = null;
  for (const { activity, at } of [...newestFirst].reverse()) {
    const status: TrackingStatus = upsStatusOf(activity.status) ?? previous ?? 'in_transit';
    previous = status;
    const code = activity.status?.statusCode || activity.status?.code || activity.status?.type || null;
    events.unshift({
      at,
      status,
      code,
      description: activity.status?.description?.trim() ?? '',
      location: location(activity),
    });
  }
  return {
    trackingNumber,
    status: events[0]?.status ?? upsStatusOf(pkg.currentStatus) ?? 'label_created',
    expectedDelivery: expectedDelivery(pkg),
    events,
  };
}

/** UPS's TW warnings and errors: the number has no tracking (yet). */
const NOT_FOUND = /\bTW\d{4}\b/;

/** The package asked about in UPS's answer; null when UPS answers without one (TW0001). */
function packageOf(answer: UpsTrackAnswer | null, trackingNumber: string): UpsTrackPackage | null {
  const packages = (answer?.trackResponse?.shipment ?? []).flatMap((shipment) => shipment.package ?? []);
  const asked = trackingNumber.toUpperCase();
  return packages.find((p) => p.trackingNumber?.toUpperCase() === asked) ?? packages[0] ?? null;
}

/**
 * UPS publishes no limit for the Tracking API (unconfirmed: limits are per application and raised on request). One
 * call a second is the default; an account whose UPS contract allows more says so in `trackingCallsPerMinute`.
 */
const DEFAULT_CALLS_PER_MINUTE = 60;

export function upsTrackingLimits(settings: Record<string, string>): TrackingLimits {
  return {
    perCall: 1,
    calls: upsCallsPerMinute(settings, 'trackingCallsPerMinute', DEFAULT_CALLS_PER_MINUTE),
    windowSeconds: 60,
  };
}

/** Each number asked in its own call, one after the other (the caller paces calls by `upsTrackingLimits`). */
export async function upsTrackParcels(
  client: BearerClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, TrackedParcel>> {
  const tracked = new Map<string, TrackedParcel>();
  const query = new URLSearchParams({ locale: 'en_US', returnSignature: 'false' });
  for (const number of new Set(numbers)) {
    let answer: UpsTrackAnswer | null;
    try {
      answer = await client.call<UpsTrackAnswer | null>(
        { path: `/api/track/v1/details/${encodeURIComponent(number)}?${query}`, idempotent: true },
        signal,
      );
    } catch (error) {
      if (error instanceof ChannelError && error.kind === 'not_found' && NOT_FOUND.test(error.platformMessage ?? '')) {
        continue;
      }
      throw error;
    }
    const pkg = packageOf(answer, number);
    if (pkg) tracked.set(number, upsTrackedParcel(number, pkg));
  }
  return tracked;
}
