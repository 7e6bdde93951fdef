import { describe, expect, it } from 'vitest';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';
import {
  defaultUnitSystem,
  formatLength,
  formatWeight,
  gramsOf,
  inchesOf,
  parseLengthInput,
  plainLength,
  plainWeight,
  parseWeightInput,
  unchangedOrParsed,
  UNIT_SYSTEMS,
  type UnitParse,
} from './units.ts';

const value = (result: UnitParse) => (result.ok ? result.value : `refused: ${result.reason}`);

describe('defaultUnitSystem', () => {
  it('is imperial for the US, its territories, Liberia and Myanmar and without a country, metric elsewhere', () => {
    for (const country of ['US', 'us', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'LR', 'MM']) {
      expect(defaultUnitSystem(country)).toBe('imperial');
    }
    for (const country of ['GB', 'CA', 'DE', 'AU', 'MX']) expect(defaultUnitSystem(country)).toBe('metric');
    expect(defaultUnitSystem(undefined)).toBe('imperial');
    expect(defaultUnitSystem('')).toBe('imperial');
  });
});

describe('formatWeight', () => {
  it('reads pounds and ounces to a tenth of an ounce, never "16 oz"', () => {
    expect(formatWeight(0, 'imperial')).toBe('0 oz');
    expect(formatWeight(85, 'imperial')).toBe('3 oz');
    expect(formatWeight(241, 'imperial')).toBe('8.5 oz');
    expect(formatWeight(453, 'imperial')).toBe('1 lb'); // 15.98 oz
    expect(formatWeight(454, 'imperial')).toBe('1 lb');
    expect(formatWeight(907, 'imperial')).toBe('2 lb');
    expect(formatWeight(1007, 'imperial')).toBe('2 lb 3.5 oz');
    expect(formatWeight(1451, 'imperial')).toBe('3 lb 3.2 oz');
  });

  it('reads grams under a kilogram and exact kilograms above', () => {
    expect(formatWeight(850, 'metric')).toBe('850 g');
    expect(formatWeight(1000, 'metric')).toBe('1 kg');
    expect(formatWeight(1250, 'metric')).toBe('1.25 kg');
    expect(formatWeight(1005, 'metric')).toBe('1.005 kg');
  });
});

describe('parseWeightInput', () => {
  it.each([
    ['2 lb 3 oz', 'imperial', 992],
    ['2 lb 3.5 oz', 'imperial', 1006],
    ['2lb3oz', 'imperial', 992],
    ['35 oz', 'imperial', 992],
    ['8.5 oz', 'imperial', 241],
    ['2', 'imperial', 907],
    ['1.25', 'imperial', 567],
    ['2 lbs', 'imperial', 907],
    ['1.2 kg', 'imperial', 1200],
    ['500 g', 'imperial', 500],
    ['1.2 kg', 'metric', 1200],
    ['500 g', 'metric', 500],
    ['500 G', 'metric', 500],
    ['1.25', 'metric', 1250],
    ['0.85', 'metric', 850],
    ['2 lb', 'metric', 907],
    ['0', 'metric', 0],
    ['.5 kg', 'metric', 500],
  ] as const)('reads %s (%s) as %i g', (text, system, grams) => {
    expect(value(parseWeightInput(text, system))).toBe(grams);
  });

  it.each([
    ['', 'Enter a weight'],
    ['   ', 'Enter a weight'],
    ['-2 lb', 'cannot be negative'],
    ['abc', 'such as'],
    ['2 stone', 'such as'],
    ['1,000 g', 'such as'],
    ['2 3', 'such as'],
    ['1.2.3', 'such as'],
    ['2 lb 3 oz 4 g', 'such as'],
    ['1e5', 'such as'],
    ['Infinity', 'such as'],
    ['1001 kg', 'at most'],
    ['3000 lb', 'at most'],
  ])('refuses %j', (text, reason) => {
    for (const system of UNIT_SYSTEMS) {
      const result = parseWeightInput(text, system);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toContain(reason);
    }
  });

  it('takes the largest weight a parcel may have and says the limit in the tenant units', () => {
    expect(value(parseWeightInput(`${MAX_PARCEL_GRAMS} g`, 'metric'))).toBe(MAX_PARCEL_GRAMS);
    const refused = parseWeightInput('1000.001 kg', 'imperial');
    expect(refused).toEqual({
      ok: false,
      reason: `A weight can be at most ${formatWeight(MAX_PARCEL_GRAMS, 'imperial')}`,
    });
  });

  it('reads back every weight from 0 to 5,000 g as a weight that prints the same, in both systems', () => {
    for (const system of UNIT_SYSTEMS) {
      for (let grams = 0; grams <= 5000; grams++) {
        const shown = formatWeight(grams, system);
        const parsed = parseWeightInput(shown, system);
        if (!parsed.ok) throw new Error(`${grams} g shown as ${shown} is refused: ${parsed.reason}`);
        expect(formatWeight(parsed.value, system), `${grams} g (${system})`).toBe(shown);
        if (system === 'metric') expect(parsed.value).toBe(grams);
      }
    }
  });
});

