import { SHIPPING_RESOLUTION_EVENT, type ShippingResolutionProgress } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { JobQueue, JobRun } from '../../plugins/background.ts';
import { createShippingResolutionRepository, type ResolutionState } from './shipping-resolution-repository.ts';

/**
 * Re-resolving a tenant's open orders after a method or mapping changed. The ask is a row written with the change,
 * and so is its `shipping-resolution` job (shipping-plugin.ts): a slice of the pass that works through the open
 * orders in batches by id (each batch one transaction with the position reached), says how far it got over realtime
 * and, when its time is up, sends the next slice with its last batch. A slice whose worker stops is run again by
 * pg-boss after its expiry, from the position reached. A new ask while a pass runs starts it over.
 */

/** A pass's slice, as its job carries it. */
export interface ResolutionJob {
  tenantId: string;
}

interface ShippingResolutionDeps {
  database: Database;
  notify: (tenantId: string, event: string, payload: ShippingResolutionProgress) => void;
  log: FastifyBaseLogger;
  queue: Pick<JobQueue<ResolutionJob>, 'sendIn' | 'wake'>;
  /** Orders per batch (default 5,000). */
  batchSize?: number;
}

type Step = { kind: 'moved'; finished: boolean; doneThrough: number; done: number } | { kind: 'refused' };

export function createShippingResolution(deps: ShippingResolutionDeps) {
  const repo = createShippingResolutionRepository();
  const batchSize = deps.batchSize ?? 5_000;
  const sendPass = (tx: Executor, tenantId: string) => deps.queue.sendIn(tx, { tenantId }, { singletonKey: tenantId });

  /** One batch in one transaction with the position reached, and the next slice when this one ends here. */
  async function step(state: ResolutionState, holder: string, handOn: boolean): Promise<Step> {
    try {
      return await deps.database.withTenant(state.tenantId, async (tx) => {
        const batch = await repo.batch(tx, state.tenantId, state.doneThrough, batchSize);
        const finished = batch.lastId === null || batch.seen < batchSize;
        const doneThrough = batch.lastId ?? state.doneThrough;
        const done = Math.min(state.total, state.done + batch.seen);
        if (!(await repo.advance(tx, state, holder, doneThrough, done, finished))) throw new PassRefused();
        if (handOn && !finished) await sendPass(tx, state.tenantId);
        return { kind: 'moved' as const, finished, doneThrough, done };
      });
    } catch (error) {
      if (error instanceof PassRefused) return { kind: 'refused' };
      throw error;
    }
  }

  /** The `shipping-resolution` job's work: the tenant's pass, to its end or until the slice's time is up. */
  async function runSlice(job: ResolutionJob, run: JobRun): Promise<void> {
    const { tenantId } = job;
    let state = await repo.claim(deps.database.db, tenantId, run.holder);
    while (state) {
      const handOn = run.shouldYield();
      const next = await step(state, run.holder, handOn);
      if (next.kind === 'refused') {
        // A newer ask restarted the pass (still ours: start over), or a newer run of the job took it (stop).
        const now = await repo.holderOf(deps.database.db, tenantId);
        state = now?.worker === run.holder && !now.state.finished ? now.state : null;
        continue;
      }
      deps.notify(tenantId, SHIPPING_RESOLUTION_EVENT, {
        state: next.finished ? 'done' : 'running',
        done: next.finished ? state.total : next.done,
        total: state.total,
      });
      // After the last batch, an ask that came in meanwhile has left the row unfinished: claim goes on with it.
      if (next.finished) state = await repo.claim(deps.database.db, tenantId, run.holder);
      else if (handOn) return;
      else state = { ...state, doneThrough: next.doneThrough, done: next.done };
    }
  }

  return {
    /** In the change's transaction: the pass and its job are asked for with it, or not at all. */
    async request(tx: Executor, tenantId: string): Promise<void> {
      await repo.request(tx, tenantId);
      await sendPass(tx, tenantId);
    },

    /** After the change committed: the workers start on it now. */
    start(_tenantId: string): void {
      deps.queue.wake();
    },

    runSlice,

    /** Waits until every pass asked for has finished (tests, benchmarks), at most `timeoutMs`. */
    async idle(timeoutMs = 300_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while ((await repo.unfinished(deps.database.db)) > 0) {
        if (Date.now() > until) throw new Error('shipping resolution passes still unfinished');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
export type ShippingResolution = ReturnType<typeof createShippingResolution>;

class PassRefused extends Error {}
