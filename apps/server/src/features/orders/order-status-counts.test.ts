import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase as openKitDatabase } from '@shipdesk/db-kit';
import { ORDER_STATUSES, type OrderList } from '@shipdesk/contract';
import { MIGRATIONS, openDatabase, type Executor } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';

type Counts = Record<string, number>;

const zeros = (): Counts => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));

async function rows<T>(tx: Pick<Executor, 'execute'>, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The truth: the tenant's orders grouped by status. */
async function actualCounts(tx: Pick<Executor, 'execute'>, tenantId: string): Promise<Counts> {
  const counts = zeros();
  const found = await rows<{ s: string; n: number }>(
    tx,
    sql`SELECT order_status AS s, count(*)::int AS n FROM orders WHERE tenant_id = ${tenantId} GROUP BY order_status`,
  );
  for (const r of found) counts[r.s] = r.n;
  return counts;
}

/** What the triggers kept. */
async function keptCounts(tx: Pick<Executor, 'execute'>, tenantId: string): Promise<Counts> {
  const counts = zeros();
  const found = await rows<{ s: string; n: number | string }>(
    tx,
    sql`SELECT order_status AS s, order_count AS n FROM order_status_counts WHERE tenant_id = ${tenantId}`,
  );
  for (const r of found) counts[r.s] = Number(r.n);
  return counts;
}

/** A small deterministic generator, so a failing series can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` orders of mixed statuses in one INSERT statement. */
const bulkInsert = (tenantId: string, prefix: string, n: number) => sql`
  INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                      shipment_status, currency)
  SELECT ${tenantId}, 'Wholesale', ${prefix} || g, now(),
         (ARRAY['Draft Order','Sales Order','Completed','Canceled','Deleted','Completed - Canceled Partial'])[1 + g % 6],
         'Unpaid', 'Unshipped', 'USD'
  FROM generate_series(1, ${n}) AS g`;

describe.each(backends)('order status counts ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  let otherCounts: Counts;
  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimitMax: 100_000 });
    await createOrder(t, other);
    const order = await createOrder(t, other);
    expect((await flow(t, other, order.id, 'approve', { version: 1 })).statusCode).toBe(200);
    otherCounts = await actualCounts(t.app.db.db, other);
  }, 60_000);
  afterAll(() => t?.close());

  const db = () => t.app.db.db;
  const expectExact = async (tenantId: string, label = '') =>
    expect(await keptCounts(db(), tenantId), label).toEqual(await actualCounts(db(), tenantId));
  const ok = async (orderId: string, event: string, body: Record<string, unknown>) => {
    const res = await flow(t, tenant, orderId, event, body);
    expect(res.statusCode, `${event}: ${res.body}`).toBe(200);
    return res.json().data as { order: { id: string; version: number }; createdOrderId: string | null };
  };
  const list = async (tenantId: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${qs}`, headers: await t.auth(tenantId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrderList;
  };

  it('stays exact through create and every status-changing event, and leaves other tenants alone', async () => {
    const a = await createOrder(t, tenant);
    const b = await createOrder(t, tenant);
    const c = await createOrder(t, tenant);
    await expectExact(tenant, 'create');
    expect(await keptCounts(db(), tenant)).toMatchObject({ 'Draft Order': 3 });

    await ok(a.id, 'approve', { version: 1 });
    await expectExact(tenant, 'approve');
    await ok(a.id, 'shipComplete', { version: 2 });
    await expectExact(tenant, 'shipComplete');
    const reship = await ok(a.id, 'reship', { version: 3, reason: 'lost in transit' });
    expect(reship.createdOrderId).not.toBeNull();
    await expectExact(tenant, 'reship');
    const reorder = await ok(b.id, 'reorder', { version: 1 });
    expect(reorder.createdOrderId).not.toBeNull();
    await expectExact(tenant, 'reorder');
    await ok(b.id, 'cancel', { version: 2, reason: 'changed their mind' });
    await expectExact(tenant, 'cancel');
    await ok(c.id, 'delete', { version: 1 });
    await expectExact(tenant, 'delete');
    // Events that move no order status leave the counts as they are.
    await ok(reorder.createdOrderId!, 'processPayment', { version: 1, amount: 100 });
    await expectExact(tenant, 'processPayment');

    expect(await keptCounts(db(), tenant)).toEqual({
      ...zeros(),
      'Draft Order': 1,
      'Sales Order': 1,
      Completed: 1,
      Canceled: 1,
      Deleted: 1,
    });
    const page = await list(tenant, { hide: 0 });
    expect(page).toMatchObject({ total: 4, totalIsEstimate: false, statusCounts: await actualCounts(db(), tenant) });
    expect(await keptCounts(db(), other)).toEqual(otherCounts);
    expect((await list(other)).statusCounts).toEqual(otherCounts);
  });

  it('counts a many-row INSERT, UPDATE and DELETE by the app role as one change each', async () => {
    const before = await keptCounts(db(), tenant);
    await t.app.db.withTenant(tenant, async (tx) => {
      // The tenant context is in force: the RLS role and the tenant setting, in one statement.
      const [who] = await rows<{ role: string; tenant: string }>(
        tx,
        sql`SELECT current_user AS role, current_setting('app.tenant_id', true) AS tenant`,
      );
      expect(who).toEqual({ role: 'shipdesk_app', tenant });
      await tx.execute(bulkInsert(tenant, 'BULK-', 600));
    });
    const after = await keptCounts(db(), tenant);
    for (const status of ORDER_STATUSES) expect(after[status], status).toBe(before[status]! + 100);
    await expectExact(tenant, 'insert');

    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`UPDATE orders SET order_status = CASE order_status
                       WHEN 'Draft Order' THEN 'Sales Order' WHEN 'Sales Order' THEN 'Draft Order'
                       ELSE 'Canceled' END
                     WHERE order_number LIKE 'BULK-%' AND order_status <> 'Deleted'`),
    );
    await expectExact(tenant, 'update');
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`DELETE FROM orders WHERE order_number LIKE 'BULK-%' AND order_status IN ('Canceled', 'Deleted')`),
    );
    await expectExact(tenant, 'delete');
    await t.app.db.withTenant(tenant, (tx) => tx.execute(sql`DELETE FROM orders WHERE order_number LIKE 'BULK-%'`));
    expect(await keptCounts(db(), tenant)).toEqual(before);
    expect(await keptCounts(db(), other)).toEqual(otherCounts);
  });

  it('lets the app role read only its own counts and write none', async () => {
    await t.app.db.withTenant(tenant, async (tx) => {
      const seen = await rows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM order_status_counts`);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([tenant]));
    });
    for (const write of [
      sql`INSERT INTO order_status_counts (tenant_id, order_status, order_count) VALUES (${tenant}, 'Completed', 99)`,
      sql`UPDATE order_status_counts SET order_count = 99 WHERE tenant_id = ${tenant}`,
      sql`DELETE FROM order_status_counts WHERE tenant_id = ${tenant}`,
    ]) {
      const error = await t.app.db
        .withTenant(tenant, (tx) => tx.execute(write))
        .then(
          () => null,
          (e: Error) => e,
        );
      // Drizzle wraps the driver's error.
      expect((error?.cause as Error | undefined)?.message ?? error?.message).toMatch(/permission denied/);
    }
    await expectExact(tenant);
  });

  it('stays exact under concurrent transactions', async () => {
    const drafts = await Promise.all(Array.from({ length: 6 }, () => createOrder(t, tenant)));
    await expectExact(tenant, 'parallel creates');

    // Two approvals of one order: one wins, the other is refused as stale; and approvals of two orders at once.
    const same = await Promise.all([
      flow(t, tenant, drafts[0]!.id, 'approve', { version: 1 }),
      flow(t, tenant, drafts[0]!.id, 'approve', { version: 1 }),
    ]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const both = await Promise.all([
      flow(t, tenant, drafts[1]!.id, 'approve', { version: 1 }),
      flow(t, tenant, drafts[2]!.id, 'approve', { version: 1 }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    await expectExact(tenant, 'parallel approvals');

    // Moves in opposite directions and creates, all at once: the counts rows are locked in key order, so none of
    // these deadlock (a deadlock would surface as a 500).
    const [moves] = await Promise.all([
      Promise.all([
        flow(t, tenant, drafts[3]!.id, 'approve', { version: 1 }),
        flow(t, tenant, drafts[1]!.id, 'cancel', { version: 2 }),
        flow(t, tenant, drafts[4]!.id, 'delete', { version: 1 }),
        flow(t, tenant, drafts[2]!.id, 'reorder', { version: 2 }),
        flow(t, tenant, drafts[5]!.id, 'cancel', { version: 1 }),
      ]),
      Promise.all(Array.from({ length: 4 }, () => createOrder(t, tenant))),
    ]);
    expect(moves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await expectExact(tenant, 'mixed');

    // A transaction that has counted an order holds its tenant's count row until it commits; a second one waits
    // for it (PostgreSQL: on the row; PGlite: one transaction at a time) and then adds its own on top.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const first = new Promise<void>((resolve) => (inserted = resolve));
    const before = await keptCounts(db(), tenant);
    const t1 = t.app.db.withTenant(tenant, async (tx) => {
      await tx.execute(bulkInsert(tenant, 'T1-', 6));
      inserted();
      await gate;
    });
    await first;
    const t2 = t.app.db.withTenant(tenant, (tx) => tx.execute(bulkInsert(tenant, 'T2-', 12)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([t1, t2]);
    const after = await keptCounts(db(), tenant);
    for (const status of ORDER_STATUSES) expect(after[status], status).toBe(before[status]! + 3);
    await expectExact(tenant, 'interleaved');
    expect(await keptCounts(db(), other)).toEqual(otherCounts);
  });

  it("matches count(*) in the list's total and tabs after a random series of changes", async () => {
    const random = mulberry32(20_261_121);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const moved = new Set<string>();
    // Mostly an order the event applies to, sometimes any (a refused event must change no count either).
    const from: Record<string, string[]> = {
      approve: ['Draft Order'],
      cancel: ['Draft Order', 'Sales Order'],
      delete: ['Draft Order'],
      shipComplete: ['Sales Order'],
      reorder: ['Draft Order', 'Sales Order', 'Completed', 'Canceled'],
      reship: ['Completed'],
    };
    for (let step = 0; step < 60; step++) {
      // Orders made through the API (the bulk ones have no lines, which reorder and reship copy).
      const current = await rows<{ id: string | number; version: number; order_status: string }>(
        db(),
        sql`SELECT id, version, order_status FROM orders o WHERE tenant_id = ${tenant}
              AND EXISTS (SELECT 1 FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id)
            ORDER BY id`,
      );
      const action = pick(['create', 'bulk', ...Object.keys(from), ...Object.keys(from)]);
      const fitting = current.filter((o) => from[action]?.includes(o.order_status));
      const candidates = random() < 0.85 && fitting.length > 0 ? fitting : current;
      if (action === 'create' || candidates.length === 0) {
        await createOrder(t, tenant);
      } else if (action === 'bulk') {
        await t.app.db.withTenant(tenant, (tx) => tx.execute(bulkInsert(tenant, `R${step}-`, 1 + (step % 7))));
      } else {
        const order = pick(candidates);
        const res = await flow(t, tenant, String(order.id), action, { version: order.version, reason: 'test' });
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) moved.add(action);
      }
    }
    expect([...moved].sort()).toEqual(Object.keys(from).sort());
    await expectExact(tenant, 'series');

    const actual = await actualCounts(db(), tenant);
    const sum = (statuses: readonly string[]) => statuses.reduce((n, s) => n + actual[s]!, 0);
    const visible = ORDER_STATUSES.filter((s) => s !== 'Deleted');
    const cases: Array<[Record<string, string | number>, number]> = [
      [{ hide: 0 }, sum(visible)],
      [{ hide: 1 }, sum(visible)],
      ...ORDER_STATUSES.map((s): [Record<string, string | number>, number] => [
        { hide: 0, filters: JSON.stringify({ orderStatus: `eq@${s}` }) },
        actual[s]!,
      ]),
      [{ hide: 1, filters: JSON.stringify({ orderStatus: 'eq@Deleted' }) }, 0],
      [
        { hide: 0, filters: JSON.stringify({ orderStatus: 'in@Draft Order,Deleted' }) },
        sum(['Draft Order', 'Deleted']),
      ],
      [{ hide: 0, filters: JSON.stringify({ orderStatus: 'ne@Canceled' }) }, sum(visible) - actual.Canceled!],
    ];
    for (const [query, total] of cases) {
      const page = await list(tenant, query);
      expect(page, JSON.stringify(query)).toMatchObject({ total, totalIsEstimate: false, statusCounts: actual });
    }
    // The counted path (a filter the summary cannot answer) agrees: every order here is manual.
    const counted = await list(tenant, { hide: 0, filters: JSON.stringify({ storeId: 'eq@manual' }) });
    expect(counted).toMatchObject({ total: sum(visible), totalIsEstimate: false, statusCounts: actual });
    expect(await keptCounts(db(), other)).toEqual(otherCounts);
  });

  it('forgets a deleted tenant, even when its count rows go before its orders', async () => {
    const gone = newTenantId();
    await createOrder(t, gone);
    await t.app.db.withTenant(gone, (tx) => tx.execute(bulkInsert(gone, 'G-', 60)));
    await expectExact(gone);
    await db().execute(sql`DELETE FROM tenants WHERE id = ${gone}`);
    expect(await keptCounts(db(), gone)).toEqual(zeros());
    expect(await rows(db(), sql`SELECT 1 FROM order_status_counts WHERE tenant_id = ${gone}`)).toEqual([]);

    // The cascade may remove the count rows first; the orders' delete must then add no negative row.
    const lost = newTenantId();
    await db().execute(sql`INSERT INTO tenants (id) VALUES (${lost})`);
    await db().execute(bulkInsert(lost, 'L-', 12));
    await db().transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM order_status_counts WHERE tenant_id = ${lost}`);
      await tx.execute(sql`DELETE FROM orders WHERE tenant_id = ${lost}`);
      await tx.execute(sql`DELETE FROM tenants WHERE id = ${lost}`);
    });
    expect(await rows(db(), sql`SELECT 1 FROM order_status_counts WHERE tenant_id = ${lost}`)).toEqual([]);
    await expectExact(tenant);
    expect(await keptCounts(db(), other)).toEqual(otherCounts);
  });

  // Last: it empties every tenant's orders.
  it('empties the counts when orders are truncated', async () => {
    await db().execute(sql`TRUNCATE orders CASCADE`);
    expect(await rows(db(), sql`SELECT 1 FROM order_status_counts`)).toEqual([]);
    expect((await list(tenant, { hide: 0 })).statusCounts).toEqual(zeros());
  });
});

describe.each(backends)('order status counts migration ($name)', (backend) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shipdesk-counts-migration-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the orders that exist when it runs', async () => {
    // The migrations before this one, in drizzle-kit's layout.
    const source = MIGRATIONS.migrationsFolder;
    const earlier = join(dir, 'migrations');
    mkdirSync(join(earlier, 'meta'), { recursive: true });
    const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const index = journal.entries.findIndex((e) => e.tag.endsWith('_order_status_counts'));
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(join(earlier, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries)
      copyFileSync(join(source, `${entry.tag}.sql`), join(earlier, `${entry.tag}.sql`));

    const fresh = await backend.create();
    try {
      const options = { dataDir: fresh.config.dataDir, databaseUrl: fresh.config.databaseUrl };
      const old = await openKitDatabase({
        ...options,
        name: 'server',
        schema,
        migrations: { ...MIGRATIONS, migrationsFolder: earlier },
        advisoryLockKey: 7_305_118_201,
      });
      const tenantA = newTenantId();
      const tenantB = newTenantId();
      try {
        await old.migrate();
        await old.db.execute(sql`INSERT INTO tenants (id) VALUES (${tenantA}), (${tenantB})`);
        await old.db.execute(bulkInsert(tenantA, 'A-', 61));
        await old.db.execute(bulkInsert(tenantB, 'B-', 7));
      } finally {
        await old.close();
      }

      const database = await openDatabase(options);
      try {
        await database.migrate();
        const counts = await keptCounts(database.db, tenantA);
        expect(counts).toEqual(await actualCounts(database.db, tenantA));
        expect(counts['Sales Order']).toBe(11);
        expect(await keptCounts(database.db, tenantB)).toEqual(await actualCounts(database.db, tenantB));
        // And from there on the triggers keep them.
        await database.withTenant(tenantB, (tx) => tx.execute(bulkInsert(tenantB, 'B2-', 5)));
        expect(await keptCounts(database.db, tenantB)).toEqual(await actualCounts(database.db, tenantB));
      } finally {
        await database.close();
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
