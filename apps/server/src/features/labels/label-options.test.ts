import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  BoxSize,
  Delivery,
  LabelBatch,
  LabelBatchDetail,
  Order,
  ShipLabelDefaults,
  ShippingRule,
} from '@shipdesk/contract';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { setWarehouse } from '../../../test/label-helpers.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';

type TenantId = ReturnType<typeof newTenantId>;

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' };
const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };

/** Every order is insured for its total and asks for an adult's signature (a seller's rule). */
const INSURE_ALL: ShippingRule = {
  id: 'insure',
  name: 'Insure everything',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [
    { type: 'insure', above: 0 },
    { type: 'requireSignature', kind: 'adult' },
  ],
  stop: false,
};

type UspsLabelBody = {
  packageDescription: {
    mailClass: string;
    extraServices?: number[];
    packageOptions?: { packageValue: number };
    length: number;
    width: number;
    height: number;
  };
};

describe.each(backends)('label options through the routes ($name)', (backend) => {
  let t: TestContext;
  let usps: FakeUsps;
  const tenant = newTenantId();
  let accountId: string;
  let boxes: BoxSize[];

  const batchTenant = newTenantId();
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const count = async (query: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  const deliveriesOf = async (orderId: string, who = tenant) =>
    (await call('GET', `/api/v1/deliveries?orderId=${orderId}`, undefined, who)).json().data as Delivery[];
  const labelBodies = () =>
    usps.requests
      .filter((request) => /\/labels\/v3\/label$/.test(request.path))
      .map((request) => JSON.parse(request.body) as UspsLabelBody);

  beforeAll(async () => {
    usps = await startFakeUsps({
      clientId: 'usps-client',
      clientSecret: 'usps-secret-value-123',
      accounts: [ACCOUNT],
      quota: null,
    });
    t = await buildTestApp(backend, {}, undefined, { adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 5_000 } } });
    accountId = await connectUsps(tenant);
    await connectUsps(batchTenant);
    const saved = await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: [INSURE_ALL] });
    expect(saved.statusCode, saved.body).toBe(200);
    boxes = (await call('GET', '/api/v1/orderBoxSizes')).json().data;
    expect(boxes.length).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await t.close();
    await usps.close();
  });

  /** The tenant's ship-from address and a verified USPS account on the fake (only a verified account is quoted). */
  const connectUsps = async (who: TenantId): Promise<string> => {
    await setWarehouse(t, who);
    const created = await call(
      'POST',
      '/api/v1/carrierAccounts',
      {
        carrier: 'usps',
        name: 'Main USPS',
        settings: { ...ACCOUNT, clientId: 'usps-client', apiBaseUrl: usps.url },
        credentials: { clientSecret: 'usps-secret-value-123' },
      },
      who,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const tested = await call('POST', '/call/carriers/testConnection', { accountId: id }, who);
    expect(tested.json().data.ok, tested.body).toBe(true);
    return id;
  };

  /** A paid Sales Order that the rules have run on (each step at the order's current version). */
  const paidOrder = async (who: TenantId = tenant): Promise<Order> => {
    const made = await createOrder(t, who);
    const current = async () => (await call('GET', `/api/v1/orders/${made.id}`, undefined, who)).json().data as Order;
    const approved = await flow(t, who, made.id, 'approve', { version: (await current()).version });
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await flow(t, who, made.id, 'processPayment', { version: (await current()).version });
    expect(paid.statusCode, paid.body).toBe(200);
    return current();
  };

  const usePriority = (order: Order, options?: object) =>
    flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: {
        carrier: 'usps',
        carrierAccountId: accountId,
        serviceCode: 'PRIORITY_MAIL',
        parcel: PARCEL,
        ...(options ? { options } : {}),
      },
    });

  it("buys with the rule's insured value and adult signature, and quotes with them", async () => {
    const order = await paidOrder();
    expect(order.ruleSettings).toMatchObject({ insuredValue: order.total, signature: 'adult' });
    const quoted = (await call('GET', `/call/orders/${order.id}/shipLabel/fsmFlow`)).json().data
      .defaults as ShipLabelDefaults;
    expect(quoted.options).toEqual({
      insuredValue: order.total,
      insuranceProvider: 'carrier',
      signature: 'adult',
      currency: order.currency,
    });
    expect(quoted.rates.some((rate) => rate.serviceCode === 'PRIORITY_MAIL')).toBe(true);
    // Media Mail takes no adult signature: left out of the rates with the reason.
    expect(quoted.rates.some((rate) => rate.serviceCode === 'MEDIA_MAIL')).toBe(false);
    expect(quoted.rateErrors.map((error) => error.message)).toContainEqual(
      expect.stringContaining('Media Mail cannot carry an adult signature'),
    );

    const bought = await usePriority(order);
    expect(bought.statusCode, bought.body).toBe(200);
    // Recorded on the label, as the purchase answers it and as the order's Deliveries card reads it.
    const recorded = {
      insuredValue: order.total,
      insuredCurrency: order.currency,
      insuranceProvider: 'carrier',
      signature: 'adult',
    };
    expect(bought.json().data.label.options).toEqual(recorded);
    expect((await deliveriesOf(order.id))[0]!.label!.options).toEqual(recorded);
    const sent = labelBodies().at(-1)!.packageDescription;
    expect(sent.extraServices).toEqual([922, order.total > 50_000 ? 931 : 930]);
    expect(sent.packageOptions).toEqual({ packageValue: order.total / 100 });
    const events = (await call('GET', `/api/v1/orders/${order.id}/events`)).json().data as Array<{
      event: string;
      payload: Record<string, unknown>;
    }>;
    expect(events.find((event) => event.event === 'shipLabel')!.payload).toMatchObject({
      insuredValue: order.total,
      signature: 'adult',
    });
  });

  it('buys with the box, insured value and signature set by hand, or those of the label form', async () => {
    const order = await paidOrder();
    const box = boxes.at(-1)!;
    const set = await call('POST', `/call/order/${order.id}/updateRuleSettings`, {
      boxSizeId: box.id,
      insuredValue: 12_345,
      signature: 'standard',
      version: order.version,
    });
    expect(set.statusCode, set.body).toBe(200);
    const handSet = set.json().data as Order;
    const draft = (await call('GET', `/call/orders/${order.id}/shipLabel/fsmFlow?rates=false`)).json().data
      .defaults as ShipLabelDefaults;
    expect(draft.parcel).toMatchObject({ boxSizeId: box.id, length: box.length, width: box.width, height: box.height });
    expect(draft.options).toMatchObject({ insuredValue: 12_345, signature: 'standard' });

    // The form changed them for this label: no insurance, an adult's signature.
    const form = (
      await call('GET', `/call/orders/${order.id}/shipLabel/fsmFlow?insuredValue=0&signature=adult&rates=false`)
    ).json().data.defaults as ShipLabelDefaults;
    expect(form.options).toMatchObject({ insuredValue: null, signature: 'adult' });

    const bought = await usePriority(handSet, { insuredValue: null, signature: 'adult' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.label.options).toEqual({
      insuredValue: null,
      insuredCurrency: null,
      insuranceProvider: null,
      signature: 'adult',
    });
    const sent = labelBodies().at(-1)!.packageDescription;
    expect(sent.extraServices).toEqual([922]);
    expect(sent.packageOptions).toBeUndefined();
    // The order keeps what was set by hand: the change was for this label only.
    const after = (await call('GET', `/api/v1/orders/${order.id}`)).json().data as Order;
    expect(after.ruleSettings).toMatchObject({ boxSizeId: box.id, insuredValue: 12_345, signature: 'standard' });
  });

  it("refuses a service that cannot carry the signature in USPS's words, buying and writing nothing", async () => {
    const order = await paidOrder();
    const before = labelBodies().length;
    const refused = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier: 'usps', carrierAccountId: accountId, serviceCode: 'MEDIA_MAIL', parcel: PARCEL },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ reason: 'carrier_refused', message: expect.stringMatching(/922/) });
    expect(labelBodies().length).toBe(before + 1);
    expect(await count(sql`SELECT count(*)::int AS n FROM shipping_labels WHERE order_id = ${order.id}`)).toBe(0);
    const unchanged = (await call('GET', `/api/v1/orders/${order.id}`)).json().data as Order;
    expect(unchanged).toMatchObject({ version: order.version, shipmentStatus: 'Unshipped' });
    const [delivery] = await deliveriesOf(order.id);
    expect(delivery).toMatchObject({ status: 'planned', label: null });

    // A value above what USPS insures is refused before anything is sent, naming the field.
    const over = await usePriority(order, { insuredValue: 600_000, signature: null });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors).toMatchObject({ 'label.options.insuredValue': expect.stringContaining('USPS') });
    expect(labelBodies().length).toBe(before + 1);
  });

  it("batches buy the cheapest of a rule's services that can carry the options, in the rule's box", async () => {
    const who = batchTenant;
    const batchBoxes = (await call('GET', '/api/v1/orderBoxSizes', undefined, who)).json().data as BoxSize[];
    const box = batchBoxes.at(-1)!;
    const rules: ShippingRule[] = [
      {
        ...INSURE_ALL,
        actions: [
          ...INSURE_ALL.actions,
          { type: 'setBox', boxSizeId: box.id },
          {
            type: 'cheapestService',
            services: [
              { carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
              { carrier: 'usps', serviceCode: 'USPS_GROUND_ADVANTAGE' },
              { carrier: 'usps', serviceCode: 'MEDIA_MAIL' },
            ],
          },
        ],
      },
    ];
    const saved = await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules }, who);
    expect(saved.statusCode, saved.body).toBe(200);
    const signed = await paidOrder(who);
    // Set by hand: no signature on this one, so Media Mail (the cheapest) can carry it.
    const plain = await paidOrder(who);
    const cleared = await call(
      'POST',
      `/call/order/${plain.id}/updateRuleSettings`,
      { signature: null, version: plain.version },
      who,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    const before = labelBodies().length;

    const started = await call(
      'POST',
      '/call/labelBatches',
      { event: 'shipLabel', orderIds: [signed.id, plain.id] },
      who,
    );
    expect(started.statusCode, started.body).toBe(202);
    const id = (started.json().data as LabelBatch).id;
    const detail = await waitFor(
      async () => {
        const res = await call('GET', `/call/labelBatches/${id}`, undefined, who);
        const batch = res.json().data as LabelBatchDetail;
        return batch.batch.status === 'done' ? batch : undefined;
      },
      30_000,
      `batch ${id}`,
    );
    expect(detail.batch).toMatchObject({ bought: 2, failed: 0 });
    expect(detail.items.map((item) => item.serviceName)).toEqual(['USPS Ground Advantage', 'Media Mail']);
    expect(detail.items.map((item) => [item.insuredValue, item.signature])).toEqual([
      [signed.total, 'adult'],
      [plain.total, null],
    ]);

    const sent = labelBodies()
      .slice(before)
      .map((body) => body.packageDescription);
    const byClass = new Map(sent.map((description) => [description.mailClass, description]));
    expect([...byClass.keys()].sort()).toEqual(['MEDIA_MAIL', 'USPS_GROUND_ADVANTAGE']);
    const ground = byClass.get('USPS_GROUND_ADVANTAGE')!;
    expect(ground.extraServices).toEqual([922, signed.total > 50_000 ? 931 : 930]);
    expect(ground.packageOptions).toEqual({ packageValue: signed.total / 100 });
    const media = byClass.get('MEDIA_MAIL')!;
    expect(media.extraServices).toEqual([plain.total > 50_000 ? 931 : 930]);
    // Each label records what it was bought with.
    const [signedDelivery] = await deliveriesOf(signed.id, who);
    expect(signedDelivery!.label).toMatchObject({
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      options: { insuredValue: signed.total, insuredCurrency: 'USD', insuranceProvider: 'carrier', signature: 'adult' },
    });
    const [plainDelivery] = await deliveriesOf(plain.id, who);
    expect(plainDelivery!.label).toMatchObject({
      serviceCode: 'MEDIA_MAIL',
      options: { insuredValue: plain.total, insuredCurrency: 'USD', insuranceProvider: 'carrier', signature: null },
    });
    for (const description of sent) {
      expect([description.length, description.width, description.height].sort()).toEqual(
        [box.length, box.width, box.height].sort(),
      );
    }
  });
});
