import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps, type FakeUpsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import {
  VoidRefusedError,
  type CarrierAdapter,
  type LabelReference,
  type LabelRequest,
  type PurchasedLabel,
  type ShipmentAddress,
  type ShipmentParcel,
} from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';
import { upsTestCustoms } from './ups-customs-fixtures.ts';
import { isValidUpsTrackingNumber, upsCheckDigit } from './ups-shipment.ts';

const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';
const SHIPPER = '1A2B3C';

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
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
const TO: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '793 Foothill Blvd',
  street2: 'Apt 4',
  city: 'Timonium',
  state: 'MD',
  postalCode: '21093-1234',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: null,
};
/** 680 g is 1.4991 lb: sent as "1.5". */
const PARCEL: ShipmentParcel = { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2.25, packageType: '02' };
const TODAY = new Date().toISOString().slice(0, 10);

const keep = closeAfterEach();

async function setup(fakeOptions: Partial<FakeUpsOptions> = {}) {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fakeOptions }));
  const waits: number[] = [];
  const adapter: CarrierAdapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: SHIPPER, apiBaseUrl: fake.url },
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
    serviceCode: '03',
    format: 'zpl',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

const calls = (fake: FakeUps, path: RegExp) => fake.requests.filter((request) => path.test(request.path));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const referenceOf = (label: PurchasedLabel): LabelReference => ({
  trackingNumber: label.trackingNumber,
  carrierShipmentId: label.carrierShipmentId,
  shipDate: TODAY,
});

describe('UPS 1Z check digit', () => {
  it("computes UPS's check digit, letters included", () => {
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
    expect(isValidUpsTrackingNumber('1Z999AA10123456784')).toBe(true);
    expect(isValidUpsTrackingNumber('1Z999AA10123456785')).toBe(false);
    expect(isValidUpsTrackingNumber('9205590006662200704797')).toBe(false);
  });
});

describe('UPS rates against the fake', () => {
  it('shops once and keeps the requested services, with numbers sent as strings', async () => {
    const { fake, adapter } = await setup();
    const rates = await adapter.rates({ ...labelRequest(), serviceCodes: ['03', '02', '65'] });
    expect(rates.map((rate) => [rate.serviceCode, rate.deliveryDays])).toEqual([
      ['03', null],
      ['02', 2],
    ]);
    for (const rate of rates) expect(rate).toMatchObject({ currency: 'USD', amountMinor: expect.any(Number) });

    const [shop] = calls(fake, /^\/api\/rating\//);
    expect(shop!.path).toBe('/api/rating/v2409/Shop');
    const { Shipment } = JSON.parse(shop!.body).RateRequest;
    expect(Shipment.Shipper).toMatchObject({
      ShipperNumber: SHIPPER,
      Name: 'Shipdesk Demo',
      Phone: { Number: '6785550100' },
    });
    expect(Shipment.ShipTo.Address).toEqual({
      AddressLine: ['793 Foothill Blvd', 'Apt 4'],
      City: 'Timonium',
      StateProvinceCode: 'MD',
      PostalCode: '210931234',
      CountryCode: 'US',
      ResidentialAddressIndicator: 'Y',
    });
    expect(Shipment.Package).toEqual({
      PackagingType: { Code: '02' },
      Dimensions: { UnitOfMeasurement: { Code: 'IN' }, Length: '9', Width: '6', Height: '2.3' },
      PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '1.5' },
    });
    expect(Shipment.PaymentDetails).toEqual({
      ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: SHIPPER } }],
    });
    expect(Shipment.ShipmentRatingOptions).toEqual({ NegotiatedRatesIndicator: 'Y' });
  });

  it("prices every service of the shipment's scope when none is named, at the negotiated rate when there is one", async () => {
    const { adapter } = await setup({ negotiatedDiscount: 0.2 });
    const domestic = await adapter.rates({ ...labelRequest(), serviceCodes: [] });
    expect(domestic.map((rate) => rate.serviceCode).sort()).toEqual(['01', '02', '03', '12', '13', '14', '59']);

    const { adapter: published } = await setup();
    const list = await published.rates({ ...labelRequest(), serviceCodes: ['03'] });
    const [ground] = domestic.filter((rate) => rate.serviceCode === '03');
    expect(ground!.amountMinor).toBe(Math.round(list[0]!.amountMinor * 0.8));

    const abroad = { ...TO, country: 'CA', state: 'ON', postalCode: 'K1A 0B1' };
    const international = await adapter.rates({ ...labelRequest({ to: abroad }), serviceCodes: [] });
    expect(international.map((rate) => rate.serviceCode).sort()).toEqual(['07', '08', '11', '54', '65']);
  });
});

