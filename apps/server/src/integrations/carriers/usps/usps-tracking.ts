import { ChannelError } from '../../http/channel-http.ts';
import type { TrackingEvent, TrackingSummary } from '../carrier-types.ts';
import type { UspsTrackingAnswer, UspsTrackingEvent } from './usps-wire.ts';

/**
 * Tracking 3.0's answer as a TrackingSummary. USPS sums a piece up in `statusCategory` (Pre-Shipment, Accepted, In
 * Transit, Out for Delivery, Delivered, Alert…); an unknown category is 'unknown' rather than a guess.
 */

const STATUS_BY_CATEGORY: Record<string, TrackingSummary['status']> = {
  'pre-shipment': 'pre_transit',
  'label created': 'pre_transit',
  accepted: 'in_transit',
  'in transit': 'in_transit',
  'out for delivery': 'in_transit',
  'available for pickup': 'in_transit',
  delivered: 'delivered',
  alert: 'exception',
  'delivery attempt': 'exception',
  'return to sender': 'exception',
  exception: 'exception',
};

function location(event: UspsTrackingEvent): string | null {
  const place = [event.eventCity, [event.eventState, event.eventZIP].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return place || event.eventCountry || null;
}

export function uspsTrackingSummary(trackingNumber: string, answer: UspsTrackingAnswer | null): TrackingSummary {
  if (!answer || typeof answer !== 'object') {
    throw new ChannelError('malformed', 'USPS answered the tracking request without a tracking answer', 200);
  }
  const category = (answer.statusCategory ?? '').trim().toLowerCase();
  const events: TrackingEvent[] = (answer.trackingEvents ?? []).map((event) => ({
    at: event.eventTimestamp ?? '',
    description: event.eventType ?? '',
    location: location(event),
  }));
  return {
    trackingNumber: answer.trackingNumber ?? trackingNumber,
    status: STATUS_BY_CATEGORY[category] ?? 'unknown',
    statusText: answer.status || answer.statusSummary || answer.statusCategory || 'No status yet',
    events,
  };
}
