import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';

/** The engine with the real Shopify adapter over HTTP, against the fake shop's failures. */
describe.each(backends)('pulling from Shopify through its failures ($name)', (backend) => {
  let t: TestContext;
  let shop: FakeShopify;
  const tenant = newTenantId();

  beforeAll(async () => {
    shop = await startFakeShopify({ orders: 60 });
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { retries: 4, baseDelayMs: 1, timeoutMs: 500 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload && { payload }) });

  const settle = (storeId: string) => settleSyncRun(t, tenant, storeId);

  const orderCount = async (storeId: string) =>
    (await call('GET', `/api/v1/orders?size=1&filters=${encodeURIComponent(JSON.stringify({ storeId }))}`)).json().data
      .total as number;

  it('retries 429, 500, a timeout and malformed JSON; a platform that keeps failing fails the run visibly with nothing half-written', async () => {
    const created = await call('POST', '/api/v1/stores', {
      name: 'Flaky shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'flaky.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    expect(created.statusCode, created.body).toBe(201);
    const store: Store = created.json().data;

    shop.fail({ kind: 'status', status: 429, headers: { 'retry-after': '0' }, body: { errors: 'Throttled' } });
    shop.fail({ kind: 'status', status: 500, body: { errors: 'Internal Server Error' } });
    shop.fail({ kind: 'hang' });
    shop.fail({ kind: 'malformed' });
    await call('GET', `/call/store/${store.id}/pullOrders`);
    // Each fault is answered once, then retried: the pull gets every order.
    expect(await settle(store.id)).toMatchObject({ state: 'succeeded', ordersNew: 60, ordersFailed: 0 });
    expect(await orderCount(store.id)).toBe(60);

    shop.addOrders(5);
    // Five answers: the first attempt and its four retries.
    shop.fail({ kind: 'status', status: 503, body: { errors: 'Service Unavailable' } }, { times: 5 });
    await call('GET', `/call/store/${store.id}/pullOrders`);
    const failed = await settle(store.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/Shopify .*503/);
    expect(failed.ordersNew).toBe(0);
    expect(await orderCount(store.id)).toBe(60);
    const flagged: Store = (await call('GET', '/api/v1/stores')).json().data.rows[0];
    expect(flagged.problem).toMatch(/503/);

    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await settle(store.id)).toMatchObject({ state: 'succeeded', ordersNew: 5 });
    expect(await orderCount(store.id)).toBe(65);
  });
});
