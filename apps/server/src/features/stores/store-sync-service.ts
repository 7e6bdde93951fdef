import type { SourceType, SyncRun } from '@shipdesk/contract';
import { StoreRealtimeEvent, OrderRealtimeEvent } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { StoreRow, SyncRunRow } from '../../db/schema/index.ts';
import { channelOrderProblem } from './channel-order-check.ts';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions, ChannelAdapter } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { upsertChannelOrders } from './store-orders-upsert.ts';
import { createSyncMonitorRepository, createSyncRepository } from './store-sync-repository.ts';
import { throughput } from '../../lib/throughput-metrics.ts';
import { notePushHeard } from './store-push-state.ts';

/** A slice of a pull, as its pg-boss job carries it. */
export interface SyncJob {
  tenantId: string;
  storeId: number;
  runId: number;
  /** The next slice of a run its previous slice handed on (its start is not counted as an attempt). */
  continued?: boolean;
}

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface StoreSyncDeps {
  database: Database;
  secrets: SecretBox;
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions;
  /** The pulls' queue (`store-sync`): a run's slices are its jobs. */
  queue: Pick<JobQueue<SyncJob>, 'sendIn' | 'wake'>;
  notify(tenantId: string, event: string, payload: unknown): void;
  log: SyncLog;
  /** The catalogue's fill of open orders, when the app has one (read when a page is written: it may register later). */
  weightFill?: () => WeightFill | undefined;
}

/**
 * What the products' fill of open orders takes (products' product-fill-service.ts): the SKUs a channel page gave a
 * new product weight, asked for in the page's transaction, and a wake-up after it committed.
 */
export interface WeightFill {
  request(tx: Executor, tenantId: string, skus: readonly string[]): Promise<void>;
  start(): void;
}

type SyncTrigger = 'manual' | 'schedule' | 'webhook' | 'install';

/** A webhook's delivery of one order, verified: the event (for replays) and the order it names. */
interface WebhookOrder {
  tenantId: string;
  storeId: number;
  eventId: string;
  topic: string | null;
  externalOrderId: string | null;
}

export const SYNC_ACTOR = { id: 'system:sync', email: 'sync@shipdesk' } as const;
const WEBHOOK_ACTOR = { id: 'system:webhook', email: 'webhook@shipdesk' } as const;
const repo = createSyncRepository();
const monitor = createSyncMonitorRepository();

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

function adapterFor(deps: StoreSyncDeps, store: StoreRow): ChannelAdapter {
  const credentials = openCredentials(deps.secrets, store.credentials);
  const adapter = deps.adapters(
    store.sourceType as SourceType,
    {
      settings: store.settings,
      credentials,
      saveCredentials: async (changed) => {
        Object.assign(credentials, changed);
        // Rotated tokens are kept at once: a refresh token may be single-use. Merged into the credentials as they
        // are now, not as this adapter read them: keys saved meanwhile (a push's sealed setup) stay.
        await deps.database.withTenant(store.tenantId, async (tx) => {
          const current = openCredentials(deps.secrets, await repo.lockCredentials(tx, store.tenantId, store.id));
          const merged = sealCredentials(deps.secrets, { ...current, ...changed });
          await repo.saveCredentials(tx, store.tenantId, store.id, merged);
        });
      },
    },
    deps.adapterOptions,
  );
  if (!adapter)
    throw badRequest({ storeId: 'has no channel to pull from' }, `${store.sourceType} stores have no channel`);
  return adapter;
}

function progress(deps: StoreSyncDeps, tenantId: string, run: SyncRunRow) {
  deps.notify(tenantId, StoreRealtimeEvent.SyncProgress, toSyncRun(run));
}

