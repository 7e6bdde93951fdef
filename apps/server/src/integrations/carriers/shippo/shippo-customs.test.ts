import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import type { LabelRequest, ShipmentCustoms } from '../carrier-types.ts';
import { labelRequest, OWNER, shippoSetup, TOKEN } from './shippo-test-kit.ts';

const TORONTO = {
  ...labelRequest().to,
  street1: '200 King Street West',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5V 2T6',
  country: 'CA',
};

const CUSTOMS: ShipmentCustoms = {
  contentsType: 'merchandise',
  contentsExplanation: null,
  nonDelivery: 'return',
  incoterm: 'DAP',
  invoiceNumber: '#1001',
  invoiceDate: '2026-06-02',
  exportFiling: 'NOEEI_30_37_a',
  aesItn: null,
  currency: 'USD',
  signer: 'Dana Whitfield',
  lines: [
    {
      sku: 'TEE-1',
      description: 'Cotton T-shirt',
      hsCode: '610910',
      originCountry: 'US',
      quantity: 2,
      valueMinor: 4_000,
      weightGrams: 360,
    },
    {
      sku: 'MUG-1',
      description: 'Ceramic mug',
      hsCode: null,
      originCountry: 'CN',
      quantity: 1,
      valueMinor: 1_250,
      weightGrams: 410,
    },
  ],
};

