import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { fedexError } from './fake-fedex-errors.ts';
import { fakeTextPdf } from './fake-label-documents.ts';
import type { FakeFedexLabel } from './fake-fedex-shipments.ts';

/**
 * Pickups at the fake FedEx (integrations-shipping.md section 6): `POST /pickup/v1/pickups` answers a
 * `pickupConfirmationCode` (and the Express `location`), `PUT /pickup/v1/pickups/cancel` cancels it. Refused in FedEx's
 * `{ transactionId, errors }` shape: another account, a date in the past, a close time not after the ready time,
 * missing fields, a cancel of an unknown code or of another date. The Ground End of Day Close (section 5):
 * `PUT /ship/v1/endofday/` closes the account's Ground and Home Delivery shipments of the close date not closed yet and
 * answers a MANIFEST (a PDF in base64 parts); a day with none left is refused. No reprint. The error codes are modelled
 * on FedEx's style.
 */

interface FedexPickupBody {
  associatedAccountNumber?: { value?: string };
  originDetail?: {
    pickupAddressType?: string;
    pickupLocation?: {
      contact?: { personName?: string; phoneNumber?: string; companyName?: string };
      address?: {
        streetLines?: string[];
        city?: string;
        stateOrProvinceCode?: string;
        postalCode?: string;
        countryCode?: string;
      };
    };
    readyDateTimestamp?: string;
    customerCloseTime?: string;
    pickupDateType?: string;
    packageLocation?: string;
  };
  carrierCode?: string;
  totalWeight?: { units?: string; value?: number };
  packageCount?: number;
  remarks?: string;
}

interface FedexCancelBody {
  associatedAccountNumber?: { value?: string };
  pickupConfirmationCode?: string;
  scheduledDate?: string;
  carrierCode?: string;
  location?: string;
}

export interface FakeFedexPickup {
  pickupConfirmationCode: string;
  scheduledDate: string;
  carrierCode: string;
  location: string;
  packageCount: number;
  canceled: boolean;
}

const parse = <T>(request: FakeRequest): T | null => {
  try {
    return JSON.parse(request.body) as T;
  } catch {
    return null;
  }
};

const invalid = (code: string, message: string) => fedexError(400, code, message);

/** The 403 for a request naming another account than the credentials' (any account when the fake names none). */
function otherAccount(body: { associatedAccountNumber?: { value?: string } }, accountNumber: string | undefined) {
  const value = body.associatedAccountNumber?.value;
  if (value && (!accountNumber || value === accountNumber)) return null;
  return fedexError(
    403,
    'ACCOUNT.NUMBER.MISMATCH',
    'The account number in the request does not match the credentials.',
  );
}

function refusal(body: FedexPickupBody, accountNumber: string | undefined, today: string): FakeReply | null {
  const account = otherAccount(body, accountNumber);
  if (account) return account;
  if (body.carrierCode !== 'FDXE' && body.carrierCode !== 'FDXG') {
    return invalid('CARRIERCODE.INVALID', 'carrierCode must be FDXE or FDXG.');
  }
  const origin = body.originDetail;
  const ready = origin?.readyDateTimestamp ?? '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z?$/.test(ready)) {
    return invalid('READYDATETIMESTAMP.INVALID', 'readyDateTimestamp must be YYYY-MM-DDTHH:MM:SSZ.');
  }
  if (!/^\d{2}:\d{2}:\d{2}$/.test(origin?.customerCloseTime ?? '')) {
    return invalid('CUSTOMERCLOSETIME.INVALID', 'customerCloseTime must be HH:MM:SS.');
  }
  if (ready.slice(0, 10) < today) return invalid('PICKUP.READYDATE.INVALID', 'The pickup date cannot be in the past.');
  if (origin!.customerCloseTime! <= ready.slice(11, 19)) {
    return invalid('PICKUP.CLOSETIME.INVALID', 'The customer close time must be later than the ready time.');
  }
  const address = origin?.pickupLocation?.address;
  if (!address?.streetLines?.length || !address.city || !address.postalCode || !address.countryCode) {
    return invalid('PICKUPLOCATION.ADDRESS.REQUIRED', 'originDetail.pickupLocation.address is required.');
  }
  const contact = origin?.pickupLocation?.contact;
  if (!contact?.personName || !contact.phoneNumber) {
    return invalid('PICKUPLOCATION.CONTACT.REQUIRED', 'A contact personName and phoneNumber are required.');
  }
  if (body.carrierCode === 'FDXG' && !['FRONT', 'NONE', 'REAR', 'SIDE'].includes(origin?.packageLocation ?? '')) {
    return invalid('PACKAGELOCATION.REQUIRED', 'packageLocation is required for FedEx Ground pickups.');
  }
  if (!(typeof body.packageCount === 'number' && body.packageCount >= 1)) {
    return invalid('PACKAGECOUNT.INVALID', 'packageCount must be at least 1.');
  }
  if ((body.remarks ?? '').length > 60) return invalid('REMARKS.TOO.LONG', 'remarks can be at most 60 characters.');
  return null;
}