async function startPull(
  deps: StoreSyncDeps,
  tenantId: string,
  storeId: number,
  trigger: SyncTrigger,
): Promise<{ run: SyncRunRow; started: boolean }> {
  const outcome = await deps.database.withTenant(tenantId, async (tx) => {
    const store = await repo.findStore(tx, tenantId, storeId);
    if (!store) throw notFound('Store not found');
    if (store.sourceType === 'Wholesale') {
      throw badRequest(
        { storeId: 'a Wholesale store has no channel to pull from' },
        'Wholesale orders come in by hand or through the API; there is nothing to pull',
      );
    }
    if (store.archivedAt) {
      throw badRequest({ storeId: 'the store is archived' }, 'This store is archived; restore it to pull orders');
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
    await sendRun(deps, tx, { tenantId, storeId, runId: inserted.id });
    return { run: inserted, started: true };
  });
  if (outcome.started) {
    deps.queue.wake();
    progress(deps, tenantId, outcome.run);
  }
  return outcome;
}

async function finish(
  deps: StoreSyncDeps,
  tenantId: string,
  run: { id: number; storeId: number; workerId: string | null },
  state: 'succeeded' | 'failed' | 'stalled',
  error: string | null,
) {
  const finished = await deps.database.withTenant(tenantId, async (tx) => {
    await repo.finishRun(tx, tenantId, run, { state, error });
    if (state === 'succeeded') await repo.scheduleNext(tx, tenantId, run.storeId);
    return repo.findRun(tx, tenantId, run.id);
  });
  if (finished) {
    progress(deps, tenantId, finished);
    const { pages, ordersSeen, ordersNew, ordersUpdated, ordersFailed } = finished;
    deps.log.info(
      { runId: run.id, storeId: run.storeId, state, pages, ordersSeen, ordersNew, ordersUpdated, ordersFailed },
      'sync run finished',
    );
  }
  deps.notify(tenantId, StoreRealtimeEvent.Changed, { storeId: String(run.storeId) });
}

/**
 * The run's job, sent in the transaction that queued or hands on the run, so neither exists without the other;
 * `afterSeconds` when the channel's quota lets the next page through only then.
 */
function sendRun(deps: StoreSyncDeps, tx: Executor, job: SyncJob, afterSeconds?: number): Promise<void> {
  return deps.queue.sendIn(tx, job, {
    singletonKey: `${job.tenantId}:${job.runId}`,
    ...(afterSeconds !== undefined && { afterSeconds }),
  });
}

/**
 * A run whose slices failed or lost their worker more times than the queue retries (its job came to the
 * dead-letter queue): stopped as `stalled`, its store flagged. A pull asked for again resumes at its cursor.
 */
async function stallRun(deps: StoreSyncDeps, job: SyncJob): Promise<void> {
  const run = await deps.database.withTenant(job.tenantId, (tx) => repo.findRun(tx, job.tenantId, job.runId));
  if (!run || (run.state !== 'queued' && run.state !== 'running')) return;
  await finish(
    deps,
    job.tenantId,
    { id: run.id, storeId: run.storeId, workerId: null },
    'stalled',
    `The sync stopped making progress ${run.attempts} times and was stopped; pull again to resume`,
  );
}

/** Starts the scheduled pulls that are due (a store with a running pull just moves its next time on). */
async function scheduleDue(deps: StoreSyncDeps): Promise<number> {
  const due = await monitor.dueStores(deps.database.db);
  for (const { tenantId, storeId } of due) {
    await deps.database.withTenant(tenantId, (tx) => repo.scheduleNext(tx, tenantId, storeId));
    await startPull(deps, tenantId, storeId, 'schedule').catch((error: unknown) =>
      deps.log.warn({ storeId, reason: describeSyncError(error) }, 'scheduled pull not started'),
    );
  }
  return due.length;
}

async function listRuns(deps: StoreSyncDeps, tenantId: string, storeId: number, limit = 20): Promise<SyncRun[]> {
  return deps.database.withTenant(tenantId, async (tx) => {
    if (!(await repo.findStore(tx, tenantId, storeId))) throw notFound('Store not found');
    return (await repo.listRuns(tx, tenantId, storeId, limit)).map(toSyncRun);
  });
}

/** One order pushed by a platform's webhook, already verified: fetched fresh and fed to the same upsert. */
async function takeWebhookOrder(
  deps: StoreSyncDeps,
  input: WebhookOrder,
): Promise<{ duplicate: boolean; stored: boolean }> {
  const { tenantId, storeId } = input;
  const store = await deps.database.withTenant(tenantId, async (tx) => {
    if (await repo.webhookEventSeen(tx, tenantId, storeId, input.eventId)) {
      await notePushHeard(tx, tenantId, storeId, 'duplicate');
      return null;
    }
    return repo.findStore(tx, tenantId, storeId);
  });
  if (!store) return { duplicate: true, stored: false };
  const order = input.externalOrderId ? await adapterFor(deps, store).getOrder(input.externalOrderId) : null;
  const problem = order ? channelOrderProblem(order) : null;
  const result = await deps.database.withTenant(tenantId, async (tx) => {
    const fresh = await repo.recordWebhookEvent(tx, tenantId, {
      storeId,
      eventId: input.eventId,
      topic: input.topic,
      externalOrderId: input.externalOrderId,
    });
    if (!fresh) {
      await notePushHeard(tx, tenantId, storeId, 'duplicate');
      return null;
    }
    if (!order || problem) {
      await notePushHeard(tx, tenantId, storeId, 'ignored');
      return { orderIds: [] as number[] };
    }
    const written = await upsertChannelOrders(
      tx,
      { tenantId, storeId, sourceType: store.sourceType as SourceType, actor: WEBHOOK_ACTOR, log: deps.log },
      [order],
    );
    if (written.weighedSkus.length > 0) await deps.weightFill?.()?.request(tx, tenantId, written.weighedSkus);
    // Last, so the store's row is locked only for the commit (pushes of one store come many a second).
    await notePushHeard(tx, tenantId, storeId, 'recorded');
    return written;
  });
  if (!result) return { duplicate: true, stored: false };
  if ('weighedSkus' in result && result.weighedSkus.length > 0) deps.weightFill?.()?.start();
  if (problem) deps.log.warn({ storeId, reason: problem }, 'webhook order refused');
  if ('inserted' in result) throughput.ordersImported(store.sourceType, result.inserted, result.updated);
  if (result.orderIds.length > 0) {
    deps.notify(tenantId, OrderRealtimeEvent.Changed, { orderIds: result.orderIds.map(String), event: 'webhook' });
  }
  return { duplicate: false, stored: result.orderIds.length > 0 };
}

export function createStoreSyncService(deps: StoreSyncDeps) {
  return {
    startPull: (tenantId: string, storeId: number, trigger: SyncTrigger) => startPull(deps, tenantId, storeId, trigger),
    finish: (
      tenantId: string,
      run: { id: number; storeId: number; workerId: string | null },
      state: 'succeeded' | 'failed' | 'stalled',
      error: string | null,
    ) => finish(deps, tenantId, run, state, error),
    progress: (tenantId: string, run: SyncRunRow) => progress(deps, tenantId, run),
    sendRun: (tx: Executor, job: SyncJob, afterSeconds?: number) => sendRun(deps, tx, job, afterSeconds),
    stallRun: (job: SyncJob) => stallRun(deps, job),
    scheduleDue: () => scheduleDue(deps),
    listRuns: (tenantId: string, storeId: number, limit = 20) => listRuns(deps, tenantId, storeId, limit),
    takeWebhookOrder: (input: WebhookOrder) => takeWebhookOrder(deps, input),
    adapterFor: (store: StoreRow) => adapterFor(deps, store),
  };
}

export type StoreSyncService = ReturnType<typeof createStoreSyncService>;
