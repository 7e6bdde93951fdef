import type { TrackingStatus } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type { TrackedEvent, TrackedParcel, TrackingLimits } from '../carrier-types.ts';
import type { UspsClient } from './usps-client.ts';
import type { UspsTrackingEvent, UspsTrackingResult } from './usps-wire.ts';

/**
 * Tracking 3.2 (`POST /tracking/v3r2/tracking`, ../shared/integrations-shipping.md 7.2): up to 35 numbers a call,
 * answered 200, or 207 Multi-Status when some number is not known (its entry says "404": left out of the result, not
 * an error). An outage, a refused token or USPS's quota (429) throws the client's ChannelError.
 */

const PATH = '/tracking/v3r2/tracking';
const PER_CALL = 35;

/**
 * USPS's default quota is about 60 requests an hour per application across every API, token calls included
 * (integrations.md section 8, unconfirmed): tracking takes half of it by default, as address checks do, so that labels
 * and rates keep room. An account whose quota USPS raised says so in its `trackingCallsPerHour` setting.
 */
const DEFAULT_CALLS_PER_HOUR = 30;

export function uspsTrackingLimits(settings: Record<string, string>): TrackingLimits {
  const asked = Number(settings.trackingCallsPerHour);
  const calls = Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_CALLS_PER_HOUR;
  return { perCall: PER_CALL, calls, windowSeconds: 3600 };
}

/**
 * USPS event codes by normalised status: table 7.1's USPS column (GX, MA label created; 03 accepted and 10 processed
 * in transit; OF; 01; 02, 53, 54 delivery attempts; 09 return to sender), with 07 "Arrival at Unit" (in transit) and
 * 16 "Available for Pickup" from USPS's event code list (Pub. 199 App. G mirrors [R]), which 7.1 leaves out.
 */
const STATUS_BY_CODE: Record<string, TrackingStatus> = {
  GX: 'label_created',
  MA: 'label_created',
  '03': 'in_transit',
  '07': 'in_transit',
  '10': 'in_transit',
  OF: 'out_for_delivery',
  '01': 'delivered',
  '02': 'exception',
  '53': 'exception',
  '54': 'exception',
  '16': 'available_for_pickup',
  '09': 'returned',
};

/** USPS's own summary of a parcel (`statusCategory`, compared in lower case), table 7.1 and 16's category. */
const STATUS_BY_CATEGORY: Record<string, TrackingStatus> = {
  'pre-shipment': 'label_created',
  accepted: 'in_transit',
  'in transit': 'in_transit',
  'out for delivery': 'out_for_delivery',
  delivered: 'delivered',
  alert: 'exception',
  'delivery attempt: action needed': 'exception',
  'available for pickup': 'available_for_pickup',
  'return to sender': 'returned',
};

const LOCAL_TIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(?::(\d\d))?(?:\.\d+)?$/;
const WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/i;
const OFFSET = /^([+-])(\d{1,2}):?(\d\d)$/;

/**
 * The event's ISO time. USPS's local time keeps its offset: the one it carries, else GMTOffset's. Without an offset,
 * GMTTimestamp (UTC); failing that the local time is taken as UTC. Null when no time can be read.
 */
function eventTime(event: UspsTrackingEvent): string | null {
  const given = event.eventTimestamp?.trim() ?? '';
  if (WITH_OFFSET.test(given) && !Number.isNaN(Date.parse(given))) return given;
  const local = LOCAL_TIME.exec(given);
  const offset = OFFSET.exec(event.GMTOffset?.trim() ?? '');
  const wall = local ? `${local[1]}T${local[2]}:${local[3] ?? '00'}` : null;
  if (wall && offset) return `${wall}${offset[1]}${offset[2]!.padStart(2, '0')}:${offset[3]}`;
  const utc = event.GMTTimestamp?.trim() ?? '';
  const utcMs = utc ? Date.parse(/(?:Z|[+-]\d\d:?\d\d)$/i.test(utc) ? utc : `${utc}Z`) : NaN;
  if (!Number.isNaN(utcMs)) return new Date(utcMs).toISOString();
  return wall && !Number.isNaN(Date.parse(`${wall}Z`)) ? `${wall}Z` : null;
}

