/** Money in integer minor units; sums stay within what JSON numbers and bigint columns hold exactly. */
export const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

export interface TotalsInput {
  lines: ReadonlyArray<{ quantity: number; unitPrice: number }>;
  shippingTotal?: number | undefined;
  taxTotal?: number | undefined;
  discountTotal?: number | undefined;
}

export interface Totals {
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
}

/**
 * subtotal = sum of quantity x unit price; total = subtotal + shipping + tax - discount. A discount larger than
 * what it discounts, or a sum past exact integer range, is an error naming the field.
 */
export function computeTotals(
  input: TotalsInput,
): { ok: true; totals: Totals } | { ok: false; errors: Record<string, string> } {
  const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const shippingTotal = input.shippingTotal ?? 0;
  const taxTotal = input.taxTotal ?? 0;
  const discountTotal = input.discountTotal ?? 0;
  const gross = subtotal + shippingTotal + taxTotal;
  if (!Number.isSafeInteger(gross)) return { ok: false, errors: { lines: 'lines add up to more than can be stored' } };
  if (discountTotal > gross) {
    return { ok: false, errors: { discountTotal: 'discountTotal must not exceed the subtotal, shipping and tax' } };
  }
  return { ok: true, totals: { subtotal, shippingTotal, taxTotal, discountTotal, total: gross - discountTotal } };
}

/** What is still to be paid. */
export function balanceDue(total: number, paidTotal: number): number {
  return Math.max(0, total - paidTotal);
}
