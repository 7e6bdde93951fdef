import {
  formatLength,
  type Delivery,
  type DeliveryParcelUpdate,
  type Order,
  type OrderLineWeightsUpdate,
  type UnitSystem,
} from '@shipdesk/contract';
import { storedValue, unitResult, unitText, type Quantity, type UnitValue } from '@/lib/units/unit-value';

/**
 * The order view's "Edit weights" form and a planned delivery's box dialog (docs/order-editing.md, "Weights and
 * boxes"), in the tenant's units (docs/units.md): each weight or side is a `UnitValue` over the stored grams or inches
 * it started from, so one nobody edited is sent back exactly. Checks are messages per field (`lines.1.weight`, the
 * server's own names); the weights' body holds the lines whose weight changed.
 */

export interface WeightsEditValues {
  lines: Array<{ id: string; weight: UnitValue }>;
}

/** A stored weight as the form starts from it: none while it is 0 (a channel's "not known"), so the field asks. */
const weightValue = (grams: number) => storedValue(grams > 0 ? grams : null);

export function weightsEditDefaults(order: Pick<Order, 'lines'>): WeightsEditValues {
  return { lines: order.lines.map((line) => ({ id: line.id, weight: weightValue(line.weight) })) };
}

const isEmpty = (value: UnitValue, quantity: Quantity, system: UnitSystem) =>
  unitText(value, quantity, system).trim() === '';

/** Why `value` is not a weight a unit or parcel may have, or null; `required`: an empty field is refused too. */
function weightProblem(value: UnitValue, required: boolean, system: UnitSystem): string | null {
  if (isEmpty(value, 'weight', system)) return required ? 'Enter a weight' : null;
  const result = unitResult(value, 'weight', system);
  if (!result.ok) return result.reason;
  if (result.value < 1) return 'A weight must be above 0';
  return null;
}

/** The grams a weight sends: null while empty (or not a weight; call after the checks). */
function gramsOf(value: UnitValue, system: UnitSystem): number | null {
  if (isEmpty(value, 'weight', system)) return null;
  const result = unitResult(value, 'weight', system);
  return result.ok ? result.value : null;
}

/**
 * Every check, as field path -> message. A line left empty keeps having no weight unless it had one: a weight once
 * entered cannot be taken back to "not known" here (the server takes 1 g and up).
 */
export function validateWeightsEdit(
  values: WeightsEditValues,
  order: Pick<Order, 'lines'>,
  system: UnitSystem,
): Record<string, string> {
  const out: Record<string, string> = {};
  values.lines.forEach((line, index) => {
    const had = (order.lines.find((l) => l.id === line.id)?.weight ?? 0) > 0;
    const problem = weightProblem(line.weight, had, system);
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
  system: UnitSystem,
): { body: OrderLineWeightsUpdate; rows: number[] } | null {
  const rows: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    const weight = gramsOf(line.weight, system);
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

/** A planned delivery's parcel as its dialog holds it: the box's id ('' none), the weight and sides in units. */
export interface ParcelEditValues {
  boxSizeId: string;
  weight: UnitValue;
  length: UnitValue;
  width: UnitValue;
  height: UnitValue;
}

export const PARCEL_FIELDS = ['boxSizeId', 'weight', 'length', 'width', 'height'] as const;
export const PARCEL_SIDES = ['length', 'width', 'height'] as const;
const MAX_SIDE_INCHES = 200;

export function parcelEditDefaults(delivery: Delivery): ParcelEditValues {
  return {
    boxSizeId: delivery.boxSizeId ?? '',
    weight: weightValue(delivery.weight),
    length: storedValue(delivery.length),
    width: storedValue(delivery.width),
    height: storedValue(delivery.height),
  };
}

/** Every check of the parcel dialog, as field -> message: the sides all three or none, each above 0 and at most 200 in. */
export function validateParcelEdit(values: ParcelEditValues, system: UnitSystem): Record<string, string> {
  const out: Record<string, string> = {};
  const weight = weightProblem(values.weight, false, system);
  if (weight) out.weight = weight;
  const given = PARCEL_SIDES.filter((side) => !isEmpty(values[side], 'length', system));
  for (const side of PARCEL_SIDES) {
    if (isEmpty(values[side], 'length', system)) {
      if (given.length > 0) out[side] = 'Enter all three sides, or none to use the box size';
      continue;
    }
    const result = unitResult(values[side], 'length', system);
    if (!result.ok) out[side] = result.reason;
    else if (result.value <= 0) out[side] = 'A side must be above 0';
    else if (result.value > MAX_SIDE_INCHES) out[side] = `At most ${formatLength(MAX_SIDE_INCHES, system)}`;
  }
  return out;
}

/** The body for `updateDeliveryParcel` (grams and inches); call after `validateParcelEdit` found nothing. */
export function toParcelUpdate(
  values: ParcelEditValues,
  deliveryId: string,
  version: number,
  system: UnitSystem,
): DeliveryParcelUpdate {
  const side = (value: UnitValue) => {
    if (isEmpty(value, 'length', system)) return null;
    const result = unitResult(value, 'length', system);
    return result.ok ? result.value : null;
  };
  return {
    version,
    deliveryId,
    boxSizeId: values.boxSizeId || null,
    weight: gramsOf(values.weight, system),
    length: side(values.length),
    width: side(values.width),
    height: side(values.height),
  };
}
