import { BOX_SIZE_LIMITS, poundsText, type BoxSize, type BoxSizeInput } from '@shipdesk/contract';

/** The box form as typed: dimensions in inches, weights in grams, all as text until sent. */
export interface BoxSizeFormValues {
  name: string;
  length: string;
  width: string;
  height: string;
  emptyWeight: string;
  maxWeight: string;
}

export const BOX_SIZE_FIELDS = ['name', 'length', 'width', 'height', 'emptyWeight', 'maxWeight'] as const;

const DIMENSIONS = ['length', 'width', 'height'] as const;

export function defaultBoxSizeForm(box?: BoxSize): BoxSizeFormValues {
  if (!box) return { name: '', length: '', width: '', height: '', emptyWeight: '', maxWeight: '' };
  return {
    name: box.name,
    length: String(box.length),
    width: String(box.width),
    height: String(box.height),
    emptyWeight: String(box.emptyWeight),
    maxWeight: String(box.maxWeight),
  };
}

const number = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()));

const { nameLength, sideInches, emptyGrams, maxGrams } = BOX_SIZE_LIMITS;
const grouped = (n: number) => n.toLocaleString('en');

/** The server's limits (the contract's), checked here for a quicker answer: sizes above 0, whole grams. */
export function validateBoxSizeForm(values: BoxSizeFormValues): Record<string, string> {
  const messages: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) messages.name = 'Name is required';
  else if (name.length > nameLength) messages.name = `Use at most ${nameLength} characters`;
  for (const field of DIMENSIONS) {
    const value = number(values[field]);
    if (values[field].trim() === '') messages[field] = 'Required';
    else if (!(value > 0 && value <= sideInches)) messages[field] = `Above 0, up to ${sideInches}`;
  }
  if (values.emptyWeight.trim() !== '') {
    const empty = number(values.emptyWeight);
    if (!Number.isInteger(empty) || empty < 0 || empty > emptyGrams) {
      messages.emptyWeight = `Whole grams, 0 to ${grouped(emptyGrams)}`;
    }
  }
  const max = number(values.maxWeight);
  if (values.maxWeight.trim() === '') messages.maxWeight = 'Maximum weight is required';
  else if (!Number.isInteger(max) || max < 1 || max > maxGrams)
    messages.maxWeight = `Whole grams, 1 to ${grouped(maxGrams)}`;
  return messages;
}

export function toBoxSizeInput(values: BoxSizeFormValues): BoxSizeInput {
  return {
    name: values.name.trim(),
    length: number(values.length),
    width: number(values.width),
    height: number(values.height),
    ...(values.emptyWeight.trim() === '' ? {} : { emptyWeight: number(values.emptyWeight) }),
    maxWeight: number(values.maxWeight),
  };
}

/** "12 × 9 × 4 in" */
export function dimensionsText(box: Pick<BoxSize, 'length' | 'width' | 'height'>): string {
  return `${box.length} × ${box.width} × ${box.height} in`;
}

/** The pounds of a typed gram value, as the field's hint; nothing while it is not a number. */
export function poundsHint(text: string): string | undefined {
  const grams = number(text);
  return Number.isFinite(grams) && grams > 0 ? `≈ ${poundsText(grams)}` : undefined;
}
