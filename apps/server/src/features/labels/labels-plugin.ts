import fp from 'fastify-plugin';
import { LabelBatchRealtimeEvent } from '@shipdesk/contract';
import type { CarrierAdapterFactory, CarrierAdapterOptions } from '../../integrations/carriers/carrier-types.ts';
import { checkOrderEvent, ordersNotifier, type LabelEvents } from '../orders/index.ts';
import { createLabelBatchDocuments } from './label-batch-documents.ts';
import { createLabelBatches, type LabelBatches } from './label-batches-service.ts';
import { createLabelDefaults } from './label-defaults-service.ts';
import { createLabelDocuments, type LabelDocuments } from './label-documents-service.ts';
import { declareLabelQueues, type LabelWork } from './label-jobs.ts';
import { createLabelPurchases, type LabelPurchases } from './label-purchase-service.ts';
import { createLabelCarriers, type LabelCarriers } from './label-rates.ts';
import { createLabelVoids } from './label-void-service.ts';
import { createTrackingPushes, type TrackingPushes } from './tracking-push-service.ts';

interface Labels {
  /** What shipLabel and zpl do (given to the order lifecycle). */
  events: LabelEvents;
  purchases: LabelPurchases;
  voidLabel: ReturnType<typeof createLabelVoids>;
  documents: LabelDocuments;
  pushes: TrackingPushes;
  batches: LabelBatches;
  batchDocument: ReturnType<typeof createLabelBatchDocuments>;
  /** The tenant's carrier accounts as purchases use them (return labels buy on them too). */
  carriers: LabelCarriers;
}

declare module 'fastify' {
  interface FastifyInstance {
    labels: Labels;
  }
}

interface LabelsPluginOptions {
  carrierAdapters: CarrierAdapterFactory;
  carrierAdapterOptions?: CarrierAdapterOptions;
  /** LABEL_BATCH_STALE_SECONDS: the expiry of a batch's slice job; a slice ends after a quarter of it (s). */
  batchStaleSeconds?: number;
  /** Purchases of one batch running at once (default 8, measured in docs/PERFORMANCE.md, "Labels"). */
  batchConcurrency?: number;
  /** A purchase still `buying` after this long belonged to an instance that stopped (s). */
  purchaseStaleSeconds?: number;
}

/**
 * Labels: rates, purchases, documents, voids, tracking pushes and batches, built once per instance; their background
 * work (batches, tracking pushes, settling purchases whose answer was lost) is jobs on the one engine (label-jobs.ts).
 */
export const labelsPlugin = fp<LabelsPluginOptions>(
  async (app, options) => {
    const carriers = createLabelCarriers({
      adapters: options.carrierAdapters,
      adapterOptions: options.carrierAdapterOptions,
      secrets: app.secrets,
    });
    const notify = ordersNotifier(app);
    // The queues and the services need each other: the queues' work is looked up when a job runs.
    const jobs = declareLabelQueues(app.background, () => work, {
      batchStaleSeconds: options.batchStaleSeconds ?? 120,
    });
    const pushes = createTrackingPushes({
      database: app.db,
      adapterFor: (store) => app.storeSync.adapterFor(store),
      log: app.log,
      notify,
      jobs,
    });
    const purchases = createLabelPurchases({
      database: app.db,
      carriers,
      notify,
      log: app.log,
      jobs,
      purchaseStaleSeconds: options.purchaseStaleSeconds ?? 180,
      checkEvent: checkOrderEvent,
    });
    const batches = createLabelBatches({
      database: app.db,
      carriers,
      purchases,
      notify: (tenantId, batch) => app.realtime.toTenant(tenantId, LabelBatchRealtimeEvent, batch),
      log: app.log,
      jobs,
      concurrency: options.batchConcurrency,
    });
    const work: LabelWork = {
      runBatchSlice: (job, run) => batches.runSlice(job, run),
      stopBatch: (job) => batches.stopBatch(job),
      push: async (job) => void (await pushes.push(job)),
      settle: async (job) => void (await purchases.settle(job.tenantId, job.deliveryId, { ifDue: true })),
      async sweep() {
        await purchases.sweep(jobs.settleSoon);
        for (const push of await pushes.overdue()) await jobs.pushSoon(push);
      },
    };
    app.decorate('labels', {
      events: { defaults: createLabelDefaults({ database: app.db, carriers }), purchase: purchases.purchase },
      purchases,
      voidLabel: createLabelVoids({ database: app.db, carriers, notify, jobs }),
      documents: createLabelDocuments(app.db),
      pushes,
      batches,
      batchDocument: createLabelBatchDocuments(app.db, notify),
      carriers,
    });
  },
  { name: 'labels', dependencies: ['db', 'realtime', 'secrets', 'store-sync', 'background'] },
);
