/**
 * Weights are whole grams everywhere (order lines, deliveries, boxes, parcels, labels) and lengths are inches; there
 * is no per-tenant or per-user unit setting. People see a weight as stored: grams, or kilograms from 1,000 g (exact,
 * as a gram is 0.001 kg). Pounds are only ever a hint beside it, for US carriers' limits: rounded, they are never
 * turned back into grams (85 g shown as 0.19 lb would come back as 86 g). docs/labels.md, "Units".
 */

/** Grams in a pound (exact, by definition). */
export const GRAMS_PER_POUND = 453.59237;

/** 85 -> '85 g', 1005 -> '1.005 kg', 2500 -> '2.5 kg': whole grams as people read them, without losing a gram. */
export function gramsText(grams: number): string {
  if (Math.abs(grams) < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

/** 907 -> '2.00 lb', 85 -> '0.19 lb': a hint to two decimals, never a weight to send. */
export function poundsText(grams: number): string {
  return `${(grams / GRAMS_PER_POUND).toFixed(2)} lb`;
}

/** 31751 -> '31.751 kg (70.00 lb)': the weight as stored, with its pounds beside it. */
export function weightText(grams: number): string {
  return `${gramsText(grams)} (${poundsText(grams)})`;
}
