import type { TrackingEvent, TrackingSummary } from '../carrier-types.ts';
import type { ShippoClient } from './shippo-client.ts';
import type { ShippoTrack, ShippoTrackingEvent } from './shippo-wire.ts';

/**
 * Shippo's tracking: `GET /tracks/{carrier}/{tracking_number}`, normalised across carriers. The adapter is asked by
 * tracking number alone, so the carrier is read off the number's form: UPS's 1Z numbers, FedEx's 12 and 15 digits and
 * its 96 Ground barcodes, and USPS for the rest (the carrier most Shippo labels are bought from).
 */

const STATUSES: Record<string, TrackingSummary['status']> = {
  PRE_TRANSIT: 'pre_transit',
  TRANSIT: 'in_transit',
  DELIVERED: 'delivered',
  RETURNED: 'exception',
  FAILURE: 'exception',
  UNKNOWN: 'unknown',
};

export function shippoCarrierOf(trackingNumber: string): 'ups' | 'fedex' | 'usps' {
  const number = trackingNumber.replace(/\s/g, '').toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(number)) return 'ups';
  if (/^(\d{12}|\d{15}|96\d{20})$/.test(number)) return 'fedex';
  return 'usps';
}

function location(event: ShippoTrackingEvent): string | null {
  const place = event.location;
  const text = [place?.city, place?.state, place?.country].filter(Boolean).join(', ');
  return text || null;
}

/** Shippo's history, newest first. */
function events(track: ShippoTrack | null): TrackingEvent[] {
  return (track?.tracking_history ?? [])
    .filter((event) => event.status_date)
    .map((event) => ({
      at: event.status_date!,
      description: event.status_details || event.status || '',
      location: location(event),
    }))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export async function shippoTrack(
  client: ShippoClient,
  trackingNumber: string,
  signal?: AbortSignal,
): Promise<TrackingSummary> {
  const carrier = shippoCarrierOf(trackingNumber);
  const track = await client.call<ShippoTrack | null>(
    { path: `/tracks/${carrier}/${encodeURIComponent(trackingNumber)}` },
    signal,
  );
  const latest = track?.tracking_status ?? null;
  return {
    trackingNumber,
    status: STATUSES[latest?.status ?? 'UNKNOWN'] ?? 'unknown',
    statusText: latest?.status_details || latest?.status || '',
    events: events(track),
  };
}
