import type { AmazonNotificationsSetup, AmazonNotificationsState, PushStatus } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createSqsClient, SqsError } from '../../integrations/aws/sqs-client.ts';
import { createAmazonNotificationsClient } from '../../integrations/channels/amazon/amazon-notifications-client.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { maskSecret, openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { setPushStatus } from '../stores/index.ts';
import { createAmazonPushRepository, type AmazonStoreRow } from './amazon-push-repository.ts';
import {
  checkSetup,
  fieldOfQueueRefusal,
  partialPushConfig,
  pushConfigOf,
  withoutPushConfig,
  withPushConfig,
  type AmazonPushConfig,
} from './amazon-push-rules.ts';

/**
 * Turning an Amazon store's ORDER_CHANGE notifications on and off (docs/stores.md, "Pushes"): the seller's queue and
 * keys checked with GetQueueAttributes, Amazon's destination (the queue's ARN) and the seller's subscription made
 * with the Notifications API, the AWS secret sealed with the store's credentials, the push `pending` until the first
 * message (amazon-push-poller.ts then takes it in through the sync's webhook path, which marks it `active`).
 */

interface AmazonPushDeps {
  database: Database;
  secrets: SecretBox;
  adapterOptions: AdapterOptions | undefined;
  /** The egress allow-list: a queue on a host other than AWS's must be on it. */
  allowedHost: (url: URL) => boolean;
  log: FastifyBaseLogger;
  /** Starts the poll jobs that are missing now (a new store's group) rather than at the next minute's sweep. */
  startPolling: () => Promise<void>;
}

const repo = createAmazonPushRepository();
const US_MARKETPLACE = 'ATVPDKIKX0DER';

const amazonWords = (error: unknown) =>
  error instanceof ChannelError ? (error.platformAnswer ?? error.message) : (error as Error).message;

/** The store, when it is this tenant's Amazon store: another tenant's is the same 404 as a missing one. */
async function amazonStore(deps: AmazonPushDeps, tenantId: string, storeId: number, forUpdate = false) {
  return deps.database.withTenant(tenantId, async (tx) => {
    const row = await repo.find(tx, tenantId, storeId, forUpdate);
    if (!row || row.archivedAt) throw notFound('Store not found');
    if (row.sourceType !== 'AmazonSP') {
      throw badRequest({ storeId: 'is not an Amazon store: order notifications through SQS are Amazon’s' });
    }
    return row;
  });
}

function toState(deps: AmazonPushDeps, row: AmazonStoreRow): AmazonNotificationsState {
  const config = partialPushConfig(openCredentials(deps.secrets, row.credentials));
  const counts = row.pushCounts ?? {};
  return {
    status: row.pushStatus as PushStatus,
    error: row.pushError,
    queueUrl: config.queueUrl ?? null,
    region: config.region ?? null,
    awsAccessKeyId: config.awsAccessKeyId ? maskSecret(config.awsAccessKeyId) : null,
    sellerId: config.sellerId ?? null,
    destinationId: config.destinationId ?? null,
    subscriptionId: config.subscriptionId ?? null,
    lastHeardAt: row.lastHeardAt ? new Date(row.lastHeardAt).toISOString() : null,
    counts: { recorded: counts.recorded ?? 0, duplicate: counts.duplicate ?? 0, ignored: counts.ignored ?? 0 },
  };
}

function notificationsClient(deps: AmazonPushDeps, row: AmazonStoreRow) {
  try {
    return createAmazonNotificationsClient(
      { settings: row.settings, credentials: openCredentials(deps.secrets, row.credentials) },
      deps.adapterOptions,
    );
  } catch (error) {
    throw badRequest({ storeId: amazonWords(error) }, 'The store cannot call Amazon');
  }
}

/** The queue's ARN, proving the keys may use the queue; AWS's refusal names the field it points at. */
async function checkedQueueArn(
  deps: AmazonPushDeps,
  config: Omit<AmazonPushConfig, 'queueArn' | 'destinationId' | 'subscriptionId'>,
) {
  const sqs = createSqsClient({
    queueUrl: config.queueUrl,
    region: config.region,
    keys: { accessKeyId: config.awsAccessKeyId, secretAccessKey: config.awsSecretAccessKey },
    http: { ...deps.adapterOptions?.http, retries: 1 },
  });
  try {
    return await sqs.queueArn();
  } catch (error) {
    if (error instanceof SqsError && error.status !== null && error.status < 500) {
      throw badRequest({ [fieldOfQueueRefusal(error.code)]: error.message }, 'AWS refused the queue or the keys');
    }
    throw new HttpError(502, `The queue could not be checked: ${(error as Error).message}. Try again.`);
  }
}