describe('formatLength and parseLengthInput', () => {
  it('reads inches to two decimals and centimetres to one', () => {
    expect(formatLength(12, 'imperial')).toBe('12 in');
    expect(formatLength(12.5, 'imperial')).toBe('12.5 in');
    expect(formatLength(12.25, 'imperial')).toBe('12.25 in');
    expect(formatLength(12, 'metric')).toBe('30.5 cm');
    expect(formatLength(10, 'metric')).toBe('25.4 cm');
  });

  it.each([
    ['12.5 in', 'imperial', 12.5],
    ['12"', 'imperial', 12],
    ['12', 'imperial', 12],
    ['30.5 cm', 'imperial', 12.01],
    ['25.4', 'metric', 10],
    ['25.4 cm', 'metric', 10],
    ['254 mm', 'metric', 10],
    ['10 in', 'metric', 10],
    ['10 inches', 'metric', 10],
  ] as const)('reads %s (%s) as %f in', (text, system, inches) => {
    expect(value(parseLengthInput(text, system))).toBe(inches);
  });

  it.each([
    ['', 'Enter a length'],
    ['-3', 'cannot be negative'],
    ['ten', 'such as'],
    ['3 ft', 'such as'],
    ['201 in', 'at most'],
    ['600 cm', 'at most'],
  ])('refuses %j', (text, reason) => {
    for (const system of UNIT_SYSTEMS) {
      const result = parseLengthInput(text, system);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toContain(reason);
    }
  });

  it('reads back every stored length from 0 to 200 in (hundredths) as a length that prints the same', () => {
    for (const system of UNIT_SYSTEMS) {
      for (let hundredths = 0; hundredths <= MAX_PARCEL_INCHES * 100; hundredths++) {
        const inches = hundredths / 100;
        const shown = formatLength(inches, system);
        const parsed = parseLengthInput(shown, system);
        if (!parsed.ok) throw new Error(`${inches} in shown as ${shown} is refused: ${parsed.reason}`);
        expect(formatLength(parsed.value, system)).toBe(shown);
        if (system === 'imperial') expect(parsed.value).toBe(inches);
      }
    }
  });
});

describe('plain numbers (a CSV’s weight_oz, length_cm)', () => {
  it('writes a weight in each unit with the decimals that keep it exact', () => {
    expect(plainWeight(992, 'oz')).toBe('34.99');
    expect(plainWeight(992, 'lb')).toBe('2.187');
    expect(plainWeight(992, 'g')).toBe('992');
    expect(plainWeight(1005, 'kg')).toBe('1.005');
    expect(plainWeight(0, 'oz')).toBe('0');
    expect(gramsOf(2.5, 'oz')).toBe(71);
    expect(plainLength(12.34, 'cm')).toBe('31.34');
    expect(plainLength(12.5, 'in')).toBe('12.5');
    expect(inchesOf(31.34, 'cm')).toBe(12.34);
    expect(inchesOf(254, 'mm')).toBe(10);
  });

  it('reads back every whole gram up to the largest parcel, and every hundredth of an inch up to 200, exactly', () => {
    for (let grams = 0; grams <= MAX_PARCEL_GRAMS; grams += 1) {
      for (const unit of ['oz', 'lb', 'g', 'kg'] as const) {
        if (gramsOf(Number(plainWeight(grams, unit)), unit) !== grams) {
          expect(`${grams} g as ${plainWeight(grams, unit)} ${unit}`).toBe('exact');
        }
      }
    }
    for (let hundredths = 0; hundredths <= MAX_PARCEL_INCHES * 100; hundredths += 1) {
      const inches = hundredths / 100;
      for (const unit of ['in', 'cm'] as const) {
        if (inchesOf(Number(plainLength(inches, unit)), unit) !== inches) {
          expect(`${inches} in as ${plainLength(inches, unit)} ${unit}`).toBe('exact');
        }
      }
    }
  });
});

describe('unchangedOrParsed', () => {
  it('sends a weight nobody edited back exactly, though its text is rounded', () => {
    for (let grams = 0; grams <= 5000; grams++) {
      for (const system of UNIT_SYSTEMS) {
        const shown = formatWeight(grams, system);
        const sent = unchangedOrParsed(grams, shown, ` ${shown} `, (text) => parseWeightInput(text, system));
        expect(sent).toEqual({ ok: true, value: grams });
      }
    }
  });

  it('sends a length nobody edited back exactly', () => {
    const shown = formatLength(12.34, 'metric');
    expect(unchangedOrParsed(12.34, shown, shown, (text) => parseLengthInput(text, 'metric'))).toEqual({
      ok: true,
      value: 12.34,
    });
    // The same text typed afresh would be 12.32 in: only an untouched field keeps the stored value.
    expect(value(parseLengthInput(shown, 'metric'))).not.toBe(12.34);
  });

  it('parses the text once it was edited, and refuses what the parser refuses', () => {
    const parse = (text: string) => parseWeightInput(text, 'imperial');
    expect(unchangedOrParsed(85, '3 oz', '4 oz', parse)).toEqual({ ok: true, value: 113 });
    expect(unchangedOrParsed(85, '3 oz', 'x', parse).ok).toBe(false);
    expect(unchangedOrParsed(null, '', '', parse).ok).toBe(false);
  });
});