describe('UPS labels against the fake', () => {
  it('buys a ZPL label under the idempotency key as transId and reference, and reads its 1Z and charge', async () => {
    const { fake, adapter } = await setup();
    const [rate] = await adapter.rates({ ...labelRequest(), serviceCodes: ['03'] });
    const request = labelRequest();
    const label = await adapter.buyLabel(request);

    expect(isValidUpsTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label.trackingNumber).toMatch(/^1Z1A2B3C03\d{7}\d$/);
    expect(label).toMatchObject({
      carrierShipmentId: label.trackingNumber,
      amountMinor: rate!.amountMinor,
      currency: 'USD',
      format: 'zpl',
      contentType: 'text/plain',
    });
    expect(text(label.document)).toMatch(/^\^XA\n[\s\S]*\^XZ\n$/);
    expect(text(label.document)).toContain(label.trackingNumber);
    const key = request.idempotencyKey.replaceAll('-', '');
    expect(fake.charges).toEqual([
      {
        shipmentId: label.trackingNumber,
        trackingNumber: label.trackingNumber,
        amount: rate!.amountMinor / 100,
        currency: 'USD',
        transId: key,
      },
    ]);

    const [ship] = calls(fake, /\/ship$/);
    expect(ship!.path).toBe('/api/shipments/v2409/ship');
    expect(ship!.headers.transid).toBe(key);
    expect(ship!.headers.transactionsrc).toBe('shipdesk');
    const { ShipmentRequest } = JSON.parse(ship!.body);
    expect(ShipmentRequest.Request.RequestOption).toBe('validate');
    expect(ShipmentRequest.Shipment.Service).toEqual({ Code: '03' });
    expect(ShipmentRequest.Shipment.PaymentInformation).toEqual({
      ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: SHIPPER } }],
    });
    expect(ShipmentRequest.Shipment.Package).toEqual([
      {
        Packaging: { Code: '02' },
        Dimensions: { UnitOfMeasurement: { Code: 'IN' }, Length: '9', Width: '6', Height: '2.3' },
        PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '1.5' },
        ReferenceNumber: [{ Value: '#1001' }, { Value: key }],
      },
    ]);
    expect(ShipmentRequest.LabelSpecification).toEqual({
      LabelImageFormat: { Code: 'ZPL' },
      LabelStockSize: { Height: '6', Width: '4' },
    });
  });

  it('buys a PNG request as the GIF UPS prints, served as image/gif', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest({ format: 'png' }));
    expect(label).toMatchObject({ format: 'png', contentType: 'image/gif' });
    expect(text(label.document.slice(0, 6))).toBe('GIF89a');
    const spec = JSON.parse(calls(fake, /\/ship$/)[0]!.body).ShipmentRequest.LabelSpecification;
    expect(spec).toMatchObject({ LabelImageFormat: { Code: 'GIF' }, HTTPUserAgent: 'Mozilla/4.5' });
  });

  it('buys a PDF label as GIF and recovers it as PDF; keeps the GIF when the recovery fails', async () => {
    const { fake, adapter } = await setup();
    const pdf = await adapter.buyLabel(labelRequest({ format: 'pdf' }));
    expect(pdf).toMatchObject({ format: 'pdf', contentType: 'application/pdf' });
    expect(text(pdf.document)).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);
    const [recovery] = calls(fake, /\/recovery$/);
    expect(recovery!.path).toBe('/api/labels/v1/recovery');
    expect(JSON.parse(recovery!.body).LabelRecoveryRequest).toMatchObject({
      TrackingNumber: pdf.trackingNumber,
      LabelSpecification: { LabelImageFormat: { Code: 'PDF' } },
    });

    fake.fail({ kind: 'status', status: 503, body: 'Service Unavailable' }, { path: /\/recovery$/, times: 10 });
    const gif = await adapter.buyLabel(labelRequest({ format: 'pdf' }));
    expect(gif).toMatchObject({ format: 'png', contentType: 'image/gif' });
    expect(fake.charges).toHaveLength(2);
  });

  it('puts the references on the shipment for an international shipment', async () => {
    const { fake, adapter } = await setup();
    const abroad = { ...TO, country: 'CA', state: 'ON', postalCode: 'K1A 0B1' };
    await adapter.buyLabel(labelRequest({ to: abroad, serviceCode: '11', customs: upsTestCustoms() }));
    const { Shipment } = JSON.parse(calls(fake, /\/ship$/)[0]!.body).ShipmentRequest;
    expect(Shipment.ReferenceNumber).toHaveLength(2);
    expect(Shipment.Package[0].ReferenceNumber).toBeUndefined();
    expect(Shipment.ShipTo.Address.PostalCode).toBe('K1A 0B1');
  });

  it("reports UPS's refusal in its own words, and nothing is charged", async () => {
    const { fake, adapter } = await setup();
    const error = await expectChannelError(adapter.buyLabel(labelRequest({ to: { ...TO, postalCode: '00000' } })));
    expect(error).toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: 'Address Validation Error on ShipTo address (120802)',
    });
    expect(fake.charges).toEqual([]);
  });

  it('sends a purchase once on a 5xx, and again after a 429 with the wait UPS asks for', async () => {
    const { fake, adapter, waits } = await setup();
    fake.fail({ kind: 'status', status: 500, body: 'Internal Server Error' }, { path: /\/ship$/ });
    expect((await expectChannelError(adapter.buyLabel(labelRequest()))).kind).toBe('unavailable');
    expect(calls(fake, /\/ship$/)).toHaveLength(1);
    expect(fake.charges).toEqual([]);

    fake.throttleNext({ retryAfterSeconds: 2 });
    await adapter.buyLabel(labelRequest());
    expect(waits).toEqual([2_000]);
    expect(fake.charges).toHaveLength(1);
  });

  it('finds the shipment of a purchase whose answer was lost by its reference, and recovers its label', async () => {
    const { fake, adapter } = await setup();
    fake.dropNextShipAnswer();
    const request = labelRequest({ format: 'pdf' });
    expect((await expectChannelError(adapter.buyLabel(request))).kind).toBe('timeout');
    expect(calls(fake, /\/ship$/)).toHaveLength(1);
    expect(fake.charges).toHaveLength(1);

    const found = await adapter.findLabel(request);
    const [charge] = fake.charges;
    expect(found).toMatchObject({
      trackingNumber: charge!.trackingNumber,
      carrierShipmentId: charge!.shipmentId,
      amountMinor: Math.round(charge!.amount * 100),
      format: 'pdf',
      contentType: 'application/pdf',
    });
    expect(text(found!.document)).toMatch(/^%PDF-/);
    const [search] = calls(fake, /^\/api\/track\/v1\/reference\//);
    expect(search!.path).toBe(`/api/track/v1/reference/details/${request.idempotencyKey.replaceAll('-', '')}`);
    expect(search!.query.get('shipperNum')).toBe(SHIPPER);
    expect(fake.charges).toHaveLength(1);
  });

  it('finds nothing when nothing was bought under the key, or when that shipment was voided', async () => {
    const { adapter } = await setup();
    await expect(adapter.findLabel(labelRequest())).resolves.toBeNull();

    const request = labelRequest();
    const label = await adapter.buyLabel(request);
    await adapter.voidLabel(referenceOf(label));
    await expect(adapter.findLabel(request)).resolves.toBeNull();
  });

  it('answers a tracking number that fails its check digit as malformed', async () => {
    const { fake, adapter } = await setup();
    const body = {
      ShipmentResponse: {
        ShipmentResults: {
          ShipmentCharges: { TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '12.30' } },
          ShipmentIdentificationNumber: '1Z999AA10123456785',
          PackageResults: [{ TrackingNumber: '1Z999AA10123456785', ShippingLabel: { GraphicImage: 'R0lGODlh' } }],
        },
      },
    };
    fake.fail({ kind: 'status', status: 200, body }, { path: /\/ship$/ });
    const error = await expectChannelError(adapter.buyLabel(labelRequest()));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('1Z999AA10123456785');
  });
});

