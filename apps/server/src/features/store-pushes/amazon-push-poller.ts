import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createSqsClient, SqsError, type SqsClient, type SqsMessage } from '../../integrations/aws/sqs-client.ts';
import { parseOrderChangeNotification } from '../../integrations/channels/amazon/amazon-notifications-message.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import { abortableSleep } from '../../integrations/http/channel-http.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { JobRun } from '../../plugins/background.ts';
import { setPushStatus } from '../stores/index.ts';
import { createAmazonPushRepository } from './amazon-push-repository.ts';
import { pushConfigOf, type AmazonPushConfig } from './amazon-push-rules.ts';

/**
 * Reading a store's SQS queue (amazon-push-plugin.ts runs one poll job per listening store each minute): long
 * polls of up to 20 s, each answered as soon as a message arrives, until the job's slice (about 50 s) ends, so a
 * notification waits well under a second. Each message is taken through the sync's webhook path
 * (`takeWebhookOrder`: de-duplicated on the NotificationId, the order fetched fresh with getOrder and written only
 * when newer) and deleted only once taken, so a crash in between redelivers it and the de-duplication makes that
 * harmless. A message of another seller, or not an ORDER_CHANGE, is taken as "ignored" (counted, no order change)
 * and deleted. The queue's refusal of the keys or the queue itself fails the push with AWS's words.
 */

interface AmazonPollJob {
  tenantId: string;
  storeId: number;
}

interface WebhookTaker {
  takeWebhookOrder(input: {
    tenantId: string;
    storeId: number;
    eventId: string;
    topic: string | null;
    externalOrderId: string | null;
  }): Promise<{ duplicate: boolean; stored: boolean }>;
}

interface AmazonPollDeps {
  database: Database;
  secrets: SecretBox;
  adapterOptions: AdapterOptions | undefined;
  sync: () => WebhookTaker;
  log: FastifyBaseLogger;
  /** Long-poll wait (default 20 s, SQS's longest); tests shorten it. */
  waitSeconds?: number;
}

const repo = createAmazonPushRepository();
const MAX_MESSAGES = 10;
/** A message in hand is hidden from other readers this long: enough for its getOrder under Amazon's pacing. */
const VISIBILITY_SECONDS = 120;
const BACKOFF_MAX_MS = 30_000;
const KEYS_GONE = "The AWS keys are gone (the store's credentials were changed): turn order notifications on again";

/** What one message becomes: taken (its receipt handle to delete) or left for redelivery. */
async function take(deps: AmazonPollDeps, job: AmazonPollJob, config: AmazonPushConfig, message: SqsMessage) {
  const parsed = parseOrderChangeNotification(message.Body);
  const base = { tenantId: job.tenantId, storeId: job.storeId };
  if (!parsed.ok) {
    deps.log.warn({ storeId: job.storeId, reason: parsed.reason }, 'amazon notification ignored');
    const eventId = parsed.notificationId ?? `sqs:${message.MessageId}`;
    return deps.sync().takeWebhookOrder({ ...base, eventId, topic: parsed.reason, externalOrderId: null });
  }
  const { notification } = parsed;
  if (notification.sellerId !== config.sellerId) {
    // Only AWS's access control let it in; its content speaks for another seller, so it changes nothing here.
    deps.log.warn({ storeId: job.storeId }, 'amazon notification of another seller ignored');
    return deps.sync().takeWebhookOrder({
      ...base,
      eventId: notification.notificationId,
      topic: 'foreign_seller',
      externalOrderId: null,
    });
  }
  return deps.sync().takeWebhookOrder({
    ...base,
    eventId: notification.notificationId,
    topic: notification.orderChangeType,
    externalOrderId: notification.amazonOrderId,
  });
}

/** Takes a batch one message after another (their order is the queue's), then deletes those taken. */
async function takeBatch(
  deps: AmazonPollDeps,
  job: AmazonPollJob,
  config: AmazonPushConfig,
  sqs: SqsClient,
  messages: SqsMessage[],
) {
  const taken: string[] = [];
  for (const message of messages) {
    try {
      await take(deps, job, config, message);
      taken.push(message.ReceiptHandle);
    } catch (err) {
      // Left in the queue: it comes back after its visibility timeout and is taken then.
      deps.log.warn({ storeId: job.storeId, err }, 'amazon notification not taken; it will be delivered again');
    }
  }
  const failed = await sqs.deleteBatch(taken);
  if (failed.length > 0) deps.log.warn({ storeId: job.storeId, failed: failed.length }, 'sqs delete refused');
}

async function fail(deps: AmazonPollDeps, job: AmazonPollJob, words: string) {
  await deps.database.withTenant(job.tenantId, async (tx) => {
    // Only a store still listening: one turned off meanwhile stays off.
    const row = await repo.find(tx, job.tenantId, job.storeId, true);
    if (row && (row.pushStatus === 'pending' || row.pushStatus === 'active')) {
      await setPushStatus(tx, job.tenantId, job.storeId, 'failed', words);
    }
  });
}

