import fp from 'fastify-plugin';
import type { JobQueue } from '../../plugins/background.ts';
import { createReconcileService, type ReconcileService } from './store-reconcile-service.ts';
import { createReconcileWorker, type ReconcileJob } from './store-reconcile-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storeReconcile: ReconcileService;
  }
}

interface StoreReconcilePluginOptions {
  /** SYNC_STALL_SECONDS: a slice's job expires after this (the channel's pacing applies as to a pull). */
  stallSeconds: number;
}

const RECONCILE_QUEUE = 'store-reconcile';
const RECONCILE_STALLED_QUEUE = 'store-reconcile-stalled';

/**
 * Missing-orders checks on the one engine (plugins/background.ts): a check or a fix is a chain of `store-reconcile`
 * jobs, each sent in the transaction that commits where the one before stopped; pg-boss runs a job again after its
 * worker stopped (a restart), and after four retries hands it to `store-reconcile-stalled`, which ends it as failed.
 */
export const storeReconcilePlugin = fp<StoreReconcilePluginOptions>(
  async (app, options) => {
    const queue: JobQueue<ReconcileJob> = app.background.queue<ReconcileJob>({
      name: RECONCILE_QUEUE,
      policy: 'short',
      expireInSeconds: options.stallSeconds,
      sliceSeconds: options.stallSeconds / 3,
      retryLimit: 4,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 60,
      deadLetter: RECONCILE_STALLED_QUEUE,
      concurrency: 2,
      work: (job, run) => worker.run(job, run),
    });
    const worker = createReconcileWorker({
      database: app.db,
      queue,
      adapterFor: (store) => app.storeSync.adapterFor(store),
      notify: (tenantId, event, payload) => app.realtime.toTenant(tenantId, event, payload),
      log: app.log,
      // The products' fill of open orders (registered later, so read when a fix writes).
      weightFill: () => app.productWeightFill,
    });
    app.background.queue<ReconcileJob>({
      name: RECONCILE_STALLED_QUEUE,
      expireInSeconds: 60,
      retryLimit: 5,
      work: (job) => worker.stalled(job),
    });
    app.decorate('storeReconcile', createReconcileService({ database: app.db, queue }));
  },
  { name: 'store-reconcile', dependencies: ['db', 'realtime', 'background', 'store-sync'] },
);
