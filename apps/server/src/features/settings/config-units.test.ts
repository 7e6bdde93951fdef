import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

const warehouse = (country: string) => ({
  name: 'Main warehouse',
  address1: '1 Dock Street',
  city: 'Somewhere',
  postalCode: '07102',
  country,
});

describe.each(backends)('the units setting ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const units = async (tenantId: string, roleId: 2 | 3 = Role.Admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/configs/units',
      headers: await t.auth(tenantId, roleId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const save = async (tenantId: string, payload: object, roleId: 2 | 3 = Role.Admin) =>
    t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenantId, roleId),
      payload,
    });
  const storedUnits = async (tenantId: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers: await t.auth(tenantId) });
    return (res.json().data as Array<{ key: string; value: string | null }>).find((entry) => entry.key === 'units');
  };

  it('follows the warehouse country until an Admin chooses: imperial without one (like USD), metric for Germany', async () => {
    const tenantId = newTenantId();
    expect(await units(tenantId)).toEqual({ units: 'imperial', chosen: false, warehouseCountry: null });
    expect((await save(tenantId, { key: 'warehouse_info', options: warehouse('US') })).statusCode).toBe(200);
    expect(await units(tenantId, Role.Manager)).toEqual({ units: 'imperial', chosen: false, warehouseCountry: 'US' });
    expect((await save(tenantId, { key: 'warehouse_info', options: warehouse('DE') })).statusCode).toBe(200);
    expect(await units(tenantId)).toEqual({ units: 'metric', chosen: false, warehouseCountry: 'DE' });
    // Nothing is written for a default: the list holds no units entry.
    expect(await storedUnits(tenantId)).toBeUndefined();
  });

  it('keeps what an Admin chose, whatever the warehouse country, and lists it', async () => {
    const tenantId = newTenantId();
    await save(tenantId, { key: 'warehouse_info', options: warehouse('DE') });
    const saved = await save(tenantId, { key: 'units', value: 'imperial' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ key: 'units', value: 'imperial', options: null });
    expect(await units(tenantId, Role.Manager)).toEqual({ units: 'imperial', chosen: true, warehouseCountry: 'DE' });
    expect(await storedUnits(tenantId)).toMatchObject({ value: 'imperial' });

    await save(tenantId, { key: 'warehouse_info', options: warehouse('US') });
    expect((await save(tenantId, { key: 'units', value: 'metric' })).statusCode).toBe(200);
    expect(await units(tenantId)).toEqual({ units: 'metric', chosen: true, warehouseCountry: 'US' });
  });

  it('refuses a Manager (403) and writes nothing', async () => {
    const tenantId = newTenantId();
    const res = await save(tenantId, { key: 'units', value: 'metric' }, Role.Manager);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, success: false });
    expect(await units(tenantId)).toEqual({ units: 'imperial', chosen: false, warehouseCountry: null });
  });

  it('refuses any other value with a 400 naming the field, and writes nothing', async () => {
    const tenantId = newTenantId();
    await save(tenantId, { key: 'units', value: 'metric' });
    for (const value of ['kg', 'Imperial', ' metric', '']) {
      const res = await save(tenantId, { key: 'units', value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false });
      expect(res.json().errors).toEqual({ value: expect.stringContaining('is not a unit system: imperial') });
    }
    const missing = await save(tenantId, { key: 'units' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ value: 'value is required for units' });
    const asOptions = await save(tenantId, { key: 'units', options: { units: 'imperial' } });
    expect(asOptions.statusCode).toBe(400);
    expect(await units(tenantId)).toEqual({ units: 'metric', chosen: true, warehouseCountry: null });
  });

  it("keeps tenants apart: one tenant's choice is not another's", async () => {
    const a = newTenantId();
    const b = newTenantId();
    expect((await save(a, { key: 'units', value: 'metric' })).statusCode).toBe(200);
    expect(await units(a)).toMatchObject({ units: 'metric', chosen: true });
    expect(await units(b)).toEqual({ units: 'imperial', chosen: false, warehouseCountry: null });
  });
});
