import {
  BOX_SIZE_LIMITS,
  formatLength,
  formatWeight,
  type BoxSize,
  type BoxSizeInput,
  type UnitSystem,
} from '@shipdesk/contract';
import { storedValue, unitResult, unitText, type UnitValue } from '@/lib/units';

/**
 * The box form as typed: sizes and weights in the tenant's units over the stored inches and grams they started from
 * (docs/units.md), so a box saved without touching a number keeps it exactly.
 */
export interface BoxSizeFormValues {
  name: string;
  length: UnitValue;
  width: UnitValue;
  height: UnitValue;
  emptyWeight: UnitValue;
  maxWeight: UnitValue;
}

export const BOX_SIZE_FIELDS = ['name', 'length', 'width', 'height', 'emptyWeight', 'maxWeight'] as const;

const DIMENSIONS = ['length', 'width', 'height'] as const;

export function defaultBoxSizeForm(box?: BoxSize): BoxSizeFormValues {
  return {
    name: box?.name ?? '',
    length: storedValue(box?.length),
    width: storedValue(box?.width),
    height: storedValue(box?.height),
    emptyWeight: storedValue(box?.emptyWeight),
    maxWeight: storedValue(box?.maxWeight),
  };
}

const { nameLength, sideInches, emptyGrams, maxGrams } = BOX_SIZE_LIMITS;

/** Each field's inches or grams, or its message: the server's limits (the contract's), said in the tenant's units. */
function checkBoxSizeForm(values: BoxSizeFormValues, system: UnitSystem) {
  const messages: Record<string, string> = {};
  const numbers: Partial<Record<(typeof BOX_SIZE_FIELDS)[number], number>> = {};
  const name = values.name.trim();
  if (!name) messages.name = 'Name is required';
  else if (name.length > nameLength) messages.name = `Use at most ${nameLength} characters`;
  for (const field of DIMENSIONS) {
    const result = unitResult(values[field], 'length', system);
    if (!result.ok) messages[field] = result.reason;
    else if (!(result.value > 0 && result.value <= sideInches)) {
      messages[field] = `Above 0, up to ${formatLength(sideInches, system)}`;
    } else numbers[field] = result.value;
  }
  if (unitText(values.emptyWeight, 'weight', system).trim() !== '') {
    const empty = unitResult(values.emptyWeight, 'weight', system);
    if (!empty.ok) messages.emptyWeight = empty.reason;
    else if (empty.value > emptyGrams) messages.emptyWeight = `At most ${formatWeight(emptyGrams, system)}`;
    else numbers.emptyWeight = empty.value;
  }
  const max = unitResult(values.maxWeight, 'weight', system);
  if (!max.ok) messages.maxWeight = max.reason;
  else if (max.value < 1 || max.value > maxGrams) {
    messages.maxWeight = `Above 0, up to ${formatWeight(maxGrams, system)}`;
  } else numbers.maxWeight = max.value;
  return { messages, numbers };
}

/** The messages by field; none when the form is a box the server takes. */
export function validateBoxSizeForm(values: BoxSizeFormValues, system: UnitSystem): Record<string, string> {
  return checkBoxSizeForm(values, system).messages;
}

/** The box the server takes (a valid form's; see validateBoxSizeForm): inches and grams. */
export function toBoxSizeInput(values: BoxSizeFormValues, system: UnitSystem): BoxSizeInput {
  const { numbers } = checkBoxSizeForm(values, system);
  return {
    name: values.name.trim(),
    length: numbers.length!,
    width: numbers.width!,
    height: numbers.height!,
    ...(numbers.emptyWeight === undefined ? {} : { emptyWeight: numbers.emptyWeight }),
    maxWeight: numbers.maxWeight!,
  };
}
