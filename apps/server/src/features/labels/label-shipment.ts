import {
  CARRIER_CATALOGUE,
  CARRIER_NAMES,
  findCarrierService,
  findPackageType,
  formatLength,
  formatWeight,
  isKnownTimeZone,
  localDay,
  weightText,
  type Carrier,
  type CarrierService,
  type ServiceScope,
  type UnitSystem,
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

/**
 * The order's ship-to as carriers take it. `residential`: what a carrier's address service said of it
 * (docs/address-checks.md, `checkedShipTo`), which outranks the guess below; absent or null, the guess.
 */
export function shipTo(address: OrderAddressRow, residential?: boolean | null): ShipmentAddress {
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
    residential: residential ?? (address.company ? false : null),
  };
}

export const scopeOf = (from: ShipmentAddress, to: ShipmentAddress): ServiceScope =>
  from.country === to.country ? 'domestic' : 'international';

/** The first package type of the carrier (its "your packaging"), used when none was chosen. */
export const defaultPackageType = (carrier: Carrier) => CARRIER_CATALOGUE[carrier].packageTypes[0]!.code;

/**
 * Why `carrier` cannot take the parcel with this package type, in the seller's words (the field it is about
 * first) and units (`units`: the tenant's; absent, grams with pounds beside them and inches), or null when it can.
 */
export function parcelRefusal(
  carrier: Carrier,
  parcel: ShipmentParcel,
  units?: UnitSystem,
): { field: 'packageType' | 'weight' | 'length'; message: string } | null {
  const entry = CARRIER_CATALOGUE[carrier];
  const name = CARRIER_NAMES[carrier];
  const packageType = findPackageType(carrier, parcel.packageType);
  if (!packageType) {
    return { field: 'packageType', message: `${name} has no package type ${parcel.packageType}` };
  }
  const maxGrams = Math.min(entry.limits.maxWeightGrams, packageType.maxWeightGrams);
  // Pounds and ounces to a tenth (2.8 g) tell 9 g over 70 lb apart ("70 lb 0.3 oz"), as grams do; 0.1 lb steps did not.
  const weight = (grams: number) => (units ? formatWeight(grams, units) : weightText(grams));
  const length = (inches: number) => (units ? formatLength(inches, units) : `${inches} in`);
  if (parcel.weightGrams > maxGrams) {
    return {
      field: 'weight',
      message: `${name} ${packageType.name} takes at most ${weight(maxGrams)}; this parcel weighs ${weight(parcel.weightGrams)}`,
    };
  }
  const [longest, width, height] = [parcel.lengthIn, parcel.widthIn, parcel.heightIn].sort((a, b) => b - a) as [
    number,
    number,
    number,
  ];
  if (longest > entry.limits.maxLengthIn) {
    return { field: 'length', message: `${name} takes parcels up to ${length(entry.limits.maxLengthIn)} long` };
  }
  const girth = longest + 2 * width + 2 * height;
  if (girth > entry.limits.maxLengthPlusGirthIn) {
    const measured = units ? formatLength(girth, units) : `${Math.round(girth)} in`;
    return {
      field: 'length',
      message: `${name} takes parcels up to ${length(entry.limits.maxLengthPlusGirthIn)} in length plus girth; this one measures ${measured}`,
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
