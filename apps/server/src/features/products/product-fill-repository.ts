import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configs } from '../../db/schema/index.ts';

/**
 * Where a tenant's fill of open orders from the catalogue stands (docs/products.md, "Filling open orders"): one row
 * of the tenant settings table (`configs`, key `product_weight_fill`, its `options`), not a table of its own. The
 * settings' own list does not answer it. Written in the transaction of each product change that asks for a fill
 * and of each batch of the fill, both holding the row's lock, so the two never lose each other's writes.
 */
const FILL_CONFIG_KEY = 'product_weight_fill';

export interface FillRecord {
  state: 'idle' | 'running';
  /** The SKUs whose live product got a new weight since the pass started. */
  skus: string[];
  /** `walk`: through the open orders by id; `retry`: the orders passed over for a label purchase in flight. */
  phase: 'walk' | 'retry';
  /** The highest order id the walk has looked at. */
  doneThrough: number;
  done: number;
  /** Open orders with lines to fill when the pass (re)started; null until its first batch counts them. */
  total: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Orders passed over for a purchase in flight, asked for again after the walk. */
  deferred: number[];
  /** How many times the deferred orders were asked for again. */
  retries: number;
  /** The run of the job working the pass (`JobRun.holder`): a run that lost it stops at its next batch. */
  worker: string | null;
}

const IDLE_FILL: FillRecord = {
  state: 'idle',
  skus: [],
  phase: 'walk',
  doneThrough: 0,
  done: 0,
  total: null,
  startedAt: null,
  finishedAt: null,
  deferred: [],
  retries: 0,
  worker: null,
};

const ofTenant = (tenantId: string) => and(eq(configs.tenantId, tenantId), eq(configs.key, FILL_CONFIG_KEY));

export function createProductFillRepository() {
  return {
    /** The tenant's record, locked to the caller's commit (made first when there is none, so it can be locked). */
    async lock(tx: Executor, tenantId: string): Promise<FillRecord> {
      await tx
        .insert(configs)
        .values({ tenantId, key: FILL_CONFIG_KEY, value: null, options: { ...IDLE_FILL } })
        .onConflictDoNothing({ target: [configs.tenantId, configs.key] });
      const [row] = await tx.select({ options: configs.options }).from(configs).where(ofTenant(tenantId)).for('update');
      return { ...IDLE_FILL, ...(row?.options as Partial<FillRecord> | null) };
    },

    async read(tx: Executor, tenantId: string): Promise<FillRecord> {
      const [row] = await tx.select({ options: configs.options }).from(configs).where(ofTenant(tenantId));
      return { ...IDLE_FILL, ...(row?.options as Partial<FillRecord> | null) };
    },

    async write(tx: Executor, tenantId: string, record: FillRecord): Promise<void> {
      await tx
        .update(configs)
        .set({ options: record as unknown as Record<string, unknown>, updatedAt: sql`now()` })
        .where(ofTenant(tenantId));
    },

    /** How many tenants' fills are running (the owner's connection: every tenant), for tests and benchmarks. */
    async running(db: Executor): Promise<number> {
      const result = (await db.execute(sql`
        SELECT count(*) AS n FROM configs
        WHERE key = ${FILL_CONFIG_KEY} AND options ->> 'state' = 'running'`)) as unknown as {
        rows: Array<{ n: string | number }>;
      };
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
