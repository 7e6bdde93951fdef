import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type Order, type ShipMethod, type ShipMethodList, type Store } from '@shipdesk/contract';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';

const US = {
  name: 'Ada Lovelace',
  address1: '12 Main St',
  city: 'Boston',
  state: 'MA',
  postalCode: '02108',
  country: 'US',
};
const CA = {
  name: 'Alan Turing',
  address1: '1 King St W',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
};

describe.each(backends)('shipping methods, mappings and resolution ($name)', (backend) => {
  let t: TestContext;
  let shop: FakeShopify;
  const tenant = newTenantId();
  const other = newTenantId();
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    role: 2 | 3 = Role.Admin,
    who = tenant,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const settled = () => t.app.shippingResolution.idle();
  const order = async (id: string): Promise<Order> => (await call('GET', `/api/v1/orders/${id}`)).json().data;
  const methods = async (): Promise<ShipMethodList> => (await call('GET', '/api/v1/shipMethods?size=50')).json().data;
  const ids: Record<string, string> = {};
  let standard: ShipMethod;

  beforeAll(async () => {
    shop = await startFakeShopify({ orders: 40 });
    t = await buildTestApp(backend, {}, undefined, { adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 2_000 } } });
    ids.a = (await createOrder(t, tenant, { requestedShippingMethod: 'Free Shipping', shippingAddress: US })).id;
    ids.b = (await createOrder(t, tenant, { requestedShippingMethod: '  free SHIPPING ', shippingAddress: US })).id;
    ids.c = (await createOrder(t, tenant, { requestedShippingMethod: 'Express', shippingAddress: CA })).id;
    ids.d = (await createOrder(t, tenant, { requestedShippingMethod: 'Pickup', shippingAddress: US })).id;
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it('lists the requested services no method covers, with how many open orders ask for each', async () => {
    const { unmapped } = await methods();
    expect(unmapped).toEqual([
      { requestedService: 'Free Shipping', openOrders: 2, stores: [{ id: null, name: 'Entered by hand' }] },
      { requestedService: 'Express', openOrders: 1, stores: [{ id: null, name: 'Entered by hand' }] },
      { requestedService: 'Pickup', openOrders: 1, stores: [{ id: null, name: 'Entered by hand' }] },
    ]);
    expect((await order(ids.a!)).shipping).toEqual({
      shipMethod: null,
      carrier: null,
      carrierMethod: null,
      carrierMethodName: null,
      packageType: null,
      chosenByUser: false,
    });
  });

  it('adds methods with names unique without regard to case; Managers read only', async () => {
    const created = await call('POST', '/api/v1/shipMethods', { name: 'Standard' });
    expect(created.statusCode, created.body).toBe(201);
    standard = created.json().data;
    const again = await call('POST', '/api/v1/shipMethods', { name: '  STANDARD ' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.name).toMatch(/exists already/);
    expect((await call('POST', '/api/v1/shipMethods', { name: 'X' }, Role.Manager)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/shipMethods', undefined, Role.Manager)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/shipMethods/${standard.id}`, { name: 'Y' }, Role.Admin, other)).statusCode).toBe(
      404,
    );
  });

  it("maps a store's requested services to a method, and a method to a carrier service: open orders follow", async () => {
    const mapped = await call('POST', '/api/v1/shipMethodStoreMappings', {
      data: { shipMethodId: standard.id, storeId: null, services: ['Free Shipping'] },
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    await settled();
    expect((await order(ids.b!)).shipping).toMatchObject({
      shipMethod: { id: standard.id, name: 'Standard' },
      carrier: null,
    });
    expect((await methods()).unmapped.map((u) => u.requestedService)).toEqual(['Express', 'Pickup']);

    const carrier = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: standard.id,
      carrier: 'usps',
      carrierMethod: 'USPS_GROUND_ADVANTAGE',
      packageType: 'PACKAGE',
    });
    expect(carrier.statusCode, carrier.body).toBe(201);
    expect(carrier.json().data).toMatchObject({ destination: 'any', carrierMethodName: 'USPS Ground Advantage' });
    await settled();
    for (const id of [ids.a!, ids.b!]) {
      expect((await order(id)).shipping).toMatchObject({
        carrier: 'usps',
        carrierMethod: 'USPS_GROUND_ADVANTAGE',
        carrierMethodName: 'USPS Ground Advantage',
        packageType: 'PACKAGE',
        chosenByUser: false,
      });
    }
    const listed = (await methods()).rows.find((m) => m.id === standard.id)!;
    expect(listed, JSON.stringify(listed)).toMatchObject({ openOrders: 2, mapped: true });
  });

  it('chooses the carrier service by destination: domestic, international, or any', async () => {
    const express: ShipMethod = (await call('POST', '/api/v1/shipMethods', { name: 'Express' })).json().data;
    for (const mapping of [
      { destination: 'domestic', carrier: 'ups', carrierMethod: '02' },
      { destination: 'international', carrier: 'usps', carrierMethod: 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL' },
    ]) {
      const res = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
        shipMethodId: express.id,
        ...mapping,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await settled();
    expect((await order(ids.c!)).shipping).toMatchObject({
      shipMethod: { name: 'Express' },
      carrierMethod: 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
    });
    // A new address in the warehouse's country makes it domestic.
    const moved = await call('POST', `/call/order/${ids.c}/shipping/updateOrderAddress`, US);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.shipping).toMatchObject({ carrier: 'ups', carrierMethod: '02' });
  });

  it('refuses what cannot be, naming the field, and writes nothing', async () => {
    const express = (await methods()).rows.find((m) => m.name === 'Express')!;
    const bad = async (url: string, payload: object, field: string) => {
      const res = await call('POST', url, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    const carrierUrl = '/api/v1/shipMethodCarrierMethodMappings';
    await bad(
      carrierUrl,
      { shipMethodId: standard.id, destination: 'international', carrier: 'usps', carrierMethod: 'NOPE' },
      'carrierMethod',
    );
    await bad(carrierUrl, { shipMethodId: standard.id, carrier: 'usps', carrierMethod: 'MEDIA_MAIL' }, 'destination');
    await bad(
      carrierUrl,
      {
        shipMethodId: standard.id,
        destination: 'domestic',
        carrier: 'usps',
        carrierMethod: 'PRIORITY_MAIL_INTERNATIONAL',
      },
      'carrierMethod',
    );
    await bad(
      carrierUrl,
      {
        shipMethodId: standard.id,
        destination: 'international',
        carrier: 'usps',
        carrierMethod: 'PRIORITY_MAIL_INTERNATIONAL',
        packageType: 'CRATE',
      },
      'packageType',
    );
    await bad(
      carrierUrl,
      {
        shipMethodId: standard.id,
        destination: 'international',
        carrier: 'ups',
        carrierMethod: '07',
        carrierAccountId: '99',
      },
      'carrierAccountId',
    );
    const foreign: ShipMethod = (
      await call('POST', '/api/v1/shipMethods', { name: 'Theirs' }, Role.Admin, other)
    ).json().data;
    await bad(carrierUrl, { shipMethodId: foreign.id, carrier: 'usps', carrierMethod: 'MEDIA_MAIL' }, 'shipMethodId');
    const storeUrl = '/api/v1/shipMethodStoreMappings';
    await bad(storeUrl, { data: { shipMethodId: standard.id, storeId: null, services: ['EXPRESS'] } }, 'data.services');
    await bad(storeUrl, { data: { shipMethodId: standard.id, storeId: '99', services: ['Next day'] } }, 'data.storeId');
    await bad(storeUrl, { data: { shipMethodId: foreign.id, storeId: null, services: ['Next day'] } }, 'shipMethodId');
    expect((await call('GET', `${carrierUrl}?ship_method=${express.id}`)).json().data.total).toBe(2);
    expect((await call('GET', `${storeUrl}?ship_method=${standard.id}`)).json().data.total).toBe(1);
    const [mine] = (await call('GET', carrierUrl)).json().data.rows;
    const stolen = await call(
      'PUT',
      `${carrierUrl}/${mine.id}`,
      { shipMethodId: foreign.id, carrier: 'usps', carrierMethod: 'MEDIA_MAIL' },
      Role.Admin,
      other,
    );
    expect(stolen.statusCode).toBe(404);
  });

  it('keeps a carrier service chosen by hand through mapping changes, until handed back', async () => {
    const chosen = await call('POST', `/call/order/${ids.a}/updateOrderShipping`, {
      carrier: 'ups',
      carrierMethod: '03',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.shipping).toMatchObject({ carrier: 'ups', carrierMethod: '03', chosenByUser: true });
    const [mapping] = (await call('GET', `/api/v1/shipMethodCarrierMethodMappings?ship_method=${standard.id}`)).json()
      .data.rows;
    const changed = await call('PUT', `/api/v1/shipMethodCarrierMethodMappings/${mapping.id}`, {
      shipMethodId: standard.id,
      carrier: 'fedex',
      carrierMethod: 'FEDEX_GROUND',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settled();
    expect((await order(ids.a!)).shipping).toMatchObject({ carrier: 'ups', chosenByUser: true });
    expect((await order(ids.b!)).shipping).toMatchObject({ carrier: 'fedex', carrierMethod: 'FEDEX_GROUND' });
    const handedBack = await call('POST', `/call/order/${ids.a}/updateOrderShipping`, { automatic: true });
    expect(handedBack.json().data.shipping).toMatchObject({ carrier: 'fedex', chosenByUser: false });
    const unknown = await call('POST', `/call/order/${ids.a}/updateOrderShipping`, {
      carrier: 'ups',
      carrierMethod: 'X',
    });
    expect(unknown.json().errors).toHaveProperty('carrierMethod');
  });

  it('resolves pulled orders as they arrive', async () => {
    const shopMethod: ShipMethod = (await call('POST', '/api/v1/shipMethods', { name: 'Shop standard' })).json().data;
    const created = await call('POST', '/api/v1/stores', {
      name: 'Fake shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'fake.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    const store: Store = created.json().data;
    await call('POST', '/api/v1/shipMethodStoreMappings', {
      data: { shipMethodId: shopMethod.id, storeId: store.id, services: ['Standard Shipping'] },
    });
    await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: shopMethod.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    await settled();
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await settleSyncRun(t, tenant, store.id)).toMatchObject({ state: 'succeeded', ordersNew: 40 });
    const filters = encodeURIComponent(JSON.stringify({ storeId: store.id }));
    const rows: Order[] = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`)).json().data.rows;
    const standardOnes = rows.filter((o) => o.requestedShippingMethod === 'Standard Shipping');
    expect(standardOnes.length).toBeGreaterThan(0);
    for (const row of standardOnes) {
      expect(row.shipping).toMatchObject({
        shipMethod: { name: 'Shop standard' },
        carrier: 'local',
        carrierMethod: 'LOCAL_NEXT_DAY',
      });
    }
    for (const row of rows.filter((o) => o.requestedShippingMethod !== 'Standard Shipping')) {
      expect(row.shipping.shipMethod?.name ?? null).not.toBe('Shop standard');
    }
  });
});
