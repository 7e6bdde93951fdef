import { describe, expect, it } from 'vitest';
import { formatMoney, toMajorUnits } from './money';

describe('toMajorUnits', () => {
  it('turns minor units into major units by the digits of the currency', () => {
    expect(toMajorUnits(1250, 'USD')).toBe(12.5);
    expect(toMajorUnits(1250, 'JPY')).toBe(1250);
    expect(toMajorUnits(1250, 'KWD')).toBe(1.25);
    expect(toMajorUnits(10n ** 12n, 'USD')).toBe(10_000_000_000);
  });
});

describe('formatMoney', () => {
  it('formats minor units with the currency defaults (USD, en)', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-1999, 'USD', 'en-US')).toBe('-$19.99');
  });

  it('uses the minor digits of the currency', () => {
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe('KWD\u00a01.234');
  });

  it('follows the locale', () => {
    // de-DE separates with '.' and ',' and puts the symbol last after a no-break space.
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });

  it('accepts bigint', () => {
    expect(formatMoney(10n ** 12n, 'USD', 'en-US')).toBe('$10,000,000,000.00');
  });

  it('does not throw on an unknown currency code', () => {
    expect(formatMoney(1050, 'not-a-code')).toBe('10.50 not-a-code');
    // The second time from the remembered refusal.
    expect(formatMoney(2050, 'not-a-code')).toBe('20.50 not-a-code');
  });

  it('keeps the formatters of different locales and currencies apart', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(123456, 'USD', 'de-DE')).toBe('1.234,56\u00a0$');
    expect(formatMoney(123456, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
  });
});
