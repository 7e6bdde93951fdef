import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../../test/app-helper.ts';
import { settleSyncRun } from '../../../../test/store-helpers.ts';
import { generateAmazonOrders, startFakeAmazon, type FakeAmazon } from '@shipdesk/fakes';
import { AMAZON_V0_READS_END } from './amazon-adapter.ts';

/**
 * Issue 30's migration test: the same Amazon orders pulled through Orders v0 and through v2026-01-01 are stored the
 * same, field by field, and a store that moves from v0 to v2026-01-01 keeps one order per Amazon order.
 */

const CREDENTIALS = { clientId: 'amzn1.application-oa2-client.h8', clientSecret: 'cs-h8', refreshToken: 'Atzr|h8' };
/** Fields that belong to the stored row or its store, not to what the channel said. */
const OWN_FIELDS = new Set([
  'id',
  'created',
  'modified',
  'createdAt',
  'updatedAt',
  'importedAt',
  'version',
  'storeName',
]);
/** Ids of rows and of the store; the channel's own ids (externalId, externalLineId) are compared. */
const ownId = (key: string) => OWN_FIELDS.has(key) || (/Id$/.test(key) && !key.startsWith('external'));

describe.each(backends)('Amazon orders through v0 and v2026-01-01 ($name)', (backend) => {
  let t: TestContext;
  let fake: FakeAmazon;
  const tenant = newTenantId();

  beforeAll(async () => {
    fake = await startFakeAmazon({ ...CREDENTIALS, orders: generateAmazonOrders(12, { seed: 11 }) });
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: {
        http: { retries: 2, baseDelayMs: 1, timeoutMs: 2000 },
        // A day before Amazon ends the v0 reads, so the v0 store reads v0 whenever this runs.
        now: () => AMAZON_V0_READS_END - 24 * 60 * 60 * 1000,
      } as never,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload && { payload }) });

  async function createStore(name: string, ordersApiVersion: string): Promise<Store> {
    const created = await call('POST', '/api/v1/stores', {
      name,
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url, ordersApiVersion },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data;
  }

  async function pull(storeId: string) {
    await call('GET', `/call/store/${storeId}/pullOrders`);
    return settleSyncRun(t, tenant, storeId);
  }

  /** The store's orders, in full, by Amazon order id. */
  async function storedOrders(storeId: string): Promise<Map<string, Record<string, unknown>>> {
    const filters = encodeURIComponent(JSON.stringify({ storeId }));
    const list = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`)).json().data.rows as Array<{
      id: string;
    }>;
    const full = await Promise.all(
      list.map(async (row) => (await call('GET', `/api/v1/orders/${row.id}`)).json().data as Record<string, unknown>),
    );
    return new Map(full.map((order) => [String(order.externalId ?? order.orderNumber), order]));
  }

  /** What came from the channel: the row's own ids and times left out, nested rows' ids too. */
  function channelPart(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(channelPart);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !ownId(key))
          .map(([key, inner]) => [key, channelPart(inner)]),
      );
    }
    return value;
  }

  it('stores the same orders through either version, and no duplicates when a store moves to v2026-01-01', async () => {
    const onV0 = await createStore('Amazon v0', 'v0');
    const onV2026 = await createStore('Amazon v2026', '2026-01-01');
    expect(await pull(onV0.id)).toMatchObject({ state: 'succeeded', ordersNew: 12, ordersFailed: 0 });
    expect(await pull(onV2026.id)).toMatchObject({ state: 'succeeded', ordersNew: 12, ordersFailed: 0 });
    expect(fake.requests.some((request) => request.path === '/orders/v0/orders')).toBe(true);
    expect(fake.requests.some((request) => request.path === '/orders/2026-01-01/orders')).toBe(true);

    const v0 = await storedOrders(onV0.id);
    const v2026 = await storedOrders(onV2026.id);
    expect(v0.size).toBe(12);
    expect([...v2026.keys()].sort()).toEqual([...v0.keys()].sort());
    for (const [id, old] of v0) {
      const source = fake.orders.get(id)!.order;
      const next = v2026.get(id)!;
      // v2026-01-01 names the service level by its category only ("Standard" for "Std US D2D Dom").
      expect(old.requestedShippingMethod).toBe(source.ShipServiceLevel);
      expect(next.requestedShippingMethod).toBe(source.ShipmentServiceLevelCategory);
      const comparable = (order: Record<string, unknown>) =>
        channelPart({ ...order, requestedShippingMethod: null, orderNumber: null, number: null });
      expect(comparable(next)).toEqual(comparable(old));
    }

    // The v0 store moves to v2026-01-01; a later change to one order arrives as an update of the same order.
    const moved = await call('PUT', `/api/v1/stores/${onV0.id}`, {
      settings: { ...onV0.settings, ordersApiVersion: '2026-01-01' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const changed = [...fake.orders.values()].find((entry) => entry.order.OrderStatus === 'Unshipped')!;
    changed.order.OrderStatus = 'Canceled';
    changed.order.LastUpdateDate = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    const run = await pull(onV0.id);
    expect(run).toMatchObject({ state: 'succeeded', ordersNew: 0, ordersFailed: 0 });
    const after = await storedOrders(onV0.id);
    expect(after.size).toBe(12);
    expect([...after.keys()].sort()).toEqual([...v0.keys()].sort());
    expect(after.get(changed.order.AmazonOrderId)!.id).toBe(v0.get(changed.order.AmazonOrderId)!.id);
    expect(after.get(changed.order.AmazonOrderId)!.orderStatus).toBe('Canceled');
  });

  it('refuses an Orders API version that is neither v0 nor 2026-01-01, naming the field', async () => {
    const refused = await call('POST', '/api/v1/stores', {
      name: 'Amazon v1',
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, ordersApiVersion: 'v1' },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/ordersApiVersion/);
  });
});
