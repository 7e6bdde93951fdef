import type { TrackingStatus } from '@shipdesk/contract';
import type { TimelineRow } from '../orders/index.ts';
import type { ParcelRow } from './tracking-repository.ts';

/** Who moves a parcel when its carrier does (a poll's answer, a push). */
export const TRACKING_ACTOR = { id: 'system:tracking', email: 'Carrier tracking' };

/**
 * The order's timeline row for a parcel's change of status (`parcelStatus`): from, to, and the carrier's words of the
 * newest event. The same row whether the change came from a poll, a push or the seller.
 */
export function parcelStatusRow(
  label: ParcelRow,
  to: TrackingStatus,
  newest: { at: Date; description: string; location: string | null },
  actor: { id: string; email: string } = TRACKING_ACTOR,
): TimelineRow {
  return {
    orderId: label.orderId,
    event: 'parcelStatus',
    actor,
    before: null,
    after: null,
    payload: {
      deliveryId: String(label.deliveryId),
      labelId: String(label.id),
      carrier: label.carrier,
      trackingNumber: label.trackingNumber,
      from: label.parcelStatus,
      to,
      description: newest.description,
      location: newest.location,
      at: newest.at.toISOString(),
    },
  };
}
