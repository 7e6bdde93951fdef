import { formatLength, formatWeight, type UnitSystem } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';

/**
 * The timeline's words for weights and parcels in the tenant's units (docs/units.md): the server keeps grams and
 * inches in the event's payload (`weights`, `parcel`), and each reader words them in its own units. Rows written
 * before those were kept carry only the server's words (`changes`), which are shown as they are.
 */

interface WeightChange {
  sku: string;
  from: number;
  to: number;
}

interface ParcelState {
  boxName: string | null;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function weightChanges(value: unknown): WeightChange[] | null {
  if (!Array.isArray(value)) return null;
  const changes = value.filter(
    (c): c is WeightChange =>
      typeof c === 'object' && c !== null && typeof c.sku === 'string' && isNumber(c.from) && isNumber(c.to),
  );
  return changes.length === value.length ? changes : null;
}

function parcelState(value: unknown): ParcelState | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  const side = (v: unknown) => (isNumber(v) ? v : null);
  if (!isNumber(p.weight)) return null;
  return {
    boxName: typeof p.boxName === 'string' ? p.boxName : null,
    weight: p.weight,
    length: side(p.length),
    width: side(p.width),
    height: side(p.height),
  };
}

/** Two weights as the tenant reads them; when both round to the same text, the grams say what changed. */
function fromTo(from: number, to: number, system: UnitSystem): string {
  const [a, b] = [formatWeight(from, system), formatWeight(to, system)];
  return a === b ? `${a} (${from} g → ${to} g)` : `${a} → ${b}`;
}

/** "MUG-1: 12 oz" for a line weighed for the first time, "MUG-1: 10.6 oz → 12 oz" for a change. */
export function lineWeightWords(payload: Record<string, unknown>, system: UnitSystem): string[] | null {
  const changes = weightChanges(payload.weights);
  if (!changes) return null;
  return changes.map(({ sku, from, to }) =>
    from > 0 ? `${sku}: ${fromTo(from, to, system)}` : `${sku}: ${formatWeight(to, system)}`,
  );
}

const sizeWords = (p: ParcelState, system: UnitSystem) =>
  p.length && p.width && p.height
    ? [p.length, p.width, p.height].map((side) => formatLength(side, system).replace(/ (in|cm)$/, '')).join(' × ') +
      (system === 'metric' ? ' cm' : ' in')
    : 'the box’s';

/** A delivery's box, weight and size before and after a person set them. */
export function parcelWords(payload: Record<string, unknown>, system: UnitSystem): string[] | null {
  const parcel = payload.parcel as { from?: unknown; to?: unknown } | undefined;
  const before = parcelState(parcel?.from);
  const after = parcelState(parcel?.to);
  if (!before || !after) return null;
  const words: string[] = [];
  if (before.boxName !== after.boxName) words.push(`Box ${before.boxName ?? 'none'} → ${after.boxName ?? 'none'}`);
  const weightText = (grams: number) => (grams > 0 ? formatWeight(grams, system) : 'its lines’');
  if (before.weight !== after.weight) {
    words.push(
      before.weight > 0 && after.weight > 0
        ? `Weight ${fromTo(before.weight, after.weight, system)}`
        : `Weight ${weightText(before.weight)} → ${weightText(after.weight)}`,
    );
  }
  const [sizeBefore, sizeAfter] = [sizeWords(before, system), sizeWords(after, system)];
  if (sizeBefore !== sizeAfter) words.push(`Size ${sizeBefore} → ${sizeAfter}`);
  return words;
}

/**
 * The options a label was bought with, from its purchase row: "Insured $150.00 · Adult signature" (the insured value is
 * in the order's currency, `currency`).
 */
export function labelOptionWords(payload: Record<string, unknown>, currency: string, locale: string): string[] {
  const words: string[] = [];
  if (isNumber(payload.insuredValue) && payload.insuredValue > 0) {
    words.push(`Insured ${formatMoney(payload.insuredValue, currency, locale)}`);
  }
  if (payload.signature === 'adult') words.push('Adult signature');
  else if (payload.signature === 'standard') words.push('Signature');
  return words.length > 0 ? [words.join(' · ')] : [];
}
