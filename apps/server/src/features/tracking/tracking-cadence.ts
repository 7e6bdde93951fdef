import { FINAL_TRACKING_STATUSES, type TrackingStatus } from '@shipdesk/contract';

/**
 * When a parcel is asked about again (docs/tracking.md): often while it is out for delivery, rarely while it is in
 * transit, never once it is delivered, returned or voided, nor 60 days after its label.
 */
const TRACK_FOR_DAYS = 60;

const HOURS_UNTIL_NEXT: Record<TrackingStatus, number | null> = {
  label_created: 6,
  in_transit: 8,
  out_for_delivery: 1,
  available_for_pickup: 12,
  exception: 4,
  delivered: null,
  returned: null,
  voided: null,
};

const HOUR = 3_600_000;

/** A parcel whose carrier pushes its events is still asked once a day, in case a push was lost. */
const PUSHED_HOURS = 24;

/** The next check of a parcel now in `status`, or null when it is not asked about again. */
export function nextCheckAt(status: TrackingStatus, labelCreatedAt: Date, now: Date, pushed = false): Date | null {
  const hours = HOURS_UNTIL_NEXT[status];
  if (hours === null || FINAL_TRACKING_STATUSES.includes(status)) return null;
  const next = new Date(now.getTime() + (pushed ? PUSHED_HOURS : hours) * HOUR);
  return next.getTime() > labelCreatedAt.getTime() + TRACK_FOR_DAYS * 24 * HOUR ? null : next;
}

/** After `failures` failed asks in a row: 5 minutes, doubling, at most 6 hours. */
export function nextCheckAfterFailure(failures: number, now: Date): Date {
  const minutes = Math.min(5 * 2 ** Math.max(0, failures - 1), 360);
  return new Date(now.getTime() + minutes * 60_000);
}

/** An event's identity: the same event answered again (or pushed twice) has the same key. */
export function eventKey(event: { at: string; code: string | null; description: string }): string {
  return `${new Date(event.at).toISOString()}|${event.code ?? ''}|${event.description}`.slice(0, 500);
}

/**
 * Past the day the carrier promised and not delivered (nor returned): the day compared in the tenant's zone. Not
 * while its tracking is delayed (`delayed`: the last calls failed): a carrier outage never makes a parcel late.
 */
export function isLate(status: TrackingStatus, expected: string | null, today: string, delayed = false): boolean {
  return !delayed && expected !== null && expected < today && !FINAL_TRACKING_STATUSES.includes(status);
}
