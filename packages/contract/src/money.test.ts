import { describe, expect, it } from 'vitest';
import {
  MAX_MINOR_UNITS,
  balanceDue,
  computeTotals,
  currencyDigits,
  decimalTextToMinorUnits,
  decimalToMinorUnits,
  minorToDecimal,
  parseMoney,
  typedDecimal,
} from './money.ts';

describe('currencyDigits', () => {
  it('knows the digits of the currency and falls back to 2', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('nope')).toBe(2);
  });
});

describe('decimalToMinorUnits', () => {
  it('converts exactly, without float rounding', () => {
    expect(decimalToMinorUnits('0', '29', 2)).toBe(29);
    expect(decimalToMinorUnits('4', '35', 2)).toBe(435);
    expect(decimalToMinorUnits('', '5', 2)).toBe(50);
    expect(decimalToMinorUnits('7', '', 2)).toBe(700);
    expect(decimalToMinorUnits('1500', '', 0)).toBe(1500);
    expect(decimalToMinorUnits('1', '234', 3)).toBe(1234);
    expect(decimalToMinorUnits('10000000000', '', 2)).toBe(MAX_MINOR_UNITS);
  });

  it('rounds a longer fraction half up on its first dropped digit', () => {
    expect(decimalToMinorUnits('12', '345', 2)).toBe(1235);
    expect(decimalToMinorUnits('12', '3449', 2)).toBe(1234);
    expect(decimalToMinorUnits('0', '5', 0)).toBe(1);
  });
});

describe('computeTotals', () => {
  it('adds lines, shipping and tax, takes the discount off', () => {
    expect(
      computeTotals({
        lines: [
          { quantity: 2, unitPrice: 1250 },
          { quantity: 1, unitPrice: 899 },
        ],
        shippingTotal: 500,
        taxTotal: 120,
        discountTotal: 19,
      }),
    ).toEqual({
      ok: true,
      totals: { subtotal: 3399, shippingTotal: 500, taxTotal: 120, discountTotal: 19, total: 4000 },
    });
  });

  it('refuses a discount above the gross, naming discountTotal, and still gives the figures', () => {
    expect(computeTotals({ lines: [{ quantity: 1, unitPrice: 100 }], discountTotal: 101 })).toEqual({
      ok: false,
      totals: { subtotal: 100, shippingTotal: 0, taxTotal: 0, discountTotal: 101, total: -1 },
      errors: { discountTotal: expect.any(String) },
    });
  });

  it('refuses sums above MAX_MINOR_UNITS, naming lines; the limit itself is accepted', () => {
    expect(computeTotals({ lines: [{ quantity: 100_000, unitPrice: 1e12 }] })).toMatchObject({
      ok: false,
      errors: { lines: expect.any(String) },
    });
    expect(
      computeTotals({ lines: [{ quantity: 1, unitPrice: MAX_MINOR_UNITS - 1 }], shippingTotal: 1, discountTotal: 5 }),
    ).toMatchObject({ ok: true, totals: { total: MAX_MINOR_UNITS - 5 } });
    expect(
      computeTotals({ lines: [{ quantity: 1, unitPrice: MAX_MINOR_UNITS }], taxTotal: 1, discountTotal: 1 }),
    ).toMatchObject({ ok: false, errors: { lines: expect.any(String) } });
  });
});

describe('balanceDue', () => {
  it('is what is left to pay, never below zero', () => {
    expect(balanceDue(1000, 400)).toBe(600);
    expect(balanceDue(1000, 1000)).toBe(0);
    expect(balanceDue(1000, 1200)).toBe(0);
  });
});

const minor = (text: string, currency = 'USD') => {
  const parsed = parseMoney(text, currency);
  return parsed.ok ? parsed.minor : parsed.message;
};

describe('parseMoney', () => {
  it('converts decimal text exactly, without float rounding', () => {
    expect(minor('0.29')).toBe(29);
    expect(minor('1.10')).toBe(110);
    expect(minor('19.99')).toBe(1999);
    expect(minor('4.35')).toBe(435);
    expect(minor('1234567.89')).toBe(123456789);
    expect(minor('0.1')).toBe(10);
    expect(minor('.5')).toBe(50);
    expect(minor('7.')).toBe(700);
    expect(minor('  12 ')).toBe(1200);
  });

  it('accepts thousands grouping with commas', () => {
    expect(minor('1,234.56')).toBe(123456);
    expect(minor('12,345,678')).toBe(1234567800);
    expect(minor('1,23')).toBe('Enter an amount such as 12.50');
  });

  it('follows the minor digits of the currency', () => {
    expect(minor('1500', 'JPY')).toBe(1500);
    expect(minor('15.5', 'JPY')).toBe('JPY has no decimals');
    expect(minor('1.234', 'KWD')).toBe(1234);
    expect(minor('1.234')).toBe('Use at most 2 decimals');
  });

  it('refuses what is not an amount', () => {
    expect(minor('')).toBe('Enter an amount');
    expect(minor('.')).toBe('Enter an amount such as 12.50');
    expect(minor('-5')).toBe('Enter an amount such as 12.50');
    expect(minor('1e3')).toBe('Enter an amount such as 12.50');
    expect(minor('12,50')).toBe('Enter an amount such as 12.50');
    expect(minor('$12')).toBe('Enter an amount such as 12.50');
    expect(minor('10000000000.01')).toBe('This amount is too large');
    expect(minor('10000000000')).toBe(1_000_000_000_000);
  });
});

describe('minorToDecimal', () => {
  it('writes minor units back as the form text', () => {
    expect(minorToDecimal(1250, 'USD')).toBe('12.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
    expect(minorToDecimal(-1999, 'USD')).toBe('-19.99');
  });

  it('round-trips', () => {
    for (const value of [0, 1, 29, 99, 100, 123456789, 1_000_000_000_000]) {
      expect(minor(minorToDecimal(value, 'USD'))).toBe(value);
    }
  });
});

describe('typedDecimal', () => {
  it('splits what a person typed into whole and fraction digits, grouping dropped', () => {
    expect(typedDecimal(' 1,250.5 ')).toEqual({ whole: '1250', fraction: '5' });
    expect(typedDecimal('.5')).toEqual({ whole: '0', fraction: '5' });
    expect(typedDecimal('7.')).toEqual({ whole: '7', fraction: '' });
    expect(typedDecimal('.')).toBeNull();
    expect(typedDecimal('-1')).toBeNull();
    expect(typedDecimal('1,23')).toBeNull();
  });
});

describe('decimalTextToMinorUnits', () => {
  it("reads machines' signed decimals exactly, rounding extra decimals half up", () => {
    expect(decimalTextToMinorUnits('12.30', 2)).toBe(1230);
    expect(decimalTextToMinorUnits(' 0.29 ', 2)).toBe(29);
    expect(decimalTextToMinorUnits('-2.5', 2)).toBe(-250);
    expect(decimalTextToMinorUnits('1.0050', 2)).toBe(101);
    expect(decimalTextToMinorUnits('1500', 0)).toBe(1500);
    expect(decimalTextToMinorUnits('.5', 2)).toBe(50);
    expect(Object.is(decimalTextToMinorUnits('-0.00', 2), 0)).toBe(true);
  });

  it('answers null for what is no decimal: empty, a lone sign or point, grouping, exponents', () => {
    for (const text of ['', '-', '.', '1,000.00', '1e3', '12.3.4', 'abc']) {
      expect(decimalTextToMinorUnits(text, 2)).toBeNull();
    }
  });
});
