import { SHIPPING_RESOLUTION_EVENT, type ShippingResolutionProgress } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { createShippingResolutionRepository, type ResolutionState } from './shipping-resolution-repository.ts';

/**
 * Re-resolving a tenant's open orders after a method or mapping changed. The ask is a row written with the change;
 * a worker of any instance claims it, works through the open orders in batches by id (each batch one transaction
 * with the position reached) and says how far it got over realtime. An instance that stops mid-pass leaves the row
 * unfinished: another one's monitor resumes it from the position reached. A new ask while a pass runs starts it over.
 */
export interface ShippingResolutionDeps {
  database: Database;
  notify: (tenantId: string, event: string, payload: ShippingResolutionProgress) => void;
  log: FastifyBaseLogger;
  worker: string;
  /** Orders per batch (default 5,000). */
  batchSize?: number;
  /** A claimed pass whose worker has not advanced for this long is taken over (default 30 s). */
  staleSeconds?: number;
}

export function createShippingResolution(deps: ShippingResolutionDeps) {
  const repo = createShippingResolutionRepository();
  const batchSize = deps.batchSize ?? 5_000;
  const staleSeconds = deps.staleSeconds ?? 30;
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  /** One batch in one transaction, with the position reached; null when a newer ask replaced the pass. */
  async function step(state: ResolutionState) {
    try {
      return await deps.database.withTenant(state.tenantId, async (tx) => {
        const batch = await repo.batch(tx, state.tenantId, state.doneThrough, batchSize);
        const finished = batch.lastId === null || batch.seen < batchSize;
        const doneThrough = batch.lastId ?? state.doneThrough;
        const done = Math.min(state.total, state.done + batch.seen);
        if (!(await repo.advance(tx, state, deps.worker, doneThrough, done, finished))) throw new PassReplaced();
        return { finished, doneThrough, done };
      });
    } catch (error) {
      if (error instanceof PassReplaced) return null;
      throw error;
    }
  }

  async function pass(tenantId: string): Promise<void> {
    const claim = () => repo.claim(deps.database.db, tenantId, deps.worker, staleSeconds);
    let state = await claim();
    while (state && !stopped) {
      const next = await step(state);
      if (next === null) {
        // A newer ask (or another worker) replaced this pass: claim again, from its start.
        state = await claim();
        continue;
      }
      deps.notify(tenantId, SHIPPING_RESOLUTION_EVENT, {
        state: next.finished ? 'done' : 'running',
        done: next.finished ? state.total : next.done,
        total: state.total,
      });
      // After the last batch, an ask that came in meanwhile has left the row pending again: claim goes on with it.
      state = next.finished ? await claim() : { ...state, doneThrough: next.doneThrough, done: next.done };
    }
  }

  return {
    /** In the change's transaction: the pass is asked for with it, or not at all. */
    request: (tx: Executor, tenantId: string) => repo.request(tx, tenantId),

    /** After the change committed: works on the tenant's pass in this process unless a worker here already is. */
    start(tenantId: string): Promise<void> {
      const busy = running.get(tenantId);
      if (busy) return busy.then(() => this.start(tenantId));
      const work = pass(tenantId)
        .catch((error: unknown) => deps.log.error({ err: error, tenantId }, 'shipping resolution failed'))
        .finally(() => running.delete(tenantId));
      running.set(tenantId, work);
      return work;
    },

    /** The monitor's tick: passes no instance is working on (left by a stopped one) are taken up here. */
    async resumePending(): Promise<void> {
      for (const tenantId of await repo.pending(deps.database.db)) {
        if (!running.has(tenantId)) void this.start(tenantId);
      }
    },

    /** Waits for the passes running here (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },

    stop(): void {
      stopped = true;
    },
  };
}
export type ShippingResolution = ReturnType<typeof createShippingResolution>;

class PassReplaced extends Error {}
