import type { Parcel, ShipLabelDefaults, ShipLabelQuery } from '@shipdesk/contract';

/**
 * The label form's parcel: what the seller types (pounds and inches, as US carriers price) and what the server
 * takes (grams and inches). Empty fields stay empty until the seller fills them; errors name the field.
 */
export interface ParcelFields {
  boxSizeId: string;
  weightLb: string;
  length: string;
  width: string;
  height: string;
}

export type ParcelErrors = Partial<Record<keyof ParcelFields, string>>;

const GRAMS_PER_LB = 453.59237;
const MAX_LB = 2000;
const MAX_INCHES = 200;

export const gramsToPounds = (grams: number) => Math.round((grams / GRAMS_PER_LB) * 100) / 100;
export const poundsToGrams = (pounds: number) => Math.max(1, Math.round(pounds * GRAMS_PER_LB));

const text = (value: number | null | undefined) => (value ? String(value) : '');

export function parcelFieldsFrom(parcel: ShipLabelDefaults['parcel']): ParcelFields {
  return {
    boxSizeId: parcel.boxSizeId ?? '',
    weightLb: parcel.weight > 0 ? String(gramsToPounds(parcel.weight)) : '',
    length: text(parcel.length),
    width: text(parcel.width),
    height: text(parcel.height),
  };
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
  const weight = positive(fields.weightLb, MAX_LB, 'weight');
  const length = positive(fields.length, MAX_INCHES, 'length');
  const width = positive(fields.width, MAX_INCHES, 'width');
  const height = positive(fields.height, MAX_INCHES, 'height');
  const errors: ParcelErrors = {};
  if (weight.error) errors.weightLb = weight.error;
  if (length.error) errors.length = length.error;
  if (width.error) errors.width = width.error;
  if (height.error) errors.height = height.error;
  if (Object.keys(errors).length > 0) return { parcel: null, errors };
  return {
    parcel: {
      ...(fields.boxSizeId ? { boxSizeId: fields.boxSizeId } : {}),
      ...(packageType ? { packageType } : {}),
      weight: poundsToGrams(weight.value!),
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
  const weight = number(fields.weightLb);
  if (weight !== undefined) query.weight = poundsToGrams(weight);
  for (const key of ['length', 'width', 'height'] as const) {
    const value = number(fields[key]);
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/** "1 day", "2–5 days", "Same day". */
export function deliveryDaysText(days: number | null): string {
  if (days === null) return 'Delivery time not given';
  if (days === 0) return 'Same day';
  return days === 1 ? '1 business day' : `${days} business days`;
}
