import type { ProductFillProgress } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { JobQueue, JobRun } from '../../plugins/background.ts';
import {
  countOrdersToFill,
  fillLineWeights,
  ordersToFill,
  WEIGHT_FILLED_EVENT,
  type FillOutcome,
  type OrderRules,
  type OrdersNotifier,
} from '../orders/index.ts';
import { createProductFillRepository, type FillRecord } from './product-fill-repository.ts';

/**
 * Filling open orders from the catalogue (docs/products.md, "Filling open orders"). A product that gets a new weight
 * (added, changed, imported, restored) asks, in its own transaction, for a fill of its SKU: the tenant's record
 * (product-fill-repository.ts) is set running with the SKU added, and a `product-weight-fill` job is sent with it
 * (one waiting job per tenant, so many changes make one pass). The job walks the tenant's open orders with lines of
 * those SKUs to fill, by id, a batch per transaction (the orders' `fillLineWeights`: lines, deliveries, versions,
 * timeline, shipping and rules), writing how far it got with each batch; when its slice's time is up it sends the
 * next slice with its last batch. Orders with a label purchase in flight are asked for again after the walk.
 */

export interface FillJob {
  tenantId: string;
}

interface ProductFillDeps {
  database: Database;
  queue: Pick<JobQueue<FillJob>, 'sendIn' | 'wake'>;
  notify: OrdersNotifier;
  rules?: OrderRules;
  /** Orders per batch (default 500). */
  batchSize?: number;
  /** How long the orders passed over for a purchase in flight wait before they are asked for again (default 5 s). */
  retryAfterSeconds?: number;
  /** How many times they are asked for before the pass ends without them (default 12). */
  maxRetries?: number;
}

type Step = { kind: 'stop' } | { kind: 'moved'; record: FillRecord; filled: number[]; handedOn: boolean };

/** Order ids a slice reads ahead of its batches (one read of the SKUs' lines serves many batches). */
const READ_AHEAD = 20_000;

/** The orders a slice read ahead: valid while the record's position and SKUs are the ones they were read at. */
interface ReadAhead {
  at: number;
  skus: string;
  ids: number[];
  /** More orders may follow the last one read. */
  more: boolean;
}

const toProgress = (record: FillRecord): ProductFillProgress => ({
  state: record.state,
  done: record.done,
  total: record.total ?? 0,
  startedAt: record.startedAt,
  finishedAt: record.finishedAt,
});

