import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import {
  journeyFor,
  promisedDay,
  stepsSoFar,
  type FakeClock,
  type JourneyStep,
  type JourneyStepKind,
} from '../tracking/fake-parcel-journey.ts';
import { upsCallWindow, type FakeUpsCallLimit } from './fake-ups-limit.ts';
import { UPS_SERVICES } from './fake-ups-rates.ts';
import type { FakeUpsLabel } from './fake-ups-shipments.ts';
import type {
  UpsAddress,
  UpsShipmentBody,
  UpsTrackActivity,
  UpsTrackPackage,
  UpsTrackResponse,
  UpsTrackStatus,
} from './fake-ups-wire.ts';

/**
 * The fake UPS Tracking API: `GET /api/track/v1/details/{inquiryNumber}` (one number per call, 7 to 34 characters)
 * and `GET /api/track/v1/reference/details/{referenceNumber}?shipperNum=`. Every package sold (outbound, international
 * or return) moves through its journey (tracking/fake-parcel-journey.ts, chosen by the words of its ShipTo) against
 * the fake's clock, each step written in UPS's activity format: `status { type, code, statusCode, description }`,
 * local `date`/`time` with `gmtDate`/`gmtTime`/`gmtOffset`, newest first, and `deliveryDate[]` (SDD the promised day,
 * DEL once delivered).
 *
 * A number UPS does not know is answered as production answers it: 200 with the warning TW0001 Tracking Information
 * Not Found and no package (UPS-API/api-documentation issues 102 and 166; the OpenAPI says 404). A voided label
 * tracks as UPS shows one: its label created, then "Shipment Information Voided" (type MV), and nothing after. The
 * hand controls (scan, exception, deliver) take a package off its journey: from then on it shows only its journey's
 * steps before that moment and the steps made by hand.
 *
 * Status types, status codes and descriptions are UPS's (its Status/Description code list); the two-character
 * activity `code`s and the invalid-number error code are the fake's own.
 */

export type FakeUpsTimedStep = JourneyStep & { at: number };

/** Each journey step in UPS's words: the inverse of the product's normalisation table. */
const UPS_STEP: Record<JourneyStepKind, UpsTrackStatus> = {
  label_created: {
    type: 'M',
    code: 'MP',
    statusCode: '003',
    description: 'Shipper created a label, UPS has not received the package yet.',
  },
  accepted: { type: 'I', code: 'PU', statusCode: '038', description: 'Pickup Scan' },
  in_transit: { type: 'I', code: 'DP', statusCode: '005', description: 'Departed from Facility' },
  arrived: { type: 'I', code: 'AR', statusCode: '010', description: 'Arrived at Facility' },
  out_for_delivery: { type: 'I', code: 'OT', statusCode: '021', description: 'Out For Delivery Today' },
  delivered: { type: 'D', code: 'FS', statusCode: '011', description: 'Delivered' },
  exception: {
    type: 'X',
    code: '48',
    statusCode: '060',
    description: 'The receiver was not available for delivery. We will make a second attempt the next business day.',
  },
  available_for_pickup: { type: 'I', code: 'HP', statusCode: '017', description: 'Held for Customer Pickup' },
  returned: { type: 'I', code: 'RS', statusCode: '034', description: 'Returned to Sender' },
};

const VOIDED: UpsTrackStatus = {
  type: 'MV',
  code: 'MV',
  statusCode: '007',
  description: 'Shipment Information Voided',
};

/** The fake's zones (standard time all year): a scan's local time and offset follow its state; outside them, Eastern. */
const OFFSET_HOURS: Record<string, number> = {
  HI: -10,
  AK: -9,
  ...Object.fromEntries(['CA', 'WA', 'OR', 'NV'].map((s) => [s, -8])),
  ...Object.fromEntries(['AZ', 'CO', 'UT', 'NM', 'MT', 'ID', 'WY'].map((s) => [s, -7])),
  ...Object.fromEntries(
    ['TX', 'IL', 'MN', 'WI', 'MO', 'IA', 'LA', 'AL', 'MS', 'OK', 'KS', 'NE', 'AR'].map((s) => [s, -6]),
  ),
};

/** The journey of a package, by the words of its ShipTo (EXCEPTION, RETURNED, PICKUP, LATE). */
export function upsJourney(shipment: UpsShipmentBody): JourneyStep[] {
  const to = shipment.ShipTo;
  return journeyFor({
    name: to?.Name ?? null,
    street: (to?.Address?.AddressLine ?? []).join(' '),
    city: to?.Address?.City ?? '',
    state: to?.Address?.StateProvinceCode ?? null,
    postalCode: to?.Address?.PostalCode ?? '',
  }).steps;
}

/** The steps a package has made by `now`, oldest first: its journey's (until voided or taken in hand), then by hand. */
function upsStepsSoFar(label: FakeUpsLabel, now: number): FakeUpsTimedStep[] {
  const until = Math.min(now, label.voidedAt ?? Infinity, label.byHand[0]?.at ?? Infinity);
  return [...stepsSoFar(label.journey, label.soldAt, until), ...label.byHand.filter((step) => step.at <= now)];
}

/** In UPS's hands: a step past its label, so UPS no longer voids it. */
export function upsPickedUp(label: FakeUpsLabel, now: number): boolean {
  return upsStepsSoFar(label, now).some((step) => step.kind !== 'label_created');
}

