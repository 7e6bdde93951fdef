import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@shipdesk/contract';

/**
 * Money held in integer minor units (ARCHITECTURE.md: never floats) shown in the tenant's currency
 * and locale. The number of minor digits comes from Intl (USD 2, JPY 0, KWD 3). An unknown
 * currency code or locale does not throw: the amount is shown with two decimals and the code.
 */
export function formatMoney(
  minorUnits: number | bigint,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    return `${toMajor(minorUnits, 2).toFixed(2)} ${currency}`;
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(toMajor(minorUnits, digits));
}

function toMajor(minorUnits: number | bigint, digits: number): number {
  return Number(minorUnits) / 10 ** digits;
}
