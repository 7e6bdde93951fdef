import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import { createStoreSyncService, type StoreSyncService, type SyncJob } from './store-sync-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storeSync: StoreSyncService;
  }
}

export interface StoreSyncPluginOptions {
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions | undefined;
  stallSeconds: number;
  /** Pulls of different stores this instance runs at once. */
  concurrency?: number;
}

export const SYNC_QUEUE = 'store-sync';

/**
 * Store sync as background work: runs are pg-boss jobs (durable, any instance may take them); a monitor in every
 * instance starts the scheduled pulls that are due and resumes runs whose worker stopped beating. Without a job
 * queue (tests) a run is handed to this process directly.
 */
export const storeSyncPlugin = fp<StoreSyncPluginOptions>(
  async (app, options) => {
    const jobs = app.jobs;
    const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const inProcess = new Set<Promise<void>>();
    const sync: StoreSyncService = createStoreSyncService({
      database: app.db,
      secrets: app.secrets,
      adapters: options.adapters,
      adapterOptions: options.adapterOptions,
      notify: (tenantId, event, payload) => app.realtime.toTenant(tenantId, event, payload),
      log: app.log,
      workerId,
      stallSeconds: options.stallSeconds,
      async dispatch(job: SyncJob) {
        if (jobs) {
          // Our sync_runs row is the truth; a duplicate job finds the run claimed and does nothing.
          await jobs.send(SYNC_QUEUE, job, { retryLimit: 0, expireInSeconds: 6 * 60 * 60 });
          return;
        }
        const running = sync
          .runJob(job)
          .catch((error: unknown) => app.log.error({ err: error }, 'sync run crashed'))
          .finally(() => inProcess.delete(running));
        inProcess.add(running);
      },
    });
    app.decorate('storeSync', sync);

    let monitor: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await jobs?.createQueue(SYNC_QUEUE);
      // An API-only instance (SERVER_ROLE=api) only sends the jobs: the workers run them and the monitor.
      if (!app.jobWorkers) return;
      if (jobs) {
        for (let i = 0; i < (options.concurrency ?? 2); i++) {
          await jobs.work<SyncJob>(SYNC_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
            if (job) await sync.runJob(job.data);
          });
        }
      }
      const tick = async () => {
        try {
          await sync.recoverStalled();
          await sync.scheduleDue();
        } catch (error) {
          app.log.warn({ err: error }, 'sync monitor tick failed');
        }
      };
      monitor = setInterval(() => void tick(), Math.max(1_000, (options.stallSeconds * 1000) / 2));
      monitor.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(monitor);
      sync.stop();
      await Promise.allSettled([...inProcess]);
    });
  },
  { name: 'store-sync', dependencies: ['db', 'secrets', 'realtime', 'jobs'] },
);
