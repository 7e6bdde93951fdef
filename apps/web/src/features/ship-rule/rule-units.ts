import { MAX_MINOR_UNITS, currencyDigits, decimalToMinorUnits } from '@shipdesk/contract';

/**
 * Numbers as sellers type them and as rules hold them: weights in lb or oz (grams on the wire), money in the
 * currency's major units (minor units on the wire), lengths in inches, counts. Parsing is of decimal text, so
 * '0.29' is 29 cents and not 28.999…
 */

export type WeightUnit = 'lb' | 'oz';
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lb', 'oz'];

const GRAMS_PER: Record<WeightUnit, number> = { lb: 453.59237, oz: 28.349523125 };

export type NumberParse = { ok: true; value: number } | { ok: false; message: string };

const DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/** A non-negative decimal as typed ('1,250.5'); `decimals` caps the digits after the point. */
export function parseDecimal(input: string, decimals = 6): NumberParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter a number' };
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === undefined && !match[2])) return { ok: false, message: 'Enter a number such as 2.5' };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, message: decimals === 0 ? 'Enter a whole number' : `Use at most ${decimals} decimals` };
  }
  return { ok: true, value: Number(`${(match[1] ?? '0').replace(/,/g, '')}.${fraction || '0'}`) };
}

/** Grams of a weight typed in `unit`, to the nearest gram. */
export function parseWeight(input: string, unit: WeightUnit): NumberParse {
  const parsed = parseDecimal(input, 3);
  if (!parsed.ok) return parsed;
  return { ok: true, value: Math.round(parsed.value * GRAMS_PER[unit]) };
}

/** Minor units of an amount typed in the currency's major units ('12.50' -> 1250 for USD). */
export function parseMoney(input: string, currency: string): NumberParse {
  const text = input.trim();
  const digits = currencyDigits(currency);
  const match = DECIMAL.exec(text);
  if (text === '') return { ok: false, message: 'Enter an amount' };
  if (!match || (match[1] === undefined && !match[2])) return { ok: false, message: 'Enter an amount such as 12.50' };
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return { ok: false, message: digits === 0 ? `${currency} has no decimals` : `Use at most ${digits} decimals` };
  }
  const minor = decimalToMinorUnits((match[1] ?? '0').replace(/,/g, ''), fraction, digits);
  if (minor > MAX_MINOR_UNITS) return { ok: false, message: 'This amount is too large' };
  return { ok: true, value: minor };
}

/** A number as the form shows it: at most `decimals` decimals, no trailing zeros, no grouping. */
export function plainNumber(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals)));
}

/** The unit a stored weight reads best in: ounces below a pound. */
export function weightUnitFor(grams: number): WeightUnit {
  return grams < Math.round(GRAMS_PER.lb) ? 'oz' : 'lb';
}

/** Grams as the form's text in `unit` (907 -> '2' lb). */
export function gramsToText(grams: number, unit: WeightUnit): string {
  return plainNumber(grams / GRAMS_PER[unit], unit === 'lb' ? 2 : 1);
}

/** Grams in plain words: '8 oz', '2 lb', '2.5 lb'. */
export function weightWords(grams: number): string {
  const unit = weightUnitFor(grams);
  return `${gramsToText(grams, unit)} ${unit}`;
}

/** Minor units as the form's text ('12.50'), without grouping or symbol. */
export function minorToText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
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
