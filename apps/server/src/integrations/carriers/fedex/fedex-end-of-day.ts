import { ChannelError } from '../../http/channel-http.ts';
import type { BookedPickup, CarrierAdapter, PickupReference, PickupRequest } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { FedexClient } from './fedex-client.ts';

/**
 * FedEx's end of the day (integrations-shipping.md sections 5 and 6, docs/end-of-day.md). The Ground End of Day Close
 * is optional (needed only for Ground hazmat or to print a manifest; shipping goes on after it), so it is not offered.
 * Pickups: `POST /pickup/v1/pickups` (FDXG for a day with Ground parcels, else FDXE) answers a
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

/** FedEx's pickups, for its adapter (the optional Ground close is not offered: docs/end-of-day.md). */
export function fedexEndOfDay(
  client: FedexClient,
  accountNumber: string,
): Required<Pick<CarrierAdapter, 'bookPickup' | 'cancelPickup'>> {
  return {
    bookPickup: (request, signal) => bookFedexPickup(client, accountNumber, request, signal),
    cancelPickup: (pickup, signal) => cancelFedexPickup(client, accountNumber, pickup, signal),
  };
}
