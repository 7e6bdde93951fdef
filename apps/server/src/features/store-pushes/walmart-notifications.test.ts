import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, WalmartNotifications } from '@shipdesk/contract';
import { generateWalmartOrders, startFakeWalmart, type FakeWalmart } from '@shipdesk/fakes';
import { backends, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { startListeningTestApp, storePushCalls } from '../../../test/store-push-test-kit.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

const ORDERS = generateWalmartOrders(10, 5);
type TenantId = ReturnType<typeof newTenantId>;
const open = (order: (typeof ORDERS)[number]) =>
  order.orderLines.orderLine.every((line) =>
    line.orderLineStatuses.orderLineStatus.every((s) => s.status === 'Created' || s.status === 'Acknowledged'),
  );

describe.each(backends)('Walmart order notifications ($name)', (backend) => {
  let t: TestContext;
  let walmart: FakeWalmart;
  let base: string;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    walmart = await startFakeWalmart({
      clientId: 'wm-client',
      clientSecret: 'wm-secret',
      orders: structuredClone(ORDERS),
    });
    ({ t, base } = await startListeningTestApp(backend));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await walmart.close();
  });

  const { call, ordersOf } = storePushCalls(() => t, tenant);
  async function connect(who: TenantId, name: string): Promise<Store> {
    const res = await call('POST', '/api/v1/stores', who, {
      name,
      sourceType: 'Walmart',
      settings: { clientId: 'wm-client', apiBaseUrl: walmart.url },
      credentials: { clientSecret: 'wm-secret' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  const state = async (storeId: string, who = tenant) => {
    const res = await call('GET', `/call/store/${storeId}/walmartNotifications`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WalmartNotifications;
  };
  const refused = async (reason: string) => {
    const metric = await processRegistry.getSingleMetric('shipdesk_channel_pushes_refused_total')!.get();
    return metric.values.find((v) => v.labels.channel === 'walmart' && v.labels.reason === reason)?.value ?? 0;
  };

  let store: Store;
  let endpoint: string;

  it('turns on: PO_CREATED and PO_LINE_AUTOCANCELLED subscribed with HMAC, and the store is pending', async () => {
    store = await connect(tenant, 'Walmart US');
    expect([200, 202]).toContain((await call('GET', `/call/store/${store.id}/pullOrders`)).statusCode);
    expect((await settleSyncRun(t, tenant, store.id)).state).toBe('succeeded');
    expect((await state(store.id)).status).toBe('off');

    const on = await call('PUT', `/call/store/${store.id}/walmartNotifications`, tenant, {});
    expect(on.statusCode, on.body).toBe(200);
    const view = on.json().data as WalmartNotifications;
    expect(view).toMatchObject({ status: 'pending', error: null, events: ['PO_CREATED', 'PO_LINE_AUTOCANCELLED'] });
    expect(view.signature).toEqual({
      scheme: 'canonical',
      header: 'WM_SEC.SIGNATURE',
      timestampHeader: 'WM_SEC.TIMESTAMP',
    });
    endpoint = view.endpoint!;
    expect(endpoint).toMatch(new RegExp(`^${base}/webhooks/walmart/[A-Za-z0-9_-]{20,}$`));
    const subscriptions = [...walmart.webhooks.subscriptions.values()];
    expect(subscriptions.map((s) => s.eventType).sort()).toEqual(['PO_CREATED', 'PO_LINE_AUTOCANCELLED']);
    const secret = subscriptions[0]!.authDetails!.clientSecret!;
    expect(subscriptions[0]!.authDetails).toMatchObject({ authMethod: 'HMAC', authHeaderName: 'WM_SEC.SIGNATURE' });
    // The secret is sealed among the credentials, never answered.
    expect(JSON.stringify((await call('GET', `/api/v1/stores/${store.id}`)).json())).not.toContain(secret);
    expect(JSON.stringify(view)).not.toContain(secret);
    // Turning on again replaces the subscriptions rather than adding to them.
    expect((await call('PUT', `/call/store/${store.id}/walmartNotifications`)).statusCode).toBe(200);
    expect(walmart.webhooks.subscriptions.size).toBe(2);
  });

  it('a new order and a line auto-cancel reach the orders, each once through repeats and reordering', async () => {
    const fresh = structuredClone(generateWalmartOrders(1, 77)[0]!);
    fresh.purchaseOrderId = '9000000000001';
    fresh.customerOrderId = '5000000000001';
    fresh.orderDate = Date.now() - 60_000;
    walmart.addOrder(fresh);
    const target = [...walmart.orders.values()].find((o) => o.purchaseOrderId !== fresh.purchaseOrderId && open(o))!;
    walmart.webhooks.chaos({ repeat: 0.6, reorder: true, seed: 4 });
    walmart.webhooks.changeOrder(fresh.purchaseOrderId, 'created');
    for (const _line of target.orderLines.orderLine)
      walmart.webhooks.changeOrder(target.purchaseOrderId, 'autocancelled');
    await walmart.webhooks.settled();
    walmart.webhooks.chaos({});
    expect(walmart.webhooks.delivery.attempts.every((a) => a.status === 200)).toBe(true);

    const orders = await ordersOf(tenant, store.id);
    expect(orders.rows).toBe(ORDERS.length + 1);
    expect(orders.byNumber[fresh.customerOrderId]).toBeDefined();
    expect(orders.byNumber[target.customerOrderId]).toBe('Canceled');
    const view = await state(store.id);
    expect(view.status).toBe('active');
    expect(view.lastHeardAt).not.toBeNull();
    const sent = new Set(walmart.webhooks.delivery.attempts.map((a) => a.id)).size;
    expect(view.counts.recorded + view.counts.ignored).toBe(sent);
    expect(view.counts.duplicate).toBe(walmart.webhooks.delivery.attempts.length - sent);
    expect(view.counts.duplicate).toBeGreaterThan(0);
  });

  it('a dropped notification leaves the order behind until the scheduled pull reconciles it', async () => {
    const target = [...walmart.orders.values()].find((o) => open(o))!;
    walmart.webhooks.chaos({ drop: 1 });
    for (const _line of target.orderLines.orderLine) {
      walmart.webhooks.changeOrder(target.purchaseOrderId, 'autocancelled');
    }
    await walmart.webhooks.settled();
    walmart.webhooks.chaos({});
    expect(walmart.webhooks.delivery.dropped.length).toBe(target.orderLines.orderLine.length);
    expect((await ordersOf(tenant, store.id)).byNumber[target.customerOrderId]).not.toBe('Canceled');

    // The fake generates status dates up to a day and a half after an order; the pull resumes from the latest it saw.
    const latest = Math.max(
      ...[...walmart.orders.values()].flatMap((o) => o.orderLines.orderLine.map((l) => l.statusDate)),
    );
    for (const line of target.orderLines.orderLine) line.statusDate = latest + 1000;
    expect([200, 202]).toContain((await call('GET', `/call/store/${store.id}/pullOrders`)).statusCode);
    const run = await settleSyncRun(t, tenant, store.id);
    expect(run.state).toBe('succeeded');
    expect((await ordersOf(tenant, store.id)).byNumber[target.customerOrderId]).toBe('Canceled');
  });

  it('a bad signature, a stale timestamp or an unknown store is refused, counted and changes nothing', async () => {
    const target = [...walmart.orders.values()].find((o) => open(o))!;
    for (const line of target.orderLines.orderLine) {
      for (const status of line.orderLineStatuses.orderLineStatus) status.status = 'Cancelled';
      // Walmart moves the line's statusDate with the change; the writer keeps only a newer copy.
      line.statusDate = Math.max(Date.now(), line.statusDate + 1000);
    }
    // Walmart cancels it without telling anyone: only a forged notification could make us read it now.
    const before = await ordersOf(tenant, store.id);
    const counts = (await state(store.id)).counts;
    const body = JSON.stringify({
      source: { eventType: 'PO_LINE_AUTOCANCELLED', eventTime: new Date().toISOString(), eventId: 'forged-1' },
      payload: { purchaseOrderId: target.purchaseOrderId },
    });
    const post = (headers: Record<string, string>, url = endpoint) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

    const badBefore = await refused('bad_signature');
    expect((await post(walmart.webhooks.signedHeaders(endpoint, body, { secret: 'not-the-secret' }))).status).toBe(401);
    expect((await post({ 'WM_SEC.TIMESTAMP': String(Math.floor(Date.now() / 1000)) })).status).toBe(401);
    expect(await refused('bad_signature')).toBe(badBefore + 2);

    const staleBefore = await refused('stale');
    const stale = walmart.webhooks.signedHeaders(endpoint, body, {
      timestampSeconds: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await post(stale)).status).toBe(401);
    expect(await refused('stale')).toBe(staleBefore + 1);

    const storeBefore = await refused('unknown_store');
    const elsewhere = `${base}/webhooks/walmart/NoSuchStoreKey1234567`;
    expect((await post(walmart.webhooks.signedHeaders(endpoint, body), elsewhere)).status).toBe(404);
    expect(await refused('unknown_store')).toBe(storeBefore + 1);

    expect(await ordersOf(tenant, store.id)).toEqual(before);
    expect((await state(store.id)).counts).toEqual(counts);
    // Signed with the store's secret it is taken in; the same event again is a replay, taken once.
    expect((await post(walmart.webhooks.signedHeaders(endpoint, body))).status).toBe(200);
    expect((await post(walmart.webhooks.signedHeaders(endpoint, body))).status).toBe(200);
    expect((await ordersOf(tenant, store.id)).byNumber[target.customerOrderId]).toBe('Canceled');
    expect((await state(store.id)).counts).toMatchObject({
      recorded: counts.recorded + 1,
      duplicate: counts.duplicate + 1,
    });
  });

  it("another tenant's store is 404; a store of another channel and a bad header name are refused by name", async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/call/store/${store.id}/walmartNotifications`, other);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    const theirs = await connect(other, 'Their Walmart');
    const wrong = await call('PUT', `/call/store/${theirs.id}/ebayNotifications`, other, {});
    expect(wrong.statusCode).toBe(400);
    const same = await call('PUT', `/call/store/${store.id}/walmartNotifications`, tenant, {
      header: 'X-Sig',
      timestampHeader: 'x-sig',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toHaveProperty('timestampHeader');
    const bad = await call('PUT', `/call/store/${store.id}/walmartNotifications`, tenant, { header: 'no spaces' });
    expect(bad.statusCode).toBe(400);
  });

  it('the body scheme with another header: an HMAC of the body alone is taken, without a timestamp', async () => {
    const plain = await startFakeWalmart({
      clientId: 'wm-client',
      clientSecret: 'wm-secret',
      orders: generateWalmartOrders(4, 9),
      webhookScheme: 'body',
    });
    try {
      const res = await call('POST', '/api/v1/stores', other, {
        name: 'Walmart body-signed',
        sourceType: 'Walmart',
        settings: { clientId: 'wm-client', apiBaseUrl: plain.url },
        credentials: { clientSecret: 'wm-secret' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const theirs = res.json().data as Store;
      expect([200, 202]).toContain((await call('GET', `/call/store/${theirs.id}/pullOrders`, other)).statusCode);
      expect((await settleSyncRun(t, other, theirs.id)).state).toBe('succeeded');
      const on = await call('PUT', `/call/store/${theirs.id}/walmartNotifications`, other, {
        scheme: 'body',
        header: 'X-Walmart-Hmac',
      });
      expect(on.json().data.signature).toMatchObject({ scheme: 'body', header: 'X-Walmart-Hmac' });
      const [subscription] = [...plain.webhooks.subscriptions.values()];
      expect(subscription!.authDetails).toMatchObject({ authMethod: 'HMAC', authHeaderName: 'X-Walmart-Hmac' });

      const target = [...plain.orders.values()].find((o) => open(o))!;
      for (const _line of target.orderLines.orderLine) {
        plain.webhooks.changeOrder(target.purchaseOrderId, 'autocancelled');
      }
      await plain.webhooks.settled();
      expect(plain.webhooks.delivery.attempts.every((a) => a.status === 200)).toBe(true);
      const filters = encodeURIComponent(JSON.stringify({ storeId: theirs.id }));
      const rows = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`, other)).json().data.rows;
      expect(rows.find((r: { orderNumber: string }) => r.orderNumber === target.customerOrderId).orderStatus).toBe(
        'Canceled',
      );
    } finally {
      await plain.close();
    }
  });

  it('turns off: the subscriptions are deleted at Walmart and a signed notification no longer verifies', async () => {
    const body = JSON.stringify({
      source: { eventId: 'late-1' },
      payload: { purchaseOrderId: ORDERS[0]!.purchaseOrderId },
    });
    const headers = walmart.webhooks.signedHeaders(endpoint, body);
    const off = await call('DELETE', `/call/store/${store.id}/walmartNotifications`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'off', error: null });
    expect(walmart.webhooks.subscriptions.size).toBe(0);
    const late = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    expect(late.status).toBe(404);
    expect((await state(store.id)).status).toBe('off');
  });
});
