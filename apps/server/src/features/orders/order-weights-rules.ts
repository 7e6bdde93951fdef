import { gramsText, inchesText, type OrderLineWeightsUpdate } from '@shipdesk/contract';

/**
 * Pure rules of changing an order's line weights and a planned delivery's parcel (docs/order-editing.md, "Weights
 * and boxes"): which sent line is which stored one, which deliveries follow, and the timeline's words. No database.
 */

interface WeighedLine {
  id: number;
  sku: string;
  weight: number;
}

interface DeliveryContents {
  id: number;
  status: string;
  weight: number;
  /** `lines`: the weight is its lines' own total and follows them; `seller`: a person's, it stands. */
  weightSource: string;
  lines: ReadonlyArray<{ lineId: number; quantity: number }>;
}

type Sent = OrderLineWeightsUpdate['lines'];

/**
 * The new weight of each line sent, or the errors naming each bad field (`lines.1.lineId`, `lines.1.weight`): a sent
 * id must be a line of this order, sent once, and not in a delivery that has a label (its parcel was bought).
 */
export function planLineWeights(
  sent: Sent,
  stored: readonly WeighedLine[],
  deliveries: readonly DeliveryContents[],
): { ok: true; weights: Map<number, number> } | { ok: false; errors: Record<string, string> } {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const labelled = new Set(
    deliveries
      .filter((d) => d.status !== 'planned' && d.status !== 'canceled')
      .flatMap((d) => d.lines.map((l) => l.lineId)),
  );
  const errors: Record<string, string> = {};
  const weights = new Map<number, number>();
  sent.forEach((line, i) => {
    const id = Number(line.lineId);
    const old = byId.get(id);
    if (!old) errors[`lines.${i}.lineId`] = `No line ${line.lineId} in this order`;
    else if (weights.has(id)) errors[`lines.${i}.lineId`] = `Line ${line.lineId} is sent twice`;
    else if (labelled.has(id)) {
      errors[`lines.${i}.weight`] = `${old.sku} is in a delivery with a label: void the label to change its weight`;
    }
    weights.set(id, line.weight);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, weights };
}

/** "MUG-1: weight 0 g -> 340 g", one per line whose weight changed, in the order's line order. */
export function describeWeightChanges(stored: readonly WeighedLine[], weights: ReadonlyMap<number, number>): string[] {
  return stored.flatMap((line) => {
    const weight = weights.get(line.id);
    return weight === undefined || weight === line.weight
      ? []
      : [`${line.sku}: weight ${gramsText(line.weight)} -> ${gramsText(weight)}`];
  });
}

const contentsWeight = (delivery: DeliveryContents, weightOf: (lineId: number) => number) =>
  delivery.lines.reduce((g, l) => g + l.quantity * weightOf(l.lineId), 0);

/**
 * The planned deliveries whose weight follows the lines, with their new weight: those holding a changed line whose
 * weight source is `lines` (their lines' own total), as the lines edit weighs a delivery. A weight a person typed
 * for the box (`seller`, box included) is theirs and stays.
 */
export function reweighDeliveries(
  deliveries: readonly DeliveryContents[],
  stored: readonly WeighedLine[],
  weights: ReadonlyMap<number, number>,
): Array<{ id: number; weight: number }> {
  const before = new Map(stored.map((l) => [l.id, l.weight]));
  const after = (id: number) => weights.get(id) ?? before.get(id) ?? 0;
  return deliveries.flatMap((d) => {
    if (d.status !== 'planned' || d.weightSource !== 'lines' || !d.lines.some((l) => weights.has(l.lineId))) return [];
    const weight = contentsWeight(d, after);
    return weight === d.weight ? [] : [{ id: d.id, weight }];
  });
}

/**
 * Where each line of a lines edit gets its weight from (docs/order-editing.md, "Weight sources"): a weight a person
 * changed, or typed on a new line, is `seller`; a kept line whose weight did not change keeps its source (undefined:
 * not written); a new line without a weight has none (null).
 */
export function lineWeightSources<T extends { id?: number; weight: number }>(
  planned: readonly T[],
  stored: ReadonlyArray<{ id: number; weight: number }>,
): Array<T & { weightSource?: 'seller' | null }> {
  const before = new Map(stored.map((l) => [l.id, l.weight]));
  return planned.map((line) => {
    const was = line.id === undefined ? undefined : before.get(line.id);
    if (was === undefined) return { ...line, weightSource: line.weight > 0 ? ('seller' as const) : null };
    return line.weight === was ? line : { ...line, weightSource: 'seller' as const };
  });
}

/** A delivery's parcel as the timeline compares it. */
export interface ParcelFacts {
  boxName: string | null;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
}

const sizeText = (p: ParcelFacts) =>
  p.length && p.width && p.height
    ? `${inchesText(p.length)} × ${inchesText(p.width)} × ${inchesText(p.height)}`
    : "the box's size";
const weightWords = (grams: number) => (grams > 0 ? gramsText(grams) : 'from its lines');

/** "box Small -> Medium", "weight from its lines -> 1.2 kg", "size 10 in × ... -> ...": what changed of a parcel. */
export function describeParcelChanges(before: ParcelFacts, after: ParcelFacts): string[] {
  const changes: string[] = [];
  if (before.boxName !== after.boxName) changes.push(`box ${before.boxName ?? 'none'} -> ${after.boxName ?? 'none'}`);
  if (before.weight !== after.weight)
    changes.push(`weight ${weightWords(before.weight)} -> ${weightWords(after.weight)}`);
  if (sizeText(before) !== sizeText(after)) changes.push(`size ${sizeText(before)} -> ${sizeText(after)}`);
  return changes;
}
