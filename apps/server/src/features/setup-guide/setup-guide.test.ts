import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { shipMethodCarrierMappings, shipMethods, stores } from '../../db/schema/index.ts';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

describe.each(backends)('setup guide ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const guide = async (tenantId: string, roleId: 2 | 3 = Role.Admin) => {
    const res = await t.app.inject({ method: 'GET', url: '/call/setupGuide', headers: await t.auth(tenantId, roleId) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true });
    return body.data as { steps: Record<string, boolean>; completed: number; total: number };
  };
  const save = async (tenantId: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenantId),
      payload,
    });
    expect(res.statusCode).toBe(200);
  };

  it('flips each step as the tenant data appears', async () => {
    const tenantId = newTenantId();
    await t.app.inject({ method: 'POST', url: '/call/verifyNewUserRegister', headers: await t.auth(tenantId) });

    expect(await guide(tenantId)).toEqual({
      steps: {
        connectStore: false,
        warehouseAddress: false,
        shippingMethod: false,
        carrierMapping: false,
        labelType: false, // the provisioned default label type does not count
      },
      completed: 0,
      total: 5,
      problems: [],
    });

    await t.app.db.withTenant(tenantId, (tx) =>
      tx.insert(stores).values({ tenantId, name: 'My Shopify', sourceType: 'Shopify' }),
    );
    expect((await guide(tenantId)).steps.connectStore).toBe(true);

    await save(tenantId, {
      key: 'warehouse_info',
      options: { name: 'WH', address1: '1 Main St', city: 'Austin', postalCode: '73301', country: 'US' },
    });
    expect((await guide(tenantId)).steps.warehouseAddress).toBe(true);

    const [method] = await t.app.db.withTenant(tenantId, (tx) =>
      tx.insert(shipMethods).values({ tenantId, name: 'Ground' }).returning(),
    );
    expect((await guide(tenantId)).steps).toMatchObject({ shippingMethod: true, carrierMapping: false });

    await t.app.db.withTenant(tenantId, (tx) =>
      tx
        .insert(shipMethodCarrierMappings)
        .values({ tenantId, shipMethodId: method!.id, carrier: 'usps', carrierMethod: 'Ground Advantage' }),
    );
    expect((await guide(tenantId)).steps.carrierMapping).toBe(true);

    await save(tenantId, { key: 'ship_label_app_info', options: { labelType: 'zpl' } });
    const done = await guide(tenantId, Role.Manager);
    expect(done).toMatchObject({ completed: 5, total: 5 });
    expect(Object.values(done.steps).every(Boolean)).toBe(true);

    const state = await t.app.db.withTenant(tenantId, (tx) => tx.query.setupGuideState.findFirst());
    expect(state?.firstCompletedAt).toBeInstanceOf(Date);
  });

  it("never counts another tenant's data", async () => {
    const busy = newTenantId();
    const fresh = newTenantId();
    await save(busy, { key: 'ship_label_app_info', options: { labelType: 'pdf' } });
    await t.app.db.withTenant(busy, async (tx) => {
      await tx.insert(stores).values({ tenantId: busy, name: 'Store', sourceType: 'Ebay' });
      await tx.insert(shipMethods).values({ tenantId: busy, name: 'Express' });
    });
    expect((await guide(busy)).completed).toBe(3);
    expect((await guide(fresh)).completed).toBe(0);
  });
});
