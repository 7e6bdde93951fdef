import { ChannelError } from '../../http/channel-http.ts';
import type { TrackingEvent, TrackingSummary } from '../carrier-types.ts';
import type { UpsTrackActivity, UpsTrackAnswer, UpsTrackPackage } from './ups-wire.ts';

/**
 * The Tracking API's answer as a TrackingSummary. UPS types each status: M billing information received (a label,
 * no package yet), MV billing information voided, P pickup, I in transit, O out for delivery, D delivered, X
 * exception, RS returned to shipper.
 */

const STATUS_BY_TYPE: Record<string, TrackingSummary['status']> = {
  M: 'pre_transit',
  MV: 'pre_transit',
  P: 'in_transit',
  I: 'in_transit',
  O: 'in_transit',
  D: 'delivered',
  X: 'exception',
  RS: 'exception',
};

/** YYYYMMDD + HHMMSS: in GMT when UPS gives it, else the scan's local time without a zone. */
function when(activity: UpsTrackActivity): string {
  const gmt = Boolean(activity.gmtDate && activity.gmtTime);
  const date = (gmt ? activity.gmtDate : activity.date) ?? '';
  const time = ((gmt ? activity.gmtTime : activity.time) ?? '').padStart(6, '0');
  if (!/^\d{8}$/.test(date)) return '';
  const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}`;
  return gmt ? `${iso}Z` : iso;
}

function location(activity: UpsTrackActivity): string | null {
  const address = activity.location?.address;
  const region = [address?.stateProvince, address?.postalCode].filter(Boolean).join(' ');
  return [address?.city, region, address?.countryCode].filter(Boolean).join(', ') || null;
}

/** The package of the answer: the one asked for, else the first. */
function upsTrackedPackage(answer: UpsTrackAnswer | null, inquiryNumber: string): UpsTrackPackage {
  const shipment = answer?.trackResponse?.shipment?.[0];
  const packages = shipment?.package ?? [];
  const found = packages.find((p) => p.trackingNumber === inquiryNumber) ?? packages[0];
  if (!found) {
    const warning = shipment?.warnings?.[0]?.message ?? null;
    throw new ChannelError('not_found', `UPS has no tracking for ${inquiryNumber}`, 200, warning);
  }
  return found;
}

export function upsTrackingSummary(trackingNumber: string, answer: UpsTrackAnswer | null): TrackingSummary {
  const found = upsTrackedPackage(answer, trackingNumber);
  const events: TrackingEvent[] = (found.activity ?? []).map((activity) => ({
    at: when(activity),
    description: activity.status?.description ?? '',
    location: location(activity),
  }));
  const type = (found.currentStatus?.type ?? '').toUpperCase();
  return {
    trackingNumber: found.trackingNumber ?? trackingNumber,
    status: STATUS_BY_TYPE[type] ?? 'unknown',
    statusText: found.currentStatus?.description || 'No status yet',
    events,
  };
}
