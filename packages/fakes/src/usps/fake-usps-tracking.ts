import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import {
  journeyFor,
  promisedDay,
  stepsSoFar,
  type JourneyStep,
  type FakeClock,
  type JourneyStepKind,
} from '../tracking/fake-parcel-journey.ts';
import type { FakeUspsAnyLabel, FakeUspsInternationalLabel } from './fake-usps-label-store.ts';
import { uspsError } from './fake-usps-replies.ts';
import type {
  UspsLabelAddress,
  UspsTrackingDetail,
  UspsTrackingEvent,
  UspsTrackingNotFound,
  UspsTrackingRequestItem,
} from './fake-usps-wire.ts';

/**
 * Tracking 3.2 of the fake USPS (`POST /tracking/v3r2/tracking`, ../shared/integrations-shipping.md 7.2): 1 to 35
 * numbers a call, answered 200 when it knows them all, else 207 Multi-Status with a "404" entry for each number it
 * does not know. Every label sold (domestic, international, return) moves through its journey
 * (fake-parcel-journey.ts) on the fake's clock, each step spelled in USPS's event codes. A test's own scan, delivery
 * or alert stops the journey where it is and adds its event: from then on the label moves only by hand. A cancelled
 * label tracks as USPS shows one: "label created", then nothing.
 */

const TRACKING_API = '/tracking/v3r2';
/** USPS's documented batch: 1 to 35 numbers, each 4 to 34 characters. */
const MAX_NUMBERS = 35;

interface UspsStep {
  code: string;
  type: string;
  category: string;
}

/** Each journey step as USPS says it (the inverse of the normalisation table 7.1). */
const STEP_EVENTS: Record<JourneyStepKind, UspsStep> = {
  label_created: { code: 'GX', type: 'Shipping Label Created, USPS Awaiting Item', category: 'Pre-Shipment' },
  accepted: { code: '03', type: 'USPS in possession of item', category: 'Accepted' },
  in_transit: { code: '10', type: 'Processed through USPS Regional Facility', category: 'In Transit' },
  arrived: { code: '07', type: 'Arrived at Post Office', category: 'In Transit' },
  out_for_delivery: { code: 'OF', type: 'Out for Delivery', category: 'Out for Delivery' },
  delivered: { code: '01', type: 'Delivered, In/At Mailbox', category: 'Delivered' },
  exception: {
    code: '02',
    type: 'Notice Left (No Authorized Recipient Available)',
    category: 'Delivery Attempt: Action Needed',
  },
  available_for_pickup: { code: '16', type: 'Available for Pickup', category: 'Available for Pickup' },
  returned: { code: '09', type: 'Return to Sender', category: 'Return to Sender' },
};

/** The events a test adds by hand (`scan`, `deliver`, `alert`). */
const MANUAL_EVENTS: Record<'accepted' | 'delivered' | 'alert', UspsStep> = {
  accepted: { code: '03', type: 'USPS picked up item', category: 'Accepted' },
  delivered: STEP_EVENTS.delivered,
  alert: { code: '53', type: 'Delivery Attempted - No Access to Delivery Location', category: 'Alert' },
};

const CATEGORY_BY_CODE: Record<string, string> = Object.fromEntries(
  [...Object.values(STEP_EVENTS), ...Object.values(MANUAL_EVENTS)].map((step) => [step.code, step.category]),
);

/** US time zones by state (the rest of the states are Eastern); abroad the fake says UTC. */
const ZONES: Array<[string, string]> = [
  ['America/Chicago', 'AL AR IA IL KS LA MN MO MS ND NE OK SD TN TX WI'],
  ['America/Denver', 'CO ID MT NM UT WY'],
  ['America/Phoenix', 'AZ'],
  ['America/Los_Angeles', 'CA NV OR WA'],
  ['America/Anchorage', 'AK'],
  ['Pacific/Honolulu', 'HI'],
  ['America/Puerto_Rico', 'PR VI'],
];
const ZONE_BY_STATE = new Map(ZONES.flatMap(([zone, states]) => states.split(' ').map((state) => [state, zone])));

