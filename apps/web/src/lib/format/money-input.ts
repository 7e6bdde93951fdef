import { parseMoney } from '@shipdesk/contract';

/**
 * Money fields of the web's forms. Typed amounts are parsed by the contract's `parseMoney` (exact, in the currency's
 * decimals); the way back to the form's text is the contract's `minorToDecimal`.
 */

/** The minor units of an optional money field: 0 when empty, null when it does not parse. */
export function optionalMoney(input: string | undefined, currency: string): number | null {
  if (!input || input.trim() === '') return 0;
  const parsed = parseMoney(input, currency);
  return parsed.ok ? parsed.minor : null;
}
