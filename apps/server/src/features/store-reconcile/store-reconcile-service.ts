import { RECONCILE_DAYS, type ReconcileRun, type ReconcileView } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ReconcileFindingRow, ReconcileRunRow, StoreRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { createReconcileRepository } from './store-reconcile-repository.ts';
import { reconcileJobKey, type ReconcileJob } from './store-reconcile-worker.ts';

/** A store's missing-orders check (issue 30, point 3): start one, read the latest, fix what it found. */

interface ReconcileServiceDeps {
  database: Database;
  queue: Pick<JobQueue<ReconcileJob>, 'sendIn' | 'wake'>;
}

/** The findings a view lists at most (the count of the rest is answered). */
const LISTED = 500;
const repo = createReconcileRepository();

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRun(row: ReconcileRunRow): ReconcileRun {
  return {
    id: String(row.id),
    storeId: String(row.storeId),
    days: row.days,
    state: row.state as ReconcileRun['state'],
    pages: row.pages,
    ordersChecked: row.ordersChecked,
    error: row.error,
    queuedAt: iso(row.queuedAt)!,
    finishedAt: iso(row.finishedAt),
    fix: {
      state: row.fixState as ReconcileRun['fix']['state'],
      fixed: row.fixed,
      failed: row.fixFailed,
      error: row.fixError,
      finishedAt: iso(row.fixFinishedAt),
    },
  };
}

function toFinding(row: ReconcileFindingRow): ReconcileView['findings'][number] {
  return {
    externalId: row.externalId,
    orderNumber: row.orderNumber,
    kind: row.kind as ReconcileView['findings'][number]['kind'],
    channelOrderDate: iso(row.channelOrderDate),
    channelUpdatedAt: iso(row.channelUpdatedAt),
    orderId: row.orderId === null ? null : String(row.orderId),
    note: row.note,
    resolvedAt: iso(row.resolvedAt),
  };
}

/** The store, if it has a channel to compare with; else the field error naming why not. */
async function checkableStore(tx: Executor, tenantId: string, storeId: number): Promise<StoreRow> {
  const store = await repo.findStore(tx, tenantId, storeId);
  if (!store) throw notFound('Store not found');
  if (store.sourceType === 'Wholesale') {
    throw badRequest(
      { storeId: 'a Wholesale store has no channel to compare with' },
      'Wholesale stores have no channel',
    );
  }
  if (store.archivedAt) throw badRequest({ storeId: 'the store is archived' }, 'This store is archived');
  if (store.status === 'uninstalled') {
    throw badRequest({ storeId: 'the app was uninstalled from this store' }, 'Install the app again to check orders');
  }
  return store;
}

export function createReconcileService(deps: ReconcileServiceDeps) {
  const { database, queue } = deps;

  async function view(tenantId: string, storeId: number): Promise<ReconcileView> {
    return database.withTenant(
      tenantId,
      async (tx) => {
        if (!(await repo.findStore(tx, tenantId, storeId))) throw notFound('Store not found');
        const run = await repo.latestRun(tx, tenantId, storeId);
        if (!run) return { run: null, findings: [], more: 0 };
        const { rows, total } = await repo.listFindings(tx, tenantId, run.id, LISTED);
        return { run: toRun(run), findings: rows.map(toFinding), more: Math.max(0, total - rows.length) };
      },
      { readOnly: true },
    );
  }

  /** Starts a check of the last `days` days; while one is going (or its fix), answers that one. */
  async function start(
    tenantId: string,
    storeId: number,
    days: number = RECONCILE_DAYS.default,
  ): Promise<ReconcileView> {
    if (!Number.isInteger(days) || days < RECONCILE_DAYS.min || days > RECONCILE_DAYS.max) {
      throw badRequest({ days: `must be a whole number from ${RECONCILE_DAYS.min} to ${RECONCILE_DAYS.max}` });
    }
    const started = await database.withTenant(tenantId, async (tx) => {
      await checkableStore(tx, tenantId, storeId);
      if (await repo.activeRun(tx, tenantId, storeId)) return false;
      const run = await repo.insertRun(tx, tenantId, storeId, days);
      if (!run) return false;
      const job: ReconcileJob = { tenantId, runId: run.id, step: 'check' };
      await queue.sendIn(tx, job, { singletonKey: reconcileJobKey(job) });
      return true;
    });
    if (started) queue.wake();
    return view(tenantId, storeId);
  }

  /** "Fetch and fix": the latest finished check's open findings, through the pull's writer. */
  async function fix(tenantId: string, storeId: number): Promise<ReconcileView> {
    const queued = await database.withTenant(tenantId, async (tx) => {
      await checkableStore(tx, tenantId, storeId);
      const run = await repo.latestRun(tx, tenantId, storeId);
      if (!run) throw badRequest({ storeId: 'has no missing-orders check yet; run one first' }, 'Run a check first');
      if (run.fixState === 'queued' || run.fixState === 'running') return false;
      if (run.state !== 'succeeded') {
        throw badRequest({ storeId: 'its latest check has not finished well; run it again' }, 'Run the check again');
      }
      if (!(await repo.queueFix(tx, tenantId, run.id))) return false;
      const job: ReconcileJob = { tenantId, runId: run.id, step: 'fix' };
      await queue.sendIn(tx, job, { singletonKey: reconcileJobKey(job) });
      return true;
    });
    if (queued) queue.wake();
    return view(tenantId, storeId);
  }

  return { view, start, fix };
}

export type ReconcileService = ReturnType<typeof createReconcileService>;
