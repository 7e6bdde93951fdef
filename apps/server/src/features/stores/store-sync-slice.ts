import { OrderRealtimeEvent, StoreRealtimeEvent, type SourceType } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { StoreRow, SyncRunRow } from '../../db/schema/index.ts';
import { channelOrderProblem, newestPerOrder } from './channel-order-check.ts';
import { laterOf } from './channel-orders.ts';
import type { ChannelOrder, OrderPage } from '../../integrations/channels/channel-types.ts';
import { QuotaWait } from '../../integrations/http/channel-error.ts';
import { throughput } from '../../lib/throughput-metrics.ts';
import type { JobRun } from '../../plugins/background.ts';
import { prepareChannelRules, type ImportRulePlan } from '../shipping-rules/index.ts';
import { createTableStatistics } from './orders-table-statistics.ts';
import { upsertChannelOrders } from './store-orders-upsert.ts';
import { readAhead, type PageRead } from './store-page-read.ts';
import { createSyncRepository, type SyncCursor } from './store-sync-repository.ts';
import {
  SYNC_ACTOR,
  describeSyncError,
  type StoreSyncService,
  type SyncJob,
  type SyncLog,
  type WeightFill,
} from './store-sync-service.ts';

/**
 * One slice of a pull, the work of one `store-sync` job: claims the run, pulls pages from the store's cursor, each
 * page committed in one transaction with the cursor that follows it, until the window is done (the run succeeds)
 * or the slice's time is up (the last page's transaction sends the next slice). A slice whose worker dies is run
 * again by pg-boss after its expiry, from the cursor committed last: nothing lost, nothing written twice.
 */

interface SyncSliceDeps {
  database: Database;
  sync: StoreSyncService;
  notify(tenantId: string, event: string, payload: unknown): void;
  log: SyncLog;
  weightFill?: () => WeightFill | undefined;
}

/** The run was taken by a newer run of its job (this one ran past its expiry): stop without writing. */
class LostRun extends Error {}

const STALLED = 'The sync stalled (its worker stopped); it is being resumed';

interface Held {
  tenantId: string;
  run: { id: number; storeId: number; workerId: string };
  store: StoreRow;
}

/** What a page commits besides its orders. */
interface PageOutcome {
  page: OrderPage;
  orders: ChannelOrder[];
  valid: ChannelOrder[];
  firstError: string | null;
  next: SyncCursor;
}

function checkPage(page: OrderPage, cursor: SyncCursor): PageOutcome {
  const orders = newestPerOrder(page.orders);
  const valid: ChannelOrder[] = [];
  let firstError: string | null = null;
  for (const order of orders) {
    const problem = channelOrderProblem(order);
    if (problem) firstError ??= problem;
    else valid.push(order);
  }
  const highWater = orders.reduce<string | null>((h, o) => laterOf(h, o.externalUpdatedAt), cursor.highWater);
  const next: SyncCursor = page.nextPageToken
    ? { updatedSince: cursor.updatedSince, pageToken: page.nextPageToken, highWater }
    : { updatedSince: highWater ?? cursor.updatedSince, pageToken: null, highWater };
  return { page, orders, valid, firstError, next };
}