/** A step made by hand now: a pickup scan at the origin, anything else at the destination. */
export function upsHandStep(label: FakeUpsLabel, kind: JourneyStepKind, now: number): void {
  const where = kind === 'accepted' ? (label.request.ShipFrom ?? label.request.Shipper) : label.request.ShipTo;
  const address = where?.Address;
  label.byHand.push({
    kind,
    afterHours: (now - label.soldAt) / 3_600_000,
    at: now,
    city: (address?.City ?? '').toUpperCase(),
    state: (address?.StateProvinceCode ?? '').toUpperCase(),
    postalCode: address?.PostalCode ?? '',
  });
}

const digits = (iso: string, from: number, to: number) => iso.slice(from, to).replaceAll(/[-:]/g, '');

function countryOf(label: FakeUpsLabel, postalCode: string): string {
  const ends: Array<UpsAddress | undefined> = [
    label.request.ShipTo?.Address,
    (label.request.ShipFrom ?? label.request.Shipper)?.Address,
  ];
  return ends.find((a) => a?.PostalCode === postalCode)?.CountryCode ?? 'US';
}

/** One UPS activity: the local date and time of the scan's zone with its offset, and the same moment in GMT. */
function activity(
  label: FakeUpsLabel,
  at: number,
  place: { city: string; state: string; postalCode: string },
  status: UpsTrackStatus,
): UpsTrackActivity {
  const countryCode = countryOf(label, place.postalCode);
  const hours = countryCode === 'US' ? (OFFSET_HOURS[place.state] ?? -5) : 0;
  const local = new Date(at + hours * 3_600_000).toISOString();
  const gmt = new Date(at).toISOString();
  const sign = hours < 0 ? '-' : '+';
  return {
    location: { address: { ...place, stateProvince: place.state, countryCode } },
    status,
    date: digits(local, 0, 10),
    time: digits(local, 11, 19),
    gmtDate: digits(gmt, 0, 10),
    gmtTime: digits(gmt, 11, 19),
    gmtOffset: `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`,
  };
}

/** The package as UPS's Tracking API answers it at `now` (Track Alert's pushes read it too). */
export function upsTrackPackage(label: FakeUpsLabel, now: number): UpsTrackPackage {
  const steps = upsStepsSoFar(label, now);
  const activities = steps.map((step) => activity(label, step.at, step, UPS_STEP[step.kind]));
  if (label.voidedAt !== null && label.voidedAt <= now) {
    const origin = steps[0] ?? { city: '', state: '', postalCode: '' };
    activities.push(activity(label, label.voidedAt, origin, VOIDED));
  }
  activities.reverse();
  const delivered = activities.find((a) => a.status.type === 'D');
  return {
    trackingNumber: label.trackingNumber,
    currentStatus: activities[0]?.status ?? UPS_STEP.label_created,
    activity: activities,
    referenceNumber: label.references.map((number) => ({ type: 'PACKAGE', number })),
    service: { code: label.service, description: UPS_SERVICES[label.service]!.name },
    packageCount: 1,
    deliveryDate: [
      ...(label.voidedAt === null
        ? [{ type: 'SDD' as const, date: promisedDay(label.soldAt).replaceAll('-', '') }]
        : []),
      ...(delivered ? [{ type: 'DEL' as const, date: delivered.date }] : []),
    ],
    ...(delivered ? { deliveryTime: { type: 'DEL', endTime: delivered.time } } : {}),
  };
}

type Refuse = (status: number, code: string, message: string) => FakeReply;

function answer(inquiryNumber: string, found: FakeUpsLabel[], now: number): FakeReply {
  const shipment =
    found.length > 0
      ? { inquiryNumber, package: found.map((label) => upsTrackPackage(label, now)) }
      : { inquiryNumber, warnings: [{ code: 'TW0001', message: 'Tracking Information Not Found' }] };
  const body: UpsTrackResponse = { trackResponse: { shipment: [shipment] } };
  return { status: 200, body };
}

/** The Tracking API over the fake's packages: its calls counted and held to `limit` (UPS publishes none). */
export function createUpsTracking(options: {
  labels: Map<string, FakeUpsLabel>;
  clock: FakeClock;
  refuse: Refuse;
  limit: FakeUpsCallLimit | null;
}) {
  const spendWindow = upsCallWindow(options.limit, options.refuse);
  const tracking = {
    /** Tracking calls received (by number and by reference), throttled ones included. */
    calls: 0,
    details(request: FakeRequest): FakeReply {
      tracking.calls += 1;
      const throttled = spendWindow();
      if (throttled) return throttled;
      const inquiry = request.params.inquiryNumber ?? '';
      // One number per call: a list (or anything else that is no number) is refused.
      if (!/^[0-9A-Za-z]{7,34}$/.test(inquiry)) {
        return options.refuse(400, 'TV0001', 'Invalid inquiry number: one number of 7 to 34 letters or digits'); // the fake's code
      }
      const found = options.labels.get(inquiry.toUpperCase());
      return answer(inquiry, found ? [found] : [], options.clock.now());
    },
    byReference(request: FakeRequest): FakeReply {
      tracking.calls += 1;
      const throttled = spendWindow();
      if (throttled) return throttled;
      const reference = request.params.referenceNumber ?? '';
      const shipper = request.query.get('shipperNum');
      const found = [...options.labels.values()].filter(
        (l) => l.references.includes(reference) && (!shipper || l.shipperNumber === shipper),
      );
      return answer(reference, found, options.clock.now());
    },
  };
  return tracking;
}
