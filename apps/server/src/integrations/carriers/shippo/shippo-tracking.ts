import type { TrackingStatus } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type { TrackedEvent, TrackedParcel, TrackingLimits } from '../carrier-types.ts';
import type { ShippoClient } from './shippo-client.ts';
import type { ShippoTrack, ShippoTrackingEvent } from './shippo-wire.ts';

/**
 * Shippo's tracking: `GET /tracks/{carrier}/{tracking_number}`, one number a call, its statuses mapped to Shipdesk's by
 * Shippo's column of integrations-shipping.md 7.1. The adapter is asked by tracking number alone, so the carrier is
 * read off the number's form: UPS's 1Z numbers, FedEx's 12 and 15 digits and its 96 Ground barcodes, and USPS for the
 * rest (the carrier most Shippo labels are bought from).
 */

/**
 * One number a call. Shippo publishes per-minute limits by kind of request; a track is a GET of one object, 4,000 a
 * minute with a live token and 400 with a test one (integrations.md 11). That /tracks counts as a "GET single" is
 * unconfirmed: Shippo publishes no separate figure for it.
 */
export function shippoTrackingLimits(apiToken: string): TrackingLimits {
  return { perCall: 1, calls: apiToken.startsWith('shippo_test_') ? 400 : 4_000, windowSeconds: 60 };
}

/** Shippo's statuses, per 7.1. */
const STATUS_BY_SHIPPO: Readonly<Record<string, TrackingStatus>> = {
  PRE_TRANSIT: 'label_created',
  TRANSIT: 'in_transit',
  DELIVERED: 'delivered',
  RETURNED: 'returned',
  FAILURE: 'exception',
};

/** Substatuses that say more than their status; they come before `action_required` (a parcel to collect is one). */
const STATUS_BY_SUBSTATUS: Readonly<Record<string, TrackingStatus>> = {
  out_for_delivery: 'out_for_delivery',
  pickup_available: 'available_for_pickup',
  return_to_sender: 'returned',
};

export function shippoCarrierOf(trackingNumber: string): 'ups' | 'fedex' | 'usps' {
  const number = trackingNumber.replace(/\s/g, '').toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(number)) return 'ups';
  if (/^(\d{12}|\d{15}|96\d{20})$/.test(number)) return 'fedex';
  return 'usps';
}

/** An event's status by the tables; undefined for one they do not know (UNKNOWN, or a status Shippo adds later). */
function statusOf(event: ShippoTrackingEvent): TrackingStatus | undefined {
  const bySubstatus = STATUS_BY_SUBSTATUS[event.substatus?.code ?? ''];
  if (bySubstatus) return bySubstatus;
  // A substatus that needs the shipper or the recipient to act is an exception, whatever the status (7.1).
  if (event.substatus?.action_required === true) return 'exception';
  return STATUS_BY_SHIPPO[event.status ?? ''];
}

/** Shippo dates in UTC; one without an offset is read as such. Null when it is not a time at all. */
function shippoTime(date: string | undefined): string | null {
  if (!date) return null;
  const zoned = /([zZ]|[+-]\d{2}:?\d{2})$/.test(date) ? date : `${date}Z`;
  return Number.isNaN(Date.parse(zoned)) ? null : zoned;
}

function location(event: ShippoTrackingEvent): string | null {
  const place = event.location;
  const text = [place?.city, place?.state, place?.country].filter(Boolean).join(', ');
  return text || null;
}

const codeOf = (event: ShippoTrackingEvent): string | null =>
  [event.status, event.substatus?.code].filter(Boolean).join('/') || null;

/**
 * Shippo's history, newest first. An event the tables do not know keeps the status of the event before it (after
 * "label created", in transit: the carrier reported something); with none before it, in transit.
 */
function shippoEvents(history: readonly ShippoTrackingEvent[]): TrackedEvent[] {
  const timed = history
    .map((event, index) => ({ event, index, at: shippoTime(event.status_date) }))
    .filter((entry): entry is { event: ShippoTrackingEvent; index: number; at: string } => entry.at !== null);
  // Shippo lists oldest first; its order is kept among events of the same time.
  timed.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.index - b.index);
  let previous: TrackingStatus | null = null;
  const events = timed.map(({ event, at }): TrackedEvent => {
    const status = statusOf(event) ?? (previous && previous !== 'label_created' ? previous : 'in_transit');
    previous = status;
    return {
      at,
      status,
      code: codeOf(event),
      description: event.status_details || event.substatus?.text || event.status || '',
      location: location(event),
    };
  });
  return events.reverse();
}

/**
 * A track as a parcel, or null when the carrier knows nothing of the number (Shippo answers UNKNOWN with no history).
 * The status is Shippo's tracking_status when the tables know it, else the newest event's.
 */
export function shippoParcel(trackingNumber: string, track: ShippoTrack | null): TrackedParcel | null {
  const latest = track?.tracking_status ?? null;
  const events = shippoEvents(track?.tracking_history ?? []);
  const status = (latest && statusOf(latest)) ?? events[0]?.status;
  if (!status) return null;
  const day = (track?.eta ?? '').slice(0, 10);
  return {
    trackingNumber,
    status,
    expectedDelivery: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    events,
  };
}

/** The parcels Shippo's carriers know, keyed by number: one call each, in turn, so a 429 stops the rest. */
export async function shippoTrackParcels(
  client: ShippoClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, TrackedParcel>> {
  const parcels = new Map<string, TrackedParcel>();
  for (const trackingNumber of new Set(numbers)) {
    const carrier = shippoCarrierOf(trackingNumber);
    const track = await client
      .call<ShippoTrack | null>({ path: `/tracks/${carrier}/${encodeURIComponent(trackingNumber)}` }, signal)
      .catch((error: unknown) => {
        // A number Shippo has no track for at all is one the carrier does not know, not a failure.
        if (error instanceof ChannelError && error.kind === 'not_found') return null;
        throw error;
      });
    const parcel = shippoParcel(trackingNumber, track);
    if (parcel) parcels.set(trackingNumber, parcel);
  }
  return parcels;
}
