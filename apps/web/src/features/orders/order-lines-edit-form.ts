import { computeTotals, minorToDecimal, parseMoney, type Order, type OrderLinesUpdate } from '@shipdesk/contract';

/**
 * The order view's "Edit lines" form (docs/order-editing.md): the lines as typed (text until parsed), the checks of
 * OrderLinesUpdateSchema as messages per field (`lines.2.quantity`, the server's own names), the totals preview,
 * and the body sent.
 */

interface EditLineValues {
  /** The stored line's id; empty for a line added here. */
  id: string;
  sku: string;
  name: string;
  quantity: string;
  unitPrice: string;
  /** Grams per unit, as typed. */
  weight: string;
}

export interface LinesEditValues {
  lines: EditLineValues[];
}

export const MAX_EDIT_LINES = 500;
const MAX_QUANTITY = 100_000;
/** Grams per unit (one tonne): the server's bound too. */
const MAX_LINE_WEIGHT = 1_000_000;
const LINE_FIELDS = ['sku', 'name', 'quantity', 'unitPrice', 'weight'] as const;

export const newEditLine = (): EditLineValues => ({
  id: '',
  sku: '',
  name: '',
  quantity: '1',
  unitPrice: '',
  weight: '0',
});

export function linesEditDefaults(order: Pick<Order, 'lines' | 'currency'>): LinesEditValues {
  return {
    lines: order.lines.map((line) => ({
      id: line.id,
      sku: line.sku,
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: minorToDecimal(line.unitPrice, order.currency),
      weight: String(line.weight),
    })),
  };
}

const wholeNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

type Messages = Record<string, string>;

function textProblem(value: string, label: string, max: number): string | null {
  const trimmed = value.trim();
  if (!trimmed) return `${label} is required`;
  return trimmed.length > max ? `${label} must be at most ${max} characters` : null;
}

/** Every rule of the lines body, as field path -> message (empty when the form can be sent). */
export function validateLinesEdit(values: LinesEditValues, currency: string): Messages {
  const out: Messages = {};
  if (values.lines.length === 0) out.lines = 'Keep at least one item';
  if (values.lines.length > MAX_EDIT_LINES) out.lines = `An order holds at most ${MAX_EDIT_LINES} items`;
  values.lines.forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const sku = textProblem(line.sku, 'SKU', 100);
    if (sku) out[at('sku')] = sku;
    const name = textProblem(line.name, 'Item name', 300);
    if (name) out[at('name')] = name;
    const qty = wholeNumber(line.quantity);
    if (line.quantity.trim() === '') out[at('quantity')] = 'Quantity is required';
    else if (qty === null || qty < 1) out[at('quantity')] = 'Enter a whole number of at least 1';
    else if (qty > MAX_QUANTITY) out[at('quantity')] = `At most ${MAX_QUANTITY}`;
    const price = parseMoney(line.unitPrice, currency);
    if (!price.ok) out[at('unitPrice')] = price.message;
    const weight = wholeNumber(line.weight);
    if (line.weight.trim() !== '' && weight === null) out[at('weight')] = 'Enter whole grams, 0 or more';
    else if (weight !== null && weight > MAX_LINE_WEIGHT) out[at('weight')] = `At most ${MAX_LINE_WEIGHT} g a unit`;
  });
  return out;
}

/** The form's field paths (where the server's `errors` land). */
export function linesEditFieldPaths(values: LinesEditValues): string[] {
  return ['lines', ...values.lines.flatMap((_, i) => LINE_FIELDS.map((f) => `lines.${i}.${f}`))];
}

/** The body for `updateOrderLines`; call after `validateLinesEdit` found nothing. */
export function toLinesUpdate(values: LinesEditValues, currency: string, version: number): OrderLinesUpdate {
  return {
    version,
    lines: values.lines.map((line) => {
      const price = parseMoney(line.unitPrice, currency);
      return {
        ...(line.id ? { lineId: line.id } : {}),
        sku: line.sku.trim(),
        name: line.name.trim(),
        quantity: Number(line.quantity.trim()),
        unitPrice: price.ok ? price.minor : 0,
        weight: line.weight.trim() === '' ? 0 : Number(line.weight.trim()),
      };
    }),
  };
}

/** The totals the order would have, live as it is typed: null while a line's quantity or price does not parse. */
export function linesEditTotals(
  values: LinesEditValues,
  order: Pick<Order, 'currency' | 'shippingTotal' | 'taxTotal' | 'discountTotal'>,
): { subtotal: number; total: number } | null {
  const lines: Array<{ quantity: number; unitPrice: number }> = [];
  for (const line of values.lines) {
    const quantity = wholeNumber(line.quantity);
    const price = parseMoney(line.unitPrice, order.currency);
    if (quantity === null || !price.ok) return null;
    lines.push({ quantity, unitPrice: price.minor });
  }
  const { totals } = computeTotals({
    lines,
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    discountTotal: order.discountTotal,
  });
  return { subtotal: totals.subtotal, total: totals.total };
}
