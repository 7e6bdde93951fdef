import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';

/**
 * Tracking after the label (docs/tracking.md): each label's parcel has a normalised status, moved only by the
 * carrier's events (the built-in carrier's by the seller), and the events themselves. An order's delivery status is
 * the least advanced of its standing labels' statuses, a problem (exception, returned) first.
 */
export const TRACKING_STATUSES = [
  'label_created',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'exception',
  'returned',
  'voided',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const TRACKING_STATUS_NAMES: Record<TrackingStatus, string> = {
  label_created: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  available_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  exception: 'Exception',
  returned: 'Returned to sender',
  voided: 'Voided',
};

/** Statuses after which a parcel is not asked about again. */
export const FINAL_TRACKING_STATUSES: readonly TrackingStatus[] = ['delivered', 'returned', 'voided'];

/** How an order's parcels roll up: the first of these any of them has is the order's delivery status. */
export const PARCEL_ROLLUP_ORDER: readonly TrackingStatus[] = [
  'exception',
  'returned',
  'label_created',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
];

export const TrackingStatusSchema = literalUnion(TRACKING_STATUSES);

/** One carrier event, as stored: when, its normalised status, the carrier's code and words, where. */
const TrackingEventSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  status: TrackingStatusSchema,
  code: Nullable(Type.String()),
  description: Type.String(),
  location: Nullable(Type.String()),
});

/** `GET /call/shipment/{deliveryId}/tracking`: the delivery's standing label's parcel as tracked. */
export const ParcelTrackingSchema = Type.Object({
  labelId: Type.String(),
  trackingNumber: Type.String(),
  status: TrackingStatusSchema,
  statusAt: Nullable(Type.String({ format: 'date-time' })),
  /** The day the carrier promised (YYYY-MM-DD), when it said. */
  expectedDelivery: Nullable(Type.String()),
  /** Past the promised day and not delivered. */
  late: Type.Boolean(),
  lastCheckedAt: Nullable(Type.String({ format: 'date-time' })),
  nextCheckAt: Nullable(Type.String({ format: 'date-time' })),
  /** Why the last ask failed (the carrier's words); tracking is late, never the parcel. */
  problem: Nullable(Type.String()),
  events: Type.Array(TrackingEventSchema),
});
export type ParcelTracking = Type.Static<typeof ParcelTrackingSchema>;
