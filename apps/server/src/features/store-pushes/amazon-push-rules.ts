import type { AmazonNotificationsSetup } from '@shipdesk/contract';

/**
 * The pure rules of Amazon notifications: what a setup must look like, and where its values live among the store's
 * sealed credentials (beside the LWA ones, under names the store form does not know, so editing the store's own
 * credentials drops them with the cached tokens and the poller reports the notifications as failed).
 */

export interface AmazonPushConfig {
  queueUrl: string;
  queueArn: string;
  region: string;
  awsAccessKeyId: string;
  awsSecretAccessKey: string;
  sellerId: string;
  destinationId: string;
  subscriptionId: string;
}

/** The sealed credential each value is kept under. */
const KEYS: Record<keyof AmazonPushConfig, string> = {
  queueUrl: 'pushSqsQueueUrl',
  queueArn: 'pushSqsQueueArn',
  region: 'pushSqsRegion',
  awsAccessKeyId: 'pushAwsAccessKeyId',
  awsSecretAccessKey: 'pushAwsSecretAccessKey',
  sellerId: 'pushSellerId',
  destinationId: 'pushDestinationId',
  subscriptionId: 'pushSubscriptionId',
};

/** The store's setup, or null when any value is missing (never set up, or dropped by a credentials edit). */
export function pushConfigOf(credentials: Record<string, string>): AmazonPushConfig | null {
  const entries = Object.entries(KEYS).map(([field, key]) => [field, credentials[key]] as const);
  if (entries.some(([, value]) => !value)) return null;
  return Object.fromEntries(entries) as unknown as AmazonPushConfig;
}

/** Some of the setup, as far as it is there (the state shown after a credentials edit dropped part of it). */
export function partialPushConfig(credentials: Record<string, string>): Partial<AmazonPushConfig> {
  return Object.fromEntries(
    Object.entries(KEYS)
      .filter(([, key]) => credentials[key])
      .map(([field, key]) => [field, credentials[key]]),
  );
}

export function withPushConfig(credentials: Record<string, string>, config: AmazonPushConfig): Record<string, string> {
  const merged = withoutPushConfig(credentials);
  for (const [field, key] of Object.entries(KEYS)) merged[key] = config[field as keyof AmazonPushConfig];
  return merged;
}

export function withoutPushConfig(credentials: Record<string, string>): Record<string, string> {
  const keys = new Set(Object.values(KEYS));
  return Object.fromEntries(Object.entries(credentials).filter(([key]) => !keys.has(key)));
}

const AWS_QUEUE_URL = /^https:\/\/sqs\.([a-z0-9-]+)\.amazonaws\.com\/(\d{12})\/([A-Za-z0-9_.-]{1,80})$/;
/** An allowed non-AWS host (the operator's OUTBOUND_ALLOW_HOSTS: the tests' and the demo's fake SQS). */
const OTHER_QUEUE_PATH = /^\/(\d{12})\/([A-Za-z0-9_.-]{1,80})$/;
const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
const ACCESS_KEY_ID = /^[A-Z0-9]{16,128}$/;
const SELLER_ID = /^[A-Z0-9]{8,20}$/;

interface CheckedSetup {
  queueUrl: string;
  region: string;
  awsAccessKeyId: string;
  awsSecretAccessKey: string;
  sellerId: string;
}

/**
 * The setup checked field by field (errors name the field), the region read from an AWS queue URL when not given.
 * `allowedHost` admits a queue on a host that is not AWS's (the egress allow-list): the fakes on loopback.
 */
export function checkSetup(
  input: AmazonNotificationsSetup,
  allowedHost: (url: URL) => boolean,
): { ok: true; setup: CheckedSetup } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const queueUrl = input.queueUrl.trim();
  const aws = AWS_QUEUE_URL.exec(queueUrl);
  let urlRegion: string | null = aws?.[1] ?? null;
  if (!aws) {
    const url = URL.canParse(queueUrl) ? new URL(queueUrl) : null;
    const other = url && /^https?:$/.test(url.protocol) && allowedHost(url) && OTHER_QUEUE_PATH.test(url.pathname);
    if (!other) errors.queueUrl = 'must be an SQS queue URL: https://sqs.<region>.amazonaws.com/<account>/<queue name>';
    urlRegion = null;
  }
  if (!errors.queueUrl && queueUrl.endsWith('.fifo')) {
    errors.queueUrl = 'must be a standard queue: Amazon does not send notifications to FIFO queues';
  }
  const given = input.region?.trim() || null;
  if (given && !REGION.test(given)) errors.region = 'must be an AWS region such as us-east-1';
  else if (given && urlRegion && given !== urlRegion) errors.region = `must be the queue's region (${urlRegion})`;
  const region = given ?? urlRegion ?? 'us-east-1';
  const awsAccessKeyId = input.awsAccessKeyId.trim();
  if (!ACCESS_KEY_ID.test(awsAccessKeyId)) errors.awsAccessKeyId = 'must be an AWS access key id such as AKIA…';
  const awsSecretAccessKey = input.awsSecretAccessKey;
  if (awsSecretAccessKey.length < 16 || /\s/.test(awsSecretAccessKey)) {
    errors.awsSecretAccessKey = 'must be the secret access key AWS showed with the key id';
  }
  const sellerId = input.sellerId.trim();
  if (!SELLER_ID.test(sellerId)) errors.sellerId = 'must be your merchant token (Seller Central > Account Info)';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, setup: { queueUrl, region, awsAccessKeyId, awsSecretAccessKey, sellerId } };
}

/** Which field an AWS refusal of the queue check points at. */
export function fieldOfQueueRefusal(code: string | null): keyof AmazonNotificationsSetup {
  if (code && /^(QueueDoesNotExist|NonExistentQueue|InvalidAddress)/.test(code)) return 'queueUrl';
  if (code && /^(InvalidSignature|SignatureDoesNotMatch|IncompleteSignature)/.test(code)) return 'awsSecretAccessKey';
  return 'awsAccessKeyId';
}
