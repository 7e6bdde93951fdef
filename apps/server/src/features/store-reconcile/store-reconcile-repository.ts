import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ReconcileFindingKind } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import {
  reconcileFindings,
  reconcileRuns,
  orders,
  type ReconcileFindingRow,
  type ReconcileRunRow,
} from '../../db/schema/index.ts';
import { createSyncRepository } from '../stores/index.ts';

/**
 * All SQL of the missing-orders checks. Every function takes a transaction of `withTenant`. A worker's writes are
 * fenced by its holder (`worker_id`): a job run that lost the run (it ran past its expiry) changes nothing.
 */

export interface NewFinding {
  externalId: string;
  kind: ReconcileFindingKind;
  orderNumber: string;
  orderId: number | null;
  channelOrderDate: Date | null;
  channelUpdatedAt: Date | null;
}

interface StoredOrder {
  id: number;
  externalId: string;
  externalUpdatedAt: Date | string | null;
  orderStatus: string;
}

type Cursor = NonNullable<ReconcileRunRow['cursor']>;

const ACTIVE = sql`(${reconcileRuns.state} IN ('queued', 'running') OR ${reconcileRuns.fixState} IN ('queued', 'running'))`;

async function activeRun(tx: Executor, tenantId: string, storeId: number): Promise<ReconcileRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(reconcileRuns)
    .where(and(eq(reconcileRuns.tenantId, tenantId), eq(reconcileRuns.storeId, storeId), ACTIVE));
  return row;
}

