import { OrderRealtimeEvent, type SourceType } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ChannelAdapter, ChannelOrder } from '../../integrations/channels/channel-types.ts';
import type { StoreRow } from '../../db/schema/index.ts';
import type { JobQueue, JobRun } from '../../plugins/background.ts';
import { prepareChannelRules } from '../shipping-rules/index.ts';
import {
  channelOrderProblem,
  describeSyncError,
  newestPerOrder,
  upsertChannelOrders,
  type WeightFill,
} from '../stores/index.ts';
import { createReconcileRepository, type NewFinding } from './store-reconcile-repository.ts';
import { findingKind } from './store-reconcile-rules.ts';

/**
 * The work of a `store-reconcile` job: a check pages the channel over its window, each page's findings committed with
 * the page token that follows them, so a job run again after a restart resumes where the last commit left it; a fix
 * fetches each open finding fresh and writes it through the pull's own page writer (`upsertChannelOrders`), so an
 * order already current changes nothing. A slice whose time is up sends the next job in its last transaction.
 */

export interface ReconcileJob {
  tenantId: string;
  runId: number;
  step: 'check' | 'fix';
}

interface ReconcileWorkerDeps {
  database: Database;
  queue: Pick<JobQueue<ReconcileJob>, 'sendIn' | 'wake'>;
  adapterFor(store: StoreRow): ChannelAdapter;
  notify(tenantId: string, event: string, payload: unknown): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  weightFill?: () => WeightFill | undefined;
}

const RECONCILE_ACTOR = { id: 'system:reconcile', email: 'reconcile@shipdesk' } as const;
/** Findings fetched per transaction of a fix. */
const FIX_BATCH = 20;
const repo = createReconcileRepository();

/** The run was taken by a newer run of its job: stop without writing. */
class LostRun extends Error {}

export const reconcileJobKey = (job: ReconcileJob) => `${job.tenantId}:${job.runId}:${job.step}`;

function toFinding(
  order: { externalId: string; orderNumber: string; orderDate: string; externalUpdatedAt: string },
  kind: NewFinding['kind'],
  orderId: number | null,
): NewFinding {
  const instant = (value: string) => (Number.isNaN(Date.parse(value)) ? null : new Date(value));
  return {
    externalId: order.externalId,
    kind,
    orderNumber: order.orderNumber || order.externalId,
    orderId,
    channelOrderDate: instant(order.orderDate),
    channelUpdatedAt: instant(order.externalUpdatedAt),
  };
}

