import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stores, syncRuns, webhookEvents, type StoreRow, type SyncRunRow } from '../../db/schema/index.ts';

/**
 * All SQL of store sync. Tenant-scoped functions take a transaction of `withTenant`; the cross-tenant ones (the
 * scheduled pulls, a webhook's store) run on the owner's connection and return only ids to hand back to tenant work.
 */

export type SyncCursor = NonNullable<StoreRow['syncCursor']>;

interface PageProgress {
  pages: number;
  seen: number;
  inserted: number;
  updated: number;
  failed: number;
  firstError: string | null;
}

async function rows<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

async function findStore(tx: Executor, tenantId: string, storeId: number): Promise<StoreRow | undefined> {
  const [row] = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  return row;
}

async function activeRun(tx: Executor, tenantId: string, storeId: number): Promise<SyncRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(syncRuns)
    .where(
      and(
        eq(syncRuns.tenantId, tenantId),
        eq(syncRuns.storeId, storeId),
        sql`${syncRuns.state} IN ('queued', 'running')`,
      ),
    );
  return row;
}

/** A new queued run, or undefined when the store already has one (the partial unique index decides). */
async function insertRun(
  tx: Executor,
  tenantId: string,
  storeId: number,
  trigger: string,
): Promise<SyncRunRow | undefined> {
  const [row] = await tx.insert(syncRuns).values({ tenantId, storeId, trigger }).onConflictDoNothing().returning();
  return row;
}

async function findRun(tx: Executor, tenantId: string, runId: number): Promise<SyncRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.tenantId, tenantId), eq(syncRuns.id, runId)));
  return row;
}

async function listRuns(tx: Executor, tenantId: string, storeId: number, limit: number): Promise<SyncRunRow[]> {
  return tx
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.tenantId, tenantId), eq(syncRuns.storeId, storeId)))
    .orderBy(desc(syncRuns.id))
    .limit(limit);
}

/**
 * Takes the run for `holder`, one run of a pg-boss job (plugins/background.ts): a queued run, or a running one,
 * whose previous holder has finished its slice or stopped (pg-boss starts a job's next run only then, or after
 * its expiry). A holder that still writes after losing the run is refused at its next page (`commitPage`).
 * `counts`: a start that is not the planned next slice of the same run (the first, a retry, a hand-back).
 */
async function claimRun(
  tx: Executor,
  tenantId: string,
  runId: number,
  holder: string,
  counts: boolean,
): Promise<SyncRunRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(
    tx,
    sql`UPDATE sync_runs SET state = 'running', worker_id = ${holder},
          started_at = COALESCE(started_at, now()), attempts = attempts + ${counts ? 1 : 0}
        WHERE tenant_id = ${tenantId} AND id = ${runId} AND state IN ('queued', 'running')
        RETURNING id`,
  );
  return row ? findRun(tx, tenantId, runId) : undefined;
}

/**
 * Counts a committed page and moves the store's cursor, if `run.workerId` (its holder) still holds the run: the
 * run as it now stands, or undefined when another took it (the caller rolls back, which undoes the cursor and any
 * job sent with the page too). Both statements go in one round trip.
 */
async function commitPage(
  tx: Executor,
  tenantId: string,
  run: { id: number; storeId: number; workerId: string },
  progress: PageProgress,
  cursor: SyncCursor,
): Promise<SyncRunRow | undefined> {
  const [[row]] = await Promise.all([
    tx
      .update(syncRuns)
      .set({
        pages: sql`${syncRuns.pages} + ${progress.pages}`,
        ordersSeen: sql`${syncRuns.ordersSeen} + ${progress.seen}`,
        ordersNew: sql`${syncRuns.ordersNew} + ${progress.inserted}`,
        ordersUpdated: sql`${syncRuns.ordersUpdated} + ${progress.updated}`,
        ordersFailed: sql`${syncRuns.ordersFailed} + ${progress.failed}`,
        error: sql`COALESCE(${syncRuns.error}, ${progress.firstError})`,
      })
      .where(
        and(
          eq(syncRuns.tenantId, tenantId),
          eq(syncRuns.id, run.id),
          eq(syncRuns.workerId, run.workerId),
          eq(syncRuns.state, 'running'),
        ),
      )
      .returning(),
    tx
      .update(stores)
      // A page the channel answered is hearing from it, however long the whole pull takes.
      .set({ syncCursor: cursor, lastHeardAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(stores.tenantId, tenantId), eq(stores.id, run.storeId))),
  ]);
  return row;
}

