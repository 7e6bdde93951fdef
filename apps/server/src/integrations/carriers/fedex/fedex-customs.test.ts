import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { ChannelError } from '../../http/channel-http.ts';
import type { LabelRequest, ShipmentAddress, ShipmentCustoms } from '../carrier-types.ts';
import { fedexCustomsForms } from './fedex-customs-documents.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, SECRET_KEY } from './fedex-test-kit.ts';

const SHIP = '/ship/v1/shipments';

const text = (document: Uint8Array) => Buffer.from(document).toString('latin1');

const TORONTO: ShipmentAddress = {
  name: 'Emile Tremblay',
  company: null,
  street1: '100 King St W',
  street2: null,
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
  phone: '+1 416 555 0199',
  email: null,
  residential: true,
};

const CUSTOMS: ShipmentCustoms = {
  contentsType: 'merchandise',
  contentsExplanation: null,
  nonDelivery: 'return',
  incoterm: 'DAP',
  invoiceNumber: 'INV-1001',
  invoiceDate: '2026-06-02',
  exportFiling: 'NOEEI_30_37_a',
  aesItn: null,
  currency: 'USD',
  signer: 'Dana Whitfield',
  lines: [
    {
      sku: 'MUG-1',
      description: 'Ceramic coffee mug',
      hsCode: '691200',
      originCountry: 'CN',
      quantity: 2,
      valueMinor: 2_400,
      weightGrams: 800,
    },
    {
      sku: 'TEE-M',
      description: 'Cotton T-shirt',
      hsCode: '6109100012',
      originCountry: 'US',
      quantity: 3,
      valueMinor: 5_000,
      weightGrams: 450,
    },
  ],
};

/** A parcel from Seattle to Toronto on International Priority, declared as `customs` (the fixture, changed). */
function abroad(customs: Partial<ShipmentCustoms> | null = {}, overrides: Partial<LabelRequest> = {}): LabelRequest {
  return labelRequest({
    to: TORONTO,
    serviceCode: 'INTERNATIONAL_PRIORITY',
    customs: customs && { ...CUSTOMS, ...customs },
    ...overrides,
  });
}

