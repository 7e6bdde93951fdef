import { describe, expect, it } from 'vitest';
import { amountToMinorUnits, gramsToOunces, gramsToPounds, roundInches } from './carrier-units.ts';

describe('carrier units', () => {
  it('rounds weights up, never down', () => {
    expect(gramsToPounds(453.59237)).toBe(1);
    expect(gramsToPounds(454)).toBe(1.01);
    expect(gramsToPounds(1)).toBe(0.01);
    expect(gramsToPounds(2268, 1)).toBe(5.1);
    expect(gramsToOunces(100)).toBe(3.6);
    expect(gramsToOunces(28.349523125)).toBe(1);
  });

  it('rounds lengths up to a tenth of an inch', () => {
    expect(roundInches(8.63)).toBe(8.7);
    expect(roundInches(12)).toBe(12);
    expect(roundInches(5.375, 2)).toBe(5.38);
  });

  it('reads decimal amounts as strings or JSON numbers into minor units', () => {
    expect(amountToMinorUnits('12.30', 'USD', 'UPS')).toBe(1230);
    expect(amountToMinorUnits(7.64, 'USD', 'USPS')).toBe(764);
    expect(amountToMinorUnits(0.29, 'USD', 'USPS')).toBe(29);
    expect(amountToMinorUnits('1.005', 'USD', 'UPS')).toBe(101);
    expect(amountToMinorUnits('1500', 'JPY', 'UPS')).toBe(1500);
    expect(amountToMinorUnits('-2.5', 'USD', 'UPS')).toBe(-250);
  });

  it("refuses what is not an amount as the carrier's malformed answer", () => {
    for (const amount of [null, undefined, '', 'abc', '.', '1e3', Number.NaN]) {
      expect(() => amountToMinorUnits(amount, 'USD', 'UPS')).toThrow(
        expect.objectContaining({ kind: 'malformed', message: expect.stringContaining('UPS answered an amount') }),
      );
    }
  });
});
