import type { SourceType, SyncRun } from '@shipdesk/contract';
import { StoreRealtimeEvent, OrderRealtimeEvent } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { StoreRow, SyncRunRow } from '../../db/schema/index.ts';
import { channelOrderProblem, newestPerOrder } from '../../domain/channel-order-check.ts';
import { laterOf } from '../../domain/channel-orders.ts';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions, ChannelAdapter, ChannelOrder } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import { prepareChannelRules } from '../shipping-rules/index.ts';
import { upsertChannelOrders } from './store-orders-upsert.ts';
import { readAhead, type PageRead } from './store-page-read.ts';
import { createSyncMonitorRepository, createSyncRepository, type SyncCursor } from './store-sync-repository.ts';
import { createTableStatistics } from './orders-table-statistics.ts';
import { throughput } from '../../lib/throughput-metrics.ts';

export interface SyncJob {
  tenantId: string;
  storeId: number;
  runId: number;
}

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StoreSyncDeps {
  database: Database;
  secrets: SecretBox;
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions;
  /** Hands a run to a worker: a durable pg-boss job, or (tests without a queue) this process. */
  dispatch(job: SyncJob): Promise<void>;
  notify(tenantId: string, event: string, payload: unknown): void;
  log: SyncLog;
  workerId: string;
  /** A run without a heartbeat for this long is taken over by another worker (and flagged). */
  stallSeconds: number;
  /** A run taken over this many times stops as 'stalled' and flags its store. */
  maxAttempts?: number;
}

export type SyncTrigger = 'manual' | 'schedule' | 'webhook' | 'install';

const SYNC_ACTOR = { id: 'system:sync', email: 'sync@shipdesk' } as const;
const WEBHOOK_ACTOR = { id: 'system:webhook', email: 'webhook@shipdesk' } as const;

