import { minorToDecimal, type OrderLinesUpdate } from '@shipdesk/contract';

/**
 * Pure rules of editing an order's lines (docs/order-editing.md): which sent line is which stored one, and what
 * changed, in words for the timeline. No database here; order-lines-service.ts does the writing.
 */

/** A stored line as these rules read it. */
export interface StoredLine {
  id: number;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  weight: number;
  category: string | null;
  hazardous: boolean;
  hazardClass: string | null;
}

/** A line as it is to be written: `id` set for a stored line kept, absent for a new one. */
export type PlannedLine = Omit<StoredLine, 'id'> & { id?: number };

type SentLine = OrderLinesUpdate['lines'][number];

/**
 * The lines to write, in the order sent, or the errors naming each bad field (`lines.2.lineId`, as the schema's
 * errors name fields). A sent id must be a line of this order, sent once; what a sent line leaves out (weight,
 * category, hazard) keeps its stored value, or the default for a new line.
 */
export function planLines(
  sent: readonly SentLine[],
  stored: readonly StoredLine[],
): { ok: true; lines: PlannedLine[] } | { ok: false; errors: Record<string, string> } {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const errors: Record<string, string> = {};
  const lines = sent.map((line, i): PlannedLine => {
    const id = line.lineId === undefined ? undefined : Number(line.lineId);
    const old = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && !old) errors[`lines.${i}.lineId`] = `No line ${line.lineId} in this order`;
    else if (id !== undefined && seen.has(id)) errors[`lines.${i}.lineId`] = `Line ${line.lineId} is sent twice`;
    if (id !== undefined) seen.add(id);
    const hazardClass = line.hazardClass ?? old?.hazardClass ?? null;
    return {
      ...(old ? { id: old.id } : {}),
      sku: line.sku.trim(),
      name: line.name.trim(),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      weight: line.weight ?? old?.weight ?? 0,
      category: line.category ?? old?.category ?? null,
      hazardous: (line.hazardous ?? old?.hazardous ?? false) || hazardClass !== null,
      hazardClass,
    };
  });
  sent.forEach((line, i) => {
    if (!line.sku.trim()) errors[`lines.${i}.sku`] = 'Enter a SKU';
    if (!line.name.trim()) errors[`lines.${i}.name`] = 'Enter a name';
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, lines };
}

const grams = (g: number) => `${g} g`;

/**
 * What changed, one phrase each, for the timeline row: "added SKU × 2", "removed SKU", "SKU: quantity 2 -> 3",
 * "SKU: unit price 10.00 -> 12.50", "SKU: weight 350 g -> 400 g", "SKU: name ...". Empty: nothing changed.
 */
export function describeLineChanges(
  stored: readonly StoredLine[],
  planned: readonly PlannedLine[],
  currency: string,
): string[] {
  const money = (minor: number) => `${minorToDecimal(minor, currency)} ${currency}`;
  const changes: string[] = [];
  const kept = new Set(planned.flatMap((l) => (l.id === undefined ? [] : [l.id])));
  for (const old of stored) if (!kept.has(old.id)) changes.push(`removed ${old.sku} × ${old.quantity}`);
  const byId = new Map(stored.map((l) => [l.id, l]));
  for (const line of planned) {
    const old = line.id === undefined ? undefined : byId.get(line.id);
    if (!old) {
      changes.push(`added ${line.sku} × ${line.quantity} at ${money(line.unitPrice)}`);
      continue;
    }
    const label = old.sku;
    if (old.sku !== line.sku) changes.push(`${label}: SKU ${old.sku} -> ${line.sku}`);
    if (old.name !== line.name) changes.push(`${label}: name "${old.name}" -> "${line.name}"`);
    if (old.quantity !== line.quantity) changes.push(`${label}: quantity ${old.quantity} -> ${line.quantity}`);
    if (old.unitPrice !== line.unitPrice) {
      changes.push(`${label}: unit price ${money(old.unitPrice)} -> ${money(line.unitPrice)}`);
    }
    if (old.weight !== line.weight) changes.push(`${label}: weight ${grams(old.weight)} -> ${grams(line.weight)}`);
  }
  const order = stored.map((l) => l.id).filter((id) => kept.has(id));
  const sentOrder = planned.flatMap((l) => (l.id === undefined ? [] : [l.id]));
  if (changes.length === 0 && order.join() !== sentOrder.join()) changes.push('lines reordered');
  return changes;
}
