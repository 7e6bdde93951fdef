import fp from 'fastify-plugin';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { listeningStores, pollStore, type AmazonPollJob } from './amazon-push-poller.ts';
import { createAmazonPushService, type AmazonPushService } from './amazon-push-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    amazonPush: AmazonPushService;
  }
}

interface AmazonPushPluginOptions {
  adapterOptions: AdapterOptions | undefined;
  /** Poll jobs one instance runs at once: each holds a worker for its slice, mostly waiting on SQS. */
  concurrency?: number;
  /** Long-poll wait in seconds (default 20); tests shorten it. */
  waitSeconds?: number;
}

/** Every minute: a poll job for each listening store that has none (a poll sends its own next one). */
const AMAZON_POLL_DUE_QUEUE = 'amazon-notifications-due';
const AMAZON_POLL_QUEUE = 'amazon-notifications-poll';
/** A poll job's slice: the schedule's minute less time for the last long poll and its messages to finish. */
const POLL_SLICE_SECONDS = 50;

/**
 * Amazon ORDER_CHANGE notifications on the one engine (plugins/background.ts): each `amazon-notifications-poll` job
 * long-polls one store's queue for its slice (amazon-push-poller.ts) and sends the store's next job when it ends; the
 * `amazon-notifications-due` schedule sends, every minute, a job for every store whose notifications are pending or
 * active, dropped when one already waits (policy `stately`: one running and one waiting per store), so a poll lost
 * with its instance is back within the minute. The pull (store-sync) keeps running beside it as the reconciliation.
 */
export const amazonPushPlugin = fp<AmazonPushPluginOptions>(
  async (app, options) => {
    const deps = {
      database: app.db,
      secrets: app.secrets,
      adapterOptions: options.adapterOptions,
      log: app.log,
    };
    const polls: JobQueue<AmazonPollJob> = app.background.queue<AmazonPollJob>({
      name: AMAZON_POLL_QUEUE,
      // One poll of a store at a time, and at most one waiting to follow it (a second reader would only split
      // the queue's messages).
      policy: 'stately',
      expireInSeconds: 120,
      sliceSeconds: POLL_SLICE_SECONDS,
      retryLimit: 0,
      concurrency: options.concurrency ?? 10,
      work: async (job, run) => {
        const listening = await pollStore(
          { ...deps, sync: () => app.storeSync, waitSeconds: options.waitSeconds },
          job,
          run,
        );
        // The next slice at once: the minute's schedule only starts polls that are missing.
        if (listening) await startPolling(job);
      },
    });
    const startPolling = (job: AmazonPollJob) => polls.send(job, { singletonKey: `${job.tenantId}:${job.storeId}` });
    app.background.queue<object>({
      name: AMAZON_POLL_DUE_QUEUE,
      expireInSeconds: 60,
      retryLimit: 0,
      work: async () => {
        for (const job of await listeningStores(deps)) await startPolling(job);
      },
    });
    app.background.schedule(AMAZON_POLL_DUE_QUEUE, '* * * * *');
    const service = createAmazonPushService({
      ...deps,
      allowedHost: (url) => app.egress.allows(url),
      startPolling: (tenantId, storeId) => startPolling({ tenantId, storeId }),
    });
    app.decorate('amazonPush', service);
  },
  { name: 'amazon-push', dependencies: ['db', 'secrets', 'background', 'store-sync'] },
);
