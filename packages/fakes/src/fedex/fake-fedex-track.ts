import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { promisedDay } from '../tracking/fake-parcel-journey.ts';
import { fedexError } from './fake-fedex-errors.ts';
import { fedexScans, localTime, zoneOf } from './fake-fedex-scans.ts';
import type { FakeFedexLabel } from './fake-fedex-shipments.ts';
import type {
  FedexCompleteTrackResult,
  FedexDateAndTime,
  FedexScanEvent,
  FedexTrackResult,
} from './fake-fedex-wire.ts';

/**
 * The fake FedEx's Track API over the labels it sold: `POST /track/v1/trackingnumbers` (at most 30 numbers a request,
 * as FedEx documents) and `POST /track/v1/referencenumbers` (a shipment found by a reference its packages carry,
 * within the shipper's account), answered `{ output: { completeTrackResults } }` with each parcel's scans so far on the
 * fake's clock (fake-fedex-scans.ts), and FedEx's per-number errors for what it does not know. A cancelled shipment is
 * gone from tracking: its number answers not found, as one FedEx never saw.
 */

const FEDEX_TRACK_NUMBERS_PER_REQUEST = 30;

/** Track-by-reference types and the customer reference type on the package that each one searches. */
const REFERENCE_TYPES: Record<string, string> = {
  CUSTOMER_REFERENCE: 'CUSTOMER_REFERENCE',
  PURCHASE_ORDER: 'P_O_NUMBER',
  INVOICE: 'INVOICE_NUMBER',
  DEPARTMENT: 'DEPARTMENT_NUMBER',
};

function parse<T>(request: FakeRequest): T | null {
  try {
    return JSON.parse(request.body) as T;
  } catch {
    return null;
  }
}

/** The dates FedEx gives beside the scans: pickup and delivery as they happened, else the delivery it estimates. */
function dates(label: FakeFedexLabel, scans: FedexScanEvent[]): FedexDateAndTime[] {
  const at = (code: string) => scans.find((scan) => scan.eventType === code)?.date;
  const pickedUp = at('PU');
  const delivered = at('DL');
  const list: FedexDateAndTime[] = [];
  if (pickedUp) list.push({ type: 'ACTUAL_PICKUP', dateTime: pickedUp });
  if (delivered) list.push({ type: 'ACTUAL_DELIVERY', dateTime: delivered });
  else if (!at('RS')) {
    const day = promisedDay(label.soldAt);
    const offset = localTime(Date.parse(`${day}T12:00:00Z`), zoneOf(label.recipient.address)).slice(19);
    list.push({ type: 'ESTIMATED_DELIVERY', dateTime: `${day}T00:00:00${offset}` });
  }
  return list;
}

function result(label: FakeFedexLabel, now: number, detailed: boolean): FedexTrackResult {
  const scans = fedexScans(label, now);
  const latest = scans[0]!;
  return {
    trackingNumberInfo: {
      trackingNumber: label.trackingNumber,
      carrierCode: label.serviceType.includes('GROUND') ? 'FDXG' : 'FDXE',
      trackingNumberUniqueId: `12029~${label.trackingNumber}~FDEG`,
    },
    latestStatusDetail: {
      code: latest.eventType,
      derivedCode: latest.derivedStatusCode,
      statusByLocale: latest.derivedStatus,
      description: latest.eventDescription,
      scanLocation: latest.scanLocation,
    },
    dateAndTimes: dates(label, scans),
    ...(detailed ? { scanEvents: scans } : {}),
  };
}

function answer(completeTrackResults: FedexCompleteTrackResult[]): FakeReply {
  return { status: 200, body: { transactionId: randomUUID(), output: { completeTrackResults } } };
}

export function trackByNumbers(labels: Map<string, FakeFedexLabel>, request: FakeRequest, now: number): FakeReply {
  const body = parse<{
    includeDetailedScans?: boolean;
    trackingInfo?: Array<{ trackingNumberInfo?: { trackingNumber?: string } }>;
  }>(request);
  const numbers = (body?.trackingInfo ?? []).map((info) => info.trackingNumberInfo?.trackingNumber ?? '');
  if (numbers.length === 0 || numbers.some((n) => !n)) {
    return fedexError(400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
  }
  // FedEx's limit is documented; the code and words of its refusal are not (unconfirmed).
  if (numbers.length > FEDEX_TRACK_NUMBERS_PER_REQUEST) {
    return fedexError(
      400,
      'TRACKING.TRACKINGNUMBER.LIMITEXCEEDED',
      `Please provide no more than ${FEDEX_TRACK_NUMBERS_PER_REQUEST} tracking numbers.`,
    );
  }
  return answer(
    numbers.map((trackingNumber) => {
      const sold = labels.get(trackingNumber);
      const label = sold?.status === 'cancelled' ? undefined : sold;
      return {
        trackingNumber,
        trackResults: [
          label
            ? result(label, now, body?.includeDetailedScans === true)
            : {
                trackingNumberInfo: { trackingNumber, carrierCode: '', trackingNumberUniqueId: '' },
                error: {
                  code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
                  message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
                },
              },
        ],
      };
    }),
  );
}

export function trackByReferences(labels: Map<string, FakeFedexLabel>, request: FakeRequest, now: number): FakeReply {
  const body = parse<{
    includeDetailedScans?: boolean;
    referencesInformation?: {
      type?: string;
      value?: string;
      accountNumber?: string;
      destinationCountryCode?: string;
      destinationPostalCode?: string;
    };
  }>(request);
  const info = body?.referencesInformation;
  if (!info?.value) return fedexError(400, 'TRACKING.REFERENCEVALUE.EMPTY', 'Please provide a reference value.');
  if (!info.accountNumber && !(info.destinationCountryCode && info.destinationPostalCode)) {
    return fedexError(
      400,
      'TRACKING.REFERENCE.ACCOUNTORDESTINATION.REQUIRED',
      'Please provide an account number, or the destination country and postal code.',
    );
  }
  const packageType = REFERENCE_TYPES[info.type ?? 'CUSTOMER_REFERENCE'];
  const found = [...labels.values()].filter(
    (label) =>
      label.status !== 'cancelled' &&
      (!info.accountNumber || label.accountNumber === info.accountNumber) &&
      (!info.destinationPostalCode || label.recipient.address?.postalCode === info.destinationPostalCode) &&
      label.references.some((r) => r.customerReferenceType === packageType && r.value === info.value),
  );
  if (found.length === 0) {
    return answer([
      {
        trackingNumber: '',
        trackResults: [
          {
            error: {
              code: 'TRACKING.REFERENCENUMBER.NOTFOUND',
              message: 'Reference number cannot be found. Please correct the reference number and try again.',
            },
          },
        ],
      },
    ]);
  }
  return answer(
    found.map((label) => ({
      trackingNumber: label.trackingNumber,
      trackResults: [result(label, now, body?.includeDetailedScans === true)],
    })),
  );
}
