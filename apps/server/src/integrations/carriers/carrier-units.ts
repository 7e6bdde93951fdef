import { GRAMS_PER_OUNCE, GRAMS_PER_POUND, currencyDigits, decimalTextToMinorUnits } from '@shipdesk/contract';
import { ChannelError } from '../http/channel-http.ts';

/**
 * The conversions every carrier adapter makes between the catalogue's units (grams, inches, minor units) and what a
 * carrier's API takes or answers (pounds or ounces, inches to a few decimals, decimal money). Weights and sizes are
 * rounded up, never down: a carrier that measures more than it was told adjusts the charge afterwards.
 */

/** `value` rounded up to `decimals` places; the epsilon keeps 1.0000000000000002 from becoming 1.01. */
function roundUp(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.ceil(value * scale - 1e-9) / scale;
}

/** Pounds, rounded up to `decimals` places (default 2): 454 g -> 1.01. */
export function gramsToPounds(grams: number, decimals = 2): number {
  return roundUp(grams / GRAMS_PER_POUND, decimals);
}

/** Ounces, rounded up to `decimals` places (default 1): 100 g -> 3.6. */
export function gramsToOunces(grams: number, decimals = 1): number {
  return roundUp(grams / GRAMS_PER_OUNCE, decimals);
}

/** A length in inches rounded up to `decimals` places (default 1): 8.63 -> 8.7. */
export function roundInches(inches: number, decimals = 1): number {
  return roundUp(inches, decimals);
}

/**
 * Minor units of `currency` from a carrier's decimal amount, a string ("12.30") or a JSON number (12.3). More
 * decimals than the currency has are rounded half up. Anything else is the carrier's answer gone wrong: a 'malformed'
 * ChannelError naming `platform`.
 */
export function amountToMinorUnits(
  amount: string | number | null | undefined,
  currency: string,
  platform: string,
): number {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  const value = typeof text === 'string' ? decimalTextToMinorUnits(text, currencyDigits(currency)) : null;
  if (value === null) {
    throw new ChannelError('malformed', `${platform} answered an amount that is not a number: ${String(amount)}`);
  }
  return value;
}
