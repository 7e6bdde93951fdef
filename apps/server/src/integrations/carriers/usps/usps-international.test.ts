import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type {
  CarrierAdapter,
  LabelRequest,
  ShipmentAddress,
  ShipmentCustoms,
  ShipmentCustomsLine,
  ShipmentParcel,
} from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';
import { uspsAesItn } from './usps-customs.ts';
import { isUspsInternationalTrackingNumber } from './usps-international.ts';

/** USPS mail abroad against the fake: International Prices, International Labels with the customs form, its void. */

const CLIENT_ID = 'usps-consumer-key-intl';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: null,
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
const OTTAWA: ShipmentAddress = {
  name: 'Marie Tremblay',
  company: null,
  street1: '111 Wellington St',
  street2: 'Apt 4',
  city: 'Ottawa',
  state: 'ON',
  postalCode: 'K1A 0A9',
  country: 'CA',
  phone: '+1 613-555-0199',
  email: null,
  residential: true,
};
/** 680 g is 1.4991 lb: sent as 1.5. */
const PARCEL: ShipmentParcel = { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: 'PACKAGE' };
const TODAY = new Date().toISOString().slice(0, 10);

const line = (n: number, overrides: Partial<ShipmentCustomsLine> = {}): ShipmentCustomsLine => ({
  sku: `SKU-${n}`,
  description: `Cotton T-shirt ${n}`,
  hsCode: '610910',
  originCountry: 'PT',
  quantity: 2,
  valueMinor: 2500,
  weightGrams: 300,
  ...overrides,
});

const customs = (overrides: Partial<ShipmentCustoms> = {}): ShipmentCustoms => ({
  contentsType: 'merchandise',
  contentsExplanation: null,
  nonDelivery: 'return',
  incoterm: 'DAP',
  invoiceNumber: 'INV-1001',
  invoiceDate: TODAY,
  exportFiling: 'NOEEI_30_37_a',
  aesItn: null,
  currency: 'USD',
  signer: 'Ada Shipper',
  lines: [line(1)],
  ...overrides,
});

const keep = closeAfterEach();

async function setup() {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], quota: null }),
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

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    from: FROM,
    to: OTTAWA,
    parcel: PARCEL,
    customs: customs(),
    shipDate: TODAY,
    reference: '#1001',
    serviceCode: 'PRIORITY_MAIL_INTERNATIONAL',
    format: 'pdf',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

