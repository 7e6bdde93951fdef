import Type from 'typebox';
import { GRAMS_PER_OUNCE, GRAMS_PER_UNIT, type WeightUnit } from './weights.ts';
import { literalUnion } from './schema-kit.ts';
import { MAX_PARCEL_GRAMS, MAX_PARCEL_INCHES } from './constants.ts';

/**
 * The units a tenant sees and types weights and sizes in (config `units`, docs/units.md). Storage never changes:
 * weights are whole grams and lengths inches (two decimals), and these functions convert for display and entry only.
 *
 * - imperial: pounds and ounces, inches. A weight reads '8.5 oz' under a pound and '2 lb 3.5 oz' from there (ounces
 *   to a tenth): that is how US scales, carriers and sellers say it, and a tenth of an ounce (2.8 g) is finer than
 *   any carrier bills. '1.25 lb' was not chosen: a hundredth of a pound is 4.5 g, coarser, and nobody weighs so.
 * - metric: grams under a kilogram ('850 g'), kilograms from there to three decimals ('1.25 kg', exact), centimetres
 *   to a tenth ('30.5 cm').
 */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'imperial' || value === 'metric';
}

/** Countries that weigh parcels in pounds: the US with its territories, Liberia and Myanmar. */
const IMPERIAL_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'LR', 'MM']);

/**
 * The units of a warehouse in `countryCode` (ISO 3166-1 alpha-2). Without a country (no warehouse address yet), the
 * product's other defaults are American (USD, America/New_York), and so are its units: imperial.
 */
export function defaultUnitSystem(countryCode: string | null | undefined): UnitSystem {
  const country = countryCode?.trim().toUpperCase();
  return !country || IMPERIAL_COUNTRIES.has(country) ? 'imperial' : 'metric';
}

/** `GET /api/v1/configs/units`: the tenant's units, and whether an Admin chose them or they follow the warehouse. */
export const TenantUnitsSchema = Type.Object({
  units: literalUnion(UNIT_SYSTEMS),
  /** false: never saved, so `units` is the warehouse country's and follows it. */
  chosen: Type.Boolean(),
  /** The warehouse address's country (ISO 3166-1 alpha-2), null until there is one. */
  warehouseCountry: Type.Union([Type.String(), Type.Null()]),
});
export type TenantUnits = Type.Static<typeof TenantUnitsSchema>;

/** The tenant's units from its config entries (`units`, else `warehouse_info`'s country): server and web alike. */
export function tenantUnitsFrom(
  entries: ReadonlyArray<{ key: string; value: string | null; options: Record<string, unknown> | null }>,
): TenantUnits {
  const country = entries.find((entry) => entry.key === 'warehouse_info')?.options?.country;
  const warehouseCountry = typeof country === 'string' && country ? country : null;
  const saved = entries.find((entry) => entry.key === 'units')?.value;
  if (isUnitSystem(saved)) return { units: saved, chosen: true, warehouseCountry };
  return { units: defaultUnitSystem(warehouseCountry), chosen: false, warehouseCountry };
}

/** How each system names its units, for labels and hints. */
export const UNIT_SYSTEM_NAMES: Record<UnitSystem, string> = {
  imperial: 'Pounds, ounces and inches',
  metric: 'Kilograms, grams and centimetres',
};

/** The unit a length is typed in: 'in' or 'cm'. */
export function lengthUnit(system: UnitSystem): 'in' | 'cm' {
  return system === 'imperial' ? 'in' : 'cm';
}

const CENTIMETRES_PER_INCH = 2.54;

