import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { ReturnLabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';
import { isValidUpsTrackingNumber } from './ups-shipment.ts';

const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';
const SHIPPER = '1A2B3C';

/** The buyer: where the return leaves from. */
const BUYER: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '793 Foothill Blvd',
  street2: null,
  city: 'Timonium',
  state: 'MD',
  postalCode: '21093',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: null,
};
/** The seller's returns address. */
const SELLER: ShipmentAddress = {
  name: 'Returns Desk',
  company: 'Shipdesk Demo',
  street1: '12380 Morris Rd',
  street2: null,
  city: 'Alpharetta',
  state: 'GA',
  postalCode: '30005',
  country: 'US',
  phone: '(678) 555-0100',
  email: null,
  residential: false,
};
const TODAY = new Date().toISOString().slice(0, 10);

const keep = closeAfterEach();

async function setup() {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }));
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: SHIPPER, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([]) },
  );
  return { fake, adapter };
}

const returnRequest = (overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest => ({
  from: BUYER,
  to: SELLER,
  parcel: { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: '02' },
  shipDate: TODAY,
  reference: '#1001',
  serviceCode: '03',
  format: 'zpl',
  idempotencyKey: randomUUID(),
  rma: 'RMA-1001-1',
  payOnUse: true,
  outboundTrackingNumber: null,
  ...overrides,
});

describe('UPS return labels against the fake', () => {
  it('buys a Print Return Label from the buyer to the seller, described and referenced by the RMA', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    expect(isValidUpsTrackingNumber(label.trackingNumber)).toBe(true);
    // UPS has no pay-on-use return label: what it answers is charged now, whatever was asked.
    expect(label.payOnUse).toBe(false);
    expect(label.amountMinor).toBeGreaterThan(0);
    expect(label).not.toHaveProperty('forms');
    expect(Buffer.from(label.document).toString('latin1')).toContain('^XA');

    const shipped = fake.labels.get(label.trackingNumber)!;
    expect(shipped.returnService).toBe('9');
    expect(shipped.references).toContain('RMA-1001-1');
    expect(shipped.request.Description).toBe('Return RMA-1001-1');
    expect(shipped.request.ShipFrom?.Address?.City).toBe('Timonium');
    expect(shipped.request.ShipTo?.Address?.City).toBe('Alpharetta');
    // The shipper is the account holder (the seller), not the buyer the parcel leaves from.
    expect(shipped.request.Shipper?.Address?.City).toBe('Alpharetta');
    expect(shipped.request.Shipper?.ShipperNumber).toBe(SHIPPER);
    expect(shipped.request.Service?.Code).toBe('03');
  });

  it('voids a return label like any shipment', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    await expect(
      adapter.voidLabel({
        trackingNumber: label.trackingNumber,
        carrierShipmentId: label.carrierShipmentId,
        shipDate: TODAY,
      }),
    ).resolves.toEqual({ status: 'voided', message: null });
    expect(fake.voids).toEqual([label.carrierShipmentId]);
    expect(fake.labels.get(label.trackingNumber)!.state).toBe('voided');
  });

  it('leaves an outbound label without a return service', async () => {
    const { fake, adapter } = await setup();
    const { rma: _rma, payOnUse: _payOnUse, outboundTrackingNumber: _n, ...outbound } = returnRequest();
    const label = await adapter.buyLabel(outbound);
    expect(fake.labels.get(label.trackingNumber)!.returnService).toBeNull();
  });
});
