import { ChannelError } from '../../http/channel-http.ts';
import type {
  BookedPickup,
  CarrierAdapter,
  CarrierScanForm,
  PickupReference,
  PickupRequest,
  ScanFormRequest,
} from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { FedexClient } from './fedex-client.ts';

/**
 * FedEx's end of the day (integrations-shipping.md sections 5 and 6, docs/end-of-day.md). The Ground End of Day Close
 * (`PUT /ship/v1/endofday/`, closeReqType GCDR, GROUND, the close date) closes the account's Ground and Home Delivery
 * shipments of the day not closed yet and answers the MANIFEST close document (base64 parts); it may run several times
 * a day and shipping goes on after it. The manifest's image format is not specified (unconfirmed): its bytes are kept
 * as PDF when they are one, else as text. Express needs no close. Pickups: `POST /pickup/v1/pickups` (FDXG for a day with Ground parcels, else FDXE) answers a
 * `pickupConfirmationCode`, and for Express the `location` its cancel needs; `PUT /pickup/v1/pickups/cancel` cancels.
 * The confirmation kept is the code, with the Express location after a slash ("1234/NQAA") since a cancel needs both.
 */

const GROUND = new Set(['FEDEX_GROUND', 'GROUND_HOME_DELIVERY']);
const PACKAGE_LOCATIONS = ['FRONT', 'REAR', 'SIDE', 'NONE'];

interface FedexPickupAnswer {
  output?: { pickupConfirmationCode?: string; location?: string; message?: string };
}

/** The seller's words for where the parcels wait, as FedEx's packageLocation (FRONT by default). */
function packageLocation(location: string | null): string {
  const word = (location ?? '').trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (word === 'BACK') return 'REAR';
  return PACKAGE_LOCATIONS.includes(word) ? word : 'FRONT';
}

async function bookFedexPickup(
  client: FedexClient,
  accountNumber: string,
  request: PickupRequest,
  signal?: AbortSignal,
): Promise<BookedPickup> {
  const { address } = request;
  const phone = (address.phone ?? '').replace(/\D/g, '');
  if (!phone) throw new ChannelError('invalid', 'FedEx needs a phone number at the pickup address: add one to it');
  const ground = request.serviceCodes.length === 0 || request.serviceCodes.some((code) => GROUND.has(code));
  const today = new Date().toISOString().slice(0, 10);
  const answer = await client.call<FedexPickupAnswer | null>(
    {
      method: 'POST',
      path: '/pickup/v1/pickups',
      json: {
        associatedAccountNumber: { value: accountNumber },
        originDetail: {
          pickupAddressType: 'SHIPPER',
          pickupLocation: {
            contact: {
              personName: address.name,
              phoneNumber: phone,
              ...(address.company ? { companyName: address.company } : {}),
            },
            address: {
              streetLines: [address.street1, address.street2].filter(Boolean),
              city: address.city,
              ...(address.state ? { stateOrProvinceCode: address.state } : {}),
              postalCode: address.postalCode,
              countryCode: address.country,
              residential: address.residential === true,
            },
          },
          readyDateTimestamp: `${request.pickupDate}T${request.readyBy}:00Z`,
          customerCloseTime: `${request.closeBy}:00`,
          pickupDateType: request.pickupDate === today ? 'SAME_DAY' : 'FUTURE_DAY',
          packageLocation: packageLocation(request.location),
        },
        carrierCode: ground ? 'FDXG' : 'FDXE',
        totalWeight: { units: 'LB', value: Math.max(0.1, gramsToPounds(request.weightGrams, 1)) },
        packageCount: request.parcels,
        ...(request.location ? { remarks: request.location.slice(0, 60) } : {}),
        countryRelationships: 'DOMESTIC',
      },
      idempotent: false,
    },
    signal,
  );
  const code = answer?.output?.pickupConfirmationCode;
  if (!code) throw new ChannelError('malformed', 'FedEx answered the pickup without a confirmation code', 200);
  const location = ground ? '' : (answer?.output?.location ?? '');
  return { confirmation: location ? `${code}/${location}` : code, message: answer?.output?.message ?? null };
}

async function cancelFedexPickup(
  client: FedexClient,
  accountNumber: string,
  pickup: PickupReference,
  signal?: AbortSignal,
): Promise<void> {
  const [code, location] = pickup.confirmation.split('/');
  await client.call<unknown>(
    {
      method: 'PUT',
      path: '/pickup/v1/pickups/cancel',
      json: {
        associatedAccountNumber: { value: accountNumber },
        pickupConfirmationCode: code,
        scheduledDate: pickup.pickupDate,
        // An Express pickup's location came with it; a Ground pickup's cancel names its carrier instead.
        ...(location ? { location, carrierCode: 'FDXE' } : { carrierCode: 'FDXG' }),
      },
      idempotent: true,
    },
    signal,
  );
}

interface FedexCloseAnswer {
  output?: {
    closeDocuments?: {
      type?: string;
      shippingCycle?: string;
      parts?: { documentPartSequenceNumber?: number; image?: string }[];
    }[];
  };
}

/** The Ground End of Day Close of the day: FedEx's MANIFEST document, its parts joined in order. */
async function closeFedexGround(
  client: FedexClient,
  accountNumber: string,
  request: ScanFormRequest,
  signal?: AbortSignal,
): Promise<CarrierScanForm> {
  if (!request.labels.some((label) => GROUND.has(label.serviceCode))) {
    throw new ChannelError('invalid', 'A FedEx Ground close needs a Ground or Home Delivery label of the day');
  }
  const answer = await client.call<FedexCloseAnswer | null>(
    {
      method: 'PUT',
      path: '/ship/v1/endofday/',
      json: {
        closeReqType: 'GCDR',
        accountNumber: { value: accountNumber },
        groundServiceCategory: 'GROUND',
        closeDate: request.shipDate,
        closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST'] },
      },
      // A second close of the same shipments finds nothing left to close: never resent blindly.
      idempotent: false,
    },
    signal,
  );
  const documents = answer?.output?.closeDocuments ?? [];
  const manifest = documents.find((d) => d.type === 'MANIFEST') ?? documents[0];
  const parts = [...(manifest?.parts ?? [])]
    .filter((part) => part.image)
    .sort((a, b) => (a.documentPartSequenceNumber ?? 0) - (b.documentPartSequenceNumber ?? 0));
  if (!manifest || parts.length === 0) {
    throw new ChannelError('malformed', 'FedEx answered the Ground close without its manifest', 200);
  }
  const document = new Uint8Array(Buffer.concat(parts.map((part) => Buffer.from(part.image!, 'base64'))));
  const pdf = Buffer.from(document.subarray(0, 5)).toString('latin1') === '%PDF-';
  return {
    carrierRef: manifest.shippingCycle ?? `${request.shipDate} close`,
    document,
    contentType: pdf ? 'application/pdf' : 'text/plain; charset=utf-8',
  };
}

/** FedEx's Ground close and pickups, for its adapter. */
export function fedexEndOfDay(
  client: FedexClient,
  accountNumber: string,
): Required<Pick<CarrierAdapter, 'createScanForm' | 'bookPickup' | 'cancelPickup'>> {
  return {
    createScanForm: (request, signal) => closeFedexGround(client, accountNumber, request, signal),
    bookPickup: (request, signal) => bookFedexPickup(client, accountNumber, request, signal),
    cancelPickup: (pickup, signal) => cancelFedexPickup(client, accountNumber, pickup, signal),
  };
}