function location(event: UspsTrackingEvent): string | null {
  const region = [event.eventState, event.eventZIPCode].filter(Boolean).join(' ');
  const country = event.eventCountry && event.eventCountry !== 'US' ? event.eventCountry : null;
  return [event.eventCity, region, country].filter(Boolean).join(', ') || event.eventCountry || null;
}

/**
 * The events newest first, each with its status from its code. A code the table does not know keeps the status of
 * the event before it (a later scan does not undo what an earlier one said); with none before, a physical scan is
 * taken as in transit. Events without a readable time are left out.
 */
function trackedEvents(events: readonly UspsTrackingEvent[]): TrackedEvent[] {
  const timed = events
    .map((event) => ({ event, at: eventTime(event) }))
    .filter((entry): entry is { event: UspsTrackingEvent; at: string } => entry.at !== null)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  let previous: TrackingStatus | null = null;
  const oldestFirst = timed.reverse().map(({ event, at }) => {
    const code = event.eventCode?.trim() || null;
    const status: TrackingStatus = (code ? STATUS_BY_CODE[code.toUpperCase()] : undefined) ?? previous ?? 'in_transit';
    previous = status;
    return { at, status, code, description: event.eventType?.trim() ?? '', location: location(event) };
  });
  return oldestFirst.reverse();
}

const DAY = /^\d{4}-\d\d-\d\d/;

function expectedDay(result: UspsTrackingResult): string | null {
  const expectation = result.deliveryDateExpectation ?? {};
  const day = [expectation.expectedDeliveryDate, expectation.guaranteedDeliveryDate, expectation.predictedDeliveryDate]
    .map((value) => value?.trim() ?? '')
    .find((value) => DAY.test(value));
  return day ? day.slice(0, 10) : null;
}

/** A number's entry: USPS's category says the status, else its newest event; with no event, the label is created. */
export function uspsTrackedParcel(trackingNumber: string, result: UspsTrackingResult): TrackedParcel {
  const events = trackedEvents(result.trackingEvents ?? []);
  const category = (result.statusCategory ?? '').trim().toLowerCase();
  return {
    trackingNumber,
    status: STATUS_BY_CATEGORY[category] ?? events[0]?.status ?? 'label_created',
    expectedDelivery: expectedDay(result),
    events,
  };
}

/** One call for at most 35 numbers: each known number's parcel. */
async function trackBatch(
  client: UspsClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<Array<[string, TrackedParcel]>> {
  const answer = await client.call<UspsTrackingResult[] | null>(
    {
      method: 'POST',
      path: PATH,
      json: numbers.map((trackingNumber) => ({ trackingNumber })),
      // Reading tracking changes nothing: safe to send again.
      idempotent: true,
    },
    signal,
  );
  if (!Array.isArray(answer)) {
    throw new ChannelError('malformed', 'USPS answered the tracking request without a list of results', 200);
  }
  const asked = new Set(numbers);
  return answer.flatMap((result, index): Array<[string, TrackedParcel]> => {
    if (!result || typeof result !== 'object') return [];
    const number = result.trackingNumber && asked.has(result.trackingNumber) ? result.trackingNumber : numbers[index];
    // "404" (and any other per-number refusal): USPS does not know the number (yet).
    if (!number || (result.statusCode !== undefined && result.statusCode !== '200')) return [];
    return [[number, uspsTrackedParcel(number, result)]];
  });
}

/** The parcels USPS knows among `numbers`, asked 35 at a time, one call after another. */
export async function uspsTrackParcels(
  client: UspsClient,
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, TrackedParcel>> {
  const unique = [...new Set(numbers)];
  const parcels = new Map<string, TrackedParcel>();
  for (let start = 0; start < unique.length; start += PER_CALL) {
    for (const [number, parcel] of await trackBatch(client, unique.slice(start, start + PER_CALL), signal)) {
      parcels.set(number, parcel);
    }
  }
  return parcels;
}
