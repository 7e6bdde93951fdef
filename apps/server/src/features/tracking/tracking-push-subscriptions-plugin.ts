import fp from 'fastify-plugin';
import type { JobQueue } from '../../plugins/background.ts';
import {
  createTrackingPushSubscriptions,
  type PushSubscribeJob,
  type TrackingPushSubscriptions,
} from './tracking-push-subscriptions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trackingPushSubscriptions: TrackingPushSubscriptions;
  }
}

/**
 * Per-number push subscriptions (tracking-push-subscriptions.ts) on the one engine: the sweep
 * `tracking-push-subscribe-due` every minute (one run at a time) and its `tracking-push-subscribe` calls.
 */
export const trackingPushSubscriptionsPlugin = fp(
  async (app) => {
    const subscriptions = createTrackingPushSubscriptions({
      database: app.db,
      carriers: app.labels.carriers,
      log: app.log,
      jobs: () => calls,
    });
    const calls: JobQueue<PushSubscribeJob> = app.background.queue<PushSubscribeJob>({
      name: 'tracking-push-subscribe',
      expireInSeconds: 120,
      retryLimit: 2,
      retryDelaySeconds: 30,
      concurrency: 2,
      work: (job) => subscriptions.work(job),
    });
    app.background.queue<object>({
      name: 'tracking-push-subscribe-due',
      expireInSeconds: 120,
      retryLimit: 0,
      work: async () => void (await subscriptions.sweep()),
    });
    app.background.schedule('tracking-push-subscribe-due', '* * * * *');
    app.decorate('trackingPushSubscriptions', subscriptions);
  },
  { name: 'tracking-push-subscriptions', dependencies: ['db', 'labels', 'background'] },
);