/** The local wall time (no offset) and its offset ("-05:00") of `at` in `zone`. */
function localTime(at: number, zone: string): { local: string; offset: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  return { local: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`, offset };
}

interface EventPlace {
  city: string;
  state: string;
  postalCode: string;
  /** Null at home; the country's name abroad. */
  country: string | null;
}

function uspsEvent(step: UspsStep, at: number, place: EventPlace): UspsTrackingEvent {
  const seconds = Math.floor(at / 1000) * 1000;
  const zone = place.country ? 'UTC' : (ZONE_BY_STATE.get(place.state) ?? 'America/New_York');
  const { local, offset } = localTime(seconds, zone);
  return {
    eventType: step.type,
    eventCode: step.code,
    actionCode: null,
    reasonCode: null,
    eventTimestamp: local,
    GMTTimestamp: new Date(seconds).toISOString().replace('.000Z', 'Z'),
    GMTOffset: offset,
    eventCountry: place.country,
    eventCity: place.city.toUpperCase() || null,
    eventState: place.state || null,
    eventZIPCode: place.postalCode || null,
    recipientName: null,
  };
}

const isInternational = (label: FakeUspsAnyLabel): label is FakeUspsInternationalLabel =>
  'internationalTrackingNumber' in label.answer;

/** Where a label goes, as its events name it (an international addressee's province and postal code). */
function destinationOf(label: FakeUspsAnyLabel): EventPlace & { name: string; street: string } {
  const to = label.request.toAddress ?? {};
  const name = [to.firstName, to.lastName, to.firm].filter(Boolean).join(' ');
  if (!isInternational(label)) {
    const domestic = to as UspsLabelAddress;
    return {
      name,
      street: domestic.streetAddress ?? '',
      city: domestic.city ?? '',
      state: domestic.state ?? '',
      postalCode: domestic.ZIPCode ?? '',
      country: null,
    };
  }
  const abroad = label.request.toAddress ?? {};
  return {
    name,
    street: abroad.streetAddress ?? '',
    city: abroad.city ?? '',
    state: abroad.province ?? '',
    postalCode: abroad.postalCode ?? '',
    country: abroad.country ?? abroad.countryISOAlpha2Code ?? '',
  };
}

function originOf(label: FakeUspsAnyLabel): EventPlace {
  const from = label.request.fromAddress ?? {};
  return { city: from.city ?? '', state: from.state ?? '', postalCode: from.ZIPCode ?? '', country: null };
}

/**
 * What a label sold now starts with: its sale time on the fake's clock and the journey its destination takes, at the
 * clock's pace.
 */
export function startJourney(
  clock: FakeClock,
  to: { name: string; street: string; city?: string; state?: string; postalCode?: string },
): { soldAt: number; journey: JourneyStep[]; events: UspsTrackingEvent[] } {
  const journey = journeyFor({ ...to, city: to.city ?? '', state: to.state ?? '', postalCode: to.postalCode ?? '' });
  return { soldAt: clock.now(), journey: clock.paced(journey.steps), events: [] };
}

/** The label's events at `now`, newest first: its journey's steps so far, or the events fixed when it stopped. */
function eventsAt(label: FakeUspsAnyLabel, now: number): UspsTrackingEvent[] {
  if (!label.journey) return label.events;
  const to = destinationOf(label);
  return stepsSoFar(label.journey, label.soldAt, now)
    .map((step) => {
      // The journey's first steps are at USPS's hubs, the last ones at the destination (abroad, for a label abroad).
      const country = to.country !== null && step.postalCode === to.postalCode ? to.country : null;
      return uspsEvent(STEP_EVENTS[step.kind], step.at, { ...step, country });
    })
    .reverse();
}

/** Whether USPS has had the parcel in hand by `now`: by a test's scan, or its journey past the label. */
export function scannedBy(label: FakeUspsAnyLabel, now: number): boolean {
  if (label.state !== 'created') return label.state !== 'canceled' && label.state !== 'refund_requested';
  return eventsAt(label, now).some((event) => event.eventCode !== 'GX');
}

/** Ends the label's journey where it stands at `now` (a cancel, a test's own event): its events stay as they are. */
export function stopJourney(label: FakeUspsAnyLabel, now: number): void {
  label.events = eventsAt(label, now);
  label.journey = null;
}

/** An acceptance scan, a delivery or a delivery exception by hand, as the newest event; the journey stops. */
export function advanceLabel(
  label: FakeUspsAnyLabel,
  state: 'accepted' | 'delivered' | 'alert',
  eventType: string | undefined,
  now: number,
): void {
  stopJourney(label, now);
  const step = { ...MANUAL_EVENTS[state], ...(eventType ? { type: eventType } : {}) };
  const place = state === 'accepted' ? originOf(label) : destinationOf(label);
  label.state = state;
  label.events.unshift(uspsEvent(step, now, place));
}

function detail(label: FakeUspsAnyLabel, now: number): UspsTrackingDetail {
  const events = eventsAt(label, now);
  const latest = events[0] ?? uspsEvent(STEP_EVENTS.label_created, label.soldAt, originOf(label));
  const from = label.request.fromAddress ?? {};
  const to = destinationOf(label);
  return {
    trackingNumber: label.trackingNumber,
    statusCode: '200',
    mailClass: label.request.packageDescription?.mailClass ?? '',
    serviceTypeCode: isInternational(label) ? '' : label.answer.serviceTypeCode,
    status: latest.eventType,
    statusCategory: CATEGORY_BY_CODE[latest.eventCode] ?? 'In Transit',
    statusSummary: `Your item's latest status: ${latest.eventType}, ${[latest.eventCity, latest.eventState].join(' ')}.`,
    originCity: (from.city ?? '').toUpperCase(),
    originState: from.state ?? '',
    originZIP: from.ZIPCode ?? '',
    destinationCity: to.city.toUpperCase(),
    destinationState: to.state,
    destinationZIP: to.postalCode,
    deliveryDateExpectation: { expectedDeliveryDate: promisedDay(label.soldAt) },
    trackingEvents: events,
  };
}

