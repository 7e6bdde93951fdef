import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type EbayNotifications, type Store } from '@shipdesk/contract';
import { generateEbayOrders, startFakeEbay, type FakeEbay } from '@shipdesk/fakes';
import { backends, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { startListeningTestApp, storePushCalls } from '../../../test/store-push-test-kit.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

const ORDERS = generateEbayOrders(12, { seed: 3 });
type TenantId = ReturnType<typeof newTenantId>;

describe.each(backends)('eBay order notifications ($name)', (backend) => {
  let t: TestContext;
  let ebay: FakeEbay;
  let base: string;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    ebay = await startFakeEbay({
      clientId: 'shipdesk-app',
      clientSecret: 'cert-secret',
      refreshToken: 'rt',
      orders: ORDERS,
    });
    ({ t, base } = await startListeningTestApp(backend));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await ebay.close();
  });

  const { call, ordersOf } = storePushCalls(() => t, tenant);

  async function connect(who: TenantId, name: string): Promise<Store> {
    const res = await call('POST', '/api/v1/stores', who, {
      name,
      sourceType: 'Ebay',
      settings: { clientId: 'shipdesk-app', apiBaseUrl: ebay.url },
      credentials: { clientSecret: 'cert-secret', refreshToken: 'rt' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  async function pull(who: TenantId, storeId: string) {
    expect([200, 202]).toContain((await call('GET', `/call/store/${storeId}/pullOrders`, who)).statusCode);
    const run = await settleSyncRun(t, who, storeId);
    expect(run.state, run.error ?? '').toBe('succeeded');
  }
  const state = async (storeId: string, who = tenant) => {
    const res = await call('GET', `/call/store/${storeId}/ebayNotifications`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EbayNotifications;
  };
  const refused = async (reason: string) => {
    const metric = await processRegistry.getSingleMetric('shipdesk_channel_pushes_refused_total')!.get();
    return metric.values.find((v) => v.labels.channel === 'ebay' && v.labels.reason === reason)?.value ?? 0;
  };
  /** Orders' changes move lastModifiedDate to now; a pull reads up to a little before now, so the test moves them back. */
  const ageOrders = () => {
    for (const order of ebay.orders.values()) {
      order.lastModifiedDate = new Date(Date.parse(order.lastModifiedDate) - 10 * 60_000).toISOString();
    }
  };

  let store: Store;
  let endpoint: string;

  it('turns on: eBay challenges the endpoint, subscribes the order topics, and the store is pending', async () => {
    store = await connect(tenant, 'eBay outlet');
    await pull(tenant, store.id);
    expect((await state(store.id)).status).toBe('off');

    const on = await call('PUT', `/call/store/${store.id}/ebayNotifications`, tenant, {});
    expect(on.statusCode, on.body).toBe(200);
    const view = on.json().data as EbayNotifications;
    expect(view).toMatchObject({ status: 'pending', error: null });
    expect(view.topics).toEqual(['ORDER_CONFIRMATION', 'ITEM_MARKED_SHIPPED', 'ORDER_CANCELLATION']);
    endpoint = view.endpoint!;
    expect(endpoint).toMatch(new RegExp(`^${base}/webhooks/ebay/[A-Za-z0-9_-]{20,}$`));
    const [destination] = [...ebay.notifications.destinations.values()];
    expect(destination).toMatchObject({ status: 'ENABLED', deliveryConfig: { endpoint } });
    expect(destination!.deliveryConfig.verificationToken).toMatch(/^[A-Za-z0-9_-]{32,80}$/);
    expect(ebay.notifications.subscriptions.size).toBe(3);
    // The token is sealed among the credentials, never answered.
    expect(JSON.stringify((await call('GET', `/api/v1/stores/${store.id}`)).json())).not.toContain(
      destination!.deliveryConfig.verificationToken,
    );
    // Turning on again keeps one destination and one subscription per topic.
    expect((await call('PUT', `/call/store/${store.id}/ebayNotifications`)).statusCode).toBe(200);
    expect(ebay.notifications.destinations.size).toBe(1);
    expect(ebay.notifications.subscriptions.size).toBe(3);
  });

  it('a buyer cancel in eBay reaches the order, and the store is live', async () => {
    const orderId = ORDERS.find((o) => o.cancelStatus?.cancelState !== 'CANCELED')!.orderId;
    ebay.notifications.changeOrder(orderId, 'canceled');
    await ebay.notifications.settled();
    expect(ebay.notifications.delivery.attempts.at(-1)!.status).toBe(200);
    expect((await ordersOf(tenant, store.id)).byNumber[orderId]).toBe('Canceled');
    const view = await state(store.id);
    expect(view).toMatchObject({ status: 'active', counts: { recorded: 1, duplicate: 0, ignored: 0 } });
    expect(view.lastHeardAt).not.toBeNull();
  });

  it('repeats and reorders end with the same orders as a full pull, each once', async () => {
    const fresh = generateEbayOrders(1, { seed: 99, start: '2026-11-20T09:00:00.000Z' })[0]!;
    fresh.orderId = '27-99999-00001';
    ebay.putOrders([fresh]);
    ebay.notifications.chaos({ repeat: 0.5, reorder: true, seed: 11 });
    ebay.notifications.changeOrder(fresh.orderId, 'created');
    const changes = ['shipped', 'canceled', 'paid', 'shipped'] as const;
    ORDERS.slice(1, 9).forEach((order, i) =>
      ebay.notifications.changeOrder(order.orderId, changes[i % changes.length]!),
    );
    await ebay.notifications.settled();
    ebay.notifications.chaos({});
    const viaPushes = await ordersOf(tenant, store.id);
    expect(viaPushes.rows).toBe(ORDERS.length + 1);
    expect((await state(store.id)).counts.duplicate).toBeGreaterThan(0);

    // Another tenant's store reads the same seller by a full pull only.
    ageOrders();
    const reference = await connect(other, 'Same seller, pulled');
    await pull(other, reference.id);
    const viaPull = await ordersOf(other, reference.id);
    expect(viaPushes.byNumber).toEqual(viaPull.byNumber);
  });

  it('a dropped message leaves the order behind until the scheduled pull reconciles it', async () => {
    const order = [ORDERS[9]!, ORDERS[11]!].find((o) => o.cancelStatus?.cancelState !== 'CANCELED')!;
    ebay.notifications.chaos({ drop: 1 });
    ebay.notifications.changeOrder(order.orderId, 'canceled');
    await ebay.notifications.settled();
    ebay.notifications.chaos({});
    expect(ebay.notifications.delivery.dropped).toHaveLength(1);
    expect((await ordersOf(tenant, store.id)).byNumber[order.orderId]).not.toBe('Canceled');

    ageOrders();
    await pull(tenant, store.id);
    expect((await ordersOf(tenant, store.id)).byNumber[order.orderId]).toBe('Canceled');
  });

  it('a bad signature, an unknown key or an unknown store is refused, counted and changes nothing', async () => {
    const before = await ordersOf(tenant, store.id);
    const counts = (await state(store.id)).counts;
    const target = ORDERS[10]!.orderId;
    const body = JSON.stringify({
      metadata: { topic: 'ORDER_CANCELLATION', schemaVersion: '1.0', deprecated: false },
      notification: { notificationId: 'forged-1', eventDate: '2026-12-01T00:00:00Z', data: { orderId: target } },
    });
    // The fake cancels it without telling anyone: only a forged message could make us read it.
    ebay.orders.get(target)!.cancelStatus = { cancelState: 'CANCELED', cancelRequests: [] };
    const post = (payload: string, signature: string, url = endpoint) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ebay-signature': signature },
        body: payload,
      });

    const badBefore = await refused('bad_signature');
    const signedOther = ebay.notifications.delivery.signatureHeader(body.replace('forged-1', 'forged-2'));
    expect((await post(body, signedOther)).status).toBe(401);
    expect((await post(body, 'bm90IGpzb24=')).status).toBe(401);
    expect(await refused('bad_signature')).toBe(badBefore + 2);

    const unknownBefore = await refused('unknown_key');
    expect((await post(body, ebay.notifications.delivery.signatureHeader(body, 'no-such-kid'))).status).toBe(401);
    expect(await refused('unknown_key')).toBe(unknownBefore + 1);

    const storeBefore = await refused('unknown_store');
    const signed = ebay.notifications.delivery.signatureHeader(body);
    expect((await post(body, signed, `${base}/webhooks/ebay/NoSuchStoreKey1234567`)).status).toBe(404);
    expect(await refused('unknown_store')).toBe(storeBefore + 1);

    expect(await ordersOf(tenant, store.id)).toEqual(before);
    expect((await state(store.id)).counts).toEqual(counts);
    // The same message, signed by eBay's key, is taken in; sent again it is a replay.
    expect((await post(body, signed)).status).toBe(200);
    expect((await post(body, signed)).status).toBe(200);
    expect((await state(store.id)).counts).toMatchObject({
      recorded: counts.recorded + 1,
      duplicate: counts.duplicate + 1,
    });
  });

  it("another tenant's store is 404; a store of another channel is refused by name", async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/call/store/${store.id}/ebayNotifications`, other);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    const shop = await call('POST', '/api/v1/stores', tenant, {
      name: 'Shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'notify-shop.myshopify.com' },
      credentials: { accessToken: 'token', clientSecret: 'shpss_secret_value_1234' },
    });
    const wrong = await call('PUT', `/call/store/${shop.json().data.id}/ebayNotifications`, tenant, {});
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('storeId');
    const unknownTopic = await call('PUT', `/call/store/${store.id}/ebayNotifications`, tenant, {
      topics: ['NOT_A_TOPIC'],
    });
    expect(unknownTopic.statusCode).toBe(400);
    expect(unknownTopic.json().errors.topics).toContain('NOT_A_TOPIC');
    // A Manager reads the setup; turning it on or off changes the store's sealed credentials: Admins only.
    const manager = await t.auth(tenant, Role.Manager);
    const read = await t.app.inject({
      method: 'GET',
      url: `/call/store/${store.id}/ebayNotifications`,
      headers: manager,
    });
    expect(read.statusCode).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/call/store/${store.id}/ebayNotifications`,
        headers: manager,
        payload: {},
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
    }
  });

  it("turns off: the subscriptions and the destination are deleted at eBay, and eBay's challenge goes unanswered", async () => {
    const off = await call('DELETE', `/call/store/${store.id}/ebayNotifications`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'off', error: null });
    expect(ebay.notifications.subscriptions.size).toBe(0);
    expect(ebay.notifications.destinations.size).toBe(0);
    const challenge = await fetch(`${endpoint}?challenge_code=abc`);
    expect(challenge.status).toBe(404);
    await waitFor(async () => ((await state(store.id)).status === 'off' ? true : undefined));
  });

  it('a seller who did not consent to notification subscriptions sees failed, in words', async () => {
    const strict = await startFakeEbay({
      clientId: 'strict-app',
      clientSecret: 'cert',
      refreshToken: 'rt2',
      consentedScopes: ['https://api.ebay.com/oauth/api_scope/sell.fulfillment'],
    });
    try {
      const res = await call('POST', '/api/v1/stores', tenant, {
        name: 'Strict',
        sourceType: 'Ebay',
        settings: { clientId: 'strict-app', apiBaseUrl: strict.url },
        credentials: { clientSecret: 'cert', refreshToken: 'rt2' },
      });
      const on = await call('PUT', `/call/store/${res.json().data.id}/ebayNotifications`, tenant, {});
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data.status).toBe('failed');
      expect(on.json().data.error).toContain('commerce.notification.subscription');
    } finally {
      await strict.close();
    }
  });
});