const abroad = (overrides: Partial<LabelRequest> = {}, customs: Partial<ShipmentCustoms> | null = {}) =>
  labelRequest({
    to: TORONTO,
    serviceCode: 'ups_worldwide_expedited',
    customs: customs === null ? null : { ...CUSTOMS, ...customs },
    ...overrides,
  });

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('Shippo international labels with customs declarations, against the fake', () => {
  const quickSetup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );
  // The fake draws the commercial invoice's PDF for each purchase: on a busy machine that can outlast the quick
  // timeout, which only the lost answer's test needs.
  const setup = (options?: Partial<FakeShippoOptions>, http: HttpOptions = { timeoutMs: 2_000 }) =>
    quickSetup(options, http);

  it("sends the declaration with the shipment bought from and returns the courier's commercial invoice", async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyLabel(abroad());

    const [shipment] = calls('POST', '/shipments/');
    expect(JSON.parse(shipment!.body).customs_declaration).toEqual({
      certify: true,
      certify_signer: 'Dana Whitfield',
      contents_type: 'MERCHANDISE',
      non_delivery_option: 'RETURN',
      // DAP, duties paid by the buyer, is Shippo's DDU.
      incoterm: 'DDU',
      eel_pfc: 'NOEEI_30_37_a',
      invoice: '#1001',
      items: [
        {
          description: 'Cotton T-shirt',
          quantity: 2,
          net_weight: '360',
          mass_unit: 'g',
          value_amount: '40.00',
          value_currency: 'USD',
          origin_country: 'US',
          tariff_number: '610910',
          sku_code: 'TEE-1',
        },
        {
          description: 'Ceramic mug',
          quantity: 1,
          net_weight: '410',
          mass_unit: 'g',
          value_amount: '12.50',
          value_currency: 'USD',
          origin_country: 'CN',
          sku_code: 'MUG-1',
        },
      ],
    });

    const sold = fake.labels.get(label.trackingNumber)!;
    expect(sold.customs).toMatchObject({ certify_signer: 'Dana Whitfield', incoterm: 'DDU', invoice: '#1001' });
    expect(sold.customs?.items.map((item) => item.value_amount)).toEqual(['40.00', '12.50']);
    expect(label.trackingNumber).toMatch(/^1Z/);
    expect(label.forms?.form).toBe('commercial_invoice');
    expect(label.forms?.document?.contentType).toBe('application/pdf');
    const invoice = label.forms!.document!.bytes;
    expect(Buffer.from(invoice).equals(sold.invoice!)).toBe(true);
    expect(text(invoice)).toMatch(/^%PDF-/);
    expect(text(invoice)).toContain('COMMERCIAL INVOICE');
    // Both files come from Shippo's store: the label and the invoice, the token staying home.
    expect(fake.labelFiles.requests).toHaveLength(2);
    expect(fake.labelFiles.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('says the form is printed on a USPS label: CN 22 for First-Class International up to $400, else CN 23', async () => {
    const { fake, adapter, calls } = await setup();
    const priority = await adapter.buyLabel(abroad({ serviceCode: 'usps_priority_mail_international' }));
    expect(priority.forms).toEqual({ form: 'cn23', document: null });
    expect(fake.labels.get(priority.trackingNumber)?.transaction.commercial_invoice_url).toBeNull();

    const firstClass = { serviceCode: 'usps_first_class_package_international_service' };
    const small = await adapter.buyLabel(abroad(firstClass));
    expect(small.forms).toEqual({ form: 'cn22', document: null });
    const line = { ...CUSTOMS.lines[0]!, valueMinor: 40_001 };
    const large = await adapter.buyLabel(abroad(firstClass, { lines: [line] }));
    expect(large.forms).toEqual({ form: 'cn23', document: null });

    expect(calls('POST', '/shipments/').every((c) => JSON.parse(c.body).customs_declaration)).toBe(true);
    expect(fake.labelFiles.requests).toHaveLength(3);
  });

  it("is refused by Shippo without a declaration, in Shippo's words, and nothing is charged", async () => {
    const { fake, adapter, calls } = await setup();
    const error = await expectChannelError(adapter.buyLabel(abroad({}, null)));
    expect(error).toMatchObject({ kind: 'invalid', message: 'Shippo could not buy the label' });
    expect(error.platformMessage).toBe(
      'A customs declaration is required for international shipments. Add a customs_declaration to the shipment and ' +
        'purchase again. (customs_declaration_required)',
    );
    expect(JSON.parse(calls('POST', '/shipments/')[0]!.body).customs_declaration).toBeUndefined();
    expect(fake.charges).toEqual([]);
    // A domestic label needs none, and carries none.
    const domestic = await adapter.buyLabel(labelRequest());
    expect(domestic.forms).toBeUndefined();
    expect(JSON.parse(calls('POST', '/shipments/')[1]!.body).customs_declaration).toBeUndefined();
  });

  it('keeps DDP, names the contents Shippo knows, explains "other" and abandons when told', async () => {
    const { fake, adapter, calls } = await setup();
    const ddp = await adapter.buyLabel(abroad({}, { incoterm: 'DDP', contentsType: 'gift' }));
    const other = await adapter.buyLabel(
      abroad({}, { contentsType: 'other', contentsExplanation: 'Spare parts', nonDelivery: 'abandon' }),
    );
    const returned = await adapter.buyLabel(abroad({}, { contentsType: 'returned_goods' }));

    const sent = calls('POST', '/shipments/').map((c) => JSON.parse(c.body).customs_declaration);
    expect(sent[0]).toMatchObject({ incoterm: 'DDP', contents_type: 'GIFT', non_delivery_option: 'RETURN' });
    expect(sent[0].contents_explanation).toBeUndefined();
    expect(sent[1]).toMatchObject({
      incoterm: 'DDU',
      contents_type: 'OTHER',
      contents_explanation: 'Spare parts',
      non_delivery_option: 'ABANDON',
    });
    expect(sent[2]).toMatchObject({ contents_type: 'RETURN_MERCHANDISE' });
    expect(fake.labels.get(ddp.trackingNumber)?.customs?.incoterm).toBe('DDP');
    expect(fake.labels.get(other.trackingNumber)?.customs?.contents_explanation).toBe('Spare parts');
    expect(fake.labels.get(returned.trackingNumber)?.customs?.contents_type).toBe('RETURN_MERCHANDISE');
  });

  it('sends the ITN of an EEI filed in AES, and it is on the invoice', async () => {
    const { fake, adapter, calls } = await setup();
    const label = await adapter.buyLabel(abroad({}, { exportFiling: 'AES_ITN', aesItn: 'x20260602123456' }));
    const sent = JSON.parse(calls('POST', '/shipments/')[0]!.body).customs_declaration;
    expect(sent).toMatchObject({ eel_pfc: 'AES_ITN', aes_itn: 'X20260602123456' });
    expect(fake.labels.get(label.trackingNumber)?.customs).toMatchObject({ aes_itn: 'X20260602123456' });
    expect(text(label.forms!.document!.bytes)).toContain('AES_ITN X20260602123456');

    // Without one, the exemption legend alone.
    await adapter.buyLabel(abroad({}, { exportFiling: 'NOEEI_30_36' }));
    const exempt = JSON.parse(calls('POST', '/shipments/')[1]!.body).customs_declaration;
    expect(exempt.eel_pfc).toBe('NOEEI_30_36');
    expect(exempt.aes_itn).toBeUndefined();
  });

  it("reports Shippo's refusal of a declaration by field, before anything is bought", async () => {
    const { fake, adapter, calls } = await setup();
    const line = { ...CUSTOMS.lines[0]!, valueMinor: 0 };
    const error = await expectChannelError(adapter.buyLabel(abroad({}, { lines: [line] })));
    expect(error).toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: 'customs_declaration.items.value_amount: Ensure the value is a positive amount.',
    });
    expect(calls('POST', '/transactions/')).toEqual([]);
    expect(fake.charges).toEqual([]);
  });

  it('finds a purchase whose answer was lost with its commercial invoice, charged once', async () => {
    const { fake, adapter } = await setup(undefined, {});
    const request = abroad();
    fake.failNextPurchase('drop_answer');
    expect((await expectChannelError(adapter.buyLabel(request))).kind).toBe('timeout');

    const found = await adapter.findLabel(request);
    const sold = fake.labels.get(found!.trackingNumber)!;
    expect(found?.forms?.form).toBe('commercial_invoice');
    expect(Buffer.from(found!.forms!.document!.bytes).equals(sold.invoice!)).toBe(true);
    expect(fake.charges).toHaveLength(1);
  });
});
