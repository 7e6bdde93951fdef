import { DEFAULT_CURRENCY, DEFAULT_LOCALE, currencyDigits } from '@shipdesk/contract';

/** Minor units of `currency` as major units (USD 1250 -> 12.5, JPY 1250 -> 1250), for display and chart scales. */
export function toMajorUnits(minorUnits: number | bigint, currency: string): number {
  return Number(minorUnits) / 10 ** currencyDigits(currency);
}

/**
 * Money held in integer minor units (ARCHITECTURE.md: never floats) shown in the tenant's currency
 * and locale. An unknown currency code or locale does not throw: the amount is shown with two
 * decimals and the code.
 */
export function formatMoney(
  minorUnits: number | bigint,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  const formatter = currencyFormatter(locale, currency);
  if (!formatter) return `${(Number(minorUnits) / 100).toFixed(2)} ${currency}`;
  return formatter.format(toMajorUnits(minorUnits, currency));
}

// Building a formatter costs far more than using one, and a list shows a few amounts per row: one per locale and
// currency (null when either is unknown).
const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}
