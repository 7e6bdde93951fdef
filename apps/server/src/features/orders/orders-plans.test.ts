import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OrderSort } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import {
  parseOrderQuery,
  resolveDays,
  sortSpec,
  withoutOrderStatus,
  type Cursor,
} from '../../domain/orders/order-list-query.ts';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrdersRepository } from './orders-repository.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(tx: Executor, query: SQLWrapper | SQL): Promise<PlanNode> {
  const res = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
    rows: Array<{ 'QUERY PLAN': unknown }>;
  };
  const plan = res.rows[0]!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>)[0]!.Plan;
}

/** Every read of `orders` (and of `order_lines`, for the SKU search) is an index scan whose condition starts with the tenant. */
function expectTenantIndexScans(plan: PlanNode, label: string) {
  const all = nodes(plan);
  const seq = all.filter(
    (n) => n['Node Type'] === 'Seq Scan' && (n['Relation Name'] === 'orders' || n['Relation Name'] === 'order_lines'),
  );
  expect(seq, `${label}: ${JSON.stringify(plan)}`).toEqual([]);
  const scans = all.filter((n) => n['Index Name']?.startsWith('orders_'));
  expect(scans.length, label).toBeGreaterThan(0);
  const lineScans = all.filter((n) => n['Index Name']?.startsWith('order_lines_'));
  for (const scan of [...scans, ...lineScans]) {
    expect(scan['Index Cond'], `${label}: ${scan['Index Name']}`).toMatch(/tenant_id/);
  }
}

/**
 * The search reads only the matching orders: every index scan of `orders` is bounded by a search column's range or
 * by the ids of the orders whose lines match (`id = ANY (...)`), never by the tenant (or a sort key range) alone.
 */
function expectSearchBounded(plan: PlanNode, label: string) {
  const unbounded = nodes(plan).filter(
    (n) => n['Index Name']?.startsWith('orders_') && !/search_|id = ANY/.test(n['Index Cond'] ?? ''),
  );
  expect(unbounded, `${label}: ${JSON.stringify(plan)}`).toEqual([]);
}

