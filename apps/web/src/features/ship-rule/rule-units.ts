import { typedDecimal } from '@shipdesk/contract';

/**
 * Numbers as sellers type them and as rules hold them: counts and decimals (money is parsed by the contract's
 * parseMoney; weights and sizes by its parseWeightInput and parseLengthInput, in the tenant's units, through
 * `@/lib/units`). Parsing is of decimal text, so '0.29' is 0.29 and not 0.28999…
 */

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
