import { GRAMS_PER_POUND } from '@shipdesk/contract';

/**
 * Numbers as sellers type them and as rules hold them: weights in lb or oz (grams on the wire), lengths in inches,
 * counts (money is parsed by lib's parseMoney). Parsing is of decimal text, so '0.29' is 0.29 and not 0.28999…
 */

export type WeightUnit = 'lb' | 'oz';
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lb', 'oz'];

const GRAMS_PER: Record<WeightUnit, number> = { lb: GRAMS_PER_POUND, oz: GRAMS_PER_POUND / 16 };

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

/** The currency's symbol as an input adornment ('$', '€'); the code when the runtime knows no symbol. */
export function currencySymbol(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
