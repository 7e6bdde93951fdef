import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import type { FakeFedexLabel } from './fake-fedex-shipments.ts';
import type { FedexCompleteTrackResult, FedexTrackResult } from './fake-fedex-wire.ts';

/**
 * The fake FedEx's Track API over the labels it sold: `POST /track/v1/trackingnumbers` and `POST
 * /track/v1/referencenumbers` (a shipment found by a reference its packages carry, within the shipper's account),
 * answered `{ output: { completeTrackResults } }` with FedEx's per-number errors for what it does not know.
 */

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

function result(label: FakeFedexLabel, detailed: boolean): FedexTrackResult {
  const latest = label.events[0]!;
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
    ...(detailed ? { scanEvents: label.events } : {}),
  };
}

function answer(completeTrackResults: FedexCompleteTrackResult[]): FakeReply {
  return { status: 200, body: { transactionId: randomUUID(), output: { completeTrackResults } } };
}

export function trackByNumbers(labels: Map<string, FakeFedexLabel>, request: FakeRequest): FakeReply {
  const body = parse<{
    includeDetailedScans?: boolean;
    trackingInfo?: Array<{ trackingNumberInfo?: { trackingNumber?: string } }>;
  }>(request);
  const numbers = (body?.trackingInfo ?? []).map((info) => info.trackingNumberInfo?.trackingNumber ?? '');
  if (numbers.length === 0 || numbers.some((n) => !n)) {
    return fedexError(400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
  }
  return answer(
    numbers.map((trackingNumber) => {
      const label = labels.get(trackingNumber);
      return {
        trackingNumber,
        trackResults: [
          label
            ? result(label, body?.includeDetailedScans === true)
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

export function trackByReferences(labels: Map<string, FakeFedexLabel>, request: FakeRequest): FakeReply {
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
  // A cancelled shipment is gone from tracking.
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
      trackResults: [result(label, body?.includeDetailedScans === true)],
    })),
  );
}
