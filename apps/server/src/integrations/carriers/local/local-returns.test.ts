import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { ReturnLabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createLocalAdapter } from './local-adapter.ts';
import { pdfTexts } from './local-pdf-test-text.ts';
import { localTrackingNumber } from './local-tracking.ts';

const address = (overrides: Partial<ShipmentAddress>): ShipmentAddress => ({
  name: 'Acme Returns',
  company: null,
  street1: '12 Warehouse Way',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: null,
  email: null,
  residential: false,
  ...overrides,
});

/** The buyer sends the parcel back to the seller's returns address. */
const BUYER = address({ name: 'Zoe Carter', street1: '88 Alder St', postalCode: '97205', residential: true });

const request = (overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest => ({
  from: BUYER,
  to: address({}),
  parcel: { weightGrams: 1250, lengthIn: 12, widthIn: 9.5, heightIn: 4, packageType: 'PACKAGE' },
  shipDate: '2026-11-25',
  reference: '#1001',
  serviceCode: 'LOCAL_NEXT_DAY',
  format: 'pdf',
  idempotencyKey: 'return-8d3c1b7e',
  rma: 'RMA-1001-2',
  payOnUse: true,
  outboundTrackingNumber: null,
  ...overrides,
});

const adapter = createLocalAdapter();

describe('built-in carrier return labels', () => {
  it('draws its own label marked RETURN with the RMA, from the buyer to the returns address, for nothing', async () => {
    const label = await adapter.buyReturnLabel!(request());
    expect(label).toMatchObject({
      trackingNumber: localTrackingNumber('return-8d3c1b7e'),
      carrierShipmentId: localTrackingNumber('return-8d3c1b7e'),
      amountMinor: 0,
      currency: 'USD',
      // Nothing to pay, now or on use, whatever the request asked.
      payOnUse: false,
      contentType: 'application/pdf',
    });
    expect(label).not.toHaveProperty('forms');
    const texts = pdfTexts(label.document);
    expect(texts).toContain('RETURN');
    expect(texts).toContain('RETURN RMA');
    expect(texts).toContain('RMA-1001-2');
    expect(texts).not.toContain('ORDER');
    expect(texts).not.toContain('#1001');
    // Nothing swapped: the buyer in the FROM block, the returns address to ship to.
    expect(texts.indexOf('Zoe Carter')).toBeLessThan(texts.indexOf('SHIP TO'));
    expect(texts.indexOf('Acme Returns')).toBeGreaterThan(texts.indexOf('SHIP TO'));
  });

  it('draws the same label again for the same key, and prints RETURN before a signature in ZPL', async () => {
    const first = await adapter.buyReturnLabel!(request());
    const again = await adapter.buyReturnLabel!(request());
    expect(again.trackingNumber).toBe(first.trackingNumber);
    const zpl = new TextDecoder().decode(
      (await adapter.buyReturnLabel!(request({ format: 'zpl', signature: 'standard' }))).document,
    );
    expect(zpl).toContain('^FDRETURN - SIGNATURE REQUIRED^FS');
    expect(zpl).toContain('^FDRMA-1001-2^FS');
    expect(zpl).toContain('^FDRETURN RMA^FS');
  });

  it('leaves outbound labels as they were: ORDER and the order number, no RETURN', async () => {
    const { rma: _rma, payOnUse: _payOnUse, outboundTrackingNumber: _none, ...outbound } = request();
    const texts = pdfTexts((await adapter.buyLabel(outbound)).document);
    expect(texts).toContain('ORDER');
    expect(texts).toContain('#1001');
    expect(texts).not.toContain('RETURN');
  });

  it('refuses a return across a border, an international service and a missing RMA in words', async () => {
    const abroad = await expectChannelError(
      adapter.buyReturnLabel!(request({ from: address({ country: 'CA', state: 'BC', postalCode: 'V6B 1A1' }) })),
    );
    expect(abroad.kind).toBe('invalid');
    expect(abroad.message).toMatch(/return labels within one country only: a return from CA to US needs a carrier/);
    const international = await expectChannelError(
      adapter.buyReturnLabel!(request({ serviceCode: 'LOCAL_INTERNATIONAL' })),
    );
    expect(international.message).toMatch(/within one country only/);
    const noRma = await expectChannelError(adapter.buyReturnLabel!(request({ rma: '  ' })));
    expect(noRma.message).toBe('A return label needs its return authorisation number (RMA)');
  });

  it('voids a return label with voidLabel, as its other labels', async () => {
    const label = await adapter.buyReturnLabel!(request());
    const outcome = await adapter.voidLabel({
      trackingNumber: label.trackingNumber,
      carrierShipmentId: label.carrierShipmentId,
      shipDate: '2026-11-25',
    });
    expect(outcome).toEqual({ status: 'voided', message: null });
  });
});
