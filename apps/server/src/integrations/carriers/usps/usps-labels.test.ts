import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import {
  VoidRefusedError,
  type CarrierAdapter,
  type LabelRequest,
  type ShipmentAddress,
  type ShipmentParcel,
} from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';
import { isValidUspsTrackingNumber, uspsCheckDigit } from './usps-labels.ts';

const CLIENT_ID = 'usps-consumer-key-7f3a';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = {
  crid: '56982563',
  mid: '900066622',
  manifestMid: '900066623',
  accountType: 'EPS' as const,
  accountNumber: '1000123456',
};

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '4120 Bingham Ave',
  street2: null,
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
  phone: '+1 (314) 555-0100',
  email: null,
  residential: false,
};
const TO: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '1100 Wyoming St',
  street2: 'Suite 150',
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63118-2628',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: true,
};
/** 680 g is 1.4991 lb: sent as 1.5. */
const PARCEL: ShipmentParcel = { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: 'PACKAGE' };
const TODAY = new Date().toISOString().slice(0, 10);

const keep = closeAfterEach();

async function setup(fakeOptions: Partial<FakeUspsOptions> = {}) {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], ...fakeOptions }),
  );
  const waits: number[] = [];
  const adapter: CarrierAdapter = createUspsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp(waits) },
  );
  return { fake, adapter, waits };
}

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    from: FROM,
    to: TO,
    parcel: PARCEL,
    shipDate: TODAY,
    reference: '#1001',
    serviceCode: 'PRIORITY_MAIL',
    format: 'pdf',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

const rateRequest = (serviceCodes: string[], overrides: Partial<LabelRequest> = {}) => ({
  ...labelRequest(overrides),
  serviceCodes,
});
const calls = (fake: FakeUsps, path: RegExp) => fake.requests.filter((request) => path.test(request.path));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('USPS IMpb check digit', () => {
  it('computes the MOD 10 digit of USPS Pub. 199 and checks a whole PIC', () => {
    expect(uspsCheckDigit('920559000666220070479')).toBe(7);
    expect(isValidUspsTrackingNumber('9205590006662200704797')).toBe(true);
    expect(isValidUspsTrackingNumber('9205590006662200704791')).toBe(false);
    expect(isValidUspsTrackingNumber('1Z999AA10123456784')).toBe(false);
  });
});

