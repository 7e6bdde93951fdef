import {
  formatLength,
  lengthUnit,
  formatWeight,
  parseLengthInput,
  parseWeightInput,
  unchangedOrParsed,
  type UnitParse,
  type UnitSystem,
} from '@shipdesk/contract';

/** A weight (grams) or a length (inches). */
export type Quantity = 'weight' | 'length';

/**
 * A weight or size in a form: the stored value it started from (grams or inches; null for none) and the text typed
 * over it (null while nobody edited it). An untouched value is shown in the tenant's units of the moment and sent
 * back exactly as stored, however its text was rounded (docs/units.md).
 */
export interface UnitValue {
  stored: number | null;
  typed: string | null;
}

export const storedValue = (stored: number | null | undefined): UnitValue => ({ stored: stored ?? null, typed: null });

/**
 * The text a stored value shows as: a weight as `formatWeight` prints it ('2 lb 3.5 oz', '850 g'); a length as a
 * number in the system's unit ('12.5', '31.8'), the field's label naming the unit.
 */
function shownText(stored: number | null, quantity: Quantity, system: UnitSystem): string {
  if (stored === null) return '';
  if (quantity === 'weight') return formatWeight(stored, system);
  return formatLength(stored, system).replace(/ (in|cm)$/, '');
}

export function unitText(value: UnitValue, quantity: Quantity, system: UnitSystem): string {
  return value.typed ?? shownText(value.stored, quantity, system);
}

function parseQuantity(text: string, quantity: Quantity, system: UnitSystem): UnitParse {
  return quantity === 'weight' ? parseWeightInput(text, system) : parseLengthInput(text, system);
}

/** What the value sends: the stored value while its text is as shown, else the text parsed (or the parser's reason). */
export function unitResult(value: UnitValue, quantity: Quantity, system: UnitSystem): UnitParse {
  const shown = shownText(value.stored, quantity, system);
  return unchangedOrParsed(value.stored, shown, value.typed ?? shown, (text) => parseQuantity(text, quantity, system));
}

/** The value's grams or inches when it reads as one, else undefined. */
export function unitNumber(value: UnitValue, quantity: Quantity, system: UnitSystem): number | undefined {
  const result = unitResult(value, quantity, system);
  return result.ok ? result.value : undefined;
}

/** The reading of what was typed, in the system's own words ('= 1 lb 2 oz'), when it differs from the text itself. */
export function readingText(value: UnitValue, quantity: Quantity, system: UnitSystem): string | null {
  if (value.typed === null) return null;
  const result = unitResult(value, quantity, system);
  if (!result.ok) return null;
  const reading = quantity === 'weight' ? formatWeight(result.value, system) : formatLength(result.value, system);
  const typed = value.typed.trim().replace(/\s+/g, ' ');
  return reading === typed || shownText(result.value, quantity, system) === typed ? null : `= ${reading}`;
}

/** "8 × 6 × 4 in", "20.3 × 15.2 × 10.2 cm": a box's or parcel's sizes (inches) in the system's unit. */
export function boxSizesText(box: { length: number; width: number; height: number }, system: UnitSystem): string {
  const number = (inches: number) => shownText(inches, 'length', system);
  return `${number(box.length)} × ${number(box.width)} × ${number(box.height)} ${lengthUnit(system)}`;
}
