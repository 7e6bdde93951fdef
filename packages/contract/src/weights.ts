/**
 * Weights are whole grams everywhere (order lines, deliveries, boxes, parcels, labels) and lengths are inches. People
 * see and type them in the tenant's units (`units.ts`: formatWeight, parseWeightInput; docs/units.md); the words
 * here are what is said where the tenant is not known: grams (`gramsText`, exact), a pounds hint beside them (rounded,
 * never turned back into grams: 85 g shown as 0.19 lb would come back as 86 g), and the rules' default words for
 * parcels, ounces under a pound and pounds above. docs/labels.md, "Units".
 */

/** Grams in a pound (exact, by definition). */
export const GRAMS_PER_POUND = 453.59237;
/** Grams in an ounce, a sixteenth of a pound: 28.349523125, exact in a double. */
export const GRAMS_PER_OUNCE = GRAMS_PER_POUND / 16;
const GRAMS_PER_KILOGRAM = 1000;

/** Grams in one of each unit stores, carriers and scales weigh in; every conversion of a weight reads this table. */
export const GRAMS_PER_UNIT = {
  g: 1,
  kg: GRAMS_PER_KILOGRAM,
  oz: GRAMS_PER_OUNCE,
  lb: GRAMS_PER_POUND,
} as const;
export type WeightUnit = keyof typeof GRAMS_PER_UNIT;

/** The units a seller types a rule's weight in and reads it back in. */
type ParcelWeightUnit = 'oz' | 'lb';

/**
 * `n` with at most `places` decimals and no trailing zeros (2.5, 2.25, 8), by integer arithmetic: the rules' words of
 * every order's "why" pass here, and toFixed or Intl cost several times more.
 */
function decimalText(n: number, places: number): string {
  const scale = 10 ** places;
  const units = Math.round(Math.abs(n) * scale);
  const sign = n < 0 && units > 0 ? '-' : '';
  const whole = Math.floor(units / scale);
  const rest = units - whole * scale;
  if (rest === 0) return `${sign}${whole}`;
  // scale + rest keeps the fraction's leading zeros: 100 + 5 -> "105" -> "05".
  return `${sign}${whole}.${String(scale + rest)
    .slice(1)
    .replace(/0+$/, '')}`;
}

/** 85 -> '85 g', 1005 -> '1.005 kg', 2500 -> '2.5 kg': whole grams as people read them, without losing a gram. */
export function gramsText(grams: number): string {
  if (Math.abs(grams) < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

const WEIGHT_TEXT = /^(\d+(?:\.\d+)?)\s*(g|kg)?(?:\s*\([^)]*\))?$/i;

/**
 * A weight as people type it back into whole grams, or null when it is not one: what `gramsText` and `weightText`
 * print ('85 g', '1.005 kg', '31.751 kg (70.00 lb)': the pounds hint is ignored, never converted), or a bare number
 * of grams. A value that is not a whole gram ('1.0005 kg', '2.5 g') is null rather than rounded.
 */
export function parseWeight(text: string): number | null {
  const match = WEIGHT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, number, unit] = match;
  const [whole, fraction = ''] = number!.split('.');
  const scale = unit?.toLowerCase() === 'kg' ? 3 : 0;
  if (fraction.replace(/0+$/, '').length > scale) return null;
  const grams = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return Number.isSafeInteger(grams) ? grams : null;
}

/** 907 -> '2.00 lb', 85 -> '0.19 lb': a hint to two decimals, never a weight to send. */
export function poundsText(grams: number): string {
  return `${(grams / GRAMS_PER_POUND).toFixed(2)} lb`;
}

/** 31751 -> '31.751 kg (70.00 lb)': the weight as stored, with its pounds beside it. */
export function weightText(grams: number): string {
  return `${gramsText(grams)} (${poundsText(grams)})`;
}

/** Decimals a parcel's weight is shown with in each unit (and typed with, in the rule editor). */
const PARCEL_DECIMALS: Record<ParcelWeightUnit, number> = { oz: 1, lb: 2 };

/**
 * The unit a parcel's weight reads best in: ounces while they show under 16 (453 g is 15.98 oz, which would read
 * '16 oz': it reads '1 lb'), pounds from there.
 */
function parcelWeightUnit(grams: number): ParcelWeightUnit {
  return Math.round((grams / GRAMS_PER_OUNCE) * 10) < 160 ? 'oz' : 'lb';
}

/** Grams as a number in `unit`, as shown: 227 -> '8' (oz), 1021 -> '2.25' (lb). */
export function parcelWeightNumber(grams: number, unit: ParcelWeightUnit): string {
  return decimalText(grams / GRAMS_PER_UNIT[unit], PARCEL_DECIMALS[unit]);
}

/** 227 -> '8 oz', 907 -> '2 lb', 1021 -> '2.25 lb': a parcel's weight in a rule's words. */
export function parcelWeightText(grams: number): string {
  const unit = parcelWeightUnit(grams);
  return `${parcelWeightNumber(grams, unit)} ${unit}`;
}

/** 22.5 -> '22.5 in', 12 -> '12 in': a length, to two decimals at most. */
export function inchesText(inches: number): string {
  return `${decimalText(inches, 2)} in`;
}
