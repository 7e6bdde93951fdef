import {
  gramsText,
  MAX_PARCEL_GRAMS,
  MAX_PARCEL_INCHES,
  poundsText,
  type LabelRate,
  type Parcel,
  type ShipLabelDefaults,
  type ShipLabelQuery,
} from '@shipdesk/contract';

/**
 * The label form's parcel: the weight in grams and the sizes in inches, as the server keeps them and as the order
 * view and the box sizes show them (docs/labels.md, "Units"). Nothing is converted on the way, so a weight nobody
 * edited goes back exactly as it came. Empty fields stay empty until the seller fills them; errors name the field.
 */
export interface ParcelFields {
  boxSizeId: string;
  /** Whole grams, box included. */
  weight: string;
  length: string;
  width: string;
  height: string;
}

export type ParcelErrors = Partial<Record<keyof ParcelFields, string>>;

const text = (value: number | null | undefined) => (value ? String(value) : '');

export function parcelFieldsFrom(parcel: ShipLabelDefaults['parcel']): ParcelFields {
  return {
    boxSizeId: parcel.boxSizeId ?? '',
    weight: text(parcel.weight > 0 ? parcel.weight : null),
    length: text(parcel.length),
    width: text(parcel.width),
    height: text(parcel.height),
  };
}

/** "≈ 2.00 lb", "12.5 kg ≈ 27.56 lb": what the typed grams come to, for the field's hint; nothing while not a weight. */
export function weightHint(value: string): string | null {
  const grams = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(grams) || grams <= 0) return null;
  return grams >= 1000 ? `${gramsText(grams)} ≈ ${poundsText(grams)}` : `≈ ${poundsText(grams)}`;
}

/** Whole grams, 1 to MAX_PARCEL_GRAMS (the server's limits). */
function grams(value: string): { value?: number; error?: string } {
  if (value.trim() === '') return { error: 'Enter the weight' };
  const number = Number(value.trim());
  if (!Number.isFinite(number) || number <= 0) return { error: 'The weight must be a number above 0' };
  if (!Number.isInteger(number)) return { error: 'Enter the weight in whole grams' };
  if (number > MAX_PARCEL_GRAMS) return { error: `The weight must be at most ${MAX_PARCEL_GRAMS} g` };
  return { value: number };
}

function positive(value: string, max: number, name: string): { value?: number; error?: string } {
  if (value.trim() === '') return { error: `Enter the ${name}` };
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) return { error: `The ${name} must be a number above 0` };
  if (number > max) return { error: `The ${name} must be at most ${max}` };
  return { value: number };
}

/** The parcel the server takes, or the errors by field. */
export function parcelFromFields(
  fields: ParcelFields,
  packageType: string | null,
): { parcel: Parcel; errors: null } | { parcel: null; errors: ParcelErrors } {
  const weight = grams(fields.weight);
  const length = positive(fields.length, MAX_PARCEL_INCHES, 'length');
  const width = positive(fields.width, MAX_PARCEL_INCHES, 'width');
  const height = positive(fields.height, MAX_PARCEL_INCHES, 'height');
  const errors: ParcelErrors = {};
  if (weight.error) errors.weight = weight.error;
  if (length.error) errors.length = length.error;
  if (width.error) errors.width = width.error;
  if (height.error) errors.height = height.error;
  if (Object.keys(errors).length > 0) return { parcel: null, errors };
  return {
    parcel: {
      ...(fields.boxSizeId ? { boxSizeId: fields.boxSizeId } : {}),
      ...(packageType ? { packageType } : {}),
      weight: weight.value!,
      length: length.value!,
      width: width.value!,
      height: height.value!,
    },
    errors: null,
  };
}

/** The fsmFlow query that prices `fields` (the parts filled in; the server fills the rest from the delivery). */
export function rateQuery(deliveryId: string | null, fields: ParcelFields | null): ShipLabelQuery {
  const query: ShipLabelQuery = {};
  if (deliveryId) query.deliveryId = deliveryId;
  if (!fields) return query;
  if (fields.boxSizeId) query.boxSizeId = fields.boxSizeId;
  const number = (value: string) => (value.trim() && Number(value) > 0 ? Number(value) : undefined);
  const weight = grams(fields.weight).value;
  if (weight !== undefined) query.weight = weight;
  for (const key of ['length', 'width', 'height'] as const) {
    const value = number(fields[key]);
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/**
 * What a parcel is priced as (box and the numbers as the server reads them): two forms with the same key are the same
 * parcel for the carriers, so rates quoted for one are the price of the other ("85" and "085" are one weight).
 */
export function parcelKey(fields: ParcelFields): string {
  return JSON.stringify(rateQuery(null, fields));
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
