import {
  CARRIER_NAMES,
  FINAL_TRACKING_STATUSES,
  TRACKING_STATUS_NAMES,
  TRACKING_STATUSES,
  localDateTime,
  type Carrier,
  type TrackingStatus,
} from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';

/** How each parcel status reads at a glance: delivered done, a problem red, the last mile blue, the rest plain. */
const TRACKING_TONES: Record<TrackingStatus, StatusTone> = {
  label_created: 'neutral',
  in_transit: 'neutral',
  out_for_delivery: 'info',
  available_for_pickup: 'info',
  delivered: 'success',
  exception: 'error',
  returned: 'error',
  voided: 'neutral',
};

const isTrackingStatus = (value: unknown): value is TrackingStatus =>
  typeof value === 'string' && (TRACKING_STATUSES as readonly string[]).includes(value);

/** "Tue, Mar 3" for a day the carrier promised (YYYY-MM-DD); the text as sent when it is not a day. */
export function dayWords(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 hours ago", "in 25 minutes", "now": how far `at` is from `now`, in its largest whole unit. */
export function relativeWords(at: string, now: number, locale: string): string {
  const diff = new Date(at).getTime() - now;
  if (Number.isNaN(diff)) return '';
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return words.format(Math.round(diff / size), unit);
  }
  return words.format(0, 'minute');
}

/** The tenant's today (YYYY-MM-DD), as the server reads late. */
export const tenantToday = (timeZone: string, now: Date = new Date()) => localDateTime(now, timeZone).slice(0, 10);

/**
 * Whether an order's parcels are late, as the server says it: past the latest promised day (in the tenant's zone)
 * and not delivered, returned or voided.
 */
export function isParcelLate(status: TrackingStatus | null, expected: string | null, today: string): boolean {
  return status !== null && expected !== null && expected < today && !FINAL_TRACKING_STATUSES.includes(status);
}

/** The chip of a parcel's status, or of its lateness ("Late: promised Tue, Mar 3"). */
export function parcelChip(status: TrackingStatus): { label: string; tone: StatusTone } {
  return { label: TRACKING_STATUS_NAMES[status], tone: TRACKING_TONES[status] };
}
export const lateWords = (expected: string, locale: string) => `Late: promised ${dayWords(expected, locale)}`;

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;

/** A server message with its times (a spent allowance's end) in the tenant's zone. */
export const messageInZone = (message: string, timeZone: string) =>
  message.replace(ISO_TIME, (iso) => formatDateTime(iso, timeZone) || iso);

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The timeline's `parcelStatus` row: the status the parcel moved to ("In transit", "Delivered"). */
export function parcelEventName(payload: Record<string, unknown>): string {
  return isTrackingStatus(payload.to) ? TRACKING_STATUS_NAMES[payload.to] : 'Delivery status changed';
}

/** Its details: the carrier's words, where, and which parcel ("USPS tracking 9400…"). */
export function parcelEventDetails(payload: Record<string, unknown>): string[] {
  const details: string[] = [];
  const description = text(payload.description);
  const location = text(payload.location);
  if (description) details.push(description);
  if (location) details.push(location);
  const carrier = text(payload.carrier);
  const tracking = text(payload.trackingNumber);
  const carrierName = carrier ? (CARRIER_NAMES[carrier as Carrier] ?? carrier) : null;
  if (tracking) details.push(`${carrierName ? `${carrierName} ` : ''}tracking ${tracking}`);
  return details;
}