/** Back to the queue (shutdown): the job sent with it resumes it on another worker, or this one after a restart. */
async function releaseRun(tx: Executor, tenantId: string, runId: number, holder: string): Promise<void> {
  await tx.execute(
    sql`UPDATE sync_runs SET state = 'queued', worker_id = NULL
        WHERE tenant_id = ${tenantId} AND id = ${runId} AND worker_id = ${holder} AND state = 'running'`,
  );
}

async function finishRun(
  tx: Executor,
  tenantId: string,
  run: { id: number; storeId: number; workerId: string | null },
  outcome: { state: 'succeeded' | 'failed' | 'stalled'; error: string | null },
): Promise<void> {
  const worker = run.workerId === null ? sql`TRUE` : sql`worker_id = ${run.workerId}`;
  const done = await rows<{ id: unknown }>(
    tx,
    sql`UPDATE sync_runs SET state = ${outcome.state}, error = COALESCE(${outcome.error}, error),
          finished_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${run.id} AND ${worker} AND state IN ('queued', 'running')
        RETURNING id`,
  );
  if (done.length === 0) return;
  await tx
    .update(stores)
    .set({
      lastSyncAt: sql`now()`,
      // A failed or stalled pull did not hear from the channel; a store that only fails goes quiet (the stall alert).
      lastHeardAt: outcome.state === 'succeeded' ? sql`now()` : sql`${stores.lastHeardAt}`,
      problem: outcome.state === 'succeeded' ? null : outcome.error,
      status: sql`CASE WHEN ${stores.status} = 'error' AND ${outcome.state} = 'succeeded' THEN 'active' ELSE ${stores.status} END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, run.storeId)));
}

/** The store's sealed credentials as they are now, its row locked until the transaction ends. */
async function lockCredentials(tx: Executor, tenantId: string, storeId: number): Promise<string | null> {
  const [row] = await tx
    .select({ credentials: stores.credentials })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)))
    .for('update');
  return row?.credentials ?? null;
}

async function saveCredentials(tx: Executor, tenantId: string, storeId: number, sealed: string | null): Promise<void> {
  await tx
    .update(stores)
    .set({ credentials: sealed, updatedAt: sql`now()` })
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
}

async function setProblem(tx: Executor, tenantId: string, storeId: number, problem: string | null): Promise<void> {
  await tx
    .update(stores)
    .set({ problem })
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
}

async function scheduleNext(tx: Executor, tenantId: string, storeId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE stores SET next_sync_at = CASE WHEN sync_interval_minutes IS NULL THEN NULL
          ELSE now() + make_interval(mins => sync_interval_minutes) END
        WHERE tenant_id = ${tenantId} AND id = ${storeId}`,
  );
}

/** Records a webhook delivery; false when this event id was already taken in (a replay). */
async function recordWebhookEvent(
  tx: Executor,
  tenantId: string,
  event: { storeId: number; eventId: string; topic: string | null; externalOrderId: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({ tenantId, ...event })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

async function webhookEventSeen(tx: Executor, tenantId: string, storeId: number, eventId: string): Promise<boolean> {
  const found = await tx
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(
      and(eq(webhookEvents.tenantId, tenantId), eq(webhookEvents.storeId, storeId), eq(webhookEvents.eventId, eventId)),
    );
  return found.length > 0;
}

export function createSyncRepository() {
  return {
    findStore,
    activeRun,
    insertRun,
    findRun,
    listRuns,
    claimRun,
    commitPage,
    releaseRun,
    finishRun,
    lockCredentials,
    saveCredentials,
    setProblem,
    scheduleNext,
    recordWebhookEvent,
    webhookEventSeen,
  };
}

/** Cross-tenant reads of the scheduled pulls and the webhooks (owner connection; ids only). */
export function createSyncMonitorRepository() {
  return {
    async dueStores(db: Executor): Promise<Array<{ tenantId: string; storeId: number }>> {
      const found = await rows<{ tenant_id: string; id: string | number }>(
        db,
        sql`SELECT tenant_id, id FROM stores
            WHERE next_sync_at IS NOT NULL AND status = 'active' AND next_sync_at <= now()
            ORDER BY next_sync_at LIMIT 100`,
      );
      return found.map((r) => ({ tenantId: r.tenant_id, storeId: Number(r.id) }));
    },

    /** The store a webhook URL names (its unguessable key), with its tenant. */
    async storeByWebhookKey(
      db: Executor,
      webhookKey: string,
    ): Promise<{ tenantId: string; storeId: number } | undefined> {
      const [row] = await rows<{ tenant_id: string; id: string | number }>(
        db,
        sql`SELECT tenant_id, id FROM stores WHERE webhook_key = ${webhookKey}`,
      );
      return row ? { tenantId: row.tenant_id, storeId: Number(row.id) } : undefined;
    },
  };
}