describe.each(backends)('order list query plans ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const db = t.app.db.db;
    for (const [id, n] of [
      [tenant, 4000],
      [other, 4000],
    ] as const) {
      await db.execute(sql`INSERT INTO tenants (id) VALUES (${id}) ON CONFLICT DO NOTHING`);
      await db.execute(sql`
        INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                            shipment_status, currency, total, customer_name, customer_email)
        SELECT ${id}, 'Wholesale', 'N-' || g, now() - g * interval '1 hour',
               (ARRAY['Draft Order','Sales Order','Completed','Canceled','Deleted','Completed - Canceled Partial'])[1 + g % 6],
               'Unpaid', 'Unshipped', 'USD', (g * 7919) % 100000, 'Customer ' || g, 'c' || g || '@example.com'
        FROM generate_series(1, ${n}) AS g`);
      // Three lines an order: a SKU shared by many orders, and two of the order's own that share a prefix.
      await db.execute(sql`
        INSERT INTO order_lines (tenant_id, order_id, position, sku, name, quantity, unit_price)
        SELECT o.tenant_id, o.id, p.position,
               CASE p.position WHEN 0 THEN 'Mug-' || (o.id % 50) ELSE 'PART-' || substr(o.order_number, 3) || '-' || p.position END,
               'Item', 1, 100
        FROM orders o CROSS JOIN generate_series(0, 2) AS p(position)
        WHERE o.tenant_id = ${id}`);
    }
    await db.execute(sql`ANALYZE orders`);
    await db.execute(sql`ANALYZE order_lines`);
  }, 120_000);
  afterAll(() => t.close());

  const repo = createOrdersRepository();
  const shapes: Array<{
    label: string;
    filters?: Record<string, string>;
    sort?: OrderSort;
    cursor?: boolean;
    /** An index the plan must use, and a column its condition must bound (not just filter). */
    uses?: string;
    range?: string;
    /** The page reads only the matching orders (no walk of the tenant's orders, nor of a sort key range). */
    bounded?: boolean;
  }> = [
    { label: 'default' },
    { label: 'status tab', filters: { orderStatus: 'eq@Sales Order' }, uses: 'orders_tenant_status_id_idx' },
    { label: 'status tab by date', filters: { orderStatus: 'eq@Completed' }, sort: 'orderDate desc' },
    { label: 'by date with cursor', sort: 'orderDate desc', cursor: true },
    { label: 'by total with cursor', sort: 'total asc', cursor: true, uses: 'orders_tenant_total_idx' },
    { label: 'by id with cursor', sort: 'id asc', cursor: true },
    {
      label: 'date range',
      filters: { orderDate: 'between@2026-01-01,2026-01-02' },
      sort: 'orderDate asc',
      uses: 'orders_tenant_date_idx',
      range: 'order_date',
    },
    { label: 'store', filters: { storeId: 'eq@5' } },
    { label: 'search (common prefix)', filters: { search: 'like@n-12' } },
    {
      label: 'search (rare prefix)',
      filters: { search: 'like@customer 3999' },
      uses: 'orders_tenant_name_search_idx',
      range: 'search_name',
      bounded: true,
    },
    {
      label: 'search (e-mail)',
      filters: { search: 'c3998@' },
      uses: 'orders_tenant_email_search_idx',
      range: 'search_email',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix)',
      filters: { search: 'like@part-3997' },
      uses: 'order_lines_tenant_sku_search_idx',
      range: 'search_sku',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix) by date with cursor',
      filters: { search: 'like@PART-3997-' },
      sort: 'orderDate desc',
      cursor: true,
      uses: 'order_lines_tenant_sku_search_idx',
      range: 'search_sku',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix) in a status tab by total',
      filters: { search: 'like@part-3997', orderStatus: 'eq@Draft Order' },
      sort: 'total asc',
      uses: 'order_lines_tenant_sku_search_idx',
      range: 'search_sku',
      bounded: true,
    },
    { label: 'search (SKU, common prefix)', filters: { search: 'like@mug-1' } },
  ];

  it.each(shapes)('$label: an index range scan led by tenant_id', async (shape) => {
    const parsed = parseOrderQuery(shape.filters ? JSON.stringify(shape.filters) : undefined, 0);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    parsed.value.filters = resolveDays(parsed.value.filters, 'America/New_York');
    const spec = sortSpec(shape.sort);
    const cursor: Cursor | null = shape.cursor
      ? {
          sort: spec.sort,
          direction: 'next',
          id: 2000,
          key:
            spec.key === 'id'
              ? null
              : spec.key === 'total'
                ? 50_000
                : new Date(Date.now() - 2000 * 3_600_000).toISOString(),
          fingerprint: parsed.value.fingerprint,
        }
      : null;
    await t.app.db.withTenant(tenant, async (tx) => {
      const page = repo.listPageQuery(tenant, {
        ...parsed.value,
        spec,
        cursor,
        reverse: false,
        offset: 0,
        limit: 11,
      });
      const plan = await explain(tx, page);
      expectTenantIndexScans(plan, shape.label);
      if (shape.uses) {
        const scan = nodes(plan).find((n) => n['Index Name'] === shape.uses);
        expect(scan, `${shape.label}: ${JSON.stringify(plan)}`).toBeDefined();
        if (shape.range) expect(scan!['Index Cond']).toContain(shape.range);
      }
      if (shape.bounded) expectSearchBounded(plan, shape.label);
      const where = repo.filterSql(tenant, parsed.value.filters, parsed.value.hideDeleted);
      const count = sql`SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${where} LIMIT 10001) AS limited`;
      expectTenantIndexScans(await explain(tx, count), `${shape.label} (count)`);
      const tabs = repo.filterSql(tenant, withoutOrderStatus(parsed.value.filters), false);
      const tab = sql`SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${tabs} AND order_status = 'Completed' LIMIT 10001) AS limited`;
      expectTenantIndexScans(await explain(tx, tab), `${shape.label} (tab count)`);
    });
  });

  // What a search's page does when the planner takes its matches for many (an estimate it can get wrong for a
  // narrow prefix): here forced by making every sort look prohibitive, which favours walking the sort's index.
  it.each([
    { label: 'by id', sort: undefined, search: 'like@customer 3999' },
    { label: 'by date', sort: 'orderDate desc' as const, search: 'like@customer 3999' },
    { label: 'by total, SKU', sort: 'total asc' as const, search: 'like@part-3997' },
  ])('a search with few matches reads them through its indexes, however the sort looks ($label)', async (shape) => {
    const parsed = parseOrderQuery(JSON.stringify({ search: shape.search }), 0);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const query = { ...parsed.value, spec: sortSpec(shape.sort), cursor: null, reverse: false, offset: 0, limit: 11 };
    await t.app.db.withTenant(tenant, async (tx) => {
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const walked = await explain(tx, repo.listPageQuery(tenant, query));
      const unbounded = nodes(walked).filter(
        (n) => n['Index Name']?.startsWith('orders_') && !/search_|id = ANY/.test(n['Index Cond'] ?? ''),
      );
      expect(unbounded.length, `without fewMatches: ${JSON.stringify(walked)}`).toBeGreaterThan(0);

      const plan = await explain(tx, repo.listPageQuery(tenant, { ...query, fewMatches: true }));
      expectTenantIndexScans(plan, shape.label);
      expectSearchBounded(plan, shape.label);
    });
  });
});
