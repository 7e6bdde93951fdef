import { describe, expect, it } from 'vitest';
import type { SummaryRow } from './order-list-repository.ts';
import { csvHeader, csvRow } from './orders-export-csv.ts';

const row: SummaryRow = {
  id: 1320,
  storeId: 2,
  sourceType: 'Shopify',
  orderNumber: '#1320',
  orderDate: new Date('2026-11-26T10:44:24Z'),
  createdAt: new Date('2026-11-26T10:44:24Z'),
  orderStatus: 'Sales Order',
  paymentStatus: 'Paid',
  shipmentStatus: 'Unshipped',
  customerName: 'Emma Taylor',
  customerEmail: 'emmat@example.org',
  shipTo: null,
  itemCount: 3,
  currency: 'USD',
  total: 8366,
  requestedShippingMethod: 'Standard Shipping',
  shipMethodId: 7,
  carrier: 'usps',
  carrierMethod: 'USPS_GROUND_ADVANTAGE',
  packageType: null,
  shippingByUser: false,
  version: 1,
  storeName: 'Northloop Supply',
  shipMethodName: 'Standard',
} as SummaryRow;

/** The cells of one CSV line by header (no quoted commas in these rows). */
function cells(line: string): Record<string, string> {
  const headers = csvHeader()
    .replace(/^\uFEFF/, '')
    .trim()
    .split(',');
  const values = line.trim().split(',');
  return Object.fromEntries(headers.map((header, i) => [header, values[i] ?? '']));
}

describe('order export columns', () => {
  it('names the shipping method and the carrier service as the order list does, not the method twice', () => {
    const out = cells(csvRow(row, undefined, (at) => at.toISOString()));
    expect(out['Requested service']).toBe('Standard Shipping');
    expect(out['Shipping method']).toBe('Standard');
    expect(out['Carrier service']).toBe('USPS Ground Advantage');
  });

  it('leaves the carrier service empty for an order no carrier service is chosen for', () => {
    const out = cells(csvRow({ ...row, carrier: null, carrierMethod: null }, undefined, (at) => at.toISOString()));
    expect(out['Shipping method']).toBe('Standard');
    expect(out['Carrier service']).toBe('');
  });
});
