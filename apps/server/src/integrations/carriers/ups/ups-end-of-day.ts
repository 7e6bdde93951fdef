import { ChannelError } from '../../http/channel-http.ts';
import type { BookedPickup, CarrierAdapter, PickupReference, PickupRequest } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { UpsClient } from './ups-client.ts';

/**
 * UPS's end of the day (integrations-shipping.md sections 5 and 6, docs/end-of-day.md). UPS has no close or manifest
 * in its REST API: shipment data goes to UPS when the label is made, so there is no SCAN form and no close here.
 * Pickups: `POST /api/pickupcreation/{version}/pickup` answers a PRN (the same PRN again when the address already has
 * one that day), paid by the shipper's account; `DELETE /api/shipments/{version}/pickup/02` with the `Prn` header
 * cancels it.
 */

const VERSION = 'v2409';
const clip = (text: string, max = 35) => text.trim().slice(0, max);
/** HH:MM as UPS's HHmm. */
const upsTime = (time: string) => time.replace(':', '');

interface UpsPickupAnswer {
  PickupCreationResponse?: { PRN?: string; RateStatus?: { Description?: string } };
}

async function bookUpsPickup(
  client: UpsClient,
  accountNumber: string,
  request: PickupRequest,
  signal?: AbortSignal,
): Promise<BookedPickup> {
  const { address } = request;
  if (!address.state) throw new ChannelError('invalid', `UPS needs the state of the pickup address in ${address.city}`);
  const phone = (address.phone ?? '').replace(/\D/g, '');
  if (!phone) throw new ChannelError('invalid', 'UPS needs a phone number at the pickup address: add one to it');
  // UPS's pickup service codes are the shipping codes with three digits (003 Ground).
  const services = [...new Set(request.serviceCodes)].map((code) => code.padStart(3, '0'));
  const answer = await client.call<UpsPickupAnswer | null>(
    {
      method: 'POST',
      path: `/api/pickupcreation/${VERSION}/pickup`,
      json: {
        PickupCreationRequest: {
          RatePickupIndicator: 'N',
          Shipper: { Account: { AccountNumber: accountNumber, AccountCountryCode: address.country } },
          PickupDateInfo: {
            CloseTime: upsTime(request.closeBy),
            ReadyTime: upsTime(request.readyBy),
            PickupDate: request.pickupDate.replaceAll('-', ''),
          },
          PickupAddress: {
            CompanyName: clip(address.company || address.name),
            ContactName: clip(address.name),
            AddressLine: [address.street1, address.street2].filter(Boolean).join(', ').slice(0, 73),
            City: address.city,
            StateProvince: address.state,
            PostalCode: address.postalCode,
            CountryCode: address.country,
            ResidentialIndicator: address.residential ? 'Y' : 'N',
            Phone: { Number: phone },
          },
          AlternateAddressIndicator: 'Y',
          // The parcels under the first service: UPS counts the pieces, the product counts parcels per pickup.
          PickupPiece: [
            {
              ServiceCode: services[0] ?? '003',
              Quantity: String(request.parcels),
              DestinationCountryCode: address.country,
              ContainerCode: '01',
            },
          ],
          TotalWeight: { Weight: gramsToPounds(request.weightGrams, 1).toFixed(1), UnitOfMeasurement: 'LBS' },
          OverweightIndicator: 'N',
          PaymentMethod: '01',
          ...(request.location ? { SpecialInstruction: clip(request.location, 57) } : {}),
        },
      },
      idempotent: false,
    },
    signal,
  );
  const prn = answer?.PickupCreationResponse?.PRN;
  if (!prn) throw new ChannelError('malformed', 'UPS answered the pickup without a PRN', 200);
  return { confirmation: prn, message: null };
}

async function cancelUpsPickup(client: UpsClient, pickup: PickupReference, signal?: AbortSignal): Promise<void> {
  await client.call<unknown>(
    { method: 'DELETE', path: `/api/shipments/${VERSION}/pickup/02`, headers: { Prn: pickup.confirmation } },
    signal,
  );
}

/** UPS's pickups, for its adapter (no SCAN form: UPS has none). */
export function upsEndOfDay(
  client: UpsClient,
  accountNumber: string,
): Required<Pick<CarrierAdapter, 'bookPickup' | 'cancelPickup'>> {
  return {
    bookPickup: (request, signal) => bookUpsPickup(client, accountNumber, request, signal),
    cancelPickup: (pickup, signal) => cancelUpsPickup(client, pickup, signal),
  };
}
