import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.ts';
import { backends, newTenantId } from '../../../test/app-helper.ts';
import { createTableStatistics } from './orders-table-statistics.ts';

describe.each(backends)('order table statistics during a pull ($name)', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const tenant = newTenantId();
  let inserted = 0;

  beforeAll(async () => {
    const created = await backend.create();
    cleanup = created.cleanup;
    database = await openDatabase(created.config);
    await database.migrate();
    await database.db.execute(sql`INSERT INTO tenants (id) VALUES (${tenant})`);
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  /** What a pull's pages leave behind, written as the owner. */
  async function insertOrders(n: number): Promise<number> {
    await database.db.execute(sql`
      INSERT INTO orders (tenant_id, store_id, source_type, external_id, order_number, order_date, order_status,
        payment_status, shipment_status, currency)
      SELECT ${tenant}, 1, 'Shopify', 'ext-' || g, '#' || g, now(), 'Sales Order', 'Paid', 'Unshipped', 'USD'
      FROM generate_series(${inserted + 1}::int, ${inserted + n}::int) AS g`);
    inserted += n;
    return inserted;
  }

  const knownOrders = async () =>
    Number(
      (
        (await database.db.execute(
          sql`SELECT reltuples FROM pg_class WHERE oid = 'public.orders'::regclass`,
        )) as unknown as { rows: Array<{ reltuples: number | string }> }
      ).rows[0]!.reltuples,
    );

  it('analyzes after the first page of a fresh database, then only once the table has doubled', async () => {
    const errors: unknown[] = [];
    const statistics = createTableStatistics(database, (error) => errors.push(error));
    expect(await knownOrders()).toBeLessThanOrEqual(0);

    await statistics.afterPage(0);
    expect(await knownOrders()).toBeLessThanOrEqual(0);

    await statistics.afterPage(await insertOrders(40));
    expect(await knownOrders()).toBe(40);

    // 30 more since the statistics counted 40: not doubled, no ANALYZE.
    await statistics.afterPage(await insertOrders(30));
    expect(await knownOrders()).toBe(40);

    await statistics.afterPage(await insertOrders(20));
    expect(await knownOrders()).toBe(90);
    expect(errors).toEqual([]);
  });

  it('stops analyzing page by page once the statistics are settled, and analyzes once after the run', async () => {
    const statistics = createTableStatistics(database, () => undefined, 150);
    const start = inserted;
    const before = await knownOrders();
    expect(before).toBeLessThan(150);

    // Doubled (more inserted than the statistics count) while they count fewer than 150: analyzed.
    await insertOrders(before + 10);
    await statistics.afterPage(inserted - start);
    const settled = await knownOrders();
    expect(settled).toBe(inserted);
    expect(settled).toBeGreaterThanOrEqual(150);

    // Doubled again, but settled: no ANALYZE during the run...
    await insertOrders(settled + 10);
    await statistics.afterPage(inserted - start);
    expect(await knownOrders()).toBe(settled);

    // ...and one when it ends.
    await statistics.afterRun(inserted - start);
    expect(await knownOrders()).toBe(inserted);
  });

  it('leaves a table whose statistics already count more orders than the pull brings', async () => {
    const statistics = createTableStatistics(database, () => undefined);
    const before = await knownOrders();
    await insertOrders(50);
    await statistics.afterPage(50);
    expect(await knownOrders()).toBe(before);
  });
});
