import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, ProductList, Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { scriptedChannel, type ScriptedChannel } from '../../../test/scripted-channel.ts';

describe.each(backends)("a pull's products and the fill of open orders ($name)", (backend) => {
  let t: TestContext;
  let channel: ScriptedChannel;
  const tenant = newTenantId();

  beforeAll(async () => {
    channel = scriptedChannel(0);
    t = await buildTestApp(backend, {}, undefined, { adapters: (_type, c) => channel.adapter(c.credentials) });
  }, 120_000);
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload && { payload }) });
  const product = async (sku: string): Promise<Product | undefined> =>
    ((await call('GET', `/api/v1/products?search=${sku}`)).json().data as ProductList).rows.find((p) => p.sku === sku);
  const orderOf = async (storeId: string, orderNumber: string): Promise<Order> => {
    const filters = encodeURIComponent(JSON.stringify({ storeId }));
    const list = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`)).json().data as {
      rows: Array<{ id: string; orderNumber: string }>;
    };
    const id = list.rows.find((o) => o.orderNumber === orderNumber)!.id;
    return (await call('GET', `/api/v1/orders/${id}`)).json().data as Order;
  };

  it("weighs a product from a later order's line, and the open order that lacked the weight is filled", async () => {
    const made = await call('POST', '/api/v1/stores', {
      name: 'Shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'fill-shop.myshopify.com' },
      credentials: { accessToken: 'good-token' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const store = made.json().data as Store;
    const unweighed = channel.order(1);
    unweighed.lines = [{ ...unweighed.lines[0]!, sku: 'FILL-1', name: 'Enamel mug', quantity: 2, weight: 0 }];
    channel.orders.push(unweighed);
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect((await settleSyncRun(t, tenant, store.id)).state).toBe('succeeded');
    expect(await product('FILL-1')).toMatchObject({ title: 'Enamel mug', weight: null, source: 'channel' });

    const weighed = channel.order(2);
    weighed.lines = [{ ...weighed.lines[0]!, sku: 'FILL-1', name: 'Enamel mug', weight: 340 }];
    channel.orders.push(weighed);
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect((await settleSyncRun(t, tenant, store.id)).state).toBe('succeeded');
    expect(await product('FILL-1')).toMatchObject({ weight: 340, weightSource: 'channel' });

    await t.app.productWeightFill.idle(30_000);
    const filled = await orderOf(store.id, unweighed.orderNumber);
    expect(filled.lines.map((l) => [l.sku, l.weight])).toEqual([['FILL-1', 340]]);

    // An eBay-like order of the weighed product, arriving without a weight, is filled too.
    const late = channel.order(3);
    late.lines = [{ ...late.lines[0]!, sku: 'FILL-1', name: 'Enamel mug', quantity: 3, weight: 0 }];
    channel.orders.push(late);
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect((await settleSyncRun(t, tenant, store.id)).state).toBe('succeeded');
    await t.app.productWeightFill.idle(30_000);
    const lateOrder = await orderOf(store.id, late.orderNumber);
    expect(lateOrder.lines.map((l) => [l.sku, l.weight])).toEqual([['FILL-1', 340]]);
    expect(await product('FILL-1')).toMatchObject({ weight: 340, weightSource: 'channel' });
  });
});
