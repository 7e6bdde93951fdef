import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { OrderList, OrderSort } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

/**
 * A typed-in page number read from the order page buckets (order-list-pages.ts, migration 0018) answers exactly the
 * rows OFFSET would: after inserts of two tenants whose ids interleave, status changes, deletes and a tenant's
 * removal, at every depth, both id sorts, and the status tabs' filters.
 */

const STATUSES = ['Draft Order', 'Sales Order', 'Completed', 'Canceled', 'Deleted', 'Completed - Canceled Partial'];

async function rows<T>(tx: Pick<Executor, 'execute'>, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(backends)('order list: any page from the page buckets ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const gone = newTenantId();

  /** Orders of these tenants in turn, so that each tenant's ids are spread over the same buckets. */
  async function insertInterleaved(tenants: string[], perTenant: number, offset: number) {
    const db = t.app.db.db;
    const list = sql.join(
      tenants.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`
      INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                          shipment_status, currency, total)
      SELECT tn.id, 'Wholesale', 'P-' || (g + ${offset}) || '-' || tn.n, now(),
             (ARRAY[${sql.join(
               STATUSES.map((s) => sql`${s}`),
               sql`, `,
             )}])[1 + (g * 7 + tn.n) % 6], 'Unpaid', 'Unshipped', 'USD', 100
      FROM generate_series(1, ${perTenant}) AS g,
           unnest(ARRAY[${list}]::text[]) WITH ORDINALITY AS tn(id, n)
      ORDER BY g, tn.n`);
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const db = t.app.db.db;
    for (const id of [tenant, other, gone]) {
      await db.execute(sql`INSERT INTO tenants (id) VALUES (${id}) ON CONFLICT DO NOTHING`);
    }
    // About 3,300 orders each over some ten buckets of 1,024 ids.
    await insertInterleaved([tenant, other, gone], 3000, 0);
    // Statuses move (one statement of many rows, and one row), orders are deleted, more come, a tenant goes.
    await db.execute(sql`UPDATE orders SET order_status = 'Completed'
      WHERE tenant_id = ${tenant} AND order_status = 'Sales Order' AND id % 3 = 0`);
    const [one] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM orders WHERE tenant_id = ${tenant} AND order_status = 'Draft Order' ORDER BY id LIMIT 1`,
    );
    await db.execute(sql`UPDATE orders SET order_status = 'Canceled' WHERE tenant_id = ${tenant} AND id = ${one!.id}`);
    await db.execute(sql`DELETE FROM orders WHERE tenant_id = ${tenant} AND id % 11 = 0`);
    await insertInterleaved([tenant, other], 300, 3000);
    await db.execute(sql`DELETE FROM tenants WHERE id = ${gone}`);
  }, 120_000);
  afterAll(() => t.close());

  it('keeps, per tenant and status, the orders of each block of ids', async () => {
    const db = t.app.db.db;
    const wrong = await rows<unknown>(
      db,
      sql`SELECT * FROM (
            SELECT tenant_id, order_status, id / 1024 AS bucket, count(*) AS n FROM orders GROUP BY 1, 2, 3) AS real
          FULL JOIN (
            SELECT tenant_id, bucket, s.order_status, s.n FROM order_page_buckets,
              LATERAL (VALUES ('Draft Order', draft_order), ('Sales Order', sales_order), ('Completed', completed),
                              ('Canceled', canceled), ('Deleted', deleted),
                              ('Completed - Canceled Partial', completed_canceled_partial)) AS s(order_status, n)
            WHERE s.n <> 0) AS kept
            USING (tenant_id, order_status, bucket)
          WHERE real.n IS DISTINCT FROM kept.n`,
    );
    expect(wrong).toEqual([]);
    const [left] = await rows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM order_page_buckets WHERE tenant_id = ${gone}`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  /** What OFFSET answers: the truth the buckets must match. */
  async function offsetIds(where: SQL, sort: OrderSort, offset: number, size: number): Promise<number[]> {
    const dir = sql.raw(sort === 'id desc' ? 'DESC' : 'ASC');
    const found = await rows<{ id: number | string }>(
      t.app.db.db,
      sql`SELECT id FROM orders WHERE tenant_id = ${tenant} AND ${where} ORDER BY id ${dir} OFFSET ${offset} LIMIT ${size}`,
    );
    return found.map((r) => Number(r.id));
  }

  async function listIds(filters: Record<string, string>, hide: 0 | 1, sort: OrderSort, page: number, size: number) {
    const qs = new URLSearchParams({
      size: String(size),
      page: String(page),
      hide: String(hide),
      order: sort,
      filters: JSON.stringify(filters),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${qs}`, headers: await t.auth(tenant) });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { data: OrderList }).data;
    expect(list.page).toBe(page);
    return { ids: list.rows.map((r) => Number(r.id)), list };
  }

  const tabs: Array<{ label: string; filters: Record<string, string>; hide: 0 | 1; where: SQL }> = [
    { label: 'all but deleted', filters: {}, hide: 1, where: sql`order_status <> 'Deleted'` },
    {
      label: 'drafts and deleted',
      filters: { orderStatus: 'in@Draft Order,Deleted' },
      hide: 0,
      where: sql`order_status IN ('Draft Order', 'Deleted')`,
    },
    {
      label: 'Sales Order tab',
      filters: { orderStatus: 'eq@Sales Order' },
      hide: 1,
      where: sql`order_status = 'Sales Order'`,
    },
    {
      label: 'two statuses',
      filters: { orderStatus: 'in@Completed,Canceled' },
      hide: 0,
      where: sql`order_status IN ('Completed', 'Canceled')`,
    },
    {
      label: 'all but Completed',
      filters: { orderStatus: 'ne@Completed' },
      hide: 1,
      where: sql`order_status NOT IN ('Completed', 'Deleted')`,
    },
  ];

  it.each(tabs)('answers every depth of $label as OFFSET does', async ({ filters, hide, where }) => {
    for (const sort of ['id desc', 'id asc'] as const) {
      for (const size of [10, 25, 100]) {
        const [counted] = await rows<{ n: number | string }>(
          t.app.db.db,
          sql`SELECT count(*) AS n FROM orders WHERE tenant_id = ${tenant} AND ${where}`,
        );
        const pages = Math.ceil(Number(counted!.n) / size);
        for (const page of [2, 3, Math.floor(pages / 3), Math.floor(pages / 2) + 1, pages - 1, pages]) {
          if (page < 2) continue;
          const { ids, list } = await listIds(filters, hide, sort, page, size);
          expect(ids, `${sort} size ${size} page ${page}`).toEqual(
            await offsetIds(where, sort, (page - 1) * size, size),
          );
          expect(list.prevCursor).not.toBeNull();
          expect(list.nextCursor === null).toBe(page === pages);
        }
      }
    }
  });

  it('answers a page past the end empty, and the page after a typed one by its cursor', async () => {
    const far = await listIds({ orderStatus: 'eq@Sales Order' }, 1, 'id desc', 100_000, 10);
    expect(far.ids).toEqual([]);
    const typed = await listIds({}, 1, 'id desc', 40, 25);
    const qs = new URLSearchParams({ size: '25', hide: '1', order: 'id desc', cursor: typed.list.nextCursor! });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${qs}`, headers: await t.auth(tenant) });
    const next = (res.json() as { data: OrderList }).data.rows.map((r) => Number(r.id));
    expect(next).toEqual(await offsetIds(sql`order_status <> 'Deleted'`, 'id desc', 40 * 25, 25));
  });

  it('reads the page from the buckets: a bucket miscounted by hand moves every page after it', async () => {
    const db = t.app.db.db;
    const [newest] = await rows<{ bucket: number | string }>(
      db,
      sql`SELECT max(bucket) AS bucket FROM order_page_buckets WHERE tenant_id = ${tenant} AND sales_order > 0`,
    );
    const bump = (by: number) =>
      db.execute(sql`UPDATE order_page_buckets SET sales_order = sales_order + ${by}
        WHERE tenant_id = ${tenant} AND bucket = ${newest!.bucket}`);
    await bump(5);
    try {
      const { ids } = await listIds({ orderStatus: 'eq@Sales Order' }, 1, 'id desc', 60, 10);
      expect(ids).toEqual(await offsetIds(sql`order_status = 'Sales Order'`, 'id desc', 59 * 10 - 5, 10));
    } finally {
      await bump(-5);
    }
  });

  it('never counts another tenant: the app role reads its own buckets only', async () => {
    const seen = await t.app.db.withTenant(tenant, (tx) =>
      rows<{ tenant_id: string }>(tx, sql`SELECT DISTINCT tenant_id FROM order_page_buckets`),
    );
    expect(seen.map((r) => r.tenant_id)).toEqual([tenant]);
  });
});
