import { createHash } from 'node:crypto';
import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import type { CarrierRate, RateRequest, ShipmentAddress, ShipmentRequest } from '../carrier-types.ts';
import { amountToMinorUnits, gramsToPounds, roundInches } from '../carrier-units.ts';
import type { ShippoClient } from './shippo-client.ts';
import { shippoCustomsDeclaration } from './shippo-customs.ts';
import type { ShippoAddress, ShippoRate, ShippoShipment, ShippoShipmentRequest } from './shippo-wire.ts';

/**
 * A Shippo shipment: the two addresses and the parcel, rated by every carrier account the seller holds. Creating one
 * charges nothing (a label is bought from one of its rates), so the request is safe to repeat. Rates are named by
 * their service-level token, the catalogue's service code for Shippo.
 */

/** Shippo keeps at most 100 characters of metadata. */
const MAX_METADATA = 100;

export function shippoAddress(address: ShipmentAddress, recipient: boolean): ShippoAddress {
  const residential = address.residential ?? (recipient ? true : null);
  return {
    name: address.name,
    ...(address.company ? { company: address.company } : {}),
    street1: address.street1,
    ...(address.street2 ? { street2: address.street2 } : {}),
    city: address.city,
    ...(address.state ? { state: address.state } : {}),
    zip: address.postalCode,
    country: address.country,
    ...(address.phone ? { phone: address.phone } : {}),
    ...(address.email ? { email: address.email } : {}),
    ...(residential === null ? {} : { is_residential: residential }),
  };
}

/**
 * What the purchase is found by later: the idempotency key itself when Shippo can hold it, else a digest of it. Buying
 * and finding compute the same value.
 */
export function purchaseMetadata(idempotencyKey: string): string {
  if (idempotencyKey.length <= MAX_METADATA) return idempotencyKey;
  return `shipdesk:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
}

/** The carrier whose own coverage Shippo can buy, from the service-level token's prefix (FEDEX, UPS). */
const CARRIER_COVERAGE: Record<string, string> = { fedex: 'FEDEX', ups: 'UPS' };

/** A shipment as Shippo is asked for it: `isReturn` makes it a return (shippo-returns.ts). */
export interface ShippoShipmentInput extends ShipmentRequest {
  isReturn?: boolean;
}

/**
 * The options in Shippo's `extra`: `insurance` (amount as a string, currency; `provider` only when the carrier's
 * coverage was asked for and the service's carrier sells it: otherwise Shippo's insurer) and
 * `signature_confirmation` STANDARD or ADULT. Rates are computed from the shipment's `extra`, so they include them.
 */
function shippoExtra(request: ShippoShipmentInput, serviceCode?: string): ShippoShipmentRequest['extra'] {
  const reference = request.reference.trim();
  const { insurance, signature } = request;
  const provider =
    insurance?.provider === 'carrier' && serviceCode ? CARRIER_COVERAGE[serviceCode.split('_')[0] ?? ''] : undefined;
  const extra: NonNullable<ShippoShipmentRequest['extra']> = {
    ...(reference ? { reference_1: reference } : {}),
    ...(insurance && insurance.amountMinor > 0
      ? {
          insurance: {
            amount: (insurance.amountMinor / 100).toFixed(2),
            currency: insurance.currency,
            content: 'Merchandise',
            ...(provider ? { provider } : {}),
          },
        }
      : {}),
    ...(signature
      ? { signature_confirmation: signature === 'adult' ? ('ADULT' as const) : ('STANDARD' as const) }
      : {}),
    ...(request.isReturn ? { is_return: true as const } : {}),
  };
  return Object.keys(extra).length > 0 ? extra : undefined;
}

function shipmentRequest(request: ShippoShipmentInput, metadata?: string, serviceCode?: string): ShippoShipmentRequest {
  const extra = shippoExtra(request, serviceCode);
  const { parcel } = request;
  return {
    address_from: shippoAddress(request.from, false),
    address_to: shippoAddress(request.to, true),
    parcels: [
      {
        length: String(roundInches(parcel.lengthIn)),
        width: String(roundInches(parcel.widthIn)),
        height: String(roundInches(parcel.heightIn)),
        distance_unit: 'in',
        weight: String(gramsToPounds(parcel.weightGrams)),
        mass_unit: 'lb',
      },
    ],
    // Noon UTC is the mailing date's own day across the US.
    shipment_date: `${request.shipDate}T12:00:00Z`,
    ...(extra ? { extra } : {}),
    // On the shipment rated as on the one bought from: Shippo refuses to buy an international label without it.
    ...(request.customs ? { customs_declaration: shippoCustomsDeclaration(request.customs) } : {}),
    ...(metadata ? { metadata } : {}),
    async: false,
  };
}

export function createShipment(
  client: ShippoClient,
  request: ShippoShipmentInput,
  metadata: string | undefined,
  signal?: AbortSignal,
  serviceCode?: string,
): Promise<ShippoShipment | null> {
  return client.call<ShippoShipment | null>(
    { method: 'POST', path: '/shipments/', json: shipmentRequest(request, metadata, serviceCode), idempotent: true },
    signal,
  );
}

/** The rate's price in minor units; a rate without one is malformed. */
export function rateAmount(rate: ShippoRate): { amountMinor: number; currency: string } {
  const currency = rate.currency ?? 'USD';
  return { amountMinor: amountToMinorUnits(rate.amount, currency, 'Shippo'), currency };
}

/** The shipment's cheapest rate per service-level token. */
export function ratesByToken(shipment: ShippoShipment | null): Map<string, ShippoRate> {
  const cheapest = new Map<string, ShippoRate>();
  for (const rate of shipment?.rates ?? []) {
    const token = rate.servicelevel?.token;
    if (!token || !rate.object_id) continue;
    const kept = cheapest.get(token);
    if (!kept || rateAmount(rate).amountMinor < rateAmount(kept).amountMinor) cheapest.set(token, rate);
  }
  return cheapest;
}

/** The services asked for, or every catalogue service of the shipment's scope when none were. */
function wantedServices(request: RateRequest): Set<string> {
  if (request.serviceCodes.length > 0) return new Set(request.serviceCodes);
  const scope = request.from.country === request.to.country ? 'domestic' : 'international';
  return new Set(CARRIER_CATALOGUE.shippo.services.filter((s) => s.scope === scope).map((s) => s.code));
}

export async function shippoRates(
  client: ShippoClient,
  request: RateRequest,
  signal?: AbortSignal,
): Promise<CarrierRate[]> {
  const shipment = await createShipment(client, request, undefined, signal);
  const wanted = wantedServices(request);
  return [...ratesByToken(shipment)]
    .filter(([token]) => wanted.has(token))
    .map(([token, rate]) => ({
      serviceCode: token,
      ...rateAmount(rate),
      deliveryDays: typeof rate.estimated_days === 'number' ? rate.estimated_days : null,
    }));
}