/** No other store, of this tenant or another, reads the same queue: a message would go to whichever asked first. */
async function assertQueueFree(deps: AmazonPushDeps, tenantId: string, storeId: number, queueArn: string) {
  const others = await repo.othersSetUp(deps.database.db, tenantId, storeId);
  const taken = others.some((other) => openCredentials(deps.secrets, other.credentials).pushSqsQueueArn === queueArn);
  if (taken) throw badRequest({ queueUrl: 'is already used by another store; each store needs its own queue' });
}

async function turnOn(deps: AmazonPushDeps, auth: AuthContext, storeId: number, input: AmazonNotificationsSetup) {
  // The store first: another tenant's store is a 404 whatever the body says.
  const row = await amazonStore(deps, auth.tenantId, storeId);
  const checked = checkSetup(input, deps.allowedHost);
  if (!checked.ok) throw badRequest(checked.errors);
  const { setup } = checked;
  const queueArn = await checkedQueueArn(deps, setup);
  await assertQueueFree(deps, auth.tenantId, storeId, queueArn);

  const amazon = notificationsClient(deps, row);
  const before = pushConfigOf(openCredentials(deps.secrets, row.credentials));
  let destinationId: string | null = null;
  let subscriptionId: string;
  try {
    destinationId = await amazon.sqsDestination(`shipdesk-store-${storeId}`, queueArn);
    subscriptionId = await amazon.subscribeOrderChange(destinationId, [row.settings.marketplaceId || US_MARKETPLACE]);
  } catch (error) {
    // A destination made for this attempt goes again; the one the store already uses stays.
    if (destinationId && destinationId !== before?.destinationId) {
      await amazon.deleteDestination(destinationId).catch(() => undefined);
    }
    throw new HttpError(502, `Amazon did not set up the notifications: ${amazonWords(error)}`);
  }
  const config: AmazonPushConfig = { ...setup, queueArn, destinationId, subscriptionId };
  try {
    await deps.database.withTenant(auth.tenantId, async (tx) => {
      const locked = await repo.find(tx, auth.tenantId, storeId, true);
      if (!locked) throw notFound('Store not found');
      const credentials = withPushConfig(openCredentials(deps.secrets, locked.credentials), config);
      await repo.saveCredentials(tx, auth.tenantId, storeId, sealCredentials(deps.secrets, credentials));
      await setPushStatus(tx, auth.tenantId, storeId, 'pending', null);
    });
  } catch (error) {
    // Nothing half-made stays at Amazon when Shipdesk could not keep it (what the store had before stays).
    if (subscriptionId !== before?.subscriptionId)
      await amazon.deleteSubscription(subscriptionId).catch(() => undefined);
    throw error;
  }
  // A queue moved away from: its destination is no longer used by this store.
  if (before && before.destinationId !== destinationId) {
    await amazon.deleteDestination(before.destinationId).catch((err: unknown) => {
      deps.log.warn({ storeId, err }, 'amazon notifications: the old destination was not deleted');
    });
  }
  await amazon.sendTest(subscriptionId).catch((err: unknown) => {
    deps.log.info({ storeId, err }, 'amazon notifications: no test message');
  });
  await deps.startPolling();
  return toState(deps, await amazonStore(deps, auth.tenantId, storeId));
}

/** Off: the subscription and the destination deleted at Amazon (what Amazon refused is kept as the error). */
async function turnOff(deps: AmazonPushDeps, auth: AuthContext, storeId: number) {
  const row = await amazonStore(deps, auth.tenantId, storeId);
  const config = partialPushConfig(openCredentials(deps.secrets, row.credentials));
  let refusal: string | null = null;
  if (config.subscriptionId || config.destinationId) {
    try {
      const amazon = notificationsClient(deps, row);
      if (config.subscriptionId) await amazon.deleteSubscription(config.subscriptionId);
      if (config.destinationId) await amazon.deleteDestination(config.destinationId);
    } catch (error) {
      refusal = `Amazon did not delete the subscription (${amazonWords(error)}); delete it in Amazon or try again`;
    }
  }
  await deps.database.withTenant(auth.tenantId, async (tx) => {
    const locked = await repo.find(tx, auth.tenantId, storeId, true);
    if (!locked) throw notFound('Store not found');
    const credentials = withoutPushConfig(openCredentials(deps.secrets, locked.credentials));
    await repo.saveCredentials(tx, auth.tenantId, storeId, sealCredentials(deps.secrets, credentials));
    await setPushStatus(tx, auth.tenantId, storeId, 'off', refusal);
  });
  return toState(deps, await amazonStore(deps, auth.tenantId, storeId));
}

export function createAmazonPushService(deps: AmazonPushDeps) {
  return {
    state: async (auth: AuthContext, storeId: number) => toState(deps, await amazonStore(deps, auth.tenantId, storeId)),
    turnOn: (auth: AuthContext, storeId: number, input: AmazonNotificationsSetup) => turnOn(deps, auth, storeId, input),
    turnOff: (auth: AuthContext, storeId: number) => turnOff(deps, auth, storeId),
  };
}

export type AmazonPushService = ReturnType<typeof createAmazonPushService>;