describe('USPS rates against the fake', () => {
  it('prices only the requested domestic services, as commercial base postage in pounds and inches', async () => {
    const { fake, adapter } = await setup();
    const rates = await adapter.rates(
      rateRequest(['USPS_GROUND_ADVANTAGE', 'PRIORITY_MAIL', 'PRIORITY_MAIL_INTERNATIONAL', 'NOT_A_SERVICE']),
    );
    expect(rates.map((rate) => rate.serviceCode).sort()).toEqual(['PRIORITY_MAIL', 'USPS_GROUND_ADVANTAGE']);
    for (const rate of rates) {
      expect(rate).toMatchObject({ currency: 'USD', deliveryDays: null });
      expect(rate.amountMinor).toBeGreaterThan(0);
    }
    const searches = calls(fake, /^\/prices\/v3\/base-rates\/search$/);
    expect(searches).toHaveLength(2);
    expect(JSON.parse(searches[0]!.body)).toEqual({
      originZIPCode: '63116',
      destinationZIPCode: '63118',
      weight: 1.5,
      length: 9,
      width: 6,
      height: 2,
      processingCategory: 'MACHINABLE',
      destinationEntryFacilityType: 'NONE',
      rateIndicator: 'SP',
      priceType: 'COMMERCIAL',
      accountType: 'EPS',
      accountNumber: '1000123456',
      mailingDate: TODAY,
      mailClass: expect.stringMatching(/^(USPS_GROUND_ADVANTAGE|PRIORITY_MAIL)$/),
    });
  });

  it('prices every domestic service when none is named, and leaves out those USPS refuses for a flat-rate box', async () => {
    const { adapter } = await setup();
    const box = { ...PARCEL, packageType: 'MEDIUM_FLAT_RATE_BOX' };
    const rates = await adapter.rates(rateRequest([], { parcel: box }));
    expect(rates).toEqual([{ serviceCode: 'PRIORITY_MAIL', amountMinor: 1710, currency: 'USD', deliveryDays: null }]);
  });

  it('prices no domestic service for an international destination, without asking USPS', async () => {
    const { fake, adapter } = await setup();
    const abroad = { to: { ...TO, country: 'CA', postalCode: 'K1A 0B1' } };
    await expect(adapter.rates(rateRequest(['PRIORITY_MAIL', 'MEDIA_MAIL'], abroad))).resolves.toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it("answers USPS's refusal when it prices none of the services", async () => {
    const { adapter } = await setup();
    const heavy = { ...PARCEL, weightGrams: 40_000 };
    const error = await expectChannelError(
      adapter.rates(rateRequest(['PRIORITY_MAIL', 'MEDIA_MAIL'], { parcel: heavy })),
    );
    expect(error).toMatchObject({ kind: 'invalid', status: 400 });
    expect(error.platformMessage).toBe('Invalid weight: weight must be more than 0 and at most 70 lb.');
  });
});

describe('USPS labels against the fake', () => {
  it('buys a PDF label with the idempotency key and payment token, and reads its tracking number and postage', async () => {
    const { fake, adapter } = await setup();
    const [rate] = await adapter.rates(rateRequest(['PRIORITY_MAIL']));
    const request = labelRequest();
    const label = await adapter.buyLabel(request);

    expect(isValidUspsTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label.trackingNumber).toMatch(/^92055900066622\d{8}$/);
    expect(label).toMatchObject({
      carrierShipmentId: label.trackingNumber,
      amountMinor: rate!.amountMinor,
      currency: 'USD',
      format: 'pdf',
      contentType: 'application/pdf',
    });
    expect(text(label.document)).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);
    expect(text(label.document)).toContain(label.trackingNumber);
    expect(fake.charges).toEqual([
      {
        trackingNumber: label.trackingNumber,
        accountNumber: '1000123456',
        amount: rate!.amountMinor / 100,
        idempotencyKey: request.idempotencyKey,
      },
    ]);

    const [purchase] = calls(fake, /^\/labels\//);
    expect(purchase!.headers['x-idempotency-key']).toBe(request.idempotencyKey);
    expect(purchase!.headers['x-payment-authorization-token']).toBe(
      fake.paymentAuthorizations[0]!.paymentAuthorizationToken,
    );
    expect(purchase!.headers.accept).toBe('application/vnd.usps.labels+json');
    expect(purchase!.headers.authorization).toMatch(/^Bearer usps_/);
    expect(JSON.parse(purchase!.body)).toEqual({
      imageInfo: {
        imageType: 'PDF',
        labelType: '4X6LABEL',
        receiptOption: 'NONE',
        suppressPostage: false,
        suppressMailDate: false,
        returnLabel: false,
      },
      toAddress: {
        firstName: 'Joe',
        lastName: 'Doe',
        streetAddress: '1100 Wyoming St',
        secondaryAddress: 'Suite 150',
        city: 'St. Louis',
        state: 'MO',
        ZIPCode: '63118',
        ZIPPlus4: '2628',
        email: 'joe@example.com',
      },
      fromAddress: {
        firstName: 'Ada',
        lastName: 'Shipper',
        firm: 'Shipdesk Demo',
        streetAddress: '4120 Bingham Ave',
        city: 'St. Louis',
        state: 'MO',
        ZIPCode: '63116',
        phone: '3145550100',
      },
      packageDescription: {
        mailClass: 'PRIORITY_MAIL',
        rateIndicator: 'SP',
        weightUOM: 'lb',
        weight: 1.5,
        dimensionsUOM: 'in',
        length: 9,
        width: 6,
        height: 2,
        processingCategory: 'MACHINABLE',
        mailingDate: TODAY,
        destinationEntryFacilityType: 'NONE',
        customerReference: [{ referenceNumber: '#1001', printReferenceNumber: true }],
      },
    });
  });

  it('buys a ZPL label with the kept payment token, and a flat-rate box with its rate indicator', async () => {
    const { fake, adapter } = await setup();
    const zpl = await adapter.buyLabel(labelRequest({ format: 'zpl', serviceCode: 'USPS_GROUND_ADVANTAGE' }));
    expect(zpl).toMatchObject({ format: 'zpl', contentType: 'text/plain' });
    expect(text(zpl.document)).toMatch(/^\^XA\n[\s\S]*\^XZ\n$/);
    expect(text(zpl.document)).toContain(`>;>8420${'63118'}>8${zpl.trackingNumber}`);

    const box = await adapter.buyLabel(labelRequest({ parcel: { ...PARCEL, packageType: 'MEDIUM_FLAT_RATE_BOX' } }));
    expect(box.amountMinor).toBe(1710);
    const purchases = calls(fake, /^\/labels\//);
    expect(JSON.parse(purchases[0]!.body).imageInfo.imageType).toBe('ZPL203DPI');
    expect(JSON.parse(purchases[1]!.body).packageDescription.rateIndicator).toBe('FB');
    expect(fake.paymentAuthorizations).toHaveLength(1);
  });

  it('refuses a PNG label, and a service for the wrong side of the border, before calling USPS', async () => {
    const { fake, adapter } = await setup();
    const png = await expectChannelError(adapter.buyLabel(labelRequest({ format: 'png' })));
    expect(png).toMatchObject({ kind: 'invalid', message: 'USPS does not print PNG labels; choose PDF or ZPL' });
    const abroad = labelRequest({ to: { ...TO, country: 'DE', state: null, postalCode: '10115' } });
    expect((await expectChannelError(adapter.buyLabel(abroad))).message).toBe(
      'Priority Mail goes to US addresses only: choose an international USPS service for DE',
    );
    const international = labelRequest({ serviceCode: 'PRIORITY_MAIL_INTERNATIONAL' });
    expect((await expectChannelError(adapter.buyLabel(international))).message).toBe(
      'Priority Mail International goes abroad only: choose a domestic USPS service',
    );
    const unknown = await expectChannelError(adapter.buyLabel(labelRequest({ serviceCode: 'NOPE' })));
    expect(unknown.message).toBe('USPS sells no service NOPE');
    expect(fake.requests).toEqual([]);
  });

  it("reports an address USPS cannot find and a declined payment in USPS's words, and charges nothing", async () => {
    const { fake, adapter } = await setup();
    const lost = await expectChannelError(adapter.buyLabel(labelRequest({ to: { ...TO, postalCode: '00000' } })));
    expect(lost).toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: 'Invalid toAddress: Address Not Found.',
    });

    fake.setBalance(5);
    const broke = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(broke.kind).toBe('invalid');
    expect(broke.platformMessage).toMatch(/^Payment declined: EPS account 1000123456 has insufficient funds/);
    expect(fake.charges).toEqual([]);
    expect(fake.labels.size).toBe(0);
  });

  it('finds the label of a purchase whose answer was lost, by sending it again under the same key', async () => {
    const { fake, adapter } = await setup();
    fake.dropNextLabelAnswer();
    const request = labelRequest();
    const lost = await expectChannelError(adapter.buyLabel(request));
    expect(lost.kind).toBe('timeout');
    expect(calls(fake, /^\/labels\//)).toHaveLength(1);
    expect(fake.charges).toHaveLength(1);

    const found = await adapter.findLabel(request);
    expect(found?.trackingNumber).toBe(fake.charges[0]!.trackingNumber);
    expect(text(found!.document)).toMatch(/^%PDF-/);
    expect(fake.charges).toHaveLength(1);
    expect(fake.labels.size).toBe(1);
  });

  it('buys the one label of the key when USPS never received the purchase, and finds that one afterwards', async () => {
    const { fake, adapter } = await setup();
    const request = labelRequest();
    const first = await adapter.findLabel(request);
    const again = await adapter.findLabel(request);
    expect(again?.trackingNumber).toBe(first?.trackingNumber);
    expect(fake.charges).toHaveLength(1);
  });

  it('sends a purchase once on a 5xx, and again after a 429 with the wait USPS asks for', async () => {
    const { fake, adapter, waits } = await setup();
    fake.fail({ kind: 'status', status: 503, body: 'Service Unavailable' }, { path: /^\/labels\// });
    expect((await expectChannelError(adapter.buyLabel(labelRequest()))).kind).toBe('unavailable');
    expect(calls(fake, /^\/labels\//)).toHaveLength(1);
    expect(fake.charges).toEqual([]);

    fake.throttleNext({ retryAfterSeconds: 4 });
    await adapter.buyLabel(labelRequest());
    expect(waits).toEqual([4_000]);
    expect(fake.charges).toHaveLength(1);
  });

  it('renews the payment authorization once when USPS refuses the kept one', async () => {
    const { fake, adapter } = await setup();
    await adapter.buyLabel(labelRequest());
    fake.expirePaymentTokens();
    await adapter.buyLabel(labelRequest());
    expect(fake.paymentAuthorizations).toHaveLength(2);
    expect(calls(fake, /^\/labels\//)).toHaveLength(3);
    expect(fake.charges).toHaveLength(2);
  });

  it('answers a tracking number that fails its check digit as malformed', async () => {
    const { fake, adapter } = await setup();
    const body = { trackingNumber: '9205590006662200704791', postage: 9.35, labelImage: 'JVBERi0=' };
    fake.fail({ kind: 'status', status: 200, body }, { path: /^\/labels\// });
    const error = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(error).toMatchObject({ kind: 'malformed' });
    expect(error.message).toContain('9205590006662200704791');
  });
});

describe('USPS cancel and tracking against the fake', () => {
  it('cancels an unused label; cancelling it again answers the cancel that stands', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    const reference = {
      trackingNumber: label.trackingNumber,
      carrierShipmentId: label.carrierShipmentId,
      shipDate: TODAY,
    };
    await expect(adapter.voidLabel(reference)).resolves.toEqual({ status: 'voided', message: null });
    expect(fake.refunds).toEqual([
      { trackingNumber: label.trackingNumber, amount: label.amountMinor / 100, status: 'CANCELED' },
    ]);
    const cancel = calls(fake, /^\/labels\/v3\/label\/\d+$/)[0]!;
    expect(cancel.method).toBe('DELETE');
    expect(cancel.headers['x-payment-authorization-token']).toBe(
      fake.paymentAuthorizations[0]!.paymentAuthorizationToken,
    );

    await expect(adapter.voidLabel(reference)).resolves.toEqual({
      status: 'voided',
      message: `Label already canceled: Label ${label.trackingNumber} has already been canceled.`,
    });
    expect(fake.refunds).toHaveLength(1);
  });

  it('asks for a refund once the shipping-services file went out (DISPUTED)', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    fake.fileShippingServices();
    const reference = {
      trackingNumber: label.trackingNumber,
      carrierShipmentId: label.trackingNumber,
      shipDate: TODAY,
    };
    const outcome = await adapter.voidLabel(reference);
    expect(outcome.status).toBe('refund_requested');
    expect(outcome.message).toMatch(/^USPS queued a refund request \(dispute D[0-9A-F]{10}\)$/);
    expect((await adapter.voidLabel(reference)).status).toBe('refund_requested');
  });

  it("refuses to void a scanned label or one USPS does not know, with USPS's reason", async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    fake.scan(label.trackingNumber);
    const scanned = adapter.voidLabel({ trackingNumber: label.trackingNumber, carrierShipmentId: '', shipDate: TODAY });
    await expect(scanned).rejects.toBeInstanceOf(VoidRefusedError);
    await expect(scanned).rejects.toMatchObject({
      message: `Refund not allowed: Label ${label.trackingNumber} has been scanned by USPS and can no longer be canceled or refunded.`,
    });
    const unknown = adapter.voidLabel({
      trackingNumber: '9205590006662200704797',
      carrierShipmentId: '',
      shipDate: TODAY,
    });
    await expect(unknown).rejects.toMatchObject({
      name: 'VoidRefusedError',
      platformMessage: 'Label not found: No label 9205590006662200704797 was found.',
    });
    expect(fake.refunds).toEqual([]);
  });
});
