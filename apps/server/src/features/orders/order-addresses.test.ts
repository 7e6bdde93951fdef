import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order, Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow, orderBody } from '../../../test/order-helpers.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { scriptedChannel, type ScriptedChannel } from '../../../test/scripted-channel.ts';

/**
 * Addresses follow their country when typed by hand (a manual order, an address edit), and approve says what an
 * address still lacks; a channel's order is stored with the address it came with.
 */
describe.each(backends)('order addresses ($name)', (backend) => {
  let t: TestContext;
  let channel: ScriptedChannel;
  const tenant = newTenantId();
  beforeAll(async () => {
    channel = scriptedChannel(1);
    t = await buildTestApp(backend, {}, undefined, {
      adapters: (_type, connection) => channel.adapter(connection.credentials),
    });
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: await t.auth(tenant), payload });
  const get = async (url: string) => t.app.inject({ url, headers: await t.auth(tenant) });
  const orderCount = async () => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE tenant_id = ${tenant}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  };
  const NEW_ORDER = '/api/v1/store/1/orders';
  const US = { name: 'Ann Lee', address1: '1 Main St', city: 'Austin', country: 'US' };

  it('refuses a manual order whose US address lacks a state or a ZIP code, naming each field', async () => {
    const before = await orderCount();
    const res = await post(NEW_ORDER, orderBody({ shippingAddress: US }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: {
        'shippingAddress.state': 'shippingAddress.state is required for a US address',
        'shippingAddress.postalCode': 'shippingAddress.postalCode is required for a US address',
      },
    });
    const zip = await post(NEW_ORDER, orderBody({ shippingAddress: { ...US, state: 'TX', postalCode: '7870' } }));
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors).toEqual({
      'shippingAddress.postalCode':
        'shippingAddress.postalCode must be a US ZIP code: 5 digits or 9 (12345 or 12345-6789)',
    });
    expect(await orderCount()).toBe(before);
  });

  it('checks postcode formats of other countries, the billing address too', async () => {
    const london = {
      name: 'Ann Lee',
      address1: '10 Downing St',
      city: 'London',
      postalCode: 'SW1A 2AA',
      country: 'GB',
    };
    const res = await post(
      NEW_ORDER,
      orderBody({
        shippingAddress: { ...london, postalCode: '12345' },
        billingAddress: { ...US, city: 'Ottawa', state: 'ON', postalCode: 'K1A0B', country: 'CA' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'shippingAddress.postalCode': 'shippingAddress.postalCode is not a GB postal code (e.g. SW1A 1AA)',
      'billingAddress.postalCode': 'billingAddress.postalCode is not a CA postal code (e.g. K1A 0B1)',
    });

    // Well-formed codes pass: a UK postcode without a state, a Canadian one, a ZIP+4 without its hyphen.
    const ok = await createOrder(t, tenant, {
      shippingAddress: london,
      billingAddress: { ...US, city: 'Ottawa', state: 'ON', postalCode: 'K1A 0B1', country: 'CA' },
    });
    expect(ok.shippingAddress).toMatchObject({ postalCode: 'SW1A 2AA', state: null, country: 'GB' });
    await createOrder(t, tenant, { shippingAddress: { ...US, state: 'TX', postalCode: '787011234' } });
  });

  it('refuses an address edit that breaks the rules, and keeps the address as it was', async () => {
    const order = await createOrder(t, tenant);
    const url = `/call/order/${order.id}/shipping/updateOrderAddress`;
    const res = await post(url, { ...US, state: 'TX', version: order.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ postalCode: 'postalCode is required for a US address' });
    const bad = await post(url, { ...US, city: 'Leeds', postalCode: 'LS1', country: 'GB' });
    expect(bad.json().errors).toEqual({ postalCode: 'postalCode is not a GB postal code (e.g. SW1A 1AA)' });
    const after = (await get(`/api/v1/orders/${order.id}`)).json().data as Order;
    expect(after).toMatchObject({ version: order.version, shippingAddress: order.shippingAddress });
  });

  it("imports a channel's order with an incomplete address; a draft copy of it says why it cannot be approved", async () => {
    // The channel sends an address without state or ZIP: it is stored as sent.
    channel.orders[0] = channel.order(1, {
      shipping: { ...channel.orders[0]!.shipping!, state: null, postalCode: null },
    });
    const store = await post('/api/v1/stores', {
      name: 'Odd shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'odd-shop.myshopify.com' },
      credentials: { accessToken: 'good-token', clientSecret: 'shpss_secret_value_1234' },
    });
    expect(store.statusCode, store.body).toBe(201);
    const storeId = (store.json().data as Store).id;
    await get(`/call/store/${storeId}/pullOrders`);
    expect(await settleSyncRun(t, tenant, storeId)).toMatchObject({ state: 'succeeded', ordersNew: 1 });
    const filters = encodeURIComponent(JSON.stringify({ storeId }));
    const [imported] = (await get(`/api/v1/orders?filters=${filters}`)).json().data.rows as Order[];
    expect(imported).toMatchObject({ orderStatus: 'Sales Order' });

    // Reordered, it is a draft with that address: approve is refused with what is missing, in words.
    const copy = await flow(t, tenant, imported!.id, 'reorder', { version: imported!.version });
    expect(copy.statusCode, copy.body).toBe(200);
    const draftId = copy.json().data.createdOrderId as string;
    const fsm = (await get(`/call/orders/${draftId}/approve/fsmFlow`)).json().data;
    const why = 'The shipping address lacks: postal code, state';
    expect(fsm).toMatchObject({ allowed: false, reason: 'incomplete_shipping_address', message: why });
    // What bulk approve reports for this order: the 409 of its orderFlow carries the same reason.
    const refused = await flow(t, tenant, draftId, 'approve', { version: fsm.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, reason: 'incomplete_shipping_address', message: why });

    // Completing the address (as the rules want it) lets the approval through.
    const fixed = await post(`/call/order/${draftId}/shipping/updateOrderAddress`, {
      ...US,
      state: 'TX',
      postalCode: '73301',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await get(`/call/orders/${draftId}/approve/fsmFlow`)).json().data).toMatchObject({ allowed: true });
    const approved = await flow(t, tenant, draftId, 'approve', { version: fixed.json().data.version });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
