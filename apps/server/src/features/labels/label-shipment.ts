import {
  CARRIER_CATALOGUE,
  CARRIER_NAMES,
  findCarrierService,
  findPackageType,
  isKnownTimeZone,
  localDay,
  weightText,
  type Carrier,
  type CarrierService,
  type ServiceScope,
  type WarehouseInfo,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderAddressRow } from '../../db/schema/index.ts';
import type { ShipmentAddress, ShipmentParcel } from '../../integrations/carriers/carrier-types.ts';
import { createConfigsRepository } from '../settings/index.ts';

/**
 * What a label is bought for, built from the order and the tenant's settings: the ship-from (warehouse_info), the
 * ship-to (the order's shipping address), the parcel, and whether a carrier service can take that parcel at all.
 */

export const WAREHOUSE_MISSING =
  'Set your ship-from address (Settings > Warehouse) before buying labels: it is printed on every label';

/** The tenant's ship-from address, or null when it was never set. */
export async function shipFrom(tx: Executor, tenantId: string): Promise<ShipmentAddress | null> {
  const row = await createConfigsRepository(tx).find(tenantId, 'warehouse_info', tx);
  const w = row?.options as WarehouseInfo | null | undefined;
  if (!w?.address1 || !w.city || !w.postalCode || !w.country) return null;
  return {
    name: w.name,
    company: w.company || null,
    street1: w.address1,
    street2: w.address2 || null,
    city: w.city,
    state: w.state || null,
    postalCode: w.postalCode,
    country: w.country.toUpperCase(),
    phone: w.phone || null,
    email: w.email || null,
    residential: false,
  };
}

export function shipTo(address: OrderAddressRow): ShipmentAddress {
  return {
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    company: address.company,
    street1: address.address1,
    street2: address.address2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode ?? '',
    country: address.country.toUpperCase(),
    phone: address.phone,
    email: address.email,
    // A company name is the best sign of a business address the order carries; carriers price the rest as homes.
    residential: address.company ? false : null,
  };
}

export const scopeOf = (from: ShipmentAddress, to: ShipmentAddress): ServiceScope =>
  from.country === to.country ? 'domestic' : 'international';

/** The first package type of the carrier (its "your packaging"), used when none was chosen. */
export const defaultPackageType = (carrier: Carrier) => CARRIER_CATALOGUE[carrier].packageTypes[0]!.code;

/**
 * Why `carrier` cannot take the parcel with this package type, in the seller's words (the field it is about
 * first), or null when it can.
 */
export function parcelRefusal(
  carrier: Carrier,
  parcel: ShipmentParcel,
): { field: 'packageType' | 'weight' | 'length'; message: string } | null {
  const entry = CARRIER_CATALOGUE[carrier];
  const name = CARRIER_NAMES[carrier];
  const packageType = findPackageType(carrier, parcel.packageType);
  if (!packageType) {
    return { field: 'packageType', message: `${name} has no package type ${parcel.packageType}` };
  }
  const maxGrams = Math.min(entry.limits.maxWeightGrams, packageType.maxWeightGrams);
  if (parcel.weightGrams > maxGrams) {
    return {
      field: 'weight',
      // In grams as kept and shown (pounds beside them): 0.1 lb steps said "at most 70 lb; weighs 70 lb" 9 g over.
      message: `${name} ${packageType.name} takes at most ${weightText(maxGrams)}; this parcel weighs ${weightText(parcel.weightGrams)}`,
    };
  }
  const [length, width, height] = [parcel.lengthIn, parcel.widthIn, parcel.heightIn].sort((a, b) => b - a) as [
    number,
    number,
    number,
  ];
  if (length > entry.limits.maxLengthIn) {
    return { field: 'length', message: `${name} takes parcels up to ${entry.limits.maxLengthIn} in long` };
  }
  const girth = length + 2 * width + 2 * height;
  if (girth > entry.limits.maxLengthPlusGirthIn) {
    return {
      field: 'length',
      message: `${name} takes parcels up to ${entry.limits.maxLengthPlusGirthIn} in in length plus girth; this one measures ${Math.round(girth)} in`,
    };
  }
  return null;
}

/** The carrier's services that serve this destination scope. */
export function servicesFor(carrier: Carrier, scope: ServiceScope): CarrierService[] {
  return CARRIER_CATALOGUE[carrier].services.filter((s) => s.scope === scope);
}

/** A service the seller may buy for this shipment: known to the catalogue and of the shipment's scope. */
export function serviceRefusal(carrier: Carrier, serviceCode: string, scope: ServiceScope): string | null {
  const service = findCarrierService(carrier, serviceCode);
  if (!service) return `${CARRIER_NAMES[carrier]} has no service ${serviceCode}`;
  if (service.scope !== scope) {
    return `${service.name} is for ${service.scope} shipments; this one is ${scope}`;
  }
  return null;
}

/**
 * Why an order on hold gets no label, or null: held while its hold day (YYYY-MM-DD) is after `today`, the tenant's
 * day (on the hold day itself it may ship). The same words for one purchase and a batch's item (docs/labels.md).
 */
export function holdRefusal(order: { orderNumber: string; holdUntil: string | null }, today: string): string | null {
  if (!order.holdUntil || order.holdUntil <= today) return null;
  return `Order ${order.orderNumber} is on hold until ${order.holdUntil}: release the hold to buy its label`;
}

/** Today in the tenant's zone, as carriers take a mailing date (YYYY-MM-DD); in UTC when the zone is not known. */
export function shipDateIn(timeZone: string | undefined, now = new Date()): string {
  return localDay(now, timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC');
}
