import { gramsText, MAX_PARCEL_GRAMS, parseWeight, type Order, type OrderLineWeightsUpdate } from '@shipdesk/contract';

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
