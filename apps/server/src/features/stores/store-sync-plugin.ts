import fp from 'fastify-plugin';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { createStoreSyncService, type StoreSyncService, type SyncJob, type WeightFill } from './store-sync-service.ts';
import { createSyncSlices } from './store-sync-slice.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storeSync: StoreSyncService;
  }
}

interface StoreSyncPluginOptions {
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions | undefined;
  /** SYNC_STALL_SECONDS: the expiry of a pull's slice job; a slice ends after a third of it. */
  stallSeconds: number;
  /** Pulls of different stores this instance runs at once. */
  concurrency?: number;
  /** The products' fill of open orders (registered after this plugin, so read when a page is written). */
  weightFill?: () => WeightFill | undefined;
}

/** A pull's slices (one run: one waiting slice at most). */
export const SYNC_QUEUE = 'store-sync';
/** A run whose slices failed or lost their worker too often: stopped as stalled. */
const SYNC_STALLED_QUEUE = 'store-sync-stalled';
/** Every minute: the scheduled pulls that are due are started. */
export const SYNC_DUE_QUEUE = 'store-sync-due';

/**
 * Store sync on the one engine (plugins/background.ts): a pull is a chain of `store-sync` slice jobs, each sent in
 * the transaction of the run row or of the page before it; pg-boss retries a slice whose worker stopped (after its
 * expiry, SYNC_STALL_SECONDS) and, after four retries, hands it to `store-sync-stalled`, which stops the run; the
 * `store-sync-due` schedule starts the scheduled pulls.
 */
export const storeSyncPlugin = fp<StoreSyncPluginOptions>(
  async (app, options) => {
    const notify = (tenantId: string, event: string, payload: unknown) =>
      app.realtime.toTenant(tenantId, event, payload);
    const slices: JobQueue<SyncJob> = app.background.queue<SyncJob>({
      name: SYNC_QUEUE,
      policy: 'short',
      expireInSeconds: options.stallSeconds,
      sliceSeconds: options.stallSeconds / 3,
      retryLimit: 4,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 60,
      deadLetter: SYNC_STALLED_QUEUE,
      concurrency: options.concurrency ?? 2,
      work: (job, run) => worker.runSlice(job, run),
    });
    const sync: StoreSyncService = createStoreSyncService({
      database: app.db,
      secrets: app.secrets,
      adapters: options.adapters,
      adapterOptions: options.adapterOptions,
      queue: slices,
      notify,
      log: app.log,
      weightFill: options.weightFill,
    });
    const worker = createSyncSlices({ database: app.db, sync, notify, log: app.log, weightFill: options.weightFill });
    app.background.queue<SyncJob>({
      name: SYNC_STALLED_QUEUE,
      expireInSeconds: 60,
      retryLimit: 5,
      work: (job) => sync.stallRun(job),
    });
    app.background.queue<object>({
      name: SYNC_DUE_QUEUE,
      expireInSeconds: 300,
      retryLimit: 0,
      work: async () => void (await sync.scheduleDue()),
    });
    app.background.schedule(SYNC_DUE_QUEUE, '* * * * *');
    app.decorate('storeSync', sync);
  },
  { name: 'store-sync', dependencies: ['db', 'secrets', 'realtime', 'background'] },
);
