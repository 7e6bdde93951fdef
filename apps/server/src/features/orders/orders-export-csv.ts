import { minorToDecimal, wallClock } from '@shipdesk/contract';
import type { SummaryRow } from './order-list-repository.ts';
import { toShipping } from './order-views.ts';
import type { ExportDetail } from './orders-export-repository.ts';

/**
 * The order export as CSV (RFC 4180): a header row, then a row per order, CRLF between rows, UTF-8 with a byte order
 * mark so that spreadsheets read accents. A cell holding a comma, a quote or a line break is quoted (quotes doubled);
 * a text cell starting with = + - @, a tab or a carriage return is prefixed with a single quote, so a spreadsheet
 * never runs it as a formula (OWASP "CSV injection").
 */

/** U+FEFF: how Excel knows a CSV file is UTF-8. */
export const BOM = '\uFEFF';
const CRLF = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: text from the orders (guarded against formulas) or a figure the export wrote itself (`raw`). */
export function csvCell(value: string | number | null | undefined, raw = false): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (!raw && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A time as the tenant's wall clock shows it: `2026-11-26 14:05`, which spreadsheets read as a date and time. */
export function wallClockText(timeZone: string): (at: Date) => string {
  return (at) => {
    const w = wallClock(at.getTime(), timeZone);
    return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
  };
}

interface Column {
  header: string;
  /** A figure the export formats itself: written as is (never guarded, so "-5" stays a number). */
  raw?: boolean;
  value(row: SummaryRow, detail: ExportDetail | undefined, time: (at: Date) => string): string | number | null;
}

const money = (header: string, pick: (row: SummaryRow, detail: ExportDetail) => number): Column => ({
  header,
  raw: true,
  value: (row, detail) => (detail ? minorToDecimal(pick(row, detail), row.currency) : null),
});

/** What a seller expects of an order export, in this order (docs/orders.md, "Export"). */
const EXPORT_COLUMNS: readonly Column[] = [
  { header: 'Order number', value: (r) => r.orderNumber },
  { header: 'Channel order ID', value: (_r, d) => d?.externalId ?? null },
  { header: 'Order date', raw: true, value: (r, _d, time) => time(r.orderDate) },
  { header: 'Created', raw: true, value: (r, _d, time) => time(r.createdAt) },
  { header: 'Order status', value: (r) => r.orderStatus },
  { header: 'Payment status', value: (r) => r.paymentStatus },
  { header: 'Shipment status', value: (r) => r.shipmentStatus },
  { header: 'Customer', value: (r) => r.customerName },
  { header: 'Email', value: (r) => r.customerEmail },
  { header: 'Ship-to name', value: (_r, d) => d?.shipToName ?? null },
  { header: 'Ship-to company', value: (_r, d) => d?.shipToCompany ?? null },
  { header: 'Ship-to city', value: (_r, d) => d?.city ?? null },
  { header: 'Ship-to state', value: (_r, d) => d?.state ?? null },
  { header: 'Ship-to postal code', value: (_r, d) => d?.postalCode ?? null },
  { header: 'Ship-to country', value: (_r, d) => d?.country ?? null },
  { header: 'Store', value: (r) => (r.storeId === null ? 'Manual' : r.storeName) },
  { header: 'Channel', value: (r) => r.sourceType },
  { header: 'Requested service', value: (r) => r.requestedShippingMethod },
  // The shipping method the requested service maps to ("Standard"), then the carrier service the order ships with,
  // named as the order list names it ("USPS Ground Advantage").
  { header: 'Shipping method', value: (r) => r.shipMethodName },
  { header: 'Carrier service', value: (r) => toShipping(r, r.shipMethodName).carrierMethodName },
  { header: 'Currency', value: (r) => r.currency },
  money('Subtotal', (_r, d) => d.subtotal),
  money('Shipping', (_r, d) => d.shippingTotal),
  money('Tax', (_r, d) => d.taxTotal),
  money('Discount', (_r, d) => d.discountTotal),
  money('Total', (r) => r.total),
  money('Paid', (_r, d) => d.paidTotal),
  { header: 'Items', raw: true, value: (r) => r.itemCount },
  { header: 'Tracking numbers', value: (_r, d) => d?.trackingNumbers ?? null },
];

/** The header row, with its line end. */
export const csvHeader = (): string => EXPORT_COLUMNS.map((c) => csvCell(c.header, true)).join(',') + CRLF;

/** One order as a CSV row, with its line end. */
export function csvRow(row: SummaryRow, detail: ExportDetail | undefined, time: (at: Date) => string): string {
  return EXPORT_COLUMNS.map((c) => csvCell(c.value(row, detail, time), c.raw)).join(',') + CRLF;
}