export function createSyncSlices(deps: SyncSliceDeps) {
  const { database, sync } = deps;
  const repo = createSyncRepository();

  /** Takes the run for this run of the job; a retry (the slice before failed or lost its worker) flags the store. */
  async function claim(job: SyncJob, run: JobRun): Promise<SyncRunRow | undefined> {
    const { tenantId } = job;
    const retried = run.retryCount > 0;
    const claimed = await database.withTenant(tenantId, async (tx) => {
      const row = await repo.claimRun(tx, tenantId, job.runId, run.holder, retried || !job.continued);
      if (row && retried) await repo.setProblem(tx, tenantId, row.storeId, STALLED);
      return row;
    });
    if (claimed && retried) {
      deps.log.warn({ runId: job.runId, retry: run.retryCount }, 'resuming a stalled sync run');
      deps.notify(tenantId, StoreRealtimeEvent.Changed, { storeId: String(claimed.storeId) });
    }
    return claimed;
  }

  /**
   * Writes one page in one transaction with the run's counters and the store's cursor, fenced by the holder. When
   * the slice ends here with pages left, the same transaction sends the next slice (and, when this instance is
   * stopping, hands the run back to the queue), so the run and its job move together.
   */
  async function commit(
    held: Held,
    outcome: PageOutcome,
    rules: ImportRulePlan | null,
    handOn: 'no' | 'next' | 'back',
  ) {
    const { tenantId, run, store } = held;
    const { orders, valid, firstError, next } = outcome;
    return database.withTenant(tenantId, async (tx) => {
      const context = { tenantId, storeId: store.id, sourceType: store.sourceType as SourceType, actor: SYNC_ACTOR };
      const result = await upsertChannelOrders(tx, { ...context, log: deps.log }, valid, rules);
      // Products the page gave a new weight fill the open orders that lack it, asked for with the page.
      const fill = result.weighedSkus.length > 0 ? deps.weightFill?.() : undefined;
      await fill?.request(tx, tenantId, result.weighedSkus);
      const counts = {
        pages: 1,
        seen: orders.length,
        inserted: result.inserted,
        updated: result.updated,
        failed: orders.length - valid.length,
        firstError,
      };
      const current = await repo.commitPage(tx, tenantId, run, counts, next);
      if (!current) throw new LostRun();
      if (handOn === 'back') await repo.releaseRun(tx, tenantId, run.id, run.workerId);
      if (handOn !== 'no') {
        await sync.sendRun(tx, { tenantId, storeId: store.id, runId: run.id, continued: handOn === 'next' });
      }
      return { written: result.orderIds, added: result.inserted, updated: result.updated, current, fill };
    });
  }

  /** Pulls pages until the window is done (true) or the slice handed the rest on (false). */
  async function pullPages(held: Held, jobRun: JobRun): Promise<boolean> {
    const { tenantId, store } = held;
    const statistics = createTableStatistics(database, (error) =>
      deps.log.warn({ err: error, runId: held.run.id }, 'analyzing the order tables failed'),
    );
    const adapter = sync.adapterFor(store);
    let cursor: SyncCursor = store.syncCursor ?? { updatedSince: null, pageToken: null, highWater: null };
    let inserted = 0;
    const planRules = (orders: ChannelOrder[]) => prepareChannelRules(database, tenantId, store.id, orders, deps.log);
    let reading: PageRead = readAhead(adapter, cursor, planRules);
    let ahead: PageRead | undefined;
    try {
      for (;;) {
        const outcome = checkPage(await reading.page, cursor);
        const more = outcome.page.nextPageToken !== null;
        const handOn = !more || !jobRun.shouldYield() ? 'no' : jobRun.stopping() ? 'back' : 'next';
        // The platform answers the next page while this one is written; it is committed only after this one.
        ahead = more && handOn === 'no' ? readAhead(adapter, outcome.next, planRules) : undefined;
        // Planned while the page before was written (its own read transaction, so after the next read has begun).
        const written = await commit(held, outcome, await reading.rules, handOn);
        sync.progress(tenantId, written.current);
        written.fill?.start();
        throughput.ordersImported(store.sourceType, written.added, written.updated);
        if (written.written.length > 0) {
          const orderIds = written.written.map(String);
          deps.notify(tenantId, OrderRealtimeEvent.Changed, { orderIds, event: 'sync' });
        }
        cursor = outcome.next;
        inserted += written.added;
        await statistics.afterPage(inserted);
        if (!more) {
          await sync.finish(tenantId, held.run, 'succeeded', null);
          // After the run is reported: the list queries that follow plan on statistics that count what it brought.
          await statistics.afterRun(inserted);
          return true;
        }
        if (!ahead) return false;
        reading = ahead;
        ahead = undefined;
      }
    } finally {
      // A read nobody will wait for (the run failed or lost its claim) is stopped and its failure silenced.
      reading.abandon();
      ahead?.abandon();
    }
  }

  /**
   * The channel's quota lets the next page through only later (Amazon's searchOrders: one call in about three
   * minutes once its burst is spent): the run goes back to queued with its cursor, and its next slice is sent for
   * then, in one transaction. No worker sits out the wait and the job never runs past its expiry.
   */
  async function waitForQuota(job: SyncJob, run: { id: number; workerId: string }, wait: QuotaWait): Promise<void> {
    const { tenantId, storeId } = job;
    const afterSeconds = Math.ceil(wait.waitMs / 1000);
    await database.withTenant(tenantId, async (tx) => {
      await repo.releaseRun(tx, tenantId, run.id, run.workerId);
      await sync.sendRun(tx, { tenantId, storeId, runId: run.id, continued: true }, afterSeconds);
    });
    deps.log.info({ runId: run.id, storeId, afterSeconds, reason: wait.message }, 'sync run waits for the quota');
  }

  /** The `store-sync` job's work. */
  async function runSlice(job: SyncJob, jobRun: JobRun): Promise<void> {
    const { tenantId } = job;
    const claimed = await claim(job, jobRun);
    if (!claimed) return; // finished already
    const run = { id: claimed.id, storeId: claimed.storeId, workerId: jobRun.holder };
    sync.progress(tenantId, claimed);
    const store = await database.withTenant(tenantId, (tx) => repo.findStore(tx, tenantId, run.storeId));
    if (!store) return sync.finish(tenantId, run, 'failed', 'The store was removed');
    try {
      await pullPages({ tenantId, run, store }, jobRun);
    } catch (error) {
      if (error instanceof LostRun) {
        deps.log.warn({ runId: run.id }, 'sync run was taken over by a newer run of its job');
        return;
      }
      if (error instanceof QuotaWait) return waitForQuota(job, run, error);
      const message = describeSyncError(error);
      deps.log.warn({ runId: run.id, storeId: run.storeId, reason: message }, 'sync run failed');
      await sync.finish(tenantId, run, 'failed', message);
    }
  }

  return { runSlice };
}