function notFound(trackingNumber: string): UspsTrackingNotFound {
  return {
    trackingNumber,
    statusCode: '404',
    error: {
      code: '404',
      message: 'Not Found',
      errors: [
        {
          status: '404',
          code: '-2147219283',
          title: 'Tracking number not found',
          detail: `A status update is not yet available on your package ${trackingNumber}.`,
        },
      ],
    },
  };
}

const badRequest = (detail: string, parameter?: string) =>
  uspsError(400, TRACKING_API, 'Bad Request', [
    { code: 'INVALID_REQUEST', title: 'Invalid request', detail, ...(parameter ? { source: { parameter } } : {}) },
  ]);

/** The numbers asked, or USPS's 400 about the body (not an array, none or more than 35, a malformed number). */
function askedNumbers(body: string): string[] | FakeReply {
  let items: unknown;
  try {
    items = JSON.parse(body);
  } catch {
    return badRequest('The request body is not valid JSON.');
  }
  if (!Array.isArray(items)) return badRequest('The request body must be an array of tracking numbers.');
  if (items.length < 1 || items.length > MAX_NUMBERS) {
    return badRequest(
      `The request must contain between 1 and ${MAX_NUMBERS} tracking numbers; it had ${items.length}.`,
    );
  }
  const numbers: string[] = [];
  for (const [index, item] of items.entries()) {
    const number = (item as UspsTrackingRequestItem | null)?.trackingNumber;
    if (typeof number !== 'string' || number.length < 4 || number.length > 34) {
      return badRequest('trackingNumber must be 4 to 34 characters.', `[${index}].trackingNumber`);
    }
    numbers.push(number);
  }
  return numbers;
}

/** `POST /tracking/v3r2/tracking`: each number's detail, or its "404" inside a 207 Multi-Status. */
export function trackingReply(
  request: FakeRequest,
  find: (trackingNumber: string) => FakeUspsAnyLabel | undefined,
  now: number,
): FakeReply {
  const numbers = askedNumbers(request.body);
  if (!Array.isArray(numbers)) return numbers;
  const answers = numbers.map((number) => {
    const label = find(number);
    return label ? detail(label, now) : notFound(number);
  });
  return { status: answers.every((answer) => answer.statusCode === '200') ? 200 : 207, body: answers };
}
