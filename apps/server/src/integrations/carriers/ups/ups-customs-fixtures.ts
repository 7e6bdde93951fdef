import type { ShipmentCustoms, ShipmentCustomsLine } from '../carrier-types.ts';

/**
 * A customs declaration for the UPS tests that buy international labels (the fake refuses one without it). Test
 * support only; product code never imports it.
 */

export const MUG_LINE: ShipmentCustomsLine = {
  sku: 'MUG-1',
  description: 'Ceramic coffee mug',
  hsCode: '691200',
  originCountry: 'PT',
  quantity: 3,
  valueMinor: 3600,
  weightGrams: 1200,
};

export function upsTestCustoms(overrides: Partial<ShipmentCustoms> = {}): ShipmentCustoms {
  return {
    contentsType: 'merchandise',
    contentsExplanation: null,
    nonDelivery: 'return',
    incoterm: 'DAP',
    invoiceNumber: 'INV-1001',
    invoiceDate: '2026-12-02',
    exportFiling: 'NOEEI_30_37_a',
    aesItn: null,
    currency: 'USD',
    signer: 'Ada Shipper',
    lines: [MUG_LINE],
    ...overrides,
  };
}