describe('FedEx international labels with customs, against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );
  const sent = (call: { body: string } | undefined) => JSON.parse(call!.body).requestedShipment;

  it('sends the declaration as customsClearanceDetail and keeps the commercial invoice FedEx draws as the forms', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyLabel(abroad());

    const shipment = sent(calls(SHIP)[0]);
    expect(shipment.customsClearanceDetail).toEqual({
      commercialInvoice: {
        shipmentPurpose: 'SOLD',
        termsOfSale: 'DAP',
        customerReferences: [{ customerReferenceType: 'INVOICE_NUMBER', value: 'INV-1001' }],
        declarationStatement:
          'I, Dana Whitfield, declare that the information on this invoice is true and correct, and that the ' +
          'contents of this shipment are as stated above.',
        originatorName: 'Dana Whitfield',
      },
      commodities: [
        {
          description: 'Ceramic coffee mug',
          countryOfManufacture: 'CN',
          harmonizedCode: '691200',
          quantity: 2,
          quantityUnits: 'EA',
          numberOfPieces: 2,
          unitPrice: { amount: 12, currency: 'USD' },
          customsValue: { amount: 24, currency: 'USD' },
          weight: { units: 'LB', value: 1.77 },
          partNumber: 'MUG-1',
        },
        {
          description: 'Cotton T-shirt',
          countryOfManufacture: 'US',
          harmonizedCode: '6109100012',
          quantity: 3,
          quantityUnits: 'EA',
          numberOfPieces: 3,
          unitPrice: { amount: 16.666667, currency: 'USD' },
          customsValue: { amount: 50, currency: 'USD' },
          weight: { units: 'LB', value: 1 },
          partNumber: 'TEE-M',
        },
      ],
      dutiesPayment: { paymentType: 'RECIPIENT' },
      totalCustomsValue: { amount: 74, currency: 'USD' },
      isDocumentOnly: false,
      exportDetail: { exportComplianceStatement: 'NO EEI 30.37(a)' },
    });
    expect(shipment.shippingDocumentSpecification).toEqual({
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
      commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
    });
    // ETD is off unless the account says FedEx enabled it.
    expect(shipment.shipmentSpecialServices).toBeUndefined();

    const sold = fake.labels.get(label.trackingNumber)!;
    expect(sold.customs?.commodities).toHaveLength(2);
    expect(label.forms?.form).toBe('commercial_invoice');
    expect(label.forms?.document?.contentType).toBe('application/pdf');
    const invoice = text(label.forms!.document!.bytes);
    expect(invoice.startsWith('%PDF-')).toBe(true);
    expect(Buffer.from(label.forms!.document!.bytes).equals(sold.commercialInvoice!)).toBe(true);
    expect(invoice).toContain('Ceramic coffee mug \\(MUG-1\\)');
    expect(invoice).toContain('INV-1001');
    // The label is still the label.
    expect(text(label.document)).toContain(label.trackingNumber);
  });

  it("surfaces FedEx's refusal of an international shipment without customs, in its words, with nothing charged", async () => {
    const { fake, adapter } = await setup();
    const missing = await expectChannelError(adapter.buyLabel(abroad(null)));
    expect(missing).toMatchObject({ kind: 'invalid', status: 400 });
    expect(missing.platformMessage).toBe(
      'Customs clearance detail is required for international shipments. Please update and try again. ' +
        '(CUSTOMSCLEARANCEDETAIL.REQUIRED)',
    );

    const badCode = { ...CUSTOMS.lines[0]!, hsCode: '69120' };
    const hs = await expectChannelError(adapter.buyLabel(abroad({ lines: [badCode] })));
    expect(hs.platformMessage).toBe(
      'Harmonized code of commodity 1 is invalid. It must be 6 to 14 digits. (COMMODITY.HARMONIZEDCODE.INVALID)',
    );
    expect(fake.charges).toEqual([]);
  });

  it("bills DDP duties to the shipper's own account", async () => {
    const { adapter, calls } = await setup();
    const label = await adapter.buyLabel(abroad({ incoterm: 'DDP' }));
    const customs = sent(calls(SHIP)[0]).customsClearanceDetail;
    expect(customs.commercialInvoice.termsOfSale).toBe('DDP');
    expect(customs.dutiesPayment).toEqual({
      paymentType: 'SENDER',
      payor: { responsibleParty: { accountNumber: { value: ACCOUNT_NUMBER } } },
    });
    expect(label.forms?.document).not.toBeNull();
  });

  it('states the AES ITN as the export compliance statement, and leaves the US filing off a shipment from Canada', async () => {
    const { adapter, calls } = await setup();
    await adapter.buyLabel(abroad({ exportFiling: 'AES_ITN', aesItn: 'x20261202123456' }));
    expect(sent(calls(SHIP)[0]).customsClearanceDetail.exportDetail).toEqual({
      exportComplianceStatement: 'AES X20261202123456',
    });

    const fromCanada = { ...TORONTO, name: 'Maple Goods', phone: '+1 416 555 0100', residential: false };
    const toSeattle = { ...labelRequest().from, residential: true };
    await adapter.buyLabel(abroad({}, { from: fromCanada, to: toSeattle }));
    const customs = sent(calls(SHIP)[1]).customsClearanceDetail;
    expect(customs).not.toHaveProperty('exportDetail');
    expect(customs.commodities).toHaveLength(2);
  });

  it('words the purposes FedEx knows: a gift, documents only, other goods with what they are', async () => {
    const { adapter, calls } = await setup();
    await adapter.buyLabel(abroad({ contentsType: 'gift' }));
    await adapter.buyLabel(abroad({ contentsType: 'documents' }));
    await adapter.buyLabel(abroad({ contentsType: 'other', contentsExplanation: 'Spare parts' }));
    const [gift, documents, other] = calls(SHIP).map((call) => sent(call).customsClearanceDetail);
    expect(gift.commercialInvoice.shipmentPurpose).toBe('GIFT');
    expect(documents).toMatchObject({ commercialInvoice: { shipmentPurpose: 'NOT_SOLD' }, isDocumentOnly: true });
    expect(other.commercialInvoice).toMatchObject({ shipmentPurpose: 'NOT_SOLD', comments: ['Spare parts'] });
  });

  it('asks for Electronic Trade Documents when the account is enabled for them, and still gets the printed invoice', async () => {
    const { fake, adapter, calls } = await setup(undefined, {}, { electronicTradeDocuments: 'yes' });
    const label = await adapter.buyLabel(abroad());
    const shipment = sent(calls(SHIP)[0]);
    expect(shipment.shipmentSpecialServices).toEqual({
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] },
    });
    expect(shipment.shippingDocumentSpecification.shippingDocumentTypes).toEqual(['COMMERCIAL_INVOICE']);
    expect(fake.labels.get(label.trackingNumber)?.etd).toBe(true);
    expect(label.forms?.document?.contentType).toBe('application/pdf');

    // A domestic label carries neither customs nor ETD, whatever the account says.
    await adapter.buyLabel(labelRequest());
    const domestic = sent(calls(SHIP)[1]);
    expect(domestic).not.toHaveProperty('customsClearanceDetail');
    expect(domestic).not.toHaveProperty('shipmentSpecialServices');
  });

  it('fetches the invoice FedEx answers by link, through the same client', async () => {
    const { fake, adapter } = await setup();
    fake.documentsByUrl();
    const label = await adapter.buyLabel(abroad());
    const fetched = fake.requests.filter((request) => request.path.startsWith('/document/'));
    expect(fetched).toHaveLength(1);
    expect(
      Buffer.from(label.forms!.document!.bytes).equals(fake.labels.get(label.trackingNumber)!.commercialInvoice!),
    ).toBe(true);
  });
});

describe("reading FedEx's commercial invoice", () => {
  const pdf = Buffer.from('%PDF-1.4 invoice');
  const unused = { document: () => Promise.reject(new Error('not fetched')) };

  it('keeps the forms without a document when FedEx sent none, or sent something that is not a PDF', async () => {
    await expect(fedexCustomsForms(unused, {})).resolves.toEqual({ form: 'commercial_invoice', document: null });
    const notPdf = { shipmentDocuments: [{ contentType: 'COMMERCIAL_INVOICE', encodedLabel: 'aGVsbG8=' }] };
    await expect(fedexCustomsForms(unused, notPdf)).resolves.toMatchObject({ document: null });
  });

  it('reads an invoice listed among the package documents, and keeps the label when its link fails', async () => {
    const inPackage = {
      pieceResponses: [
        {
          packageDocuments: [
            { contentType: 'LABEL', encodedLabel: 'eA==' },
            { contentType: 'COMMERCIAL_INVOICE', encodedLabel: pdf.toString('base64') },
          ],
        },
      ],
    };
    const forms = await fedexCustomsForms(unused, inPackage);
    expect(Buffer.from(forms.document!.bytes).equals(pdf)).toBe(true);

    const failing = { document: () => Promise.reject(new ChannelError('unavailable', 'FedEx answered 503')) };
    const byLink = { shipmentDocuments: [{ contentType: 'COMMERCIAL_INVOICE', url: 'https://example.test/ci.pdf' }] };
    await expect(fedexCustomsForms(failing, byLink)).resolves.toMatchObject({ document: null });
  });
});