/** A new queued check, or undefined when the store has one going (the partial unique index decides). */
async function insertRun(
  tx: Executor,
  tenantId: string,
  storeId: number,
  days: number,
): Promise<ReconcileRunRow | undefined> {
  const [row] = await tx
    .insert(reconcileRuns)
    .values({
      tenantId,
      storeId,
      days,
      since: sql`now() - make_interval(days => ${days})`,
      cursor: { pageToken: null },
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

async function latestRun(tx: Executor, tenantId: string, storeId: number): Promise<ReconcileRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(reconcileRuns)
    .where(and(eq(reconcileRuns.tenantId, tenantId), eq(reconcileRuns.storeId, storeId)))
    .orderBy(desc(reconcileRuns.id))
    .limit(1);
  return row;
}

async function findRun(tx: Executor, tenantId: string, runId: number): Promise<ReconcileRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(reconcileRuns)
    .where(and(eq(reconcileRuns.tenantId, tenantId), eq(reconcileRuns.id, runId)));
  return row;
}

/** Takes the check (or its fix) for `holder`; undefined when it is finished. */
async function claim(
  tx: Executor,
  tenantId: string,
  runId: number,
  step: 'check' | 'fix',
  holder: string,
): Promise<ReconcileRunRow | undefined> {
  const going =
    step === 'check'
      ? sql`${reconcileRuns.state} IN ('queued', 'running')`
      : sql`${reconcileRuns.fixState} IN ('queued', 'running')`;
  const [row] = await tx
    .update(reconcileRuns)
    .set(step === 'check' ? { state: 'running', workerId: holder } : { fixState: 'running', workerId: holder })
    .where(and(eq(reconcileRuns.tenantId, tenantId), eq(reconcileRuns.id, runId), going))
    .returning();
  return row;
}

/** This store's orders among `externalIds`, as the comparison needs them. */
async function storedOrders(
  tx: Executor,
  tenantId: string,
  storeId: number,
  externalIds: readonly string[],
): Promise<StoredOrder[]> {
  if (externalIds.length === 0) return [];
  return tx
    .select({
      id: orders.id,
      externalId: sql<string>`${orders.externalId}`,
      externalUpdatedAt: orders.externalUpdatedAt,
      orderStatus: orders.orderStatus,
    })
    .from(orders)
    .where(
      and(eq(orders.tenantId, tenantId), eq(orders.storeId, storeId), inArray(orders.externalId, [...externalIds])),
    );
}

/**
 * A page's findings with the run's counters and cursor, if `holder` still holds the run; false when another took it
 * (the caller rolls back). A page read again after a restart rewrites the same rows.
 */
async function commitPage(
  tx: Executor,
  tenantId: string,
  run: { id: number; holder: string },
  page: { findings: NewFinding[]; checked: number; cursor: Cursor },
): Promise<boolean> {
  const [held] = await tx
    .update(reconcileRuns)
    .set({
      pages: sql`${reconcileRuns.pages} + 1`,
      ordersChecked: sql`${reconcileRuns.ordersChecked} + ${page.checked}`,
      cursor: page.cursor,
    })
    .where(
      and(
        eq(reconcileRuns.tenantId, tenantId),
        eq(reconcileRuns.id, run.id),
        eq(reconcileRuns.workerId, run.holder),
        eq(reconcileRuns.state, 'running'),
      ),
    )
    .returning({ id: reconcileRuns.id });
  if (!held) return false;
  if (page.findings.length > 0) {
    await tx
      .insert(reconcileFindings)
      .values(page.findings.map((f) => ({ tenantId, runId: run.id, ...f })))
      .onConflictDoUpdate({
        target: [reconcileFindings.tenantId, reconcileFindings.runId, reconcileFindings.externalId],
        set: {
          kind: sql`excluded.kind`,
          orderNumber: sql`excluded.order_number`,
          orderId: sql`excluded.order_id`,
          channelOrderDate: sql`excluded.channel_order_date`,
          channelUpdatedAt: sql`excluded.channel_updated_at`,
        },
      });
  }
  return true;
}

/** Ends the check (`holder` null: whoever holds it, for the dead-letter queue). */
async function finishCheck(
  tx: Executor,
  tenantId: string,
  runId: number,
  holder: string | null,
  outcome: { state: 'succeeded' | 'failed'; error: string | null },
): Promise<void> {
  const fence = holder === null ? sql`TRUE` : eq(reconcileRuns.workerId, holder);
  await tx
    .update(reconcileRuns)
    .set({ state: outcome.state, error: outcome.error, finishedAt: sql`now()`, workerId: null })
    .where(
      and(
        eq(reconcileRuns.tenantId, tenantId),
        eq(reconcileRuns.id, runId),
        fence,
        sql`${reconcileRuns.state} IN ('queued', 'running')`,
      ),
    );
}

/** Queues the fix of a finished check, starting over its open findings. False when it cannot be fixed now. */
async function queueFix(tx: Executor, tenantId: string, runId: number): Promise<boolean> {
  const queued = await tx
    .update(reconcileRuns)
    .set({
      fixState: 'queued',
      fixed: 0,
      fixFailed: 0,
      fixError: null,
      fixFinishedAt: null,
      cursor: sql`coalesce(${reconcileRuns.cursor}, '{}'::jsonb) - 'fixAfter'`,
    })
    .where(
      and(
        eq(reconcileRuns.tenantId, tenantId),
        eq(reconcileRuns.id, runId),
        eq(reconcileRuns.state, 'succeeded'),
        sql`${reconcileRuns.fixState} NOT IN ('queued', 'running')`,
      ),
    )
    .returning({ id: reconcileRuns.id });
  return queued.length > 0;
}

/** The next open findings of a fix, after the last one it took. */
async function openFindings(
  tx: Executor,
  tenantId: string,
  runId: number,
  after: string | null,
  limit: number,
): Promise<ReconcileFindingRow[]> {
  return tx
    .select()
    .from(reconcileFindings)
    .where(
      and(
        eq(reconcileFindings.tenantId, tenantId),
        eq(reconcileFindings.runId, runId),
        isNull(reconcileFindings.resolvedAt),
        after === null ? undefined : gt(reconcileFindings.externalId, after),
      ),
    )
    .orderBy(asc(reconcileFindings.externalId))
    .limit(limit);
}

/**
 * A fix's batch: the findings taken in resolved, the others noted with why, the counters and its place moved, if
 * `holder` still holds the fix.
 */
async function commitFixBatch(
  tx: Executor,
  tenantId: string,
  run: { id: number; holder: string },
  batch: { resolved: string[]; noted: Array<{ externalId: string; note: string }>; after: string },
): Promise<boolean> {
  const [held] = await tx
    .update(reconcileRuns)
    .set({
      fixed: sql`${reconcileRuns.fixed} + ${batch.resolved.length}`,
      fixFailed: sql`${reconcileRuns.fixFailed} + ${batch.noted.length}`,
      cursor: sql`coalesce(${reconcileRuns.cursor}, '{}'::jsonb) || ${JSON.stringify({ fixAfter: batch.after })}::jsonb`,
    })
    .where(
      and(
        eq(reconcileRuns.tenantId, tenantId),
        eq(reconcileRuns.id, run.id),
        eq(reconcileRuns.workerId, run.holder),
        eq(reconcileRuns.fixState, 'running'),
      ),
    )
    .returning({ id: reconcileRuns.id });
  if (!held) return false;
  const mine = and(eq(reconcileFindings.tenantId, tenantId), eq(reconcileFindings.runId, run.id));
  for (const externalId of batch.resolved) {
    await tx
      .update(reconcileFindings)
      .set({ resolvedAt: sql`now()`, note: null })
      .where(and(mine, eq(reconcileFindings.externalId, externalId)));
  }
  for (const { externalId, note } of batch.noted) {
    await tx
      .update(reconcileFindings)
      .set({ note })
      .where(and(mine, eq(reconcileFindings.externalId, externalId)));
  }
  return true;
}

async function finishFix(
  tx: Executor,
  tenantId: string,
  runId: number,
  holder: string | null,
  outcome: { state: 'succeeded' | 'failed'; error: string | null },
): Promise<void> {
  const fence = holder === null ? sql`TRUE` : eq(reconcileRuns.workerId, holder);
  await tx
    .update(reconcileRuns)
    .set({ fixState: outcome.state, fixError: outcome.error, fixFinishedAt: sql`now()`, workerId: null })
    .where(
      and(
        eq(reconcileRuns.tenantId, tenantId),
        eq(reconcileRuns.id, runId),
        fence,
        sql`${reconcileRuns.fixState} IN ('queued', 'running')`,
      ),
    );
}

/** A run's findings, open ones first, then by order number; and how many there are in all. */
async function listFindings(
  tx: Executor,
  tenantId: string,
  runId: number,
  limit: number,
): Promise<{ rows: ReconcileFindingRow[]; total: number }> {
  const mine = and(eq(reconcileFindings.tenantId, tenantId), eq(reconcileFindings.runId, runId));
  const [listed, [count]] = await Promise.all([
    tx
      .select()
      .from(reconcileFindings)
      .where(mine)
      .orderBy(sql`${reconcileFindings.resolvedAt} IS NOT NULL`, asc(reconcileFindings.orderNumber))
      .limit(limit),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(reconcileFindings)
      .where(mine),
  ]);
  return { rows: listed, total: Number(count?.total ?? 0) };
}

export function createReconcileRepository() {
  return {
    // The store, read as the pull reads it.
    findStore: createSyncRepository().findStore,
    activeRun,
    insertRun,
    latestRun,
    findRun,
    claim,
    storedOrders,
    commitPage,
    finishCheck,
    queueFix,
    openFindings,
    commitFixBatch,
    finishFix,
    listFindings,
  };
}
