import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomsDeclaration,
  Delivery,
  LabelBatch,
  LabelBatchDetail,
  Order,
  ShipLabelDefaults,
} from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 1200, length: 10, width: 8, height: 6 };
const ABROAD = { carrier: 'local', serviceCode: 'LOCAL_INTERNATIONAL', parcel: PARCEL };
const TORONTO = {
  name: 'Grace Hopper',
  address1: '100 Queen St W',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
};
const LINES = [
  {
    sku: 'MUG-1',
    name: 'Blue ceramic coffee mug with a very long catalogue title',
    quantity: 2,
    unitPrice: 1250,
    weight: 350,
  },
  { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 100 },
];

/** The pages of a PDF, counted by their page objects. */
const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

describe.each(backends)('customs declarations ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    await setWarehouse(t, other);
    // The mug's customs facts are in the catalogue; the tea has none.
    const product = await call('POST', '/api/v1/products', {
      sku: 'MUG-1',
      title: 'Blue mug',
      weight: 350,
      customsDescription: 'Ceramic mug',
      hsCode: '6912.00.48',
      originCountry: 'PT',
    });
    expect(product.statusCode, product.body).toBe(201);
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = tenant) {
    return t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  }
  const defaultsOf = async (order: Order) => {
    const res = await call('GET', `/call/orders/${order.id}/shipLabel/fsmFlow?rates=false`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.defaults as ShipLabelDefaults;
  };
  const abroad = () => paidOrder(t, tenant, { shippingAddress: TORONTO, lines: LINES });
  /** The draft's declaration as a purchase sends it, with `change` applied to its lines. */
  const declarationOf = (
    draft: ShipLabelDefaults,
    change: (line: CustomsDeclaration['lines'][number], i: number) => object = () => ({}),
  ) => {
    const { declaration } = draft.customs!;
    return {
      ...declaration,
      lines: declaration.lines.map(({ sku: _s, title: _t, ...line }, i) => ({ ...line, ...change(line, i) })),
    } as CustomsDeclaration;
  };

  it('drafts the declaration from the products and the order, and says what is missing', async () => {
    const domestic = await paidOrder(t, tenant);
    expect((await defaultsOf(domestic)).customs).toBeNull();

    const order = await abroad();
    const draft = await defaultsOf(order);
    expect(draft.customs).toMatchObject({
      currency: 'USD',
      declaration: {
        contentsType: 'merchandise',
        nonDelivery: 'return',
        incoterm: 'DAP',
        invoiceNumber: order.orderNumber,
        exportFiling: 'NOEEI_30_36',
        aesItn: null,
        lines: [
          {
            sku: 'MUG-1',
            description: 'Ceramic mug',
            hsCode: '69120048',
            originCountry: 'PT',
            quantity: 2,
            value: 2500,
            weight: 700,
          },
          {
            sku: 'TEA-9',
            description: 'Green tea',
            hsCode: null,
            originCountry: '',
            quantity: 1,
            value: 899,
            weight: 100,
          },
        ],
      },
      problems: { 'lines.1.originCountry': 'Line 2 (TEA-9): enter the country the item was made in' },
    });
  });

  it('refuses a declaration the carrier would refuse, by field and line, and buys nothing', async () => {
    const order = await abroad();
    const draft = await defaultsOf(order);
    const buy = (customs: object) =>
      flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: { ...ABROAD, customs } });
    const cases: Array<[object, string, RegExp]> = [
      [declarationOf(draft), 'label.customs.lines.1.originCountry', /TEA-9/],
      [
        declarationOf(draft, () => ({ originCountry: 'CN', hsCode: '12.34' })),
        'label.customs.lines.0.hsCode',
        /6 to 10 digits/,
      ],
      [
        declarationOf(draft, (_l, i) => ({ originCountry: 'CN', value: i === 1 ? 0 : 100 })),
        'label.customs.lines.1.value',
        /zero/,
      ],
      [
        declarationOf(draft, (_l, i) => ({ originCountry: 'XX', quantity: i + 1 })),
        'label.customs.lines.0.quantity',
        /carries 2, not 1/,
      ],
      [
        {
          ...declarationOf(draft, () => ({ originCountry: 'CN' })),
          lines: declarationOf(draft, () => ({ originCountry: 'CN' })).lines.slice(0, 1),
        },
        'label.customs.lines',
        /TEA-9 \(1\) missing/,
      ],
      [
        declarationOf(draft, () => ({ originCountry: 'CN', description: 'N/A' })),
        'label.customs.lines.0.description',
        /refuse/,
      ],
      [
        declarationOf(draft, () => ({ originCountry: 'CN', weight: 5000 })),
        'label.customs.lines',
        /more than the parcel/,
      ],
      [
        { ...declarationOf(draft, () => ({ originCountry: 'CN' })), contentsType: 'other' },
        'label.customs.contentsExplanation',
        /Other/,
      ],
    ];
    for (const [customs, field, words] of cases) {
      const res = await buy(customs);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field], `${field}: ${res.body}`).toMatch(words);
    }
    // The EEI rule: a US export to anywhere but Canada with one Schedule B line over $2,500 needs the ITN.
    const london = await paidOrder(t, tenant, {
      shippingAddress: { ...TORONTO, city: 'London', state: 'LDN', postalCode: 'SW1A 1AA', country: 'GB' },
      lines: [{ sku: 'CAM-1', name: 'Camera', quantity: 1, unitPrice: 300_000, weight: 900 }],
    });
    const camera = await defaultsOf(london);
    expect(camera.customs!.declaration.exportFiling).toBe('NOEEI_30_37_a');
    const withOrigin = declarationOf(camera, () => ({ originCountry: 'JP' }));
    const noItn = await flow(t, tenant, london.id, 'shipLabel', {
      version: london.version,
      label: { ...ABROAD, customs: withOrigin },
    });
    expect(noItn.statusCode).toBe(400);
    expect(noItn.json().errors['label.customs.exportFiling']).toMatch(/\$3,000\.00|3000\.00/);
    const badItn = await flow(t, tenant, london.id, 'shipLabel', {
      version: london.version,
      label: { ...ABROAD, customs: { ...withOrigin, exportFiling: 'AES_ITN', aesItn: '123' } },
    });
    expect(badItn.json().errors['label.customs.aesItn']).toMatch(/X and 14 digits/);
    // Nothing was bought: both orders still wait for their labels.
    for (const id of [order.id, london.id]) {
      const deliveries = (await call('GET', `/api/v1/deliveries?orderId=${id}`)).json().data as Delivery[];
      expect(deliveries.every((d) => d.status === 'planned' && d.label === null)).toBe(true);
    }
  });

  it('buys with the declaration, keeps the form beside the label and serves it to its tenant only', async () => {
    const order = await abroad();
    const draft = await defaultsOf(order);
    const customs = declarationOf(draft, () => ({ originCountry: 'CN' }));
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { ...ABROAD, customs },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { label } = bought.json().data;
    // $33.99 and 0.8 kg: a CN 22 by the UPU's rule, printed on its own page after the label.
    expect(label.customs).toEqual({
      form: 'cn22',
      hasDocument: true,
      contentsType: 'merchandise',
      incoterm: 'DAP',
      invoiceNumber: order.orderNumber,
      totalValue: 3399,
      currency: 'USD',
      lines: 2,
    });
    const forms = await call('GET', `/call/shipment/${label.deliveryId}/customsForms`);
    expect(forms.statusCode).toBe(200);
    expect(forms.headers['content-type']).toBe('application/pdf');
    expect(forms.headers['content-disposition']).toContain(`cn22-${label.trackingNumber}.pdf`);
    expect(forms.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Printed together: the label's page and the CN 22 page as one PDF.
    const together = await call('GET', `/call/shipment/${label.deliveryId}/shipLabel?withForms=true`);
    expect(together.statusCode).toBe(200);
    expect(together.headers['content-disposition']).toContain('with-customs.pdf');
    const alone = await call('GET', `/call/shipment/${label.deliveryId}/shipLabel`);
    expect(pagesOf(together.rawPayload)).toBe(pagesOf(alone.rawPayload) + pagesOf(forms.rawPayload));
    // The order view's deliveries carry the same summary; another tenant sees nothing of it.
    const deliveries = (await call('GET', `/api/v1/deliveries?orderId=${order.id}`)).json().data as Delivery[];
    expect(deliveries[0]!.label!.customs).toMatchObject({ form: 'cn22', hasDocument: true });
    expect((await call('GET', `/call/shipment/${label.deliveryId}/customsForms`, undefined, other)).statusCode).toBe(
      404,
    );
    // A domestic label has no customs document, and a declaration sent with it is refused.
    const domestic = await paidOrder(t, tenant);
    const needless = await flow(t, tenant, domestic.id, 'shipLabel', {
      version: domestic.version,
      label: { carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', parcel: PARCEL, customs },
    });
    expect(needless.statusCode).toBe(400);
    expect(needless.json().errors['label.customs.lines.0.lineId']).toMatch(/carries no order line/);
    const home = await flow(t, tenant, domestic.id, 'shipLabel', {
      version: domestic.version,
      label: { carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', parcel: PARCEL },
    });
    expect(home.json().data.label.customs).toBeNull();
    const none = await call('GET', `/call/shipment/${home.json().data.label.deliveryId}/customsForms`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This label has no customs forms');
  });

  it("batches declare each order with the batch's choices, fail the incomplete ones and merge the forms", async () => {
    const method = (await call('POST', '/api/v1/shipMethods', { name: 'Worldwide' })).json().data;
    const mapping = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: method.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_INTERNATIONAL',
    });
    expect(mapping.statusCode, mapping.body).toBe(201);
    await t.app.shippingResolution.idle();
    const complete = await paidOrder(t, tenant, {
      requestedShippingMethod: 'Worldwide',
      shippingAddress: TORONTO,
      lines: [{ sku: 'MUG-1', name: 'Blue mug', quantity: 1, unitPrice: 1250, weight: 350 }],
    });
    const incomplete = await paidOrder(t, tenant, {
      requestedShippingMethod: 'Worldwide',
      shippingAddress: TORONTO,
      lines: LINES,
    });
    const created = await call('POST', '/call/labelBatches', {
      event: 'shipLabel',
      orderIds: [complete.id, incomplete.id],
      customs: { contentsType: 'gift', nonDelivery: 'abandon', incoterm: 'DAP' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const batch = created.json().data as LabelBatch;
    const detail = await waitFor(async () => {
      const res = (await call('GET', `/call/labelBatches/${batch.id}`)).json().data as LabelBatchDetail;
      return res.batch.status === 'done' ? res : undefined;
    });
    const byOrder = new Map(detail.items.map((item) => [item.orderId, item]));
    expect(byOrder.get(complete.id)).toMatchObject({ status: 'bought' });
    expect(byOrder.get(incomplete.id)).toMatchObject({
      status: 'failed',
      message: 'Customs: Line 2 (TEA-9): enter the country the item was made in',
    });
    const deliveries = (await call('GET', `/api/v1/deliveries?orderId=${complete.id}`)).json().data as Delivery[];
    expect(deliveries[0]!.label!.customs).toMatchObject({ contentsType: 'gift', form: 'cn22', hasDocument: true });
    const document = await call('GET', `/call/labelBatches/${batch.id}/document`);
    expect(document.statusCode).toBe(200);
    // The label's page and its CN 22 page, merged.
    expect(pagesOf(document.rawPayload)).toBeGreaterThanOrEqual(2);
  });
});
