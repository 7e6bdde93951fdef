import { describe, expect, it } from 'vitest';
import { MAX_MINOR_UNITS, balanceDue, computeTotals, currencyDigits, decimalToMinorUnits } from './money.ts';

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
