import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MagentoNotifications, Store } from '@shipdesk/contract';
import { startFakeMagento, type FakeMagento } from '@shipdesk/fakes';
import { backends, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { startListeningTestApp, storePushCalls } from '../../../test/store-push-test-kit.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

describe.each(backends)('Magento order notifications ($name)', (backend) => {
  let t: TestContext;
  let magento: FakeMagento;
  let base: string;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    magento = await startFakeMagento({ accessToken: 'mg-token', orders: 8, seed: 6 });
    ({ t, base } = await startListeningTestApp(backend));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await magento.close();
  });

  const { call, ordersOf } = storePushCalls(() => t, tenant);
  const state = async (storeId: string) => {
    const res = await call('GET', `/call/store/${storeId}/magentoNotifications`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MagentoNotifications;
  };
  const refused = async (reason: string) => {
    const metric = await processRegistry.getSingleMetric('shipdesk_channel_pushes_refused_total')!.get();
    return metric.values.find((v) => v.labels.channel === 'magento' && v.labels.reason === reason)?.value ?? 0;
  };

  let store: Store;
  let endpoint: string;
  const openOrder = () =>
    [...magento.orders.values()].find((o) => !['canceled', 'complete', 'closed'].includes(o.state))!;

  it('a bad PEM is refused naming publicKey; the public key turns them on, pending, with the URL to paste', async () => {
    const res = await call('POST', '/api/v1/stores', tenant, {
      name: 'Magento shop',
      sourceType: 'Magento',
      settings: { baseUrl: `${magento.url}/` },
      credentials: { accessToken: 'mg-token' },
    });
    expect(res.statusCode, res.body).toBe(201);
    store = res.json().data;
    expect([200, 202]).toContain((await call('GET', `/call/store/${store.id}/pullOrders`)).statusCode);
    expect((await settleSyncRun(t, tenant, store.id)).state).toBe('succeeded');

    const bad = await call('PUT', `/call/store/${store.id}/magentoNotifications`, tenant, { publicKey: 'not a key' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('publicKey');
    const on = await call('PUT', `/call/store/${store.id}/magentoNotifications`, tenant, {
      publicKey: magento.webhooks.publicKeyPem,
    });
    expect(on.statusCode, on.body).toBe(200);
    const view = on.json().data as MagentoNotifications;
    expect(view).toMatchObject({ status: 'pending', webhookMethod: 'observer.sales_order_save_after' });
    expect(view.publicKeyFingerprint).toMatch(/^[0-9a-f]{64}$/);
    endpoint = view.endpoint!;
    expect(endpoint).toMatch(new RegExp(`^${base}/webhooks/magento/[A-Za-z0-9_-]{20,}$`));
    magento.webhooks.setUrl(endpoint);
  });

  it('a cancel in Magento reaches the order through repeats, taken once, and the store is live', async () => {
    const order = openOrder();
    magento.webhooks.chaos({ repeat: 1 });
    magento.webhooks.saveOrder(order.entity_id, 'canceled');
    await magento.webhooks.settled();
    magento.webhooks.chaos({});
    const attempts = magento.webhooks.delivery.attempts;
    expect(attempts.map((a) => a.status)).toEqual([200, 200]);
    expect((await ordersOf(tenant, store.id)).byNumber[order.increment_id]).toBe('Canceled');
    expect(await state(store.id)).toMatchObject({
      status: 'active',
      counts: { recorded: 1, duplicate: 1, ignored: 0 },
    });
  });

  it('a bad signature or an unknown store is refused, counted and changes nothing', async () => {
    const order = openOrder();
    order.state = 'canceled';
    order.status = 'canceled';
    order.updated_at = new Date(Date.now() + 1000).toISOString().slice(0, 19).replace('T', ' ');
    const before = await ordersOf(tenant, store.id);
    const counts = (await state(store.id)).counts;
    const body = JSON.stringify({
      eventName: 'observer.sales_order_save_after',
      data: { order: { entity_id: order.entity_id } },
    });
    const post = (signature: string, url = endpoint) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-adobe-commerce-webhook-signature': signature },
        body,
      });
    const badBefore = await refused('bad_signature');
    expect((await post(magento.webhooks.signature(`${body} `))).status).toBe(401);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const { sign } = await import('node:crypto');
    expect((await post(sign('sha256', Buffer.from(body), stranger).toString('base64'))).status).toBe(401);
    expect(await refused('bad_signature')).toBe(badBefore + 2);
    const storeBefore = await refused('unknown_store');
    expect(
      (await post(magento.webhooks.signature(body), `${base}/webhooks/magento/NoSuchStoreKey1234567`)).status,
    ).toBe(404);
    expect(await refused('unknown_store')).toBe(storeBefore + 1);
    expect(await ordersOf(tenant, store.id)).toEqual(before);
    expect((await state(store.id)).counts).toEqual(counts);
    const taken = await post(magento.webhooks.signature(body));
    expect(taken.status).toBe(200);
    // The answer is the operation Commerce reads: the order's save goes on unchanged.
    expect(await taken.json()).toEqual({ op: 'success' });
    expect((await ordersOf(tenant, store.id)).byNumber[order.increment_id]).toBe('Canceled');
  });

  it("another tenant's store is 404; turning off forgets the key and a signed call no longer verifies", async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(method, `/call/store/${store.id}/magentoNotifications`, other)).statusCode).toBe(404);
    }
    const put = await call('PUT', `/call/store/${store.id}/magentoNotifications`, other, {
      publicKey: magento.webhooks.publicKeyPem,
    });
    expect(put.statusCode).toBe(404);
    const off = await call('DELETE', `/call/store/${store.id}/magentoNotifications`);
    expect(off.json().data).toMatchObject({ status: 'off', publicKeyFingerprint: null });
    const body = JSON.stringify({ eventName: 'observer.sales_order_save_after', data: { order: { entity_id: 1 } } });
    const late = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-adobe-commerce-webhook-signature': magento.webhooks.signature(body),
      },
      body,
    });
    expect(late.status).toBe(404);
  });
});