export function createReconcileWorker(deps: ReconcileWorkerDeps) {
  const { database, queue } = deps;

  async function storeOf(tenantId: string, storeId: number): Promise<StoreRow | undefined> {
    return database.withTenant(tenantId, (tx) => repo.findStore(tx, tenantId, storeId));
  }

  async function check(job: ReconcileJob, jobRun: JobRun): Promise<void> {
    const { tenantId, runId } = job;
    const holder = jobRun.holder;
    const run = await database.withTenant(tenantId, (tx) => repo.claim(tx, tenantId, runId, 'check', holder));
    if (!run) return;
    const end = (state: 'succeeded' | 'failed', error: string | null) =>
      database.withTenant(tenantId, (tx) => repo.finishCheck(tx, tenantId, runId, holder, { state, error }));
    const store = await storeOf(tenantId, run.storeId);
    if (!store) return end('failed', 'The store was removed');
    const since = new Date(run.since).toISOString();
    let pageToken = run.cursor?.pageToken ?? null;
    try {
      const adapter = deps.adapterFor(store);
      for (;;) {
        const page = await adapter.listOrders({ updatedSince: since, pageToken });
        const orders = newestPerOrder(page.orders).filter((o) => o.externalId);
        const done = page.nextPageToken === null;
        const handOn = !done && jobRun.shouldYield();
        await database.withTenant(tenantId, async (tx) => {
          const ids = orders.map((o) => o.externalId);
          const stored = new Map((await repo.storedOrders(tx, tenantId, store.id, ids)).map((s) => [s.externalId, s]));
          const findings = orders.flatMap((order) => {
            const ours = stored.get(order.externalId);
            const kind = findingKind(order, ours);
            return kind ? [toFinding(order, kind, ours?.id ?? null)] : [];
          });
          const cursor = { pageToken: page.nextPageToken };
          const held = await repo.commitPage(
            tx,
            tenantId,
            { id: runId, holder },
            { findings, checked: orders.length, cursor },
          );
          if (!held) throw new LostRun();
          if (done) await repo.finishCheck(tx, tenantId, runId, holder, { state: 'succeeded', error: null });
          if (handOn) await queue.sendIn(tx, job, { singletonKey: reconcileJobKey(job) });
        });
        if (handOn) queue.wake();
        if (done || handOn) return;
        pageToken = page.nextPageToken;
      }
    } catch (error) {
      if (error instanceof LostRun) return;
      const message = describeSyncError(error);
      deps.log.warn({ runId, storeId: store.id, reason: message }, 'missing-orders check failed');
      await end('failed', message);
    }
  }

  /** One batch of a fix: fetched fresh, written through the pull's writer, the findings resolved or noted. */
  async function fixBatch(
    job: ReconcileJob,
    holder: string,
    store: StoreRow,
    adapter: ChannelAdapter,
    batch: Array<{ externalId: string }>,
    handOn: boolean,
  ): Promise<void> {
    const { tenantId, runId } = job;
    const noted: Array<{ externalId: string; note: string }> = [];
    const valid: ChannelOrder[] = [];
    for (const finding of batch) {
      const order = await adapter.getOrder(finding.externalId);
      const problem = order ? channelOrderProblem(order) : 'The channel no longer has this order';
      if (problem || !order) noted.push({ externalId: finding.externalId, note: problem ?? 'no order' });
      else valid.push(order);
    }
    const rules = await prepareChannelRules(database, tenantId, store.id, valid, deps.log);
    const written = await database.withTenant(tenantId, async (tx) => {
      const target = {
        tenantId,
        storeId: store.id,
        sourceType: store.sourceType as SourceType,
        actor: RECONCILE_ACTOR,
      };
      const result = await upsertChannelOrders(tx, { ...target, log: deps.log }, valid, rules);
      const fill = result.weighedSkus.length > 0 ? deps.weightFill?.() : undefined;
      await fill?.request(tx, tenantId, result.weighedSkus);
      const after = batch[batch.length - 1]!.externalId;
      const resolved = valid.map((o) => o.externalId);
      if (!(await repo.commitFixBatch(tx, tenantId, { id: runId, holder }, { resolved, noted, after }))) {
        throw new LostRun();
      }
      if (handOn) await queue.sendIn(tx, job, { singletonKey: reconcileJobKey(job) });
      return { orderIds: result.orderIds, fill };
    });
    written.fill?.start();
    if (written.orderIds.length > 0) {
      const orderIds = written.orderIds.map(String);
      deps.notify(tenantId, OrderRealtimeEvent.Changed, { orderIds, event: 'sync' });
    }
    if (handOn) queue.wake();
  }

  async function fix(job: ReconcileJob, jobRun: JobRun): Promise<void> {
    const { tenantId, runId } = job;
    const holder = jobRun.holder;
    const run = await database.withTenant(tenantId, (tx) => repo.claim(tx, tenantId, runId, 'fix', holder));
    if (!run) return;
    const end = (state: 'succeeded' | 'failed', error: string | null) =>
      database.withTenant(tenantId, (tx) => repo.finishFix(tx, tenantId, runId, holder, { state, error }));
    const store = await storeOf(tenantId, run.storeId);
    if (!store) return end('failed', 'The store was removed');
    let after = run.cursor?.fixAfter ?? null;
    try {
      const adapter = deps.adapterFor(store);
      for (;;) {
        const batch = await database.withTenant(tenantId, (tx) =>
          repo.openFindings(tx, tenantId, runId, after, FIX_BATCH),
        );
        if (batch.length === 0) return await end('succeeded', null);
        const handOn = jobRun.shouldYield();
        await fixBatch(job, holder, store, adapter, batch, handOn);
        if (handOn) return;
        after = batch[batch.length - 1]!.externalId;
      }
    } catch (error) {
      if (error instanceof LostRun) return;
      const message = describeSyncError(error);
      deps.log.warn({ runId, storeId: store.id, reason: message }, 'missing-orders fix failed');
      await end('failed', message);
    }
  }

  return {
    run: (job: ReconcileJob, jobRun: JobRun) => (job.step === 'check' ? check(job, jobRun) : fix(job, jobRun)),
    /** A job whose retries are spent (its worker kept stopping): the check or fix ends as failed. */
    async stalled(job: ReconcileJob): Promise<void> {
      const outcome = {
        state: 'failed' as const,
        error: 'The work stopped making progress and was stopped; run it again',
      };
      await database.withTenant(job.tenantId, (tx) =>
        job.step === 'check'
          ? repo.finishCheck(tx, job.tenantId, job.runId, null, outcome)
          : repo.finishFix(tx, job.tenantId, job.runId, null, outcome),
      );
    },
  };
}