describe('UPS void against the fake', () => {
  it('voids a shipment; voiding it again answers the void that stands', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());
    await expect(adapter.voidLabel(referenceOf(label))).resolves.toEqual({ status: 'voided', message: null });
    expect(fake.voids).toEqual([label.carrierShipmentId]);
    const [cancel] = calls(fake, /\/void\/cancel\//);
    expect(cancel!.method).toBe('DELETE');
    expect(cancel!.path).toBe(`/api/shipments/v2409/void/cancel/${label.carrierShipmentId}`);

    await expect(adapter.voidLabel(referenceOf(label))).resolves.toEqual({
      status: 'voided',
      message: 'The shipment has already been voided (190103)',
    });
  });

  it("refuses to void a picked-up shipment or one past the void period, with UPS's reason", async () => {
    const { fake, adapter } = await setup();
    const scanned = await adapter.buyLabel(labelRequest());
    fake.scan(scanned.trackingNumber);
    const refused = adapter.voidLabel(referenceOf(scanned));
    await expect(refused).rejects.toBeInstanceOf(VoidRefusedError);
    await expect(refused).rejects.toMatchObject({
      message: 'The package has been picked up or delivered and can no longer be voided (190106)',
    });

    const old = await adapter.buyLabel(labelRequest());
    fake.expireVoidPeriod(old.trackingNumber);
    await expect(adapter.voidLabel(referenceOf(old))).rejects.toMatchObject({
      name: 'VoidRefusedError',
      platformMessage: 'Void period has expired (190117)',
    });
    expect(fake.voids).toEqual([]);
  });
});