export function createProductFill(deps: ProductFillDeps) {
  const repo = createProductFillRepository();
  const batchSize = deps.batchSize ?? 500;
  const retryAfterSeconds = deps.retryAfterSeconds ?? 5;
  const maxRetries = deps.maxRetries ?? 12;
  const sendSlice = (tx: Executor, tenantId: string, afterSeconds?: number) =>
    deps.queue.sendIn(tx, { tenantId }, { singletonKey: tenantId, afterSeconds });

  /** One batch of the pass, in one transaction with the record; the next slice sent with it when this one ends. */
  function step(tenantId: string, holder: string, handOn: boolean, ahead: { read: ReadAhead | null }): Promise<Step> {
    return deps.database.withTenant(tenantId, async (tx): Promise<Step> => {
      const record = await repo.lock(tx, tenantId);
      if (record.state !== 'running' || record.worker !== holder) return { kind: 'stop' };
      record.total ??= await countOrdersToFill(tx, tenantId, record.skus);
      let outcome: FillOutcome;
      if (record.phase === 'walk') {
        const skus = record.skus.join('\n');
        let read = ahead.read;
        // Read again when none is left, or a product change started the pass over (new SKUs, from the start).
        if (!read || read.at !== record.doneThrough || read.skus !== skus || (read.ids.length === 0 && read.more)) {
          const ids = await ordersToFill(tx, tenantId, record.skus, record.doneThrough, READ_AHEAD);
          read = { at: record.doneThrough, skus, ids, more: ids.length === READ_AHEAD };
        }
        const batch = read.ids.slice(0, batchSize);
        outcome = await fillLineWeights(tx, tenantId, record.skus, batch, deps.rules);
        record.done += batch.length - outcome.deferred.length;
        record.deferred = [...record.deferred, ...outcome.deferred];
        if (batch.length > 0) record.doneThrough = batch.at(-1)!;
        ahead.read = { ...read, at: record.doneThrough, ids: read.ids.slice(batch.length) };
        if (ahead.read.ids.length === 0 && !read.more) record.phase = 'retry';
      } else {
        outcome = await fillLineWeights(tx, tenantId, record.skus, record.deferred, deps.rules);
        record.done += record.deferred.length - outcome.deferred.length;
        record.deferred = outcome.deferred;
        record.retries += 1;
      }
      record.done = Math.min(record.done, record.total);
      let handedOn = false;
      if (record.phase === 'retry' && (record.deferred.length === 0 || record.retries >= maxRetries)) {
        // The pass is over. Orders still buying a label after all the retries are left to the label's own weighing
        // (a line of weight 0 counts its product's when the parcel is weighed).
        Object.assign(record, {
          state: 'idle',
          done: record.total,
          finishedAt: new Date().toISOString(),
          skus: [],
          deferred: [],
          worker: null,
        });
      } else if (record.phase === 'retry') {
        // Orders are buying a label: the next slice asks for them again after a short wait.
        await sendSlice(tx, tenantId, retryAfterSeconds);
        handedOn = true;
      } else if (handOn) {
        await sendSlice(tx, tenantId);
        handedOn = true;
      }
      await repo.write(tx, tenantId, record);
      return { kind: 'moved', record, filled: outcome.filled, handedOn };
    });
  }

  /** The `product-weight-fill` job's work: the tenant's pass, to its end or until the slice's time is up. */
  async function runSlice(job: FillJob, run: JobRun): Promise<void> {
    const { tenantId } = job;
    const claimed = await deps.database.withTenant(tenantId, async (tx) => {
      const record = await repo.lock(tx, tenantId);
      if (record.state !== 'running') return false;
      await repo.write(tx, tenantId, { ...record, worker: run.holder });
      return true;
    });
    if (!claimed) return;
    const ahead = { read: null as ReadAhead | null };
    for (;;) {
      const next = await step(tenantId, run.holder, run.shouldYield(), ahead);
      if (next.kind === 'stop') return;
      if (next.filled.length > 0) {
        deps.notify(tenantId, { orderIds: next.filled.map(String), event: WEIGHT_FILLED_EVENT });
      }
      if (next.record.state === 'idle' || next.handedOn) return;
    }
  }

  return {
    /**
     * In the transaction of a product change that gave live products of `skus` a new weight: the tenant's fill runs
     * with them (started, or started over with them added when it runs already), and its job is sent with it.
     */
    async request(tx: Executor, tenantId: string, skus: readonly string[]): Promise<void> {
      if (skus.length === 0) return;
      const record = await repo.lock(tx, tenantId);
      const running = record.state === 'running';
      await repo.write(tx, tenantId, {
        ...record,
        state: 'running',
        skus: [...new Set([...(running ? record.skus : []), ...skus])],
        phase: 'walk',
        doneThrough: 0,
        done: 0,
        total: null,
        startedAt: running && record.startedAt ? record.startedAt : new Date().toISOString(),
        finishedAt: null,
        deferred: [],
        retries: 0,
      });
      await sendSlice(tx, tenantId);
    },

    /** After the change committed: the workers start on it now. */
    start(): void {
      deps.queue.wake();
    },

    /** `GET /api/v1/products/fill`. */
    progress(tenantId: string): Promise<ProductFillProgress> {
      return deps.database.withTenant(tenantId, async (tx) => toProgress(await repo.read(tx, tenantId)), {
        readOnly: true,
      });
    },

    runSlice,

    /** Waits until every fill asked for has finished (tests, benchmarks), at most `timeoutMs`. */
    async idle(timeoutMs = 300_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while ((await repo.running(deps.database.db)) > 0) {
        if (Date.now() > until) throw new Error('product weight fills still running');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
export type ProductFill = ReturnType<typeof createProductFill>;
