import { randomUUID } from 'node:crypto';
import type { CustomsContentsType } from '@shipdesk/contract';
import { startFakeUps, type FakeUps, type FakeUpsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { LabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';
import { MUG_LINE, upsTestCustoms } from './ups-customs-fixtures.ts';
import {
  upsDescriptionLines,
  upsFilingLegend,
  upsReasonForExport,
  upsShipmentDescription,
  upsUnitValue,
} from './ups-customs.ts';

const CLIENT_ID = 'ups-client-id-customs';
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
const CANADA: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '100 Queen St W',
  street2: 'Unit 4',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: '+1 416 555 0199',
  email: 'joe@example.com',
  residential: null,
};
const TEE = {
  sku: 'TEE-RED-M',
  description: 'Red cotton T-shirt, medium, crew neck with printed logo',
  hsCode: null,
  originCountry: 'us',
  quantity: 2,
  valueMinor: 2450,
  weightGrams: 300,
};

const keep = closeAfterEach();

async function setup(fakeOptions: Partial<FakeUpsOptions> = {}) {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fakeOptions }));
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: SHIPPER, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp() },
  );
  return { fake, adapter };
}

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    from: FROM,
    to: CANADA,
    parcel: { weightGrams: 1600, lengthIn: 9, widthIn: 6, heightIn: 4, packageType: '02' },
    shipDate: '2026-12-02',
    reference: '#1001',
    serviceCode: '11',
    format: 'zpl',
    idempotencyKey: randomUUID(),
    customs: upsTestCustoms({ lines: [MUG_LINE, TEE] }),
    ...overrides,
  };
}

