import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, ReturnLabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';
import { isValidUspsTrackingNumber } from './usps-labels.ts';
import { uspsMultipartLabel } from './usps-multipart.ts';

const CLIENT_ID = 'usps-consumer-key-returns';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };

/** The buyer sends the parcel back: the return's origin. */
const BUYER: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '9 Elm St',
  street2: null,
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: true,
};
/** The seller's returns address: the return's destination. */
const RETURNS: ShipmentAddress = {
  name: 'Returns Desk',
  company: 'Shipdesk Demo',
  street1: '4120 Bingham Ave',
  street2: 'Dock 2',
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
  phone: '+1 (314) 555-0100',
  email: null,
  residential: false,
};
const TODAY = new Date().toISOString().slice(0, 10);

const keep = closeAfterEach();

async function setup(balance: number | null = null) {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], balance }),
  );
  const adapter: CarrierAdapter = createUspsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp() },
  );
  return { fake, adapter };
}

const returnRequest = (overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest => ({
  from: BUYER,
  to: RETURNS,
  parcel: { weightGrams: 900, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
  shipDate: TODAY,
  reference: '#1001',
  serviceCode: 'PRIORITY_MAIL',
  format: 'pdf',
  idempotencyKey: randomUUID(),
  rma: 'RMA-1001-1',
  payOnUse: false,
  outboundTrackingNumber: '9205590006662200704797',
  ...overrides,
});

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('USPS return labels against the fake', () => {
  it('buys a pay-on-use return label from the buyer to the seller, with the RMA as its reference', async () => {
    // The account holds less than the postage: a return label is not paid when bought.
    const { fake, adapter } = await setup(1);
    const request = returnRequest();
    const label = await adapter.buyReturnLabel!(request);

    expect(isValidUspsTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label).toMatchObject({
      carrierShipmentId: label.trackingNumber,
      currency: 'USD',
      format: 'pdf',
      contentType: 'application/pdf',
      // USPS return labels are always pay-on-use, whatever the request asked.
      payOnUse: true,
    });
    const sold = fake.returnLabels.get(label.trackingNumber)!;
    expect(label.amountMinor).toBe(Math.round(sold.answer.postage * 100));
    expect(label.amountMinor).toBeGreaterThan(0);
    expect(fake.charges).toEqual([]);

    expect(sold.idempotencyKey).toBe(request.idempotencyKey);
    expect(sold.request.packageDescription).toMatchObject({
      mailClass: 'PRIORITY_MAIL_RETURN_SERVICE',
      weightUOM: 'lb',
      customerReference: [{ referenceNumber: 'RMA-1001-1', printReferenceNumber: true }],
    });
    expect(sold.request.imageInfo).not.toHaveProperty('returnLabel');
    expect(sold.request.toAddress).toMatchObject({
      firm: 'Shipdesk Demo',
      ZIPCode: '63116',
      secondaryAddress: 'Dock 2',
    });
    expect(sold.request.fromAddress).toMatchObject({ firstName: 'Joe', lastName: 'Doe', ZIPCode: '80202' });

    const pdf = text(label.document);
    expect(pdf).toMatch(/^%PDF-/);
    expect(pdf).toContain('(RETURN) Tj');
    expect(pdf).toContain('(RMA RMA-1001-1) Tj');
  });

  it('maps each outbound class to its return service, and prints ZPL when asked', async () => {
    const { fake, adapter } = await setup();
    const ground = await adapter.buyReturnLabel!(returnRequest({ serviceCode: 'USPS_GROUND_ADVANTAGE' }));
    const express = await adapter.buyReturnLabel!(
      returnRequest({ serviceCode: 'PRIORITY_MAIL_EXPRESS', format: 'zpl' }),
    );
    const classOf = (trackingNumber: string) =>
      fake.returnLabels.get(trackingNumber)!.request.packageDescription!.mailClass;
    expect(classOf(ground.trackingNumber)).toBe('USPS_GROUND_ADVANTAGE_RETURN_SERVICE');
    expect(classOf(express.trackingNumber)).toBe('PRIORITY_MAIL_EXPRESS_RETURN_SERVICE');
    expect(express.contentType).toBe('text/plain');
    expect(text(express.document)).toContain('^FDRETURN RMA RMA-1001-1^FS');
  });

  it('refuses a class without a return service, an address abroad and PNG in words, before asking USPS', async () => {
    const { fake, adapter } = await setup();
    const media = await expectChannelError(adapter.buyReturnLabel!(returnRequest({ serviceCode: 'MEDIA_MAIL' })));
    expect(media.kind).toBe('invalid');
    expect(media.message).toBe(
      'USPS sells no return label for Media Mail: choose USPS Ground Advantage, Priority Mail or Priority Mail Express',
    );
    const abroad = await expectChannelError(
      adapter.buyReturnLabel!(returnRequest({ from: { ...BUYER, country: 'CA', state: 'ON', postalCode: 'K1A 0B1' } })),
    );
    expect(abroad.message).toBe('USPS return labels go between US addresses only: choose another carrier');
    const png = await expectChannelError(adapter.buyReturnLabel!(returnRequest({ format: 'png' })));
    expect(png.message).toContain('PNG');
    expect(fake.requests.filter((call) => call.path === '/labels/v3/return-label')).toHaveLength(0);
  });

  it('voids a return label with voidLabel, as a domestic label', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyReturnLabel!(returnRequest());
    const outcome = await adapter.voidLabel({
      trackingNumber: label.trackingNumber,
      carrierShipmentId: label.carrierShipmentId,
      shipDate: TODAY,
    });
    expect(outcome).toEqual({ status: 'voided', message: null });
    expect(fake.returnLabels.get(label.trackingNumber)!.state).toBe('canceled');
    expect(fake.requests.some((call) => call.method === 'DELETE' && call.path.endsWith(label.trackingNumber))).toBe(
      true,
    );
  });

  it('reads the parts of a return-label answer by their own names', () => {
    const body = [
      '--b',
      'Content-Disposition: form-data; name="returnLabelMetadata"',
      'Content-Type: application/json',
      '',
      '{"trackingNumber":"1"}',
      '--b',
      'Content-Disposition: form-data; name="returnLabelImage"; filename="returnLabelImage"',
      '',
      'SGVsbG8=',
      '--b--',
      '',
    ].join('\r\n');
    const names = { metadata: 'returnLabelMetadata', image: 'returnLabelImage' };
    expect(uspsMultipartLabel('multipart/form-data; boundary=b', body, names)).toEqual({
      metadata: { trackingNumber: '1' },
      labelImage: 'SGVsbG8=',
    });
    expect(() => uspsMultipartLabel('multipart/form-data; boundary=b', body)).toThrow(
      'USPS answered the label without its labelMetadata part',
    );
  });
});
