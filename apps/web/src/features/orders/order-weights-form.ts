import {
  gramsText,
  MAX_PARCEL_GRAMS,
  parseWeight,
  type Delivery,
  type DeliveryParcelUpdate,
  type Order,
  type OrderLineWeightsUpdate,
} from '@shipdesk/contract';

/**
 * The order view's "Edit weights" form (docs/order-editing.md, "Weights and boxes"): each line's weight per unit as
 * typed, read with the contract's parser (what `gramsText` prints, or bare grams), its checks as messages per field
 * (`lines.1.weight`, the server's own names), and the body sent: the lines whose weight changed.
 */

export interface WeightsEditValues {
  lines: Array<{ id: string; weight: string }>;
}

/** A weight as the form shows it: empty while none is known, so the field asks for one. */
export const weightInputText = (grams: number) => (grams > 0 ? gramsText(grams) : '');

export function weightsEditDefaults(order: Pick<Order, 'lines'>): WeightsEditValues {
  return { lines: order.lines.map((line) => ({ id: line.id, weight: weightInputText(line.weight) })) };
}

/** Why `text` is not a weight a unit may have, or null; `required`: an empty field is refused too. */
export function weightProblem(text: string, required: boolean): string | null {
  if (text.trim() === '') return required ? 'Enter a weight, such as 340 g or 1.2 kg' : null;
  const grams = parseWeight(text);
  if (grams === null) return 'Enter whole grams, such as 340 g or 1.2 kg';
  if (grams < 1) return 'Enter at least 1 g';
  if (grams > MAX_PARCEL_GRAMS) return `At most ${gramsText(MAX_PARCEL_GRAMS)}`;
  return null;
}

/**
 * Every check, as field path -> message. A line left empty keeps having no weight unless it had one: a weight once
 * entered cannot be taken back to "not known" here (the server takes 1 g and up).
 */
export function validateWeightsEdit(values: WeightsEditValues, order: Pick<Order, 'lines'>): Record<string, string> {
  const out: Record<string, string> = {};
  values.lines.forEach((line, index) => {
    const had = (order.lines.find((l) => l.id === line.id)?.weight ?? 0) > 0;
    const problem = weightProblem(line.weight, had);
    if (problem) out[`lines.${index}.weight`] = problem;
  });
  return out;
}

/**
 * The body for `updateLineWeights` (the lines whose weight changed) with, for each line sent, its row in the form (the
 * server names `lines.N` of the body); null when no weight changed. Call after `validateWeightsEdit`.
 */
export function toWeightsUpdate(
  values: WeightsEditValues,
  order: Pick<Order, 'lines'>,
  version: number,
): { body: OrderLineWeightsUpdate; rows: number[] } | null {
  const rows: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    const weight = parseWeight(line.weight);
    const stored = order.lines.find((l) => l.id === line.id)?.weight;
    if (weight === null || weight === stored) return [];
    rows.push(index);
    return [{ lineId: line.id, weight }];
  });
  return lines.length > 0 ? { body: { version, lines }, rows } : null;
}

/** A server error's field (`lines.1.weight`, `lines.1.lineId`) as the form's weight field of that row, or null. */
export function weightFieldOf(key: string, rows: readonly number[]): `lines.${number}.weight` | null {
  const match = /^lines\.(\d+)\.(weight|lineId)$/.exec(key);
  const row = match ? rows[Number(match[1])] : undefined;
  return row === undefined ? null : `lines.${row}.weight`;
}

/** A planned delivery's parcel as its dialog types it: the box's id ('' none), the weight and sides as text. */
export interface ParcelEditValues {
  boxSizeId: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}

export const PARCEL_FIELDS = ['boxSizeId', 'weight', 'length', 'width', 'height'] as const;
const SIDES = ['length', 'width', 'height'] as const;
const MAX_SIDE_INCHES = 200;

const sideText = (inches: number | null) => (inches === null ? '' : String(inches));

export function parcelEditDefaults(delivery: Delivery): ParcelEditValues {
  return {
    boxSizeId: delivery.boxSizeId ?? '',
    weight: weightInputText(delivery.weight),
    length: sideText(delivery.length),
    width: sideText(delivery.width),
    height: sideText(delivery.height),
  };
}

/** Every check of the parcel dialog, as field -> message: the sides all three or none, each above 0 and at most 200. */
export function validateParcelEdit(values: ParcelEditValues): Record<string, string> {
  const out: Record<string, string> = {};
  const weight = weightProblem(values.weight, false);
  if (weight) out.weight = weight;
  const given = SIDES.filter((side) => values[side].trim() !== '');
  for (const side of SIDES) {
    const text = values[side].trim();
    if (text === '') {
      if (given.length > 0) out[side] = 'Enter all three sides, or none to use the box size';
      continue;
    }
    const inches = Number(text);
    if (!/^\d+(\.\d{1,2})?$/.test(text) || inches <= 0) out[side] = 'Enter inches above 0, to 2 decimals';
    else if (inches > MAX_SIDE_INCHES) out[side] = `At most ${MAX_SIDE_INCHES} in`;
  }
  return out;
}

/** The body for `updateDeliveryParcel`; call after `validateParcelEdit` found nothing. */
export function toParcelUpdate(values: ParcelEditValues, deliveryId: string, version: number): DeliveryParcelUpdate {
  const side = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    version,
    deliveryId,
    boxSizeId: values.boxSizeId || null,
    weight: values.weight.trim() === '' ? null : parseWeight(values.weight),
    length: side(values.length),
    width: side(values.width),
    height: side(values.height),
  };
}
