import { MAX_MINOR_UNITS, currencyDigits, decimalToMinorUnits } from '@shipdesk/contract';

/**
 * Money typed by people, in the currency's major units ('12.50'), to the integer minor units the API takes (1250).
 * Parsed as a decimal string, never through floating point: '0.29' is 29, not 28.999999999999996. The way back to the
 * form's text is the contract's `minorToDecimal`, which the server's messages use too.
 */

export type MoneyParse = { ok: true; minor: number } | { ok: false; message: string };

/**
 * '1,234.5' -> 123450 for USD. Accepts digits with an optional '.' decimal part and optional ',' thousands
 * grouping; at most as many decimals as the currency has; no sign (amounts here are never negative).
 */
export function parseMoney(input: string, currency: string): MoneyParse {
  const text = input.trim();
  const digits = currencyDigits(currency);
  if (text === '') return { ok: false, message: 'Enter an amount' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === undefined && !match[2])) {
    return { ok: false, message: 'Enter an amount such as 12.50' };
  }
  const whole = (match[1] ?? '0').replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? `${currency} has no decimals` : `Use at most ${digits} decimals`,
    };
  }
  const minor = decimalToMinorUnits(whole, fraction, digits);
  if (minor > MAX_MINOR_UNITS) return { ok: false, message: 'This amount is too large' };
  return { ok: true, minor };
}

/** The minor units of an optional money field: 0 when empty, null when it does not parse. */
export function optionalMoney(input: string | undefined, currency: string): number | null {
  if (!input || input.trim() === '') return 0;
  const parsed = parseMoney(input, currency);
  return parsed.ok ? parsed.minor : null;
}