class LostRun extends Error {}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: String(row.id),
    storeId: String(row.storeId),
    state: row.state as SyncRun['state'],
    trigger: row.trigger as SyncRun['trigger'],
    pages: row.pages,
    ordersSeen: row.ordersSeen,
    ordersNew: row.ordersNew,
    ordersUpdated: row.ordersUpdated,
    ordersFailed: row.ordersFailed,
    error: row.error,
    queuedAt: iso(row.queuedAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** What a failed pull says to the seller: our sentence and, when the platform answered, its words. */
export function describeSyncError(error: unknown): string {
  if (error instanceof ChannelError) {
    return error.platformAnswer ? `${error.message}: ${error.platformAnswer}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createStoreSyncService(deps: StoreSyncDeps) {
  const { database } = deps;
  const repo = createSyncRepository();
  const monitor = createSyncMonitorRepository();
  const maxAttempts = deps.maxAttempts ?? 5;
  let stopping = false;

  function adapterFor(store: StoreRow): ChannelAdapter {
    const credentials = openCredentials(deps.secrets, store.credentials);
    const adapter = deps.adapters(
      store.sourceType as SourceType,
      {
        settings: store.settings,
        credentials,
        saveCredentials: async (changed) => {
          const merged = { ...credentials, ...changed };
          Object.assign(credentials, changed);
          // Rotated tokens are kept at once: a refresh token may be single-use.
          await database.withTenant(store.tenantId, (tx) =>
            repo.saveCredentials(tx, store.tenantId, store.id, sealCredentials(deps.secrets, merged)),
          );
        },
      },
      deps.adapterOptions,
    );
    if (!adapter)
      throw badRequest({ storeId: 'has no channel to pull from' }, `${store.sourceType} stores have no channel`);
    return adapter;
  }

  function progress(tenantId: string, run: SyncRunRow) {
    deps.notify(tenantId, StoreRealtimeEvent.SyncProgress, toSyncRun(run));
  }

  async function startPull(
    tenantId: string,
    storeId: number,
    trigger: SyncTrigger,
  ): Promise<{ run: SyncRunRow; started: boolean }> {
    const outcome = await database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId);
      if (!store) throw notFound('Store not found');
      if (store.sourceType === 'Wholesale') {
        throw badRequest(
          { storeId: 'a Wholesale store has no channel to pull from' },
          'Wholesale orders come in by hand or through the API; there is nothing to pull',
        );
      }
      if (store.status === 'uninstalled') {
        throw badRequest(
          { storeId: 'the app was uninstalled from this store' },
          'The app was uninstalled from this store; install it again to pull orders',
        );
      }
      const running = await repo.activeRun(tx, tenantId, storeId);
      if (running) return { run: running, started: false };
      const inserted = await repo.insertRun(tx, tenantId, storeId, trigger);
      // A concurrent request inserted first: answer with its run.
      if (!inserted) return { run: (await repo.activeRun(tx, tenantId, storeId))!, started: false };
      return { run: inserted, started: true };
    });
    if (outcome.started) {
      await deps.dispatch({ tenantId, storeId, runId: outcome.run.id });
      progress(tenantId, outcome.run);
    }
    return outcome;
  }

  async function finish(
    tenantId: string,
    run: { id: number; storeId: number; workerId: string | null },
    state: 'succeeded' | 'failed' | 'stalled',
    error: string | null,
  ) {
    const finished = await database.withTenant(tenantId, async (tx) => {
      await repo.finishRun(tx, tenantId, run, { state, error });
      if (state === 'succeeded') await repo.scheduleNext(tx, tenantId, run.storeId);
      return repo.findRun(tx, tenantId, run.id);
    });
    if (finished) {
      progress(tenantId, finished);
      const { pages, ordersSeen, ordersNew, ordersUpdated, ordersFailed } = finished;
      deps.log.info(
        { runId: run.id, storeId: run.storeId, state, pages, ordersSeen, ordersNew, ordersUpdated, ordersFailed },
        'sync run finished',
      );
    }
    deps.notify(tenantId, StoreRealtimeEvent.Changed, { storeId: String(run.storeId) });
  }

  /** The worker: pulls pages until the window is done, committing each page with the cursor that follows it. */
  async function runJob(job: SyncJob): Promise<void> {
    const { tenantId } = job;
    const claimed = await database.withTenant(tenantId, (tx) =>
      repo.claimRun(tx, tenantId, job.runId, deps.workerId, deps.stallSeconds),
    );
    if (!claimed) return; // finished already, or another worker holds it
    const run = { id: claimed.id, storeId: claimed.storeId, workerId: deps.workerId };
    progress(tenantId, claimed);

    const beat = setInterval(
      () => {
        database
          .withTenant(tenantId, (tx) => repo.heartbeat(tx, tenantId, run.id, run.workerId))
          .catch((error: unknown) => deps.log.warn({ err: error, runId: run.id }, 'sync heartbeat failed'));
      },
      Math.max(250, (deps.stallSeconds * 1000) / 4),
    );
    let pending: PageRead | undefined;
    try {
      const store = await database.withTenant(tenantId, (tx) => repo.findStore(tx, tenantId, run.storeId));
      if (!store) return await finish(tenantId, run, 'failed', 'The store was removed');
      const adapter = adapterFor(store);
      const statistics = createTableStatistics(database, (error) =>
        deps.log.warn({ err: error, runId: run.id }, 'analyzing the order tables failed'),
      );
      let cursor: SyncCursor = store.syncCursor ?? { updatedSince: null, pageToken: null, highWater: null };
      let inserted = 0;
      const planRules = (orders: ChannelOrder[]) => prepareChannelRules(database, tenantId, store.id, orders, deps.log);
      pending = readAhead(adapter, cursor, planRules);
      for (;;) {
        const reading = pending;
        const page = await reading.page;
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
        // The platform answers the next page while this one is written; it is committed only after this one.
        if (page.nextPageToken && !stopping) pending = readAhead(adapter, next, planRules);
        // Planned while the page before was written (its own read transaction, so after the next read has begun).
        const rules = await reading.rules;

        const { written, added, updated, current } = await database.withTenant(tenantId, async (tx) => {
          const result = await upsertChannelOrders(
            tx,
            {
              tenantId,
              storeId: store.id,
              sourceType: store.sourceType as SourceType,
              actor: SYNC_ACTOR,
              log: deps.log,
            },
            valid,
            rules,
          );
          const current = await repo.commitPage(
            tx,
            tenantId,
            run,
            {
              pages: 1,
              seen: orders.length,
              inserted: result.inserted,
              updated: result.updated,
              failed: orders.length - valid.length,
              firstError,
            },
            next,
          );
          if (!current) throw new LostRun();
          return { written: result.orderIds, added: result.inserted, updated: result.updated, current };
        });
        progress(tenantId, current);
        throughput.ordersImported(store.sourceType, added, updated);
        if (written.length > 0) {
          deps.notify(tenantId, OrderRealtimeEvent.Changed, { orderIds: written.map(String), event: 'sync' });
        }
        cursor = next;
        inserted += added;
        await statistics.afterPage(inserted);
        if (!page.nextPageToken) break;
        if (stopping) {
          // Shutting down: hand the run back; the next worker resumes from the cursor just committed.
          await database.withTenant(tenantId, (tx) => repo.releaseRun(tx, tenantId, run.id, run.workerId));
          return;
        }
      }
      await finish(tenantId, run, 'succeeded', null);
      // After the run is reported: the list queries that follow plan on statistics that count what it brought.
      await statistics.afterRun(inserted);
    } catch (error) {
      if (error instanceof LostRun) {
        deps.log.warn({ runId: run.id }, 'sync run was taken over by another worker');
        return;
      }
      const message = describeSyncError(error);
      deps.log.warn({ runId: run.id, storeId: run.storeId, reason: message }, 'sync run failed');
      await finish(tenantId, run, 'failed', message);
    } finally {
      pending?.abandon();
      clearInterval(beat);
    }
  }

  /** Runs nobody moves any more: hand them to a worker again (flagging the store), or stop them after too many. */
  async function recoverStalled(): Promise<number> {
    const stalled = await monitor.stalledRuns(database.db, deps.stallSeconds);
    for (const { tenantId, runId, storeId, state } of stalled) {
      const run = await database.withTenant(tenantId, (tx) => repo.findRun(tx, tenantId, runId));
      if (!run) continue;
      if (run.attempts >= maxAttempts) {
        await finish(
          tenantId,
          { id: runId, storeId, workerId: null },
          'stalled',
          `The sync stopped making progress ${run.attempts} times and was stopped; pull again to resume`,
        );
        continue;
      }
      if (state === 'running') {
        await database.withTenant(tenantId, (tx) =>
          repo.setProblem(tx, tenantId, storeId, 'The sync stalled (its worker stopped); it is being resumed'),
        );
        deps.notify(tenantId, StoreRealtimeEvent.Changed, { storeId: String(storeId) });
      }
      deps.log.warn({ runId, storeId, state }, 'resuming a stalled sync run');
      await deps.dispatch({ tenantId, storeId, runId });
    }
    return stalled.length;
  }

  /** Starts the scheduled pulls that are due (a store with a running pull just moves its next time on). */
  async function scheduleDue(): Promise<number> {
    const due = await monitor.dueStores(database.db);
    for (const { tenantId, storeId } of due) {
      await database.withTenant(tenantId, (tx) => repo.scheduleNext(tx, tenantId, storeId));
      await startPull(tenantId, storeId, 'schedule').catch((error: unknown) =>
        deps.log.warn({ storeId, reason: describeSyncError(error) }, 'scheduled pull not started'),
      );
    }
    return due.length;
  }

  async function listRuns(tenantId: string, storeId: number, limit = 20): Promise<SyncRun[]> {
    return database.withTenant(tenantId, async (tx) => {
      if (!(await repo.findStore(tx, tenantId, storeId))) throw notFound('Store not found');
      return (await repo.listRuns(tx, tenantId, storeId, limit)).map(toSyncRun);
    });
  }

  /** One order pushed by a platform's webhook, already verified: fetched fresh and fed to the same upsert. */
  async function takeWebhookOrder(input: {
    tenantId: string;
    storeId: number;
    eventId: string;
    topic: string | null;
    externalOrderId: string | null;
  }): Promise<{ duplicate: boolean; stored: boolean }> {
    const { tenantId, storeId } = input;
    const store = await database.withTenant(tenantId, async (tx) => {
      if (await repo.webhookEventSeen(tx, tenantId, storeId, input.eventId)) return null;
      return repo.findStore(tx, tenantId, storeId);
    });
    if (!store) return { duplicate: true, stored: false };
    const order = input.externalOrderId ? await adapterFor(store).getOrder(input.externalOrderId) : null;
    const problem = order ? channelOrderProblem(order) : null;
    const result = await database.withTenant(tenantId, async (tx) => {
      const fresh = await repo.recordWebhookEvent(tx, tenantId, {
        storeId,
        eventId: input.eventId,
        topic: input.topic,
        externalOrderId: input.externalOrderId,
      });
      if (!fresh) return null;
      if (!order || problem) return { orderIds: [] as number[] };
      return upsertChannelOrders(
        tx,
        { tenantId, storeId, sourceType: store.sourceType as SourceType, actor: WEBHOOK_ACTOR, log: deps.log },
        [order],
      );
    });
    if (!result) return { duplicate: true, stored: false };
    if (problem) deps.log.warn({ storeId, reason: problem }, 'webhook order refused');
    if ('inserted' in result) throughput.ordersImported(store.sourceType, result.inserted, result.updated);
    if (result.orderIds.length > 0) {
      deps.notify(tenantId, OrderRealtimeEvent.Changed, { orderIds: result.orderIds.map(String), event: 'webhook' });
    }
    return { duplicate: false, stored: result.orderIds.length > 0 };
  }

  /** Stops after the page in flight: used on shutdown, before the database closes. */
  function stop() {
    stopping = true;
  }

  return { startPull, runJob, recoverStalled, scheduleDue, listRuns, takeWebhookOrder, adapterFor, stop };
}

export type StoreSyncService = ReturnType<typeof createStoreSyncService>;
