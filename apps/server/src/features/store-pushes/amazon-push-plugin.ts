import fp from 'fastify-plugin';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { pollGroup, pollGroups, type AmazonPollGroup } from './amazon-push-poller.ts';
import { createAmazonPushService, type AmazonPushService } from './amazon-push-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    amazonPush: AmazonPushService;
  }
}

interface AmazonPushPluginOptions {
  adapterOptions: AdapterOptions | undefined;
  /** Poll jobs one instance runs at once (25 stores each): each holds a worker for its slice, waiting on SQS. */
  concurrency?: number;
  /** Long-poll wait in seconds (default 20); tests shorten it. */
  waitSeconds?: number;
}

/** Every minute: the poll jobs that are missing (a poll job sends its own next one). */
const AMAZON_POLL_DUE_QUEUE = 'amazon-notifications-due';
const AMAZON_POLL_QUEUE = 'amazon-notifications-poll';
/** A poll job's slice: the schedule's minute less time for the last long poll and its messages to finish. */
const POLL_SLICE_SECONDS = 50;

/**
 * Amazon ORDER_CHANGE notifications on the one engine (plugins/background.ts): each `amazon-notifications-poll` job
 * long-polls the queues of a group of 25 listening stores for its slice (amazon-push-poller.ts) and sends its group's
 * next job when it ends; the `amazon-notifications-due` schedule sends, every minute, a job for every group, dropped
 * when that group's next one already waits (policy `stately`: one running and one waiting per group), so a poll lost
 * with its instance is back within the minute. Ten jobs an instance read 250 stores' queues. The pull (store-sync)
 * keeps running beside it as the reconciliation.
 */
export const amazonPushPlugin = fp<AmazonPushPluginOptions>(
  async (app, options) => {
    const pollDeps = {
      database: app.db,
      secrets: app.secrets,
      adapterOptions: options.adapterOptions,
      log: app.log,
    };
    const polls: JobQueue<AmazonPollGroup> = app.background.queue<AmazonPollGroup>({
      name: AMAZON_POLL_QUEUE,
      // One job of a group at a time, and at most one waiting to follow it (a second reader of a queue would only
      // split its messages).
      policy: 'stately',
      expireInSeconds: 120,
      sliceSeconds: POLL_SLICE_SECONDS,
      retryLimit: 0,
      concurrency: options.concurrency ?? 10,
      work: async (job, run) => {
        const deps = { ...pollDeps, sync: () => app.storeSync, waitSeconds: options.waitSeconds };
        // The next slice at once: the minute's schedule only starts the groups that are missing.
        if (await pollGroup(deps, job, run)) await startGroup(job.group);
      },
    });
    const startGroup = (group: number) => polls.send({ group }, { singletonKey: `group:${group}` });
    const startPolling = async () => {
      const groups = await pollGroups(pollDeps);
      for (let group = 0; group < groups; group++) await startGroup(group);
    };
    app.background.queue<object>({
      name: AMAZON_POLL_DUE_QUEUE,
      expireInSeconds: 60,
      retryLimit: 0,
      work: startPolling,
    });
    app.background.schedule(AMAZON_POLL_DUE_QUEUE, '* * * * *');
    const service = createAmazonPushService({
      ...pollDeps,
      allowedHost: (url) => app.egress.allows(url),
      startPolling,
    });
    app.decorate('amazonPush', service);
  },
  { name: 'amazon-push', dependencies: ['db', 'secrets', 'background', 'store-sync'] },
);
