import { createHash, randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { promisedDay, stepsSoFar, type FakeClock, type JourneyStepKind } from '../tracking/fake-parcel-journey.ts';
import type { FakeShippoLabel } from './fake-shippo-labels.ts';
import type {
  ShippoAddress,
  ShippoTrack,
  ShippoTrackingEvent,
  ShippoTrackingStatus,
  ShippoTrackingSubstatus,
} from './fake-shippo-wire.ts';

/**
 * The fake Shippo's tracking: `GET /tracks/{carrier}/{tracking_number}` for every label it sold, asked with the carrier
 * the label was bought from (`usps`, `ups`, `fedex`). Each label follows its journey (tracking/fake-parcel-journey.ts)
 * on the fake's clock, each step in Shippo's status and substatus (integrations-shipping.md 7.1 read backwards); a test
 * that scans a label itself (`fake.scan`) takes over and the journey stops where it was. A refunded label's carrier
 * never sees the parcel: it stays "label created" and nothing follows. A number asked with another carrier, or one the
 * fake never sold, answers 200 with status UNKNOWN and no history, as Shippo does.
 */

interface StepReport {
  status: ShippoTrackingStatus;
  substatus: ShippoTrackingSubstatus;
  details: string;
}

const sub = (code: string, text: string, action_required = false): ShippoTrackingSubstatus => ({
  code,
  text,
  action_required,
});

/** Each journey step as Shippo reports it. */
const STEP_REPORTS: Record<JourneyStepKind, StepReport> = {
  label_created: {
    status: 'PRE_TRANSIT',
    substatus: sub('information_received', 'Information about the package received.'),
    details: 'The carrier has been notified of the shipment.',
  },
  accepted: {
    status: 'TRANSIT',
    substatus: sub('package_accepted', 'Package has been accepted into the carrier network for delivery.'),
    details: 'Your shipment has been accepted and is in transit.',
  },
  in_transit: {
    status: 'TRANSIT',
    substatus: sub('package_departed', 'Package has departed from an intermediate location in the carrier network.'),
    details: 'Departed the sort facility.',
  },
  arrived: {
    status: 'TRANSIT',
    substatus: sub('package_arrived', 'Package has arrived at an intermediate location in the carrier network.'),
    details: 'Arrived at the post office.',
  },
  out_for_delivery: {
    status: 'TRANSIT',
    substatus: sub('out_for_delivery', 'Package is out for delivery.'),
    details: 'Your shipment is out for delivery.',
  },
  delivered: {
    status: 'DELIVERED',
    substatus: sub('delivered', 'Package has been delivered.'),
    details: 'Your shipment has been delivered.',
  },
  exception: {
    status: 'TRANSIT',
    substatus: sub('address_issue', 'Address information is incorrect. Contact carrier to ensure delivery.', true),
    details: 'Delivery attempted: the address is incomplete.',
  },
  available_for_pickup: {
    status: 'TRANSIT',
    substatus: sub('pickup_available', 'Package is available for pickup at a carrier location.', true),
    details: 'Your shipment is available for pickup at the post office.',
  },
  returned: {
    status: 'RETURNED',
    substatus: sub('return_to_sender', 'Package is being returned to the sender.'),
    details: 'Your shipment is being returned to the sender.',
  },
};

/** Shippo's dates are UTC to the second. */
export const shippoDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A step's event keeps one object id however often it is read. */
const stableId = (seed: string) => createHash('md5').update(seed).digest('hex');

/** The label's tracking history by `now`, oldest first: its journey's steps so far, then the test's own scans. */
export function shippoHistory(label: FakeShippoLabel, now: number): ShippoTrackingEvent[] {
  const until = Math.min(now, label.journeyStoppedAt ?? now);
  const journey = stepsSoFar(label.journey, label.soldAt, until).map((step): ShippoTrackingEvent => {
    const report = STEP_REPORTS[step.kind];
    const date = shippoDate(step.at);
    return {
      object_created: date,
      object_updated: date,
      object_id: stableId(`${label.transaction.object_id}:${step.kind}:${step.at}`),
      status: report.status,
      substatus: report.substatus,
      status_details: report.details,
      status_date: date,
      location: {
        city: step.city,
        state: step.state,
        zip: step.postalCode,
        // The journey's hubs are in the US; its last steps are at the destination.
        country: step.postalCode === label.to.zip ? (label.to.country ?? 'US') : 'US',
      },
    };
  });
  return [...journey, ...label.scans];
}

const place = (address: ShippoAddress) => ({
  city: address.city ?? '',
  state: address.state ?? '',
  zip: address.zip ?? '',
  country: address.country ?? '',
});

export function createFakeShippoTracks(labels: ReadonlyMap<string, FakeShippoLabel>, clock: FakeClock) {
  function getTrack(request: FakeRequest, token: string): FakeReply {
    const carrier = request.params.carrier ?? '';
    const trackingNumber = request.params.number ?? '';
    const label = labels.get(trackingNumber);
    const known = label && label.carrier === carrier ? label : null;
    const history = known ? shippoHistory(known, clock.now()) : [];
    const now = shippoDate(clock.now());
    const eta = known ? `${promisedDay(known.soldAt)}T00:00:00Z` : null;
    const track: ShippoTrack = {
      carrier,
      tracking_number: trackingNumber,
      address_from: known ? place(known.from) : null,
      address_to: known ? place(known.to) : null,
      transaction: known?.transaction.object_id ?? null,
      eta,
      original_eta: eta,
      servicelevel: {
        name: known?.rate.servicelevel.name ?? null,
        token: known?.rate.servicelevel.token ?? null,
      },
      metadata: null,
      tracking_status: history.at(-1) ?? {
        object_created: now,
        object_updated: now,
        object_id: randomBytes(16).toString('hex'),
        status: 'UNKNOWN',
        substatus: null,
        status_details: 'The carrier has not provided any information about this tracking number.',
        status_date: now,
        location: null,
      },
      tracking_history: history,
      messages: [],
      test: token.startsWith('shippo_test_'),
    };
    return { status: 200, body: track };
  }

  return { getTrack };
}
