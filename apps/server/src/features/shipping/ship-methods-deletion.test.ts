import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type CarrierAccount, type Order, type ShipMethod, type ShipMethodList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

const USPS = {
  carrier: 'usps',
  settings: { crid: '56982563', mid: '900066622', accountType: 'EPS', accountNumber: '1000405525', clientId: 'c' },
  credentials: { clientSecret: 'usps-secret-value-123' },
};

describe.each(backends)('deleting shipping setup ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    role: 2 | 3 = Role.Admin,
    who = tenant,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const settled = () => t.app.shippingResolution.idle();
  const method = async (name: string): Promise<ShipMethod> => {
    const res = await call('POST', '/api/v1/shipMethods', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const methodNames = async (query = ''): Promise<string[]> =>
    ((await call('GET', `/api/v1/shipMethods?size=50${query}`)).json().data as ShipMethodList).rows.map((m) => m.name);
  const order = async (id: string): Promise<Order> => (await call('GET', `/api/v1/orders/${id}`)).json().data;
  const account = async (name: string): Promise<CarrierAccount> => {
    const res = await call('POST', '/api/v1/carrierAccounts', { ...USPS, name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes a method nothing names, with its mappings; Managers get 403 and other tenants 404', async () => {
    const ground = await method('Ground');
    await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: ground.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    expect((await call('DELETE', `/api/v1/shipMethods/${ground.id}`, undefined, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/shipMethods/${ground.id}`, undefined, Role.Admin, other)).statusCode).toBe(
      404,
    );
    expect(await methodNames()).toContain('Ground');

    const res = await call('DELETE', `/api/v1/shipMethods/${ground.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true, archived: false, reason: null });
    expect(await methodNames('&archived=true')).not.toContain('Ground');
    const mappings = (await call('GET', `/api/v1/shipMethodCarrierMethodMappings?ship_method=${ground.id}`)).json();
    expect(mappings.data.total).toBe(0);
    expect((await call('DELETE', `/api/v1/shipMethods/${ground.id}`)).statusCode).toBe(404);
  });

  it('archives a method orders name: hidden, never chosen again, its name free for a new method, restorable', async () => {
    const courier = await method('Courier');
    const placed = await createOrder(t, tenant, { requestedShippingMethod: 'Courier' });
    await settled();
    expect((await order(placed.id)).shipping?.shipMethod?.name).toBe('Courier');
    const shipped = await createOrder(t, tenant, { requestedShippingMethod: 'Something else' });
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`UPDATE orders SET ship_method_id = ${Number(courier.id)}, order_status = 'Completed'
        WHERE tenant_id = ${tenant} AND id = ${Number(shipped.id)}`),
    );

    const res = await call('DELETE', `/api/v1/shipMethods/${courier.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: false, archived: true, reason: '2 orders use it' });
    await settled();
    expect(await methodNames()).not.toContain('Courier');
    const all = (await call('GET', '/api/v1/shipMethods?size=50&archived=true')).json().data as ShipMethodList;
    expect(all.rows.find((m) => m.id === courier.id)?.archivedAt).toEqual(expect.any(String));
    // The open order is resolved again (nothing means the archived method); the shipped one keeps its name.
    expect((await order(placed.id)).shipping?.shipMethod ?? null).toBeNull();
    expect((await order(shipped.id)).shipping?.shipMethod?.name).toBe('Courier');
    const mapping = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: courier.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    expect(mapping.statusCode).toBe(400);
    expect(mapping.json().errors).toHaveProperty('shipMethodId');

    const again = await method('courier');
    await settled();
    expect((await order(placed.id)).shipping?.shipMethod?.id).toBe(again.id);
    const renamed = await call('PUT', `/api/v1/shipMethods/${courier.id}`, { name: 'Courier (old)' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toHaveProperty('name');
    const refused = await call('POST', `/api/v1/shipMethods/${courier.id}/restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('name');
    await call('PUT', `/api/v1/shipMethods/${again.id}`, { name: 'Courier (new)' });
    const restored = await call('POST', `/api/v1/shipMethods/${courier.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ name: 'Courier', archivedAt: null });
    expect(await methodNames()).toContain('Courier');
  });

  it('deletes carrier and store mappings, and empties a store mapping', async () => {
    const express = await method('Express');
    const carrier = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: express.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    const carrierId = carrier.json().data.id as string;
    const store = await call('POST', '/api/v1/shipMethodStoreMappings', {
      data: { shipMethodId: express.id, storeId: null, services: ['Next Day Air'] },
    });
    const storeMappingId = store.json().data.id as string;
    const nextDay = await createOrder(t, tenant, { requestedShippingMethod: 'next day air' });
    await settled();
    expect((await order(nextDay.id)).shipping?.shipMethod?.name).toBe('Express');

    for (const url of [
      `/api/v1/shipMethodCarrierMethodMappings/${carrierId}`,
      `/api/v1/shipMethodStoreMappings/${storeMappingId}`,
    ]) {
      expect((await call('DELETE', url, undefined, Role.Manager)).statusCode).toBe(403);
      expect((await call('DELETE', url, undefined, Role.Admin, other)).statusCode).toBe(404);
    }

    const emptied = await call('PUT', `/api/v1/shipMethodStoreMappings/${storeMappingId}`, {
      data: { shipMethodId: express.id, storeId: null, services: [] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data.data.services).toEqual([]);
    await settled();
    expect((await order(nextDay.id)).shipping?.shipMethod ?? null).toBeNull();

    const gone = await call('DELETE', `/api/v1/shipMethodStoreMappings/${storeMappingId}`);
    expect(gone.json().data).toEqual({ deleted: true, archived: false, reason: null });
    const deleted = await call('DELETE', `/api/v1/shipMethodCarrierMethodMappings/${carrierId}`);
    expect(deleted.json().data).toEqual({ deleted: true, archived: false, reason: null });
    expect(
      (await call('GET', `/api/v1/shipMethodCarrierMethodMappings?ship_method=${express.id}`)).json().data.total,
    ).toBe(0);
    expect((await call('GET', `/api/v1/shipMethodStoreMappings?ship_method=${express.id}`)).json().data.total).toBe(0);
  });

  it('deletes an unused carrier account; archives one a mapping buys with, which then buys with the default', async () => {
    const spare = await account('Spare USPS');
    expect((await call('DELETE', `/api/v1/carrierAccounts/${spare.id}`, undefined, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/carrierAccounts/${spare.id}`, undefined, Role.Admin, other)).statusCode).toBe(
      404,
    );
    const deleted = await call('DELETE', `/api/v1/carrierAccounts/${spare.id}`);
    expect(deleted.json().data).toEqual({ deleted: true, archived: false, reason: null });

    const main = await account('Main USPS');
    const labels = await call('POST', '/call/configs/createOrUpdate', {
      key: 'ship_label_app_info',
      options: { labelType: 'pdf', defaultCarrierAccountId: main.id },
    });
    expect(labels.statusCode, labels.body).toBeLessThan(300);
    const parcel = await method('Parcel');
    const mapped = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: parcel.id,
      carrier: 'usps',
      carrierMethod: 'USPS_GROUND_ADVANTAGE',
      carrierAccountId: main.id,
    });
    expect(mapped.statusCode, mapped.body).toBe(201);

    const res = await call('DELETE', `/api/v1/carrierAccounts/${main.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deleted: false, archived: true });
    expect(res.json().data.reason).toMatch(/^1 shipping method mapping uses it; .*default account/);
    const live = (await call('GET', '/api/v1/carrierAccounts')).json().data.rows as CarrierAccount[];
    expect(live.map((a) => a.id)).not.toContain(main.id);
    const all = (await call('GET', '/api/v1/carrierAccounts?archived=true')).json().data.rows as CarrierAccount[];
    expect(all.find((a) => a.id === main.id)).toMatchObject({ isDefault: false, archivedAt: expect.any(String) });
    const mapping = (await call('GET', `/api/v1/shipMethodCarrierMethodMappings?ship_method=${parcel.id}`)).json().data
      .rows[0];
    expect(mapping.carrierAccountId).toBeNull();
    const entries = (await call('GET', '/api/v1/configs')).json().data as Array<{ key: string; options: object }>;
    expect(entries.find((e) => e.key === 'ship_label_app_info')?.options).not.toHaveProperty('defaultCarrierAccountId');
    const refused = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: parcel.id,
      destination: 'domestic',
      carrier: 'usps',
      carrierMethod: 'USPS_GROUND_ADVANTAGE',
      carrierAccountId: main.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('carrierAccountId');

    const restored = await call('POST', `/api/v1/carrierAccounts/${main.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.archivedAt).toBeNull();
    const back = (await call('GET', '/api/v1/carrierAccounts')).json().data.rows as CarrierAccount[];
    expect(back.map((a) => a.id)).toContain(main.id);
  });
});
