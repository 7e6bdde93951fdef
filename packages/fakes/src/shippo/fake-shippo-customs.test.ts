import { afterEach, describe, expect, it } from 'vitest';
import { customsDeclarationErrors } from './fake-shippo-customs.ts';
import { startFakeShippo, type FakeShippo } from './fake-shippo-server.ts';

const TOKEN = 'shippo_test_customs';

const ITEM = {
  description: 'Cotton T-shirt',
  quantity: 2,
  net_weight: '360',
  mass_unit: 'g',
  value_amount: '40.00',
  value_currency: 'USD',
  origin_country: 'US',
  tariff_number: '610910',
  sku_code: 'TEE-1',
};

const DECLARATION = {
  certify: true,
  certify_signer: 'Dana Whitfield',
  contents_type: 'MERCHANDISE',
  non_delivery_option: 'RETURN',
  incoterm: 'DDU',
  eel_pfc: 'NOEEI_30_37_a',
  invoice: '#1001',
  items: [ITEM],
};

const address = (country: string, state: string, zip: string) => ({
  name: 'Priya Raman',
  street1: '44 Elm Street',
  city: 'Springfield',
  state,
  zip,
  country,
});

const SHIPMENT = {
  address_from: address('US', 'WA', '98104'),
  address_to: address('CA', 'ON', 'M5V 2T6'),
  parcels: [{ length: '10', width: '8', height: '4', distance_unit: 'in', weight: '2', mass_unit: 'lb' }],
  async: false,
};

/** The fields of Shippo's answers these tests read. */
interface Answer {
  [field: string]: unknown;
  object_id: string;
  items: string[];
  rates: Array<{ object_id: string; servicelevel: { token: string } }>;
  commercial_invoice_url: string;
}

describe('fake Shippo customs declarations', () => {
  let fake: FakeShippo | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function post(path: string, body: unknown) {
    const response = await fetch(`${fake!.url}${path}`, {
      method: 'POST',
      headers: { authorization: `ShippoToken ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }

  it('refuses what Shippo requires, by field and by item, as Django REST framework does', () => {
    expect(customsDeclarationErrors(DECLARATION)).toBeNull();
    expect(customsDeclarationErrors({ ...DECLARATION, certify: false, certify_signer: ' ' })).toEqual({
      certify: ['The declaration must be certified to be true (certify: true).'],
      certify_signer: ['This field is required.'],
    });
    expect(
      customsDeclarationErrors({ ...DECLARATION, contents_type: 'PRESENTS', non_delivery_option: 'KEEP', items: [] }),
    ).toEqual({
      contents_type: ['"PRESENTS" is not a valid choice.'],
      non_delivery_option: ['"KEEP" is not a valid choice.'],
      items: ['This list may not be empty.'],
    });
    expect(customsDeclarationErrors({ ...DECLARATION, contents_type: 'OTHER', eel_pfc: 'AES_ITN' })).toEqual({
      contents_explanation: ['This field is required when contents_type is OTHER.'],
      aes_itn: ['This field is required when eel_pfc is AES_ITN.'],
    });
    const bad = {
      description: '',
      quantity: 0,
      net_weight: '0',
      mass_unit: 'g',
      value_amount: '-1',
      value_currency: 'USD',
      origin_country: 'USA',
      tariff_number: '6109100000123',
    };
    expect(customsDeclarationErrors({ ...DECLARATION, items: [ITEM, bad] })).toEqual({
      items: [
        {},
        {
          description: ['This field is required.'],
          quantity: ['Ensure this value is greater than or equal to 1.'],
          net_weight: ['Ensure the net weight is a positive number.'],
          value_amount: ['Ensure the value is a positive amount.'],
          origin_country: ['Enter a valid ISO 3166-1 alpha-2 country code.'],
          tariff_number: ['Ensure this field has no more than 12 digits.'],
        },
      ],
    });
  });

  it('creates a declaration a shipment names by object id, and sells its label', async () => {
    fake = await startFakeShippo({ tokens: [TOKEN] });
    const created = await post('/customs/declarations/', DECLARATION);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object_state: 'VALID', certify_signer: 'Dana Whitfield', test: true });
    expect(created.body.items).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(fake.customsDeclarations.get(created.body.object_id)?.items[0]).toMatchObject(ITEM);

    const refused = await post('/customs/declarations/', { ...DECLARATION, certify_signer: '' });
    expect(refused).toEqual({ status: 400, body: { certify_signer: ['This field is required.'] } });

    const unknown = await post('/shipments/', { ...SHIPMENT, customs_declaration: 'f'.repeat(32) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.customs_declaration).toEqual([
      `Customs declaration with object_id ${'f'.repeat(32)} does not exist.`,
    ]);

    const shipment = await post('/shipments/', { ...SHIPMENT, customs_declaration: created.body.object_id });
    expect(shipment.body.customs_declaration).toBe(created.body.object_id);
    const rate = shipment.body.rates.find((r) => r.servicelevel.token === 'ups_worldwide_expedited');
    const bought = await post('/transactions/', { rate: rate!.object_id, label_file_type: 'PDF', async: false });
    expect(bought.body.status).toBe('SUCCESS');
    expect(bought.body.commercial_invoice_url).toMatch(/-invoice\.pdf$/);
    const invoice = Buffer.from(await (await fetch(bought.body.commercial_invoice_url)).arrayBuffer());
    expect(invoice.toString('latin1')).toMatch(/^%PDF-[\s\S]*COMMERCIAL INVOICE[\s\S]*2 x Cotton T-shirt/);
  });

  it('refuses to buy an international label without a declaration: a failed transaction, nothing charged', async () => {
    fake = await startFakeShippo({ tokens: [TOKEN] });
    const shipment = await post('/shipments/', SHIPMENT);
    expect(shipment.body.customs_declaration).toBeNull();
    const rate = shipment.body.rates.find((r) => r.servicelevel.token === 'usps_priority_mail_international');
    const bought = await post('/transactions/', { rate: rate!.object_id, async: false });
    expect(bought.body).toMatchObject({
      status: 'ERROR',
      messages: [{ source: 'USPS', code: 'customs_declaration_required' }],
    });
    expect(fake.charges).toEqual([]);

    // Postal: the form is printed on the label, no invoice.
    const declared = await post('/shipments/', { ...SHIPMENT, customs_declaration: DECLARATION });
    const postal = declared.body.rates.find((r) => r.servicelevel.token === 'usps_priority_mail_international');
    const label = await post('/transactions/', { rate: postal!.object_id, async: false });
    expect(label.body).toMatchObject({ status: 'SUCCESS', commercial_invoice_url: null });
    expect(fake.charges).toHaveLength(1);
  });
});
