/**
 * Money is held in integer minor units of the order's currency (cents for USD, yen for JPY, fils for KWD), never in
 * floats. These rules are shared by the server, which stores and checks amounts, and the web app, which parses what
 * people type and shows running totals: both must agree on every figure.
 */

/**
 * The largest amount, in minor units, any money field of the API and any figure of an order may hold (ten billion
 * dollars in cents). Holding an order's totals to it too (computeTotals) keeps them exact JSON numbers, and lets one
 * payment (processPayment's amount has the same limit) settle the whole balance.
 */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

/** A currency the runtime's Intl does not know is given the common two digits rather than refused. */
const FALLBACK_DIGITS = 2;

// Building an Intl.NumberFormat costs far more than the arithmetic it answers for, and lists repeat currencies.
const digitsCache = new Map<string, number>();

/** Minor digits of an ISO 4217 currency (USD 2, JPY 0, KWD 3); 2 for a code the runtime does not know. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
        FALLBACK_DIGITS;
    } catch {
      digits = FALLBACK_DIGITS;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * Minor units of a decimal written as its whole and fraction digits ('12', '305' with 2 digits -> 1231). The
 * arithmetic is on bigints, because '0.29' through a float is 28.999999999999996 cents. A fraction longer than the
 * currency's digits is rounded half up on its first dropped digit; callers that must refuse such input check first.
 */
export function decimalToMinorUnits(whole: string, fraction: string, digits: number): number {
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = Number(fraction[digits] ?? '0') >= 5 ? 1n : 0n;
  return Number(BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(kept || '0') + roundUp);
}

/**
 * A decimal as a person types it: digits with an optional ',' grouping of thousands and an optional '.' part; no
 * sign, no exponent. Its whole digits (grouping dropped) and its fraction digits, or null when the text is not one.
 */
export function typedDecimal(input: string): { whole: string; fraction: string } | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(input.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  return { whole: (match[1] ?? '0').replace(/,/g, ''), fraction: match[2] ?? '' };
}

type MoneyParse = { ok: true; minor: number } | { ok: false; message: string };

/**
 * Money typed by people in the currency's major units ('1,234.5') as the minor units the API takes (123450 for USD):
 * exact (decimal text, never a float), no more decimals than the currency has, at most MAX_MINOR_UNITS, never
 * negative. The way back to the text is `minorToDecimal`.
 */
export function parseMoney(input: string, currency: string): MoneyParse {
  if (input.trim() === '') return { ok: false, message: 'Enter an amount' };
  const decimal = typedDecimal(input);
  if (!decimal) return { ok: false, message: 'Enter an amount such as 12.50' };
  const digits = currencyDigits(currency);
  if (decimal.fraction.length > digits) {
    return { ok: false, message: digits === 0 ? `${currency} has no decimals` : `Use at most ${digits} decimals` };
  }
  const minor = decimalToMinorUnits(decimal.whole, decimal.fraction, digits);
  if (minor > MAX_MINOR_UNITS) return { ok: false, message: 'This amount is too large' };
  return { ok: true, minor };
}

/**
 * Minor units of a decimal as machines write it ('12.30', '-4.5', ' 7 '): an optional sign, digits and a '.' part,
 * no grouping. More decimals than `digits` are rounded half up (platforms send four); null when it is no decimal.
 */
export function decimalTextToMinorUnits(text: string, digits: number): number | null {
  const match = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const value = decimalToMinorUnits(match[2] ?? '', match[3] ?? '', digits);
  return match[1] && value !== 0 ? -value : value;
}

/** 1250 -> '12.50' (USD): an amount in minor units as a decimal, without grouping or symbol (exact, no floats). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

interface TotalsInput {
  lines: ReadonlyArray<{ quantity: number; unitPrice: number }>;
  shippingTotal?: number | undefined;
  taxTotal?: number | undefined;
  discountTotal?: number | undefined;
}

interface Totals {
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
}

/** The request fields a refusal of the totals is reported under. */
export type TotalsField = 'lines' | 'discountTotal';

type TotalsResult =
  { ok: true; totals: Totals } | { ok: false; totals: Totals; errors: Partial<Record<TotalsField, string>> };

/** Sum of quantity x unit price. */
export function linesSubtotal(lines: TotalsInput['lines']): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
}

/**
 * subtotal = sum of quantity x unit price; total = subtotal + shipping + tax - discount. Refused, naming the field:
 * lines, shipping and tax adding up to more than MAX_MINOR_UNITS (so no stored figure exceeds it), and a discount
 * larger than what it discounts. A refusal still carries the figures, for a form that shows them as they are typed.
 */
export function computeTotals(input: TotalsInput): TotalsResult {
  const subtotal = linesSubtotal(input.lines);
  const shippingTotal = input.shippingTotal ?? 0;
  const taxTotal = input.taxTotal ?? 0;
  const discountTotal = input.discountTotal ?? 0;
  const gross = subtotal + shippingTotal + taxTotal;
  const totals = { subtotal, shippingTotal, taxTotal, discountTotal, total: gross - discountTotal };
  if (gross > MAX_MINOR_UNITS) {
    return {
      ok: false,
      totals,
      errors: { lines: `lines, shipping and tax add up to more than ${MAX_MINOR_UNITS} minor units` },
    };
  }
  if (discountTotal > gross) {
    return {
      ok: false,
      totals,
      errors: { discountTotal: 'discountTotal must not exceed the subtotal, shipping and tax' },
    };
  }
  return { ok: true, totals };
}

/** What is still to be paid: never below zero. */
export function balanceDue(total: number, paidTotal: number): number {
  return Math.max(0, total - paidTotal);
}