export function createFedexPickups({ accountNumber, clock }: { accountNumber: string | undefined; clock: FakeClock }) {
  const pickups = new Map<string, FakeFedexPickup>();
  let serial = 1;

  function create(request: FakeRequest): FakeReply {
    const body = parse<FedexPickupBody>(request);
    if (!body) return invalid('INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
    const refused = refusal(body, accountNumber, new Date(clock.now()).toISOString().slice(0, 10));
    if (refused) return refused;
    const code = `${body.carrierCode === 'FDXG' ? 'G' : ''}${String(serial++).padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`;
    const location = body.carrierCode === 'FDXE' ? 'NQAA' : '';
    pickups.set(code, {
      pickupConfirmationCode: code,
      scheduledDate: body.originDetail!.readyDateTimestamp!.slice(0, 10),
      carrierCode: body.carrierCode!,
      location,
      packageCount: body.packageCount!,
      canceled: false,
    });
    return {
      status: 200,
      body: {
        transactionId: randomBytes(8).toString('hex'),
        output: { pickupConfirmationCode: code, location, message: 'Pickup scheduled.', alerts: [] },
      },
    };
  }

  function cancel(request: FakeRequest): FakeReply {
    const body = parse<FedexCancelBody>(request);
    if (!body) return invalid('INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
    const account = otherAccount(body, accountNumber);
    if (account) return account;
    const pickup = pickups.get(body.pickupConfirmationCode ?? '');
    if (!pickup || pickup.canceled || pickup.scheduledDate !== body.scheduledDate) {
      return invalid(
        'PICKUP.NOTFOUND',
        'The pickup confirmation code and scheduled date do not match a scheduled pickup.',
      );
    }
    if (pickup.carrierCode === 'FDXG' && body.carrierCode !== 'FDXG') {
      return invalid('CARRIERCODE.REQUIRED', 'carrierCode is required to cancel a FedEx Ground pickup.');
    }
    pickup.canceled = true;
    return {
      status: 200,
      body: {
        transactionId: randomBytes(8).toString('hex'),
        output: {
          pickupConfirmationCode: pickup.pickupConfirmationCode,
          cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.',
        },
      },
    };
  }

  return { pickups, create, cancel };
}

interface FedexCloseBody {
  closeReqType?: string;
  accountNumber?: { value?: string };
  groundServiceCategory?: string;
  closeDate?: string;
}

/** A Ground close made: its shipping cycle, day and the tracking numbers it closed. */
export interface FakeFedexClose {
  shippingCycle: string;
  closeDate: string;
  accountNumber: string;
  trackingNumbers: string[];
}

const GROUND_SERVICES = new Set(['FEDEX_GROUND', 'GROUND_HOME_DELIVERY']);

export function createFedexClose({
  accountNumber,
  labels,
}: {
  accountNumber: string | undefined;
  labels: ReadonlyMap<string, FakeFedexLabel>;
}) {
  const closes: FakeFedexClose[] = [];
  const closed = new Set<string>();

  function close(request: FakeRequest): FakeReply {
    const body = parse<FedexCloseBody>(request);
    if (!body) return invalid('INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
    if (body.closeReqType !== 'GCDR') return invalid('CLOSEREQTYPE.INVALID', 'closeReqType must be GCDR.');
    const account = otherAccount({ associatedAccountNumber: body.accountNumber }, accountNumber);
    if (account) return account;
    if (body.groundServiceCategory !== 'GROUND') {
      return invalid('GROUNDSERVICECATEGORY.INVALID', 'groundServiceCategory must be GROUND.');
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.closeDate ?? '')) {
      return invalid('CLOSEDATE.INVALID', 'closeDate must be YYYY-MM-DD.');
    }
    const open = [...labels.values()].filter(
      (label) =>
        label.accountNumber === body.accountNumber!.value &&
        label.shipDate === body.closeDate &&
        label.status === 'created' &&
        GROUND_SERVICES.has(label.serviceType) &&
        !closed.has(label.trackingNumber),
    );
    if (open.length === 0) {
      return invalid('CLOSE.NOSHIPMENTS.FOUND', 'No FedEx Ground shipments were found to close for this date.');
    }
    const shippingCycle = `${Date.now()}${String(closes.length + 1).padStart(4, '0')}`;
    const numbers = open.map((label) => label.trackingNumber);
    for (const number of numbers) closed.add(number);
    closes.push({
      shippingCycle,
      closeDate: body.closeDate!,
      accountNumber: body.accountNumber!.value!,
      trackingNumbers: numbers,
    });
    const pdf = fakeTextPdf([
      'FedEx Ground Pickup Manifest',
      `Account ${body.accountNumber!.value}   Close date ${body.closeDate}   Cycle ${shippingCycle}`,
      ...numbers.map((number) => `${number}  ${labels.get(number)!.serviceType}`),
      `Total packages: ${numbers.length}`,
    ]);
    return {
      status: 200,
      body: {
        transactionId: randomBytes(8).toString('hex'),
        output: {
          closeDocuments: [
            {
              type: 'MANIFEST',
              shippingCycle,
              shippingDocumentDisposition: 'RETURNED',
              resolution: 200,
              copiesToPrint: 1,
              parts: [{ documentPartSequenceNumber: 1, image: pdf.toString('base64') }],
            },
          ],
          alerts: [],
        },
      },
    };
  }

  return { closes, close };
}