/** `n` with at most `places` decimals and no trailing zeros, by integer arithmetic on `units` (n × 10^places). */
function scaledText(units: number, places: number): string {
  const scale = 10 ** places;
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const whole = Math.floor(abs / scale);
  const rest = abs - whole * scale;
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(scale + rest)
    .slice(1)
    .replace(/0+$/, '')}`;
}

/**
 * Whole grams as a person reads them in `system`: imperial '0 oz', '8.5 oz', '1 lb', '2 lb 3.5 oz' (ounces to a
 * tenth, never '1 lb 16 oz'); metric '850 g', '1.25 kg' (exact).
 */
export function formatWeight(grams: number, system: UnitSystem): string {
  if (system === 'metric') return Math.abs(grams) < 1000 ? `${grams} g` : `${scaledText(grams, 3)} kg`;
  const sign = grams < 0 ? '-' : '';
  const tenths = Math.round((Math.abs(grams) / GRAMS_PER_OUNCE) * 10);
  const pounds = Math.floor(tenths / 160);
  const ounces = tenths - pounds * 160;
  if (pounds === 0) return `${sign}${scaledText(ounces, 1)} oz`;
  if (ounces === 0) return `${sign}${pounds} lb`;
  return `${sign}${pounds} lb ${scaledText(ounces, 1)} oz`;
}

/** Inches as a person reads them in `system`: imperial '12.5 in' (two decimals at most), metric '31.8 cm' (one). */
export function formatLength(inches: number, system: UnitSystem): string {
  if (system === 'imperial') return `${scaledText(Math.round(inches * 100), 2)} in`;
  return `${scaledText(Math.round(inches * CENTIMETRES_PER_INCH * 10), 1)} cm`;
}

/** A parsed entry: the stored value (grams or inches), or the reason it is not one, in words for the field. */
export type UnitParse = { ok: true; value: number } | { ok: false; reason: string };

const NUMBER = String.raw`(\d+(?:\.\d*)?|\.\d+)`;
const WEIGHT_PART = new RegExp(
  String.raw`^${NUMBER}\s*(kilograms?|kilos?|kg|grams?|g|pounds?|lbs?|#|ounces?|oz)?`,
  'i',
);
const WEIGHT_UNITS: Record<string, keyof typeof GRAMS_PER_UNIT> = {
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  '#': 'lb',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
  kg: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  g: 'g',
  gram: 'g',
  grams: 'g',
};

function numberOf(text: string): number {
  return Number(text);
}

/** The text's parts as [number, unit | undefined] pairs ('2 lb 3 oz' -> two), or null when it has anything else. */
function weightParts(text: string): Array<[number, string | undefined]> | null {
  const parts: Array<[number, string | undefined]> = [];
  let rest = text;
  while (rest.length > 0) {
    const match = WEIGHT_PART.exec(rest);
    if (!match) return null;
    parts.push([numberOf(match[1]!), match[2]?.toLowerCase()]);
    rest = rest.slice(match[0].length).trim();
  }
  return parts;
}

/**
 * A weight as typed, into whole grams: what `formatWeight` prints in either system, a bare number in the system's
 * main unit (pounds, or kilograms), '2 lb 3 oz', '35 oz', '1.2 kg', '500 g'. No comma: '1,000' could be a
 * thousand or one, so it is refused. Refuses what is not a number, a negative, and more than MAX_PARCEL_GRAMS.
 */
export function parseWeightInput(text: string, system: UnitSystem): UnitParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Enter a weight' };
  if (/^-/.test(trimmed)) return { ok: false, reason: 'A weight cannot be negative' };
  const parts = weightParts(trimmed);
  const main = system === 'imperial' ? 'lb' : 'kg';
  if (!parts || parts.length > 2 || (parts.length === 2 && parts.some(([, unit]) => !unit))) {
    return {
      ok: false,
      reason: `Enter a weight such as ${system === 'imperial' ? '2 lb 3 oz or 35 oz' : '1.2 kg or 500 g'}`,
    };
  }
  const exact = parts.reduce(
    (sum, [number, unit]) => sum + number * GRAMS_PER_UNIT[unit ? WEIGHT_UNITS[unit]! : main],
    0,
  );
  if (!Number.isFinite(exact)) return { ok: false, reason: 'Enter a weight as a number' };
  const grams = Math.round(exact);
  if (grams > MAX_PARCEL_GRAMS) {
    return { ok: false, reason: `A weight can be at most ${formatWeight(MAX_PARCEL_GRAMS, system)}` };
  }
  return { ok: true, value: grams };
}

