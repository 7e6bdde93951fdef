import { stepsSoFar, type JourneyStep, type JourneyStepKind } from '../tracking/fake-parcel-journey.ts';
import type { FedexParty, FedexScanEvent, FedexTrackAddress } from './fake-fedex-wire.ts';

/**
 * How the fake FedEx's parcels move: each label sold follows its journey (tracking/fake-parcel-journey.ts) on the
 * fake's clock, each step scanned with FedEx's own code (integrations-shipping.md 7.1 read backwards), at the local
 * time of the place with its offset as FedEx dates scans. A test that scans a label itself (`fake.scan`) takes over:
 * the journey stops where it was, and the test's scans follow.
 */

/** FedEx's scan codes the fake records, with the words tracking shows. */
const FEDEX_SCAN_WORDS: Record<string, string> = {
  OC: 'Shipment information sent to FedEx',
  PU: 'Picked up',
  AR: 'Arrived at FedEx location',
  DP: 'Departed FedEx location',
  IT: 'In transit',
  OD: 'On FedEx vehicle for delivery',
  DL: 'Delivered',
  DE: 'Delivery exception',
  SE: 'Shipment exception',
  HL: 'Held at FedEx location',
  HP: 'Ready for recipient pickup',
  RS: 'Return to shipper',
};

/** Each journey step as FedEx scans it. */
const STEP_CODES: Record<JourneyStepKind, string> = {
  label_created: 'OC',
  accepted: 'PU',
  in_transit: 'DP',
  arrived: 'AR',
  out_for_delivery: 'OD',
  delivered: 'DL',
  exception: 'DE',
  available_for_pickup: 'HP',
  returned: 'RS',
};

/** A delivery exception says why, in FedEx's exception code and words. */
const EXCEPTION_REASON = { exceptionCode: '08', exceptionDescription: 'Customer not available or business closed' };

/** The time zone of each US state (the fake's scans are in the US or at an international destination). */
const STATE_ZONES: Record<string, string> = Object.fromEntries(
  (
    [
      ['America/New_York', 'CT DC DE FL GA MA MD ME MI NC NH NJ NY OH PA RI SC VA VT WV'],
      ['America/Indiana/Indianapolis', 'IN'],
      ['America/Chicago', 'AL AR IA IL KS KY LA MN MO MS ND NE OK SD TN TX WI'],
      ['America/Denver', 'CO ID MT NM UT WY'],
      ['America/Phoenix', 'AZ'],
      ['America/Los_Angeles', 'CA NV OR WA'],
      ['America/Anchorage', 'AK'],
      ['Pacific/Honolulu', 'HI'],
    ] as const
  ).flatMap(([zone, states]) => states.split(' ').map((state) => [state, zone])),
);

/** The place's zone: its state's in the US, UTC elsewhere. */
export function zoneOf(place: FedexTrackAddress | undefined): string {
  const country = place?.countryCode ?? 'US';
  return (country === 'US' && STATE_ZONES[place?.stateOrProvinceCode ?? '']) || 'UTC';
}

/** `ms` as local time in `timeZone` with its offset: "2026-06-02T14:05:00-04:00". */
export function localTime(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? 'GMT+00:00').slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

export function scanEvent(code: string, place: FedexTrackAddress, at: number): FedexScanEvent {
  const words = FEDEX_SCAN_WORDS[code] ?? code;
  return {
    date: localTime(at, zoneOf(place)),
    eventType: code,
    eventDescription: words,
    derivedStatusCode: code,
    derivedStatus: words,
    ...(code === 'DE' ? EXCEPTION_REASON : {}),
    scanLocation: place,
  };
}

export const placeOf = (party: FedexParty | undefined): FedexTrackAddress => ({
  city: party?.address?.city,
  stateOrProvinceCode: party?.address?.stateOrProvinceCode,
  postalCode: party?.address?.postalCode,
  countryCode: party?.address?.countryCode,
});

/** What the scans need of a label. */
export interface FedexJourneyLabel {
  recipient: FedexParty;
  soldAt: number;
  journey: JourneyStep[];
  /** When a test took over with its own scans; null while the journey runs. */
  journeyStoppedAt: number | null;
  /** The test's own scans, newest first. */
  scans: FedexScanEvent[];
}

/** Every scan of the label by `now`, newest first, as FedEx lists scan events. */
export function fedexScans(label: FedexJourneyLabel, now: number): FedexScanEvent[] {
  const destination = label.recipient.address;
  const steps = stepsSoFar(label.journey, label.soldAt, Math.min(now, label.journeyStoppedAt ?? now));
  const journey = steps.map((step) =>
    scanEvent(
      STEP_CODES[step.kind],
      {
        city: step.city,
        stateOrProvinceCode: step.state,
        postalCode: step.postalCode,
        // The journey's hubs are in the US; its last steps are at the destination.
        countryCode: step.postalCode === destination?.postalCode ? destination.countryCode : 'US',
      },
      step.at,
    ),
  );
  return [...label.scans, ...journey.reverse()];
}
