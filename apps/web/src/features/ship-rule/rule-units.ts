import { GRAMS_PER_UNIT, typedDecimal, type ParcelWeightUnit } from '@shipdesk/contract';

/**
 * Numbers as sellers type them and as rules hold them: weights in lb or oz (grams on the wire), lengths in inches,
 * counts (money is parsed by the contract's parseMoney). Parsing is of decimal text, so '0.29' is 0.29 and not 0.28999…
 * How a stored weight reads back (its unit, its digits) is the contract's, as the server's words say it.
 */

export type WeightUnit = ParcelWeightUnit;
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lb', 'oz'];

export type NumberParse = { ok: true; value: number } | { ok: false; message: string };

/** A non-negative decimal as typed ('1,250.5'); `decimals` caps the digits after the point. */
export function parseDecimal(input: string, decimals = 6): NumberParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter a number' };
  const decimal = typedDecimal(text);
  if (!decimal) return { ok: false, message: 'Enter a number such as 2.5' };
  if (decimal.fraction.length > decimals) {
    return { ok: false, message: decimals === 0 ? 'Enter a whole number' : `Use at most ${decimals} decimals` };
  }
  return { ok: true, value: Number(`${decimal.whole}.${decimal.fraction || '0'}`) };
}

/** Grams of a weight typed in `unit`, to the nearest gram. */
export function parseWeight(input: string, unit: WeightUnit): NumberParse {
  const parsed = parseDecimal(input, 3);
  if (!parsed.ok) return parsed;
  return { ok: true, value: Math.round(parsed.value * GRAMS_PER_UNIT[unit]) };
}

/** A number as the form shows it: at most `decimals` decimals, no trailing zeros, no grouping. */
export function plainNumber(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals)));
}

/** The currency's symbol as an input adornment ('$', '€'); the code when the runtime knows no symbol. */
export function currencySymbol(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
