import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { startFakeBigcommerce, type FakeBigcommerce } from '@shipdesk/fakes';

describe.each(backends)('BigCommerce marketplace install and webhooks ($name)', (backend) => {
  let t: TestContext;
  let fake: FakeBigcommerce;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    fake = await startFakeBigcommerce({ orders: 12, quota: null });
    t = await buildTestApp(
      backend,
      {
        publicUrl: 'https://app.shipdesk.test',
        bigcommerce: { clientId: fake.clientId, clientSecret: fake.clientSecret, loginUrl: fake.url, apiUrl: fake.url },
      },
      undefined,
      { adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 2_000 } } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, tenantId = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(tenantId), ...(payload && { payload }) });

  const settle = (storeId: string) => settleSyncRun(t, tenant, storeId);

  let storeId = '';

  it('installs: code exchanged, merchant sent on with a claim token; claiming connects the store and pulls', async () => {
    const code = fake.issueAuthCode({ context: `stores/${fake.storeHash}`, scope: 'store_v2_orders' });
    const auth = await t.app.inject({
      method: 'GET',
      url: `/call/bigcommerce/auth?code=${code}&scope=store_v2_orders&context=stores/${fake.storeHash}`,
    });
    expect(auth.statusCode, auth.body).toBe(302);
    const claimToken = new URL(auth.headers.location as string, 'https://x').searchParams.get('install');
    expect(auth.headers.location).toMatch(/^\/bc_redirect\?install=/);

    const byManager = await t.app.inject({
      method: 'POST',
      url: '/call/bigcommerce/claimInstall',
      headers: await t.auth(tenant, Role.Manager),
      payload: { claimToken },
    });
    expect(byManager.statusCode, byManager.body).toBe(403);
    const claimed = await call('POST', '/call/bigcommerce/claimInstall', { claimToken });
    expect(claimed.statusCode, claimed.body).toBe(200);
    storeId = claimed.json().data.storeId;
    expect(await settle(storeId)).toMatchObject({ state: 'succeeded', trigger: 'install', ordersNew: 12 });

    const again = await call('POST', '/call/bigcommerce/claimInstall', { claimToken });
    expect(again.json().data).toEqual({ storeId, created: false });
    const stolen = await call('POST', '/call/bigcommerce/claimInstall', { claimToken }, other);
    expect(stolen.statusCode).toBe(404);

    const listed = (await call('POST', '/api/v1/cqConnect/stores', {})).json().data.rows;
    expect(listed).toEqual([
      expect.objectContaining({
        sourceType: 'Bigcommerce',
        externalRef: `stores/${fake.storeHash}`,
        connectedStoreId: storeId,
      }),
    ]);
    const store: Store = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === storeId);
    expect(store).toMatchObject({
      sourceType: 'Bigcommerce',
      orderCount: 12,
      credentials: { accessToken: '••••oken' },
    });
  });

  it('refuses a reused auth code with what BigCommerce said', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/call/bigcommerce/auth?code=never-issued&scope=store_v2_orders&context=stores/${fake.storeHash}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('BigCommerce did not accept the install');
    expect(res.json().errors).toHaveProperty('code');
  });

  it('takes a signed webhook once, and refuses a bad signature before storing anything', async () => {
    const store: Store = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === storeId);
    expect(store.push).toEqual({ status: 'off', error: null, counts: { recorded: 0, duplicate: 0, ignored: 0 } });
    const path = new URL(store.webhookUrl!).pathname;
    const [orderId] = fake.orderIds();
    fake.updateOrder(orderId!, { status_id: 5, status: 'Cancelled' });
    const body = fake.orderWebhookBody(orderId!);
    const headers = { 'content-type': 'application/json', ...fake.signWebhook(body) };

    const forged = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...headers, 'webhook-signature': 'v1,AAAA' },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);

    const first = await t.app.inject({ method: 'POST', url: path, headers, payload: body });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ duplicate: false, stored: true });
    const replay = await t.app.inject({ method: 'POST', url: path, headers, payload: body });
    expect(replay.json().data).toEqual({ duplicate: true, stored: false });
    // The store is now live on pushes: heard just now, one push recorded and one replay counted (not the forgery).
    const heard: Store = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === storeId);
    expect(heard.push).toEqual({ status: 'active', error: null, counts: { recorded: 1, duplicate: 1, ignored: 0 } });
    expect(Date.now() - Date.parse(heard.lastHeardAt!)).toBeLessThan(60_000);

    const orders = (
      await call('GET', `/api/v1/orders?size=50&filters=${encodeURIComponent(JSON.stringify({ storeId }))}`)
    ).json().data;
    expect(orders.total).toBe(12);
    const canceled = orders.rows.find((o: { orderNumber: string }) => o.orderNumber === String(orderId));
    expect(canceled.orderStatus).toBe('Canceled');
    const events = (await call('GET', `/api/v1/orders/${canceled.id}/events`)).json().data;
    expect(events.filter((e: { event: string }) => e.event === 'channelUpdated')).toHaveLength(1);

    // The buyer's cancel reached the order before the packing table: a label for it is refused in those words.
    const label = await flow(t, tenant, canceled.id, 'shipLabel', {
      version: canceled.version,
      label: {
        carrier: 'usps',
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(label.statusCode, label.body).toBe(409);
    expect(label.json()).toMatchObject({ reason: 'channel_canceled' });
    expect(label.json().message).toMatch(/^BigCommerce canceled this order \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
  });

  it('load callback verifies the signed payload; uninstall stops the store and says why', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `/call/bigcommerce/load?signed_payload_jwt=${await fake.signedPayloadJwt({ clientSecret: 'wrong-secret' })}`,
    });
    expect(bad.statusCode).toBe(401);
    const load = await t.app.inject({
      method: 'GET',
      url: `/call/bigcommerce/load?signed_payload_jwt=${await fake.signedPayloadJwt()}`,
    });
    expect(load.statusCode).toBe(302);
    expect(load.headers.location).toBe('/stores');

    const gone = await t.app.inject({
      method: 'GET',
      url: `/call/bigcommerce/uninstall?signed_payload_jwt=${await fake.signedPayloadJwt()}`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const store: Store = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === storeId);
    expect(store).toMatchObject({ status: 'uninstalled', credentials: {} });
    expect(store.problem).toContain('uninstalled');
    expect((await call('GET', `/call/store/${storeId}/pullOrders`)).statusCode).toBe(400);
  });
});