/** The shipment the fake received last, as UPS reads it. */
function sentShipment(fake: FakeUps) {
  const ship = fake.requests.filter((request) => /\/ship$/.test(request.path)).at(-1)!;
  return JSON.parse(ship.body).ShipmentRequest.Shipment;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('UPS international labels with customs, against the fake', () => {
  it('sends the declaration as a commercial invoice and keeps the invoice UPS answers', async () => {
    const { fake, adapter } = await setup();
    const label = await adapter.buyLabel(labelRequest());

    const shipment = sentShipment(fake);
    expect(shipment.Description).toBe('Ceramic coffee mug, Red cotton');
    const forms = shipment.ShipmentServiceOptions.InternationalForms;
    expect(forms).toMatchObject({
      FormType: ['01'],
      InvoiceNumber: 'INV-1001',
      InvoiceDate: '20261202',
      PurchaseOrderNumber: '#1001',
      TermsOfShipment: 'DAP',
      ReasonForExport: 'SALE',
      CurrencyCode: 'USD',
      OverridePaperlessIndicator: expect.any(String),
      DeclarationStatement: expect.stringContaining('true and correct'),
      Comments: 'NO EEI 30.37(a)',
    });
    expect(forms.EEIFilingOption).toBeUndefined();
    expect(forms.Contacts.SoldTo).toEqual({
      Name: 'Joe Doe',
      AttentionName: 'Joe Doe',
      Phone: { Number: '14165550199' },
      EMailAddress: 'joe@example.com',
      Address: {
        AddressLine: ['100 Queen St W', 'Unit 4'],
        City: 'Toronto',
        StateProvinceCode: 'ON',
        PostalCode: 'M5H 2N2',
        CountryCode: 'CA',
      },
    });
    expect(forms.Product).toEqual([
      {
        Description: ['Ceramic coffee mug'],
        // $36.00 for 3 mugs: $12 each.
        Unit: { Number: '3', Value: '12.00', UnitOfMeasurement: { Code: 'PCS' } },
        CommodityCode: '691200',
        OriginCountryCode: 'PT',
        PartNumber: 'MUG-1',
        // 1,200 g is 2.65 lb, rounded up to UPS's one decimal.
        ProductWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '2.7' },
      },
      {
        Description: ['Red cotton T-shirt, medium, crew', 'neck with printed logo'],
        Unit: { Number: '2', Value: '12.25', UnitOfMeasurement: { Code: 'PCS' } },
        OriginCountryCode: 'US',
        PartNumber: 'TEE-RED-M',
        ProductWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '0.7' },
      },
    ]);

    expect(label.forms?.form).toBe('commercial_invoice');
    const invoice = label.forms!.document!;
    expect(invoice.contentType).toBe('application/pdf');
    expect(text(invoice.bytes)).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);
    expect(text(invoice.bytes)).toContain('INVOICE INV-1001');
    expect(text(invoice.bytes)).toContain('3 x Ceramic coffee mug \\(PT HS 691200\\) @ 12.00');
    expect(text(invoice.bytes)).toContain(label.trackingNumber);
  });

  it('keeps the invoice through the PDF label recovery, and from a paperless account', async () => {
    const { adapter } = await setup({ paperlessInvoices: true });
    const label = await adapter.buyLabel(labelRequest({ format: 'pdf' }));
    expect(label).toMatchObject({ format: 'pdf', contentType: 'application/pdf' });
    expect(text(label.forms!.document!.bytes)).toContain('UPS COMMERCIAL INVOICE');
  });

  it('answers the forms without a document when UPS sends no invoice back', async () => {
    const { fake, adapter } = await setup();
    const body = {
      ShipmentResponse: {
        ShipmentResults: {
          ShipmentCharges: { TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '41.30' } },
          ShipmentIdentificationNumber: '1Z999AA10123456784',
          PackageResults: [{ TrackingNumber: '1Z999AA10123456784', ShippingLabel: { GraphicImage: 'XlhB' } }],
        },
      },
    };
    fake.fail({ kind: 'status', status: 200, body }, { path: /\/ship$/ });
    const label = await adapter.buyLabel(labelRequest());
    expect(label.forms).toEqual({ form: 'commercial_invoice', document: null });
  });

  it('sends an ITN as the shipper-filed EEI option and on the invoice, an exemption on the invoice only', async () => {
    const { fake, adapter } = await setup();
    const itn = upsTestCustoms({ exportFiling: 'AES_ITN', aesItn: 'X20261202123456' });
    await adapter.buyLabel(labelRequest({ customs: itn }));
    const filed = sentShipment(fake).ShipmentServiceOptions.InternationalForms;
    expect(filed.EEIFilingOption).toEqual({
      Code: '1',
      ShipperFiled: { Code: 'A', PreDepartureITNNumber: 'X20261202123456' },
    });
    expect(filed.Comments).toBe('AES X20261202123456');

    await adapter.buyLabel(labelRequest({ customs: upsTestCustoms({ exportFiling: 'NOEEI_30_36' }) }));
    const exempt = sentShipment(fake).ShipmentServiceOptions.InternationalForms;
    expect(exempt.EEIFilingOption).toBeUndefined();
    expect(exempt.Comments).toBe('NO EEI 30.36');
    expect(exempt.DeclarationStatement).toBe(filed.DeclarationStatement);
    expect(exempt.DeclarationStatement).not.toContain('EEI');
  });

  it('keeps a signature beside the invoice in the shipment options, and quotes without the declaration', async () => {
    const { fake, adapter } = await setup();
    const request = labelRequest({ signature: 'standard' });
    const [rate] = await adapter.rates({ ...request, serviceCodes: ['11'] });
    expect(rate?.serviceCode).toBe('11');
    const quoted = JSON.parse(fake.requests.find((r) => /\/rating\//.test(r.path))!.body).RateRequest.Shipment;
    expect(quoted.ShipmentServiceOptions).toEqual({ DeliveryConfirmation: { DCISType: '1' } });

    await adapter.buyLabel(request);
    const options = sentShipment(fake).ShipmentServiceOptions;
    expect(options.DeliveryConfirmation).toEqual({ DCISType: '1' });
    expect(options.InternationalForms.FormType).toEqual(['01']);
  });

  it("surfaces UPS's refusal of a label without customs in UPS's words, and nothing is charged", async () => {
    const { fake, adapter } = await setup();
    const abroad = await expectChannelError(adapter.buyLabel(labelRequest({ customs: null })));
    expect(abroad).toMatchObject({ kind: 'invalid', status: 400 });
    expect(abroad.platformMessage).toMatch(/^International Forms are required for this shipment.*\(120449\)$/);

    // An APO address is in the US, but its parcels cross a customs border.
    const military = { ...CANADA, city: 'APO', state: 'AE', postalCode: '09012', country: 'US' };
    const apo = await expectChannelError(
      adapter.buyLabel(labelRequest({ to: military, serviceCode: '03', customs: null })),
    );
    expect(apo.platformMessage).toContain('(120449)');

    const badHs = upsTestCustoms({ lines: [{ ...MUG_LINE, hsCode: '69120' }] });
    const refused = await expectChannelError(adapter.buyLabel(labelRequest({ customs: badHs })));
    expect(refused.platformMessage).toBe('Product 1: Invalid CommodityCode: it must be 6 to 15 digits (120463)');
    expect(fake.charges).toEqual([]);
  });
});

