import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OrderSort } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { parseOrderQuery, resolveDays, sortSpec, withoutOrderStatus, type Cursor } from './order-list-query.ts';
import { createHash } from 'node:crypto';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { STORED_SEARCH_VECTOR_SQL } from './order-search.ts';
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

/** What the tenant's search lexemes start with (public.search_tag, migration 0016). */
const searchTag = (tenantId: string) => `${createHash('md5').update(tenantId).digest('hex').slice(0, 6)}:`;

/**
 * Every read of `orders` is an index scan whose condition starts with the tenant: its id, or, in the search's index
 * (whose entries are the tenants' own lexemes), the tenant's lexemes only.
 */
function expectTenantIndexScans(plan: PlanNode, label: string, tenantId: string) {
  const all = nodes(plan);
  const seq = all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders');
  expect(seq, `${label}: ${JSON.stringify(plan)}`).toEqual([]);
  const scans = all.filter((n) => n['Index Name']?.startsWith('orders_'));
  expect(scans.length, label).toBeGreaterThan(0);
  for (const scan of scans) {
    if (scan['Index Name'] !== 'orders_search_idx') {
      expect(scan['Index Cond'] ?? '', `${label}: ${JSON.stringify(plan)}`).toMatch(/tenant_id/);
      continue;
    }
    // The tsquery as the plan prints it: '''<tag>word'':* & ...'::tsquery.
    const lexemes = [...(scan['Index Cond'] ?? '').matchAll(/''([^']+)''/g)].map((m) => m[1]!);
    expect(lexemes.length, `${label}: ${scan['Index Cond']}`).toBeGreaterThan(0);
    for (const lexeme of lexemes) expect(lexeme.startsWith(searchTag(tenantId)), lexeme).toBe(true);
  }
}

/**
 * The search reads only the matching orders: every index scan of `orders` is bounded by the search's index or by
 * the ids it chose (`id = ANY (...)`), never by the tenant (or a sort key range) alone.
 */
function expectSearchBounded(plan: PlanNode, label: string) {
  const unbounded = nodes(plan).filter(
    (n) => n['Index Name']?.startsWith('orders_') && !/search_vector|id = ANY/.test(n['Index Cond'] ?? ''),
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
    // The search's words, as the app writes them with each order (here inserted by SQL); VACUUM then leaves the
    // table as settled as its inserts did (one live version of each row).
    await db.execute(sql`UPDATE orders o SET search_vector = ${sql.raw(STORED_SEARCH_VECTOR_SQL)}`);
    await db.execute(sql`VACUUM ANALYZE orders`);
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
      label: 'search (two words)',
      filters: { search: 'like@customer 3999' },
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    {
      label: 'search (e-mail)',
      filters: { search: 'c3998@' },
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    {
      label: 'search (order number)',
      filters: { search: 'N-3996' },
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix)',
      filters: { search: 'like@part-3997' },
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix) by date with cursor',
      filters: { search: 'like@PART-3997-' },
      sort: 'orderDate desc',
      cursor: true,
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    {
      label: 'search (SKU, rare prefix) in a status tab by total',
      filters: { search: 'like@part-3997', orderStatus: 'eq@Draft Order' },
      sort: 'total asc',
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
    { label: 'search (SKU, common prefix)', filters: { search: 'like@mug-1' } },
    {
      label: 'requested service',
      filters: { requestedService: 'UPS Ground' },
      uses: 'orders_tenant_requested_service_idx',
      range: 'requested_service_key',
    },
    {
      label: 'requested service in a tab by date',
      filters: { requestedService: 'ups ground', orderStatus: 'eq@Completed' },
      sort: 'orderDate desc',
    },
    {
      label: 'search (SKU, rare prefix) with a requested service',
      filters: { search: 'like@part-3997', requestedService: 'UPS Ground' },
      uses: 'orders_search_idx',
      range: 'search_vector',
      bounded: true,
    },
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
      expectTenantIndexScans(plan, shape.label, tenant);
      if (shape.uses) {
        const scan = nodes(plan).find((n) => n['Index Name'] === shape.uses);
        expect(scan, `${shape.label}: ${JSON.stringify(plan)}`).toBeDefined();
        if (shape.range) expect(scan!['Index Cond']).toContain(shape.range);
      }
      if (shape.bounded) expectSearchBounded(plan, shape.label);
      const where = repo.filterSql(tenant, parsed.value.filters, parsed.value.hideDeleted);
      const tabs = repo.filterSql(tenant, withoutOrderStatus(parsed.value.filters), false);
      if (parsed.value.filters.some((f) => f.kind === 'search')) {
        // A search counts every tab in one read of its matches, through the search's index.
        const counts = await explain(tx, repo.searchCountQuery(tabs, 10_000));
        expectTenantIndexScans(counts, `${shape.label} (counts)`, tenant);
        if (shape.bounded) expectSearchBounded(counts, `${shape.label} (counts)`);
        return;
      }
      const count = sql`SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${where} LIMIT 10001) AS limited`;
      expectTenantIndexScans(await explain(tx, count), `${shape.label} (count)`, tenant);
      const tab = sql`SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${tabs} AND order_status = 'Completed' LIMIT 10001) AS limited`;
      expectTenantIndexScans(await explain(tx, tab), `${shape.label} (tab count)`, tenant);
    });
  });

  it('a search with many matches finds its page by walking the sort index in the tenant, not through its index', async () => {
    const parsed = parseOrderQuery(JSON.stringify({ search: 'like@mug-1' }), 0);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    await t.app.db.withTenant(tenant, async (tx) => {
      for (const sort of [undefined, 'orderDate desc', 'total asc'] as const) {
        const query = { ...parsed.value, spec: sortSpec(sort), cursor: null, reverse: false, offset: 0, limit: 11 };
        const plan = await explain(tx, repo.listPageQuery(tenant, { ...query, manyMatches: true }));
        const all = nodes(plan);
        expect(
          all.filter((n) => n['Index Name'] === 'orders_search_idx'),
          JSON.stringify(plan),
        ).toEqual([]);
        expectTenantIndexScans(plan, `many matches, ${sort ?? 'id desc'}`, tenant);
      }
    });
  });

  // A search's page read through its index whatever the sort looks like to the planner: here every sort is made to
  // look prohibitive, which favours walking the sort's index (and, in the view, the whole index of every tenant).
  it.each([
    { label: 'by id', sort: undefined, search: 'like@customer 3999' },
    { label: 'by date', sort: 'orderDate desc' as const, search: 'like@customer 3999' },
    { label: 'by total, SKU', sort: 'total asc' as const, search: 'like@part-3997' },
  ])('a search with few matches reads them through its index, however the sort looks ($label)', async (shape) => {
    const parsed = parseOrderQuery(JSON.stringify({ search: shape.search }), 0);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const query = { ...parsed.value, spec: sortSpec(shape.sort), cursor: null, reverse: false, offset: 0, limit: 11 };
    await t.app.db.withTenant(tenant, async (tx) => {
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const plan = await explain(tx, repo.listPageQuery(tenant, query));
      expectTenantIndexScans(plan, shape.label, tenant);
      expectSearchBounded(plan, shape.label);
    });
  });
});