const LENGTH_TEXT = new RegExp(String.raw`^${NUMBER}\s*(in|inch|inches|"|cm|centimetres?|centimeters?|mm)?$`, 'i');
const INCHES_PER_UNIT = { in: 1, cm: 1 / CENTIMETRES_PER_INCH, mm: 1 / 25.4 } as const;
type LengthUnit = keyof typeof INCHES_PER_UNIT;

/** A length in `unit` as stored: inches to two decimals ('31.34' cm -> 12.34). */
export function inchesOf(length: number, unit: LengthUnit): number {
  return Math.round(length * INCHES_PER_UNIT[unit] * 100) / 100;
}

/** A weight in `unit` as stored: whole grams (2.5 oz -> 71). */
export function gramsOf(weight: number, unit: WeightUnit): number {
  return Math.round(weight * GRAMS_PER_UNIT[unit]);
}

/**
 * Decimals a plain weight number is written with so that it reads back to the same grams through `gramsOf`: a gram
 * is 0.035 oz and 0.0022 lb, so 0.01 oz (0.28 g) and 0.001 lb (0.45 g) stay within half a gram.
 */
const PLAIN_WEIGHT_PLACES: Record<WeightUnit, number> = { g: 0, kg: 3, oz: 2, lb: 3 };

/**
 * Grams as a plain number in `unit` (a CSV's `weight_oz`, `weight_g`), exact both ways: `gramsOf` of it is the same
 * grams for every whole gram. 992 -> '34.99' (oz), '992' (g), '0.992' (kg).
 */
export function plainWeight(grams: number, unit: WeightUnit): string {
  const places = PLAIN_WEIGHT_PLACES[unit];
  return scaledText(Math.round((grams / GRAMS_PER_UNIT[unit]) * 10 ** places), places);
}

/**
 * Inches as a plain number in `unit` (a CSV's `length_cm`), to two decimals, exact both ways: a hundredth of a
 * centimetre is 0.004 in, so `inchesOf` of it is the same hundredths of an inch. 12.34 -> '31.34' (cm).
 */
export function plainLength(inches: number, unit: 'in' | 'cm'): string {
  return scaledText(Math.round((inches / INCHES_PER_UNIT[unit]) * 100), 2);
}

/**
 * A length as typed, into inches to two decimals (as stored): '12.5 in', '12"', '31.8 cm', '318 mm', or a bare number
 * in the system's unit (inches, or centimetres). Refuses what is not a number, a negative, and more than
 * MAX_PARCEL_INCHES.
 */
export function parseLengthInput(text: string, system: UnitSystem): UnitParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Enter a length' };
  if (/^-/.test(trimmed)) return { ok: false, reason: 'A length cannot be negative' };
  const match = LENGTH_TEXT.exec(trimmed);
  if (!match) {
    return { ok: false, reason: `Enter a length such as ${system === 'imperial' ? '12.5 in' : '30.5 cm'}` };
  }
  const word = (match[2] ?? lengthUnit(system)).toLowerCase();
  const unit = (word === '"' || word.startsWith('inch') ? 'in' : word.startsWith('centim') ? 'cm' : word) as LengthUnit;
  const inches = inchesOf(numberOf(match[1]!), unit);
  if (!Number.isFinite(inches)) return { ok: false, reason: 'Enter a length as a number' };
  if (inches > MAX_PARCEL_INCHES) {
    return { ok: false, reason: `A length can be at most ${formatLength(MAX_PARCEL_INCHES, system)}` };
  }
  return { ok: true, value: inches };
}

/**
 * What a form sends for one field: the stored value itself when the text shown for it was not changed (so rounding
 * for display never changes a stored value nobody edited), or the typed text parsed. Spaces around or repeated
 * inside the text do not count as an edit.
 */
export function unchangedOrParsed(
  stored: number | null | undefined,
  shownText: string,
  typedText: string,
  parse: (text: string) => UnitParse,
): UnitParse {
  const same = (text: string) => text.trim().replace(/\s+/g, ' ');
  if (stored !== null && stored !== undefined && same(shownText) === same(typedText))
    return { ok: true, value: stored };
  return parse(typedText);
}