/** The store's setup, read under its own tenant: null when it no longer listens. */
async function listeningConfig(deps: AmazonPollDeps, job: AmazonPollJob) {
  const row = await deps.database.withTenant(job.tenantId, (tx) => repo.find(tx, job.tenantId, job.storeId));
  if (!row || row.sourceType !== 'AmazonSP' || row.archivedAt) return null;
  if (row.pushStatus !== 'pending' && row.pushStatus !== 'active') return null;
  return { config: pushConfigOf(openCredentials(deps.secrets, row.credentials)) };
}

function sqsOf(deps: AmazonPollDeps, config: AmazonPushConfig): SqsClient {
  return createSqsClient({
    queueUrl: config.queueUrl,
    region: config.region,
    keys: { accessKeyId: config.awsAccessKeyId, secretAccessKey: config.awsSecretAccessKey },
    // The poll loop is the retry: a failed receive is asked again after its backoff.
    http: { ...deps.adapterOptions?.http, retries: 0 },
  });
}

/**
 * One store's reading: receive, take, delete, until the slice ends. The store is read again before each receive, so turning
 * the notifications off (or moving them to another queue or keys) takes effect within one long poll. False when the
 * store stopped listening or its queue refused us.
 */
async function pollStore(
  deps: AmazonPollDeps,
  job: AmazonPollJob,
  run: Pick<JobRun, 'shouldYield' | 'stopping' | 'stopped'>,
): Promise<boolean> {
  // A stopping instance ends a long poll at once instead of waiting out its 20 s (no message is lost: a message
  // received by an aborted call comes back after its visibility timeout).
  const stopped = run.stopped ?? new AbortController().signal;
  let reader: { config: AmazonPushConfig; sqs: SqsClient } | null = null;
  let failures = 0;
  while (!run.shouldYield() && !stopped.aborted) {
    const found = await listeningConfig(deps, job);
    if (!found) return false;
    const { config } = found;
    if (!config) {
      await fail(deps, job, KEYS_GONE);
      return false;
    }
    if (!reader || JSON.stringify(reader.config) !== JSON.stringify(config))
      reader = { config, sqs: sqsOf(deps, config) };
    try {
      const messages = await reader.sqs.receive(
        { waitSeconds: deps.waitSeconds ?? 20, max: MAX_MESSAGES, visibilitySeconds: VISIBILITY_SECONDS },
        stopped,
      );
      failures = 0;
      if (messages.length > 0) await takeBatch(deps, job, config, reader.sqs, messages);
    } catch (err) {
      if (stopped.aborted) return false;
      if (err instanceof SqsError && err.permanent) {
        await fail(deps, job, err.message);
        return false;
      }
      failures += 1;
      deps.log.warn({ storeId: job.storeId, err }, 'sqs receive failed; trying again');
      await abortableSleep(Math.min(BACKOFF_MAX_MS, 1000 * 2 ** (failures - 1)), stopped).catch(() => undefined);
    }
  }
  return !stopped.aborted;
}

/** Every listening store (all tenants), in a stable order: the groups of the poll jobs. */
async function listeningStores(deps: Pick<AmazonPollDeps, 'database'>): Promise<AmazonPollJob[]> {
  const rows = await repo.listening(deps.database.db);
  return rows.map((row) => ({ tenantId: row.tenantId, storeId: row.id }));
}

/** Stores one poll job reads at once: their long polls are waits on SQS, not work, so one worker holds many. */
const STORES_PER_POLL = 25;

/** One poll job's stores: the `group`th 25 of the listening stores. */
export interface AmazonPollGroup {
  group: number;
}

/** How many poll jobs the listening stores need. */
export async function pollGroups(deps: Pick<AmazonPollDeps, 'database'>): Promise<number> {
  return Math.ceil((await listeningStores(deps)).length / STORES_PER_POLL);
}

/** How often a poll job looks for stores that joined its group (turned on, or moved in). */
const JOIN_CHECK_MS = 2_000;

/**
 * One poll job: the long polls of its group's stores, side by side, until the slice ends. The group is read again
 * every 2 s, so a store turned on meanwhile is read within seconds (a store that moved to another group may be read
 * by two jobs for one slice: each message still goes to one reader, and a repeat is taken once). True while the
 * group has stores: its next job is sent at once.
 */
export async function pollGroup(
  deps: AmazonPollDeps,
  job: AmazonPollGroup,
  run: Pick<JobRun, 'shouldYield' | 'stopping' | 'stopped'>,
): Promise<boolean> {
  const from = job.group * STORES_PER_POLL;
  const reading = new Map<string, Promise<unknown>>();
  let members = 0;
  while (!run.shouldYield() && !run.stopping()) {
    const group = (await listeningStores(deps)).slice(from, from + STORES_PER_POLL);
    members = group.length;
    for (const store of group) {
      const key = `${store.tenantId}:${store.storeId}`;
      if (reading.has(key)) continue;
      const poll = pollStore(deps, store, run)
        .catch((err: unknown) => deps.log.warn({ err, storeId: store.storeId }, 'amazon notifications poll failed'))
        .finally(() => reading.delete(key));
      reading.set(key, poll);
    }
    if (members === 0 && reading.size === 0) break;
    await abortableSleep(JOIN_CHECK_MS, run.stopped).catch(() => undefined);
  }
  await Promise.all(reading.values());
  return members > 0 && !run.stopping();
}
