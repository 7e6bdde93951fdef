import { TRACKING_STATUS_NAMES, type TrackingStatus } from '@shipdesk/contract';

/**
 * The order list's "Delivery" filter: where an order's parcels are (its `parcelStatus`, docs/tracking.md), or late
 * (past the promised day, not delivered). Voided is left out: an order whose labels were all voided has none.
 */
export const PARCEL_FILTERS = [
  'label_created',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'exception',
  'returned',
  'late',
] as const satisfies ReadonlyArray<TrackingStatus | 'late'>;
export type ParcelFilter = (typeof PARCEL_FILTERS)[number];

export const PARCEL_FILTER_LABELS: Record<ParcelFilter, string> = {
  label_created: TRACKING_STATUS_NAMES.label_created,
  in_transit: TRACKING_STATUS_NAMES.in_transit,
  out_for_delivery: TRACKING_STATUS_NAMES.out_for_delivery,
  available_for_pickup: TRACKING_STATUS_NAMES.available_for_pickup,
  delivered: TRACKING_STATUS_NAMES.delivered,
  exception: TRACKING_STATUS_NAMES.exception,
  returned: TRACKING_STATUS_NAMES.returned,
  late: 'Late',
};

export const isParcelFilter = (value: unknown): value is ParcelFilter =>
  typeof value === 'string' && (PARCEL_FILTERS as readonly string[]).includes(value);
