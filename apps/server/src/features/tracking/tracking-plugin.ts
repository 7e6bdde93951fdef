import fp from 'fastify-plugin';
import { ordersNotifier } from '../orders/index.ts';
import { declareTrackingQueues, type TrackingWork } from './tracking-jobs.ts';
import { trackingPushPlugin } from './tracking-push-plugin.ts';
import { createTracking, type Tracking } from './tracking-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tracking: Tracking;
  }
}

/**
 * Tracking after the label (docs/tracking.md), built once per instance on the labels' carriers: the sweep and the
 * checks are jobs on the one engine (tracking-jobs.ts). The carriers' pushes come in through tracking-push-plugin.ts
 * (their listener's address starts with `publicUrl`).
 */
export const trackingPlugin = fp<{ publicUrl: string }>(
  async (app, options) => {
    const jobs = declareTrackingQueues(app.background, () => work);
    const tracking = createTracking({
      database: app.db,
      carriers: app.labels.carriers,
      notify: ordersNotifier(app),
      jobs,
      log: app.log,
    });
    const work: TrackingWork = {
      check: (job) => tracking.check(job.tenantId, job.labelIds),
      sweep: async () => void (await tracking.sweep()),
    };
    app.decorate('tracking', tracking);
    await app.register(trackingPushPlugin, { publicUrl: options.publicUrl });
  },
  { name: 'tracking', dependencies: ['db', 'labels', 'background', 'realtime'] },
);