const calls = (fake: FakeUsps, path: RegExp) => fake.requests.filter((request) => path.test(request.path));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('USPS international rates against the fake', () => {
  it('prices the international mail classes with International Prices, in pounds and inches', async () => {
    const { fake, adapter } = await setup();
    const rates = await adapter.rates({ ...labelRequest(), serviceCodes: [] });
    expect(rates.map((rate) => rate.serviceCode).sort()).toEqual([
      'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
      'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
      'PRIORITY_MAIL_INTERNATIONAL',
    ]);
    for (const rate of rates) expect(rate).toMatchObject({ currency: 'USD', deliveryDays: null });
    const searches = calls(fake, /^\/international-prices\/v3\/base-rates\/search$/);
    expect(searches).toHaveLength(3);
    const priority = searches.map((s) => JSON.parse(s.body)).find((q) => q.mailClass === 'PRIORITY_MAIL_INTERNATIONAL');
    expect(priority).toEqual({
      originZIPCode: '63116',
      foreignPostalCode: 'K1A 0A9',
      destinationCountryCode: 'CA',
      weight: 1.5,
      length: 9,
      width: 6,
      height: 2,
      mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
      processingCategory: 'MACHINABLE',
      rateIndicator: 'SP',
      destinationEntryFacilityType: 'NONE',
      priceType: 'COMMERCIAL',
      mailingDate: TODAY,
      accountType: 'EPS',
      accountNumber: '1000123456',
    });
    expect(calls(fake, /^\/prices\//)).toEqual([]);
  });

  it('prices insurance with total rates, leaving out the class that sells none, and refuses a signature', async () => {
    const { fake, adapter } = await setup();
    const insured = { amountMinor: 12_000, currency: 'USD', provider: 'carrier' as const };
    const base = await adapter.rates({ ...labelRequest(), serviceCodes: ['PRIORITY_MAIL_INTERNATIONAL'] });
    const rates = await adapter.rates({ ...labelRequest({ insurance: insured }), serviceCodes: [] });
    // First-Class Package International sells no insurance: USPS refuses it, and it is left out.
    expect(rates.map((rate) => rate.serviceCode).sort()).toEqual([
      'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
      'PRIORITY_MAIL_INTERNATIONAL',
    ]);
    const priority = rates.find((rate) => rate.serviceCode === 'PRIORITY_MAIL_INTERNATIONAL')!;
    expect(priority.amountMinor).toBeGreaterThan(base[0]!.amountMinor);
    const totals = calls(fake, /^\/international-prices\/v3\/total-rates\/search$/).map((c) => JSON.parse(c.body));
    expect(totals[0]).toMatchObject({ extraServices: [930], itemValue: 120 });

    const before = fake.requests.length;
    const signed = await expectChannelError(
      adapter.rates({ ...labelRequest({ signature: 'standard' }), serviceCodes: [] }),
    );
    expect(signed).toMatchObject({ kind: 'invalid' });
    expect(signed.message).toMatch(/USPS sells no signature on delivery with international mail/);
    expect(fake.requests).toHaveLength(before);
  });
});

describe('USPS international labels against the fake', () => {
  it('buys a label to Canada with the customs form mapped to USPS fields, printed in the label', async () => {
    const { fake, adapter } = await setup();
    const lines = [line(1), line(2, { hsCode: null, originCountry: 'us' }), ...[3, 4, 5, 6, 7].map((n) => line(n))];
    const request = labelRequest({
      customs: customs({ lines, nonDelivery: 'abandon' }),
      insurance: { amountMinor: 17_500, currency: 'USD', provider: 'carrier' },
    });
    const label = await adapter.buyLabel(request);

    expect(isUspsInternationalTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label.trackingNumber).toMatch(/^CP\d{9}US$/);
    expect(label.carrierShipmentId).toBe(label.trackingNumber);
    expect(label.forms).toEqual({ form: 'cn23', document: null });
    expect(label.contentType).toBe('application/pdf');

    const purchase = calls(fake, /^\/international-labels\/v3\/international-label$/)[0]!;
    expect(purchase.headers['x-payment-authorization-token']).toBe(
      fake.paymentAuthorizations[0]!.paymentAuthorizationToken,
    );
    expect(purchase.headers['x-idempotency-key']).toBe(request.idempotencyKey);
    const sold = fake.internationalLabels.get(label.trackingNumber)!;
    expect(sold.request.customsForm).toEqual({
      customsContentType: 'MERCHANDISE',
      AESITN: 'NO EEI 30.37(a)',
      invoiceNumber: 'INV-1001',
      contents: [
        {
          itemDescription: 'Cotton T-shirt 1',
          itemQuantity: 2,
          itemTotalValue: 25,
          itemTotalWeight: 0.67,
          weightUOM: 'lb',
          HSTariffNumber: '610910',
          countryofOrigin: 'PT',
        },
        {
          itemDescription: 'Cotton T-shirt 2',
          itemQuantity: 2,
          itemTotalValue: 25,
          itemTotalWeight: 0.67,
          weightUOM: 'lb',
          countryofOrigin: 'US',
        },
        ...[3, 4, 5, 6, 7].map((n) => expect.objectContaining({ itemDescription: `Cotton T-shirt ${n}` })),
      ],
    });
    expect(sold.request.toAddress).toEqual({
      firstName: 'Marie',
      lastName: 'Tremblay',
      streetAddress: '111 Wellington St',
      secondaryAddress: 'Apt 4',
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1A 0A9',
      country: 'Canada',
      countryISOAlpha2Code: 'CA',
      phone: '16135550199',
    });
    expect(sold.request.fromAddress).toMatchObject({ firm: 'Ada Shipper', ZIPCode: '63116', state: 'MO' });
    expect(sold.request.packageDescription?.packageOptions).toEqual({
      packageValue: 175,
      nonDeliveryOption: 'ABANDON',
    });
    expect(sold.request.packageDescription?.extraServices).toEqual([930]);
    // Postage plus the insurance USPS charges beside it.
    expect(label.amountMinor).toBe(Math.round(fake.charges[0]!.amount * 100));

    // The declaration is in the image: five lines on the label, the rest on a continuation page.
    const pdf = text(label.document);
    expect(pdf).toMatch(/^%PDF-/);
    expect(pdf).toContain('/Count 2');
    expect(pdf).toContain('(CN 23 CUSTOMS DECLARATION \\(PS 2976-A\\)) Tj');
    expect(pdf).toContain('(AES/ITN: NO EEI 30.37\\(a\\)  Invoice: INV-1001) Tj');
    const continued = pdf.indexOf('CONTINUED');
    expect(continued).toBeGreaterThan(pdf.indexOf('Cotton T-shirt 5'));
    expect(pdf.indexOf('Cotton T-shirt 6')).toBeGreaterThan(continued);
  });

  it('travels on a CN 22 with First-Class Package International up to $400, and prints it in ZPL', async () => {
    const { fake, adapter } = await setup();
    const request = labelRequest({
      serviceCode: 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
      format: 'zpl',
      customs: customs({ contentsType: 'other', contentsExplanation: 'Hand-knit scarf' }),
    });
    const label = await adapter.buyLabel(request);
    expect(label.trackingNumber).toMatch(/^LX\d{9}US$/);
    expect(label.forms).toEqual({ form: 'cn22', document: null });
    expect(label.contentType).toBe('text/plain');
    const form = fake.internationalLabels.get(label.trackingNumber)!.request.customsForm!;
    expect(form).toMatchObject({ customsContentType: 'OTHER', contentComments: 'Hand-knit scarf' });
    const zpl = text(label.document);
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain('^FDCN 22 CUSTOMS DECLARATION (PS 2976)^FS');
    expect(zpl).toContain('Cotton T-shirt 1');

    const costly = await adapter.buyLabel(
      labelRequest({
        serviceCode: 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
        customs: customs({ lines: [line(1, { valueMinor: 40_001 })] }),
      }),
    );
    expect(costly.forms?.form).toBe('cn23');
  });

  it("answers USPS's refusal of a label without a customs form as a ChannelError in USPS's words", async () => {
    const { fake, adapter } = await setup();
    const error = await expectChannelError(adapter.buyLabel(labelRequest({ customs: null })));
    expect(error).toMatchObject({ kind: 'invalid', status: 400 });
    expect(error.platformMessage).toBe('Missing customsForm: customsForm is required.');
    expect(calls(fake, /^\/international-labels\//)).toHaveLength(1);
    expect(fake.charges).toEqual([]);

    const placeholder = customs({ lines: [line(1, { description: 'N/A' })] });
    const refused = await expectChannelError(adapter.buyLabel(labelRequest({ customs: placeholder })));
    expect(refused.platformMessage).toBe(
      'Invalid itemDescription: itemDescription "N/A" is not accepted: describe the item in 1 to 30 characters.',
    );
  });

  it('sends the exemption legend or the ITN as AESITN, and an invoice number only when it fits 15 characters', async () => {
    expect(uspsAesItn({ exportFiling: 'NOEEI_30_37_a', aesItn: null })).toBe('NO EEI 30.37(a)');
    expect(uspsAesItn({ exportFiling: 'NOEEI_30_37_f', aesItn: null })).toBe('NO EEI 30.37(f)');
    expect(uspsAesItn({ exportFiling: 'NOEEI_30_37_h', aesItn: null })).toBe('NO EEI 30.37(h)');
    expect(uspsAesItn({ exportFiling: 'NOEEI_30_36', aesItn: null })).toBe('NO EEI 30.36');
    expect(uspsAesItn({ exportFiling: 'AES_ITN', aesItn: ' x20261202123456 ' })).toBe('X20261202123456');

    const { fake, adapter } = await setup();
    const filed = customs({
      exportFiling: 'AES_ITN',
      aesItn: 'X20261202123456',
      invoiceNumber: 'AMZ-114-5550123-4567890',
      contentsType: 'gift',
    });
    const label = await adapter.buyLabel(labelRequest({ customs: filed }));
    const form = fake.internationalLabels.get(label.trackingNumber)!.request.customsForm!;
    expect(form.AESITN).toBe('X20261202123456');
    expect(form.customsContentType).toBe('GIFT');
    expect(form).not.toHaveProperty('invoiceNumber');
  });

  it('voids an international label through International Labels, and finds a lost purchase by its key', async () => {
    const { fake, adapter } = await setup();
    fake.dropNextLabelAnswer();
    const request = labelRequest();
    const lost = await expectChannelError(adapter.buyLabel(request));
    expect(lost.kind).toBe('timeout');
    const found = await adapter.findLabel(request);
    expect(found?.trackingNumber).toBe(fake.charges[0]!.trackingNumber);
    expect(found?.forms).toEqual({ form: 'cn23', document: null });
    expect(fake.charges).toHaveLength(1);

    const reference = {
      trackingNumber: found!.trackingNumber,
      carrierShipmentId: found!.carrierShipmentId,
      shipDate: TODAY,
    };
    await expect(adapter.voidLabel(reference)).resolves.toEqual({ status: 'voided', message: null });
    const cancel = calls(fake, /^\/international-labels\/v3\/international-label\/.+/)[0]!;
    expect(cancel.method).toBe('DELETE');
    expect(cancel.path).toBe(`/international-labels/v3/international-label/${found!.trackingNumber}`);
    expect(calls(fake, /^\/labels\//)).toEqual([]);
    expect(fake.internationalLabels.get(found!.trackingNumber)!.state).toBe('canceled');
    // A retried cancel meets the label already cancelled: that cancel stands.
    await expect(adapter.voidLabel(reference)).resolves.toMatchObject({ status: 'voided' });
  });

  it('sends a military address through Domestic Labels with the domestic customs form', async () => {
    const { fake, adapter } = await setup();
    const apo: ShipmentAddress = {
      ...OTTAWA,
      street1: 'Unit 2050 Box 4190',
      street2: null,
      city: 'APO',
      state: 'AE',
      postalCode: '09096',
      country: 'US',
    };
    const label = await adapter.buyLabel(labelRequest({ to: apo, serviceCode: 'PRIORITY_MAIL' }));
    expect(label.forms).toEqual({ form: 'cn23', document: null });
    const purchase = JSON.parse(calls(fake, /^\/labels\/v3\/label$/)[0]!.body);
    expect(purchase.customsForm).toMatchObject({
      customsContentType: 'MERCHANDISE',
      AESITN: 'NO EEI 30.37(a)',
      contents: [{ itemDescription: 'Cotton T-shirt 1', itemQuantity: 2, itemTotalValue: 25, weightUOM: 'lb' }],
    });
    expect(purchase.fromAddress.firm).toBe('Ada Shipper');
    expect(text(label.document)).toContain('CN 23 CUSTOMS DECLARATION');

    const refused = await expectChannelError(
      adapter.buyLabel(labelRequest({ to: apo, serviceCode: 'PRIORITY_MAIL', customs: null })),
    );
    expect(refused.platformMessage).toBe('Missing customsForm: customsForm is required.');
  });
});
