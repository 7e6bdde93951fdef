import { describe, expect, it } from 'vitest';
import {
  GRAMS_PER_OUNCE,
  GRAMS_PER_UNIT,
  gramsText,
  inchesText,
  parcelWeightNumber,
  parcelWeightText,
  poundsText,
  parseWeight,
  weightText,
} from './weights.ts';

describe('weights as people read them', () => {
  it('shows grams under a kilogram and kilograms above, without losing a gram', () => {
    expect(gramsText(85)).toBe('85 g');
    expect(gramsText(999)).toBe('999 g');
    expect(gramsText(1000)).toBe('1 kg');
    expect(gramsText(1005)).toBe('1.005 kg');
    expect(gramsText(2500)).toBe('2.5 kg');
    expect(gramsText(31751)).toBe('31.751 kg');
  });

  it('gives pounds as a two-decimal hint beside the stored weight', () => {
    expect(poundsText(85)).toBe('0.19 lb');
    expect(poundsText(907)).toBe('2.00 lb');
    expect(weightText(31751)).toBe('31.751 kg (70.00 lb)');
  });
});

describe('units', () => {
  it('holds one set of exact factors: an ounce is a sixteenth of the pound, both by definition', () => {
    expect(GRAMS_PER_UNIT).toEqual({ g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 });
    expect(GRAMS_PER_OUNCE * 16).toBe(GRAMS_PER_UNIT.lb);
  });
});

describe("a parcel's weight in a rule's words", () => {
  it('reads ounces under a pound and pounds from there, where the ounces would show 16', () => {
    expect(parcelWeightText(227)).toBe('8 oz');
    expect(parcelWeightText(450)).toBe('15.9 oz');
    expect(parcelWeightText(452)).toBe('15.9 oz');
    expect(parcelWeightText(453)).toBe('1 lb');
    expect(parcelWeightText(907)).toBe('2 lb');
    expect(parcelWeightText(2268)).toBe('5 lb');
  });

  it('keeps two decimals of pounds and one of ounces, as the editor takes them, without trailing zeros', () => {
    expect(parcelWeightText(1021)).toBe('2.25 lb');
    expect(parcelWeightText(1134)).toBe('2.5 lb');
    expect(parcelWeightNumber(100, 'oz')).toBe('3.5');
    expect(parcelWeightNumber(1, 'oz')).toBe('0');
    expect(parcelWeightNumber(5, 'lb')).toBe('0.01');
    expect(parcelWeightNumber(0, 'lb')).toBe('0');
  });

  it('says lengths in inches to two decimals at most', () => {
    expect(inchesText(22.5)).toBe('22.5 in');
    expect(inchesText(12)).toBe('12 in');
    expect(inchesText(8.625)).toBe('8.63 in');
    expect(inchesText(0.05)).toBe('0.05 in');
  });
});

describe('a weight typed back', () => {
  it('reads what the formatters print back into the same grams', () => {
    for (const grams of [1, 85, 340, 999, 1000, 1005, 2500, 31751, 1_000_000]) {
      expect(parseWeight(gramsText(grams))).toBe(grams);
      expect(parseWeight(weightText(grams))).toBe(grams);
    }
  });

  it('takes bare grams and either unit in any case, and refuses what is not whole grams', () => {
    expect(parseWeight(' 340 ')).toBe(340);
    expect(parseWeight('0.34KG')).toBe(340);
    expect(parseWeight('1.0005 kg')).toBeNull();
    expect(parseWeight('2.5 g')).toBeNull();
    expect(parseWeight('-3 g')).toBeNull();
    expect(parseWeight('2 lb')).toBeNull();
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
  });
});
