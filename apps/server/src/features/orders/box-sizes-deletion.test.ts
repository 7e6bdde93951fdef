import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type BoxSize } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('deleting box sizes ($name)', (backend) => {
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
  const box = async (name: string): Promise<BoxSize> => {
    const res = await call('POST', '/api/v1/orderBoxSizes', { name, length: 9, width: 9, height: 9, maxWeight: 5000 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const names = async (query = ''): Promise<string[]> =>
    ((await call('GET', `/api/v1/orderBoxSizes${query}`)).json().data as BoxSize[]).map((b) => b.name);
  const pickerNames = async (): Promise<string[]> =>
    ((await call('GET', '/call/shippingRuleSet/getPackageSizes')).json().data.boxSizes as BoxSize[]).map((b) => b.name);

  beforeAll(async () => {
    t = await buildTestApp(backend);
    await call('GET', '/api/v1/orderBoxSizes'); // the starter set
  });
  afterAll(() => t.close());

  it('deletes a box nothing names; Managers get 403, other tenants 404', async () => {
    const spare = await box('Spare');
    expect((await call('DELETE', `/api/v1/orderBoxSizes/${spare.id}`, undefined, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/orderBoxSizes/${spare.id}`, undefined, Role.Admin, other)).statusCode).toBe(
      404,
    );
    const res = await call('DELETE', `/api/v1/orderBoxSizes/${spare.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true, archived: false, reason: null });
    expect(await names('?archived=true')).not.toContain('Spare');
    expect((await call('DELETE', `/api/v1/orderBoxSizes/${spare.id}`)).statusCode).toBe(404);
  });

  it('archives a box an order names: gone from pickers, its name free again, restorable once the name is', async () => {
    const crate = await box('Crate');
    const placed = await createOrder(t, tenant);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(
        sql`UPDATE orders SET box_size_id = ${Number(crate.id)} WHERE tenant_id = ${tenant} AND id = ${Number(placed.id)}`,
      ),
    );
    const res = await call('DELETE', `/api/v1/orderBoxSizes/${crate.id}`);
    expect(res.json().data).toEqual({ deleted: false, archived: true, reason: '1 order uses it' });
    expect(await names()).not.toContain('Crate');
    expect(await pickerNames()).not.toContain('Crate');
    const all = (await call('GET', '/api/v1/orderBoxSizes?archived=true')).json().data as BoxSize[];
    expect(all.find((b) => b.id === crate.id)?.archivedAt).toEqual(expect.any(String));

    const again = await box('Crate');
    expect(await pickerNames()).toContain('Crate');
    const refused = await call('POST', `/api/v1/orderBoxSizes/${crate.id}/restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('name');
    await call('PUT', `/api/v1/orderBoxSizes/${again.id}`, {
      name: 'Crate 2',
      length: 9,
      width: 9,
      height: 9,
      maxWeight: 5000,
    });
    const restored = await call('POST', `/api/v1/orderBoxSizes/${crate.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ name: 'Crate', archivedAt: null });
    expect(await names()).toEqual(expect.arrayContaining(['Crate', 'Crate 2']));
  });

  it('archives a box products use as their default, and the products keep it', async () => {
    const tote = await box('Tote');
    for (const sku of ['TOTE-A', 'TOTE-B']) {
      const made = await call('POST', '/api/v1/products', { sku, title: sku, boxSizeId: tote.id });
      expect(made.statusCode, made.body).toBe(201);
    }
    const res = await call('DELETE', `/api/v1/orderBoxSizes/${tote.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: false, archived: true, reason: '2 products use it' });
    expect(await names()).not.toContain('Tote');
    const kept = (await call('GET', '/api/v1/products?search=TOTE-')).json().data.rows as Array<{ boxSizeId: string }>;
    expect(kept.map((p) => p.boxSizeId)).toEqual([tote.id, tote.id]);
  });

  it('keeps the last box archived, so the starter set does not come back', async () => {
    const lone = newTenantId();
    const boxes = (await call('GET', '/api/v1/orderBoxSizes', undefined, Role.Admin, lone)).json().data as BoxSize[];
    expect(boxes.length).toBeGreaterThan(1);
    const answers = [];
    for (const b of boxes)
      answers.push((await call('DELETE', `/api/v1/orderBoxSizes/${b.id}`, undefined, Role.Admin, lone)).json().data);
    expect(answers.slice(0, -1).every((a) => a.deleted)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ archived: true, reason: expect.stringContaining('last box') });
    expect((await call('GET', '/api/v1/orderBoxSizes', undefined, Role.Admin, lone)).json().data).toEqual([]);
  });
});
