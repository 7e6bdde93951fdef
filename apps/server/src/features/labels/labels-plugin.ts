import fp from 'fastify-plugin';
import type { CarrierAdapterFactory, CarrierAdapterOptions } from '../../integrations/carriers/carrier-types.ts';
import { checkOrderEvent, ordersNotifier, type LabelEvents } from '../orders/index.ts';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { LabelBatchRealtimeEvent } from '@shipdesk/contract';
import { createLabelBatchDocuments } from './label-batch-documents.ts';
import { createLabelBatches, type LabelBatches } from './label-batches-service.ts';
import { createLabelDefaults } from './label-defaults-service.ts';
import { createLabelDocuments, type LabelDocuments } from './label-documents-service.ts';
import { createLabelPurchases, type LabelPurchases } from './label-purchase-service.ts';
import { createLabelCarriers } from './label-rates.ts';
import { createLabelVoids } from './label-void-service.ts';
import { createLabelsRepository } from './labels-repository.ts';
import { createTrackingPushes, type TrackingPushes } from './tracking-push-service.ts';

export interface Labels {
  /** What shipLabel and zpl do (given to the order lifecycle). */
  events: LabelEvents;
  purchases: LabelPurchases;
  voidLabel: ReturnType<typeof createLabelVoids>;
  documents: LabelDocuments;
  pushes: TrackingPushes;
  batches: LabelBatches;
  batchDocument: ReturnType<typeof createLabelBatchDocuments>;
  /** Runs the background work now (a retried push, a test). */
  wake(): void;
  /** Resolves when the background work running now is done. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    labels: Labels;
  }
}

/** Sent from an instance without background work to the ones with it: labels work is waiting. */
const LABELS_WAKE_EVENT = 'labels:wake';

export interface LabelsPluginOptions {
  /** Whether this instance runs background work (tracking pushes, settling purchases left unconfirmed). */
  jobs: boolean;
  carrierAdapters: CarrierAdapterFactory;
  carrierAdapterOptions?: CarrierAdapterOptions;
  /** How often the background work looks for due pushes and unsettled purchases (ms). */
  pollMs?: number;
  /** A batch whose worker stopped beating for this long is taken over (s). */
  batchStaleSeconds?: number;
  /** Purchases of one batch running at once (default 8, measured in docs/PERFORMANCE.md, "Labels"). */
  batchConcurrency?: number;
  /** A purchase still `buying` after this long belonged to an instance that stopped (s). */
  purchaseStaleSeconds?: number;
}

/**
 * Labels: rates, purchases, documents, voids and the tracking pushes, built once per instance; the instances that
 * run background work push tracking numbers to the channels and settle purchases whose answer was lost.
 */
export const labelsPlugin = fp<LabelsPluginOptions>(
  async (app, options) => {
    const carriers = createLabelCarriers({
      adapters: options.carrierAdapters,
      adapterOptions: options.carrierAdapterOptions,
      secrets: app.secrets,
    });
    const notify = ordersNotifier(app);
    const pushes = createTrackingPushes({
      database: app.db,
      adapterFor: (store) => app.storeSync.adapterFor(store),
      log: app.log,
      notify,
    });
    let running: Promise<void> | null = null;
    let again = false;
    const staleSeconds = options.purchaseStaleSeconds ?? 180;
    const repo = createLabelsRepository();

    async function work(): Promise<void> {
      for (const { tenantId, deliveryId } of await repo.unsettledPurchases(app.db.db, staleSeconds)) {
        // A carrier that cannot say is recorded by settle itself (with a longer wait); this is anything else.
        await purchases.settle(tenantId, deliveryId).catch((error: unknown) => {
          app.log.warn({ err: error, deliveryId }, 'settling a label purchase failed');
        });
      }
      while ((await pushes.runDue()) > 0 && !stopped);
    }
    // Batches run on their own, so a long batch does not hold back the tracking pushes of its labels.
    let batchRun: Promise<void> | null = null;
    function wakeBatches(): void {
      if (!options.jobs || stopped || batchRun) return;
      batchRun = batches
        .runPending()
        .catch((error: unknown) => app.log.warn({ err: error }, 'label batch work failed'))
        .finally(() => {
          batchRun = null;
        });
    }
    let stopped = false;
    /**
     * Runs the background work now (once at a time; a wake-up while it runs makes it run again). An instance without
     * background work (SERVER_ROLE=api) wakes the ones with it instead: a batch or a tracking push queued through it
     * starts at once, not at their next poll (which stays, for a wake-up lost with a connection).
     */
    function wake(): void {
      if (stopped) return;
      if (!options.jobs) {
        app.realtime.toInstances(LABELS_WAKE_EVENT);
        return;
      }
      wakeBatches();
      if (running) {
        again = true;
        return;
      }
      running = work()
        .catch((error: unknown) => app.log.warn({ err: error }, 'label background work failed'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            wake();
          }
        });
    }

    const purchases = createLabelPurchases({
      database: app.db,
      carriers,
      notify,
      log: app.log,
      trackingQueued: wake,
      checkEvent: checkOrderEvent,
    });
    const defaults = createLabelDefaults({ database: app.db, carriers });
    const batches = createLabelBatches({
      database: app.db,
      purchases,
      notify: (tenantId, batch) => app.realtime.toTenant(tenantId, LabelBatchRealtimeEvent, batch),
      log: app.log,
      worker: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      concurrency: options.batchConcurrency,
      staleSeconds: options.batchStaleSeconds,
    });
    app.decorate('labels', {
      events: { defaults, purchase: purchases.purchase },
      purchases,
      voidLabel: createLabelVoids({ database: app.db, carriers, notify, trackingQueued: wake }),
      documents: createLabelDocuments(app.db),
      pushes,
      batches,
      batchDocument: createLabelBatchDocuments(app.db, notify),
      wake,
      idle: async () => {
        while (running || batchRun) await Promise.all([running, batchRun]);
      },
    });

    let timer: NodeJS.Timeout | undefined;
    if (options.jobs) app.realtime.onInstances(LABELS_WAKE_EVENT, wake);
    app.addHook('onReady', async () => {
      if (!options.jobs) return;
      timer = setInterval(wake, options.pollMs ?? 10_000);
      timer.unref();
      wake();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      batches.stop();
      clearInterval(timer);
      await Promise.all([running, batchRun]);
    });
  },
  { name: 'labels', dependencies: ['db', 'realtime', 'secrets', 'store-sync'] },
);
