import { describe, expect, it } from 'vitest';
import { parseScaleReport, scaleReadingProblem } from './scale-report';

describe('parseScaleReport', () => {
  it('reads a stable weight in ounces with one decimal, as QZ Tray hands it over (hex strings)', () => {
    // 0x0176 = 374, exponent -1: 37.4 oz = 2.3375 lb.
    const reading = parseScaleReport(['03', '04', '0b', 'ff', '76', '01']);
    expect(reading).toEqual({ status: 'stable', weight: 37.4, unit: 'oz', pounds: 2.34, grams: 1060 });
    expect(scaleReadingProblem(reading)).toBeNull();
  });

  it('reads grams, kilograms and pounds, and bytes given as numbers', () => {
    expect(parseScaleReport([3, 4, 2, 0, 0x8b, 0x03])).toMatchObject({ weight: 907, unit: 'g', pounds: 2, grams: 907 });
    expect(parseScaleReport([3, 4, 3, 0xfe, 0xe8, 0x03])).toMatchObject({
      weight: 10,
      unit: 'kg',
      pounds: 22.05,
      grams: 10000,
    });
    expect(parseScaleReport([3, 4, 12, 0xfe, 0x19, 0x00])).toMatchObject({
      weight: 0.25,
      unit: 'lb',
      pounds: 0.25,
      grams: 113,
    });
    // Grams from the reading itself: 85 g is 85 g (through the rounded 0.19 lb it would be 86 g).
    expect(parseScaleReport([3, 4, 2, 0, 85, 0])).toMatchObject({ weight: 85, unit: 'g', pounds: 0.19, grams: 85 });
  });

  it('says why a reading cannot be used: zero, settling, over weight, a unit it does not convert', () => {
    expect(scaleReadingProblem(parseScaleReport(['03', '02', '0b', 'ff', '00', '00']))).toMatch(/zero/);
    expect(scaleReadingProblem(parseScaleReport(['03', '03', '0b', 'ff', '10', '00']))).toMatch(/settling/);
    expect(scaleReadingProblem(parseScaleReport(['03', '06', '0b', 'ff', 'ff', 'ff']))).toMatch(/heavier/);
    const carats = parseScaleReport(['03', '04', '04', '00', '10', '00']);
    expect(carats).toMatchObject({ unit: null, pounds: null, grams: null });
    expect(scaleReadingProblem(carats)).toMatch(/unit/);
    expect(parseScaleReport(['03', '09', '0b', '00', '00', '00']).status).toBe('unknown');
  });

  it('refuses a short report or bytes that are not bytes', () => {
    expect(() => parseScaleReport(['03', '04', '0b'])).toThrow(/too few/);
    expect(() => parseScaleReport(['03', '04', '0b', 'zz', '00', '00'])).toThrow(/Not a byte/);
    expect(() => parseScaleReport([3, 4, 11, 0, 256, 0])).toThrow(/Not a byte/);
  });
});
