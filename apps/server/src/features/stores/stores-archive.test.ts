import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('archiving a store ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    role: 2 | 3 = Role.Admin,
    who = tenant,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const listed = async (query = ''): Promise<Store[]> =>
    (await call('GET', `/api/v1/stores?size=50${query}`)).json().data.rows;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('archives, never deletes: its orders stay, syncing stops, it leaves the list until asked for; restorable', async () => {
    const created = await call('POST', '/api/v1/stores', {
      name: 'Magento shop',
      sourceType: 'Magento',
      settings: { baseUrl: 'https://shop.example.com' },
      credentials: { accessToken: 'o3y5q1vb8kzr2x7mhd0s4n6tgwc9lfpe' },
      syncIntervalMinutes: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const store: Store = created.json().data;
    const placed = await createOrder(t, tenant);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(
        sql`UPDATE orders SET store_id = ${Number(store.id)} WHERE tenant_id = ${tenant} AND id = ${Number(placed.id)}`,
      ),
    );

    expect((await call('DELETE', `/api/v1/stores/${store.id}`, undefined, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/stores/${store.id}`, undefined, Role.Admin, other)).statusCode).toBe(404);
    const res = await call('DELETE', `/api/v1/stores/${store.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      deleted: false,
      archived: true,
      reason: 'Stores are archived, not deleted: its 1 order stay; syncing has stopped',
    });

    expect((await listed()).map((s) => s.id)).not.toContain(store.id);
    const archived = (await listed('&archived=true')).find((s) => s.id === store.id);
    expect(archived).toMatchObject({ status: 'paused', orderCount: 1, archivedAt: expect.any(String) });
    const [row] = (
      (await t.app.db.withTenant(tenant, (tx) =>
        tx.execute(sql`SELECT next_sync_at FROM stores WHERE tenant_id = ${tenant} AND id = ${Number(store.id)}`),
      )) as unknown as { rows: Array<{ next_sync_at: unknown }> }
    ).rows;
    expect(row!.next_sync_at).toBeNull();
    const sync = await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(sync.statusCode).toBe(400);
    expect(sync.json().errors).toHaveProperty('storeId');
    expect((await call('GET', `/api/v1/orders/${placed.id}`)).statusCode).toBe(200);

    const restored = await call('POST', `/api/v1/stores/${store.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ archivedAt: null, status: 'paused' });
    expect((await listed()).map((s) => s.id)).toContain(store.id);
  });
});