describe('UPS customs fields', () => {
  it('splits a description into at most three lines of 35 characters, between words where it can', () => {
    expect(upsDescriptionLines('  Ceramic   mug ')).toEqual(['Ceramic mug']);
    const long = 'Hand-painted ceramic coffee mug with a gold rim and a matching saucer, boxed as a gift';
    const lines = upsDescriptionLines(long);
    expect(lines).toEqual([
      'Hand-painted ceramic coffee mug',
      'with a gold rim and a matching',
      'saucer, boxed as a gift',
    ]);
    expect(lines.join(' ')).toBe(long);

    // A word longer than a line, or words that need a fourth line when broken between them: cut at 35 characters.
    const word = 'Polytetrafluoroethylene-coated-frying-pan';
    expect(upsDescriptionLines(word)).toEqual([word.slice(0, 35), word.slice(35)]);
    const dense = ['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(20)).join(' ');
    expect(dense).toHaveLength(104);
    expect(upsDescriptionLines(dense)).toEqual([dense.slice(0, 35), dense.slice(35, 70), dense.slice(70)]);
  });

  it("describes the shipment from its lines' descriptions, each once, within 35 characters", () => {
    const mug = { ...MUG_LINE, description: 'Mug' };
    expect(upsShipmentDescription(upsTestCustoms({ lines: [mug, { ...mug, sku: 'MUG-2' }] }))).toBe('Mug');
    const many = upsTestCustoms({ lines: [MUG_LINE, TEE] });
    expect(upsShipmentDescription(many)).toBe('Ceramic coffee mug, Red cotton');
  });

  it('writes the value of one unit from the line total, exact in the currency or to six decimals', () => {
    expect(upsUnitValue(2450, 2, 'USD')).toBe('12.25');
    expect(upsUnitValue(3600, 3, 'USD')).toBe('12.00');
    expect(upsUnitValue(1000, 3, 'USD')).toBe('3.333333');
    expect(upsUnitValue(2000, 3, 'USD')).toBe('6.666667');
    expect(upsUnitValue(1000, 1, 'JPY')).toBe('1000');
    expect(upsUnitValue(1000, 3, 'JPY')).toBe('333.333333');
    expect(upsUnitValue(12345, 1, 'KWD')).toBe('12.345');
  });

  it('gives the reason for export in UPS words, the explanation for documents and other', () => {
    const types: CustomsContentsType[] = ['merchandise', 'gift', 'sample', 'returned_goods', 'documents'];
    expect(types.map((contentsType) => upsReasonForExport({ contentsType, contentsExplanation: null }))).toEqual([
      'SALE',
      'GIFT',
      'SAMPLE',
      'RETURN',
      'DOCUMENTS',
    ]);
    expect(upsReasonForExport({ contentsType: 'other', contentsExplanation: 'Spare parts for repairs' })).toBe(
      'Spare parts for repa',
    );
    expect(upsFilingLegend({ exportFiling: 'NOEEI_30_37_a', aesItn: null })).toBe('NO EEI 30.37(a)');
  });
});
