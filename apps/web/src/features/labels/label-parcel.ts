import type { LabelRate, Parcel, ShipLabelDefaults, ShipLabelQuery, UnitSystem } from '@shipdesk/contract';
import { storedValue, unitNumber, unitResult, type Quantity, type UnitValue } from '@/lib/units/unit-value';

/**
 * The label form's parcel: the weight and sizes in the tenant's units (docs/units.md), each kept as the stored grams
 * or inches it started from and the text typed over it. A weight or size nobody edited goes back exactly as it came,
 * however its text was rounded; what was typed is read by the contract's parser. Errors name the field.
 */
export interface ParcelFields {
  boxSizeId: string;
  /** Grams, box included. */
  weight: UnitValue;
  length: UnitValue;
  width: UnitValue;
  height: UnitValue;
}

export type ParcelErrors = Partial<Record<keyof ParcelFields, string>>;

const SIZES = ['length', 'width', 'height'] as const;

export function parcelFieldsFrom(parcel: ShipLabelDefaults['parcel']): ParcelFields {
  return {
    boxSizeId: parcel.boxSizeId ?? '',
    weight: storedValue(parcel.weight > 0 ? parcel.weight : null),
    length: storedValue(parcel.length || null),
    width: storedValue(parcel.width || null),
    height: storedValue(parcel.height || null),
  };
}

/** A weight or size above 0 (the parser refuses negatives and more than a parcel may be), or why not. */
function positive(value: UnitValue, quantity: Quantity, name: string, system: UnitSystem) {
  const result = unitResult(value, quantity, system);
  if (!result.ok) return { error: result.reason };
  if (result.value <= 0) return { error: `The ${name} must be above 0` };
  return { value: result.value };
}

/** The parcel the server takes, or the errors by field. */
export function parcelFromFields(
  fields: ParcelFields,
  packageType: string | null,
  system: UnitSystem,
): { parcel: Parcel; errors: null } | { parcel: null; errors: ParcelErrors } {
  const weight = positive(fields.weight, 'weight', 'weight', system);
  const sizes = SIZES.map((name) => [name, positive(fields[name], 'length', name, system)] as const);
  const errors: ParcelErrors = {};
  if (weight.error) errors.weight = weight.error;
  for (const [name, size] of sizes) if (size.error) errors[name] = size.error;
  if (Object.keys(errors).length > 0) return { parcel: null, errors };
  const [length, width, height] = sizes.map(([, size]) => size.value!);
  return {
    parcel: {
      ...(fields.boxSizeId ? { boxSizeId: fields.boxSizeId } : {}),
      ...(packageType ? { packageType } : {}),
      weight: weight.value!,
      length: length!,
      width: width!,
      height: height!,
    },
    errors: null,
  };
}

/** The fsmFlow query that prices `fields` (the parts filled in; the server fills the rest from the delivery). */
export function rateQuery(deliveryId: string | null, fields: ParcelFields | null, system: UnitSystem): ShipLabelQuery {
  const query: ShipLabelQuery = {};
  if (deliveryId) query.deliveryId = deliveryId;
  if (!fields) return query;
  if (fields.boxSizeId) query.boxSizeId = fields.boxSizeId;
  const weight = unitNumber(fields.weight, 'weight', system);
  if (weight !== undefined && weight > 0) query.weight = weight;
  for (const key of SIZES) {
    const value = unitNumber(fields[key], 'length', system);
    if (value !== undefined && value > 0) query[key] = value;
  }
  return query;
}

/**
 * What a parcel is priced as (box and the numbers as the server reads them): two forms with the same key are the same
 * parcel for the carriers, so rates quoted for one are the price of the other ("2 lb" and "32 oz" are one weight).
 */
export function parcelKey(fields: ParcelFields, system: UnitSystem): string {
  return JSON.stringify(rateQuery(null, fields, system));
}

/** A rate's service with the account that quoted it: the choice among the rates. */
export const rateKey = (rate: Pick<LabelRate, 'carrier' | 'carrierAccountId' | 'serviceCode'>) =>
  `${rate.carrier}:${rate.carrierAccountId ?? ''}:${rate.serviceCode}`;

/** "1 day", "2–5 days", "Same day". */
export function deliveryDaysText(days: number | null): string {
  if (days === null) return 'Delivery time not given';
  if (days === 0) return 'Same day';
  return days === 1 ? '1 business day' : `${days} business days`;
}
