import fp from 'fastify-plugin';
import type { JobQueue } from '../../plugins/background.ts';
import { ordersNotifier } from '../orders/index.ts';
import { createTrackingPushes, type PushBatchJob, type TrackingPushes } from './tracking-push-service.ts';
import { trackingPushSubscriptionsPlugin } from './tracking-push-subscriptions-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trackingPushes: TrackingPushes;
  }
}

/** Tracking pushes (tracking-push-service.ts): the `tracking-push-event` queue on the one engine. */
export const trackingPushPlugin = fp<{ publicUrl: string }>(
  async (app, options) => {
    const pushes = createTrackingPushes({
      database: app.db,
      secrets: app.secrets,
      carriers: app.labels.carriers,
      notify: ordersNotifier(app),
      publicUrl: options.publicUrl.replace(/\/+$/, ''),
      log: app.log,
      events: () => events,
    });
    // One job per group commit of the listener: up to 200 pushes, recorded in one transaction per tenant.
    const events: JobQueue<PushBatchJob> = app.background.queue<PushBatchJob>({
      name: 'tracking-push-event',
      expireInSeconds: 120,
      retryLimit: 5,
      retryDelaySeconds: 10,
      concurrency: 4,
      work: (job) => pushes.work(job),
    });
    app.decorate('trackingPushes', pushes);
    // The numbers a carrier pushes only once subscribed (UPS Track Alert).
    await app.register(trackingPushSubscriptionsPlugin);
  },
  { name: 'tracking-push', dependencies: ['db', 'secrets', 'labels', 'background'] },
);
