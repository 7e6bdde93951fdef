import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The tables a pull's foreign-key checks look rows up in: each line and address checks its order, each delivery line
 * its delivery and its line.
 */
const REFERENCED_TABLES = ['orders', 'order_lines', 'deliveries'] as const;

async function knownOrders(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`SELECT reltuples FROM pg_class WHERE oid = 'public.orders'::regclass`,
  )) as unknown as { rows: Array<{ reltuples: number | string }> };
  return Number(result.rows[0]?.reltuples ?? -1);
}

/**
 * Orders in the statistics from which a cached foreign-key plan no longer depends on them: the primary key is the
 * only sensible lookup at any size from here. Past it, a pull stops analyzing page by page (on 100,000 orders the
 * later analyses cost more than a second of a 20-second pull) and analyzes once after its run instead.
 */
const SETTLED_ORDERS = 10_000;

/**
 * Keeps the planner's statistics up with a pull that fills the order tables. PostgreSQL caches the plan of a
 * foreign-key check per connection; planned on tables that were never analyzed (a fresh database) or that hold a
 * fraction of what the pull brings, it may look the order up through another index of the tenant's orders and read
 * them all, one check after the other: a 100,000-order first import then slows with every page. Autovacuum analyzes
 * on PostgreSQL only after its nap (a minute by default), and PGlite has no autovacuum at all. So a pull analyzes
 * these tables itself, as the owner (ANALYZE also invalidates the cached plans), whenever it has inserted more orders
 * since the statistics were taken than they count: after its first page on a fresh database, then each time the table
 * has doubled until the statistics count `settled` orders, and never on a database whose orders dwarf the pull.
 * After the run, `afterRun` brings them up to date once for the list queries that follow (PGlite needs it).
 */
export function createTableStatistics(
  database: Database,
  onError: (error: unknown) => void,
  settled: number = SETTLED_ORDERS,
) {
  /** Orders in the statistics (-1: never analyzed), and this run's inserts when they were taken. */
  let known: number | null = null;
  let insertedThen = 0;
  let failed = false;
  async function analyzeIfDoubled(inserted: number, last: boolean): Promise<void> {
    if (failed || inserted === 0) return;
    try {
      known ??= await knownOrders(database);
      if (inserted - insertedThen <= known || (!last && known >= settled)) return;
      await database.db.execute(sql.raw(`ANALYZE ${REFERENCED_TABLES.join(', ')}`));
      // At least what the pull inserted: a role ANALYZE skips with a warning does not try again each page.
      known = Math.max(await knownOrders(database), inserted);
      insertedThen = inserted;
    } catch (error) {
      // Only a speed-up: a role that may not analyze (not the tables' owner) pulls all the same.
      failed = true;
      onError(error);
    }
  }
  return {
    /** `inserted`: the orders this run has inserted so far. */
    afterPage: (inserted: number) => analyzeIfDoubled(inserted, false),
    /** Once the run has finished: `inserted` is all it inserted. */
    afterRun: (inserted: number) => analyzeIfDoubled(inserted, true),
  };
}
