import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * The fake SQS's standard queues: messages, their visibility timeouts and receive counts, receipt handles, and the
 * waiters of long polls. Behaviour as AWS documents it for a standard queue: a received message is hidden for the
 * visibility timeout and comes back (ApproximateReceiveCount one higher, a new receipt handle) unless deleted; deleting
 * with the handle of an earlier receive succeeds without deleting; a handle this queue never issued is invalid.
 */

export interface FakeSqsMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  sentAt: number;
  /** Hidden until this time (a delay or a visibility timeout). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  /** The handle of the latest receive; earlier handles delete nothing. */
  receiptHandle: string | null;
  senderId: string;
}

export interface FakeSqsQueue {
  accountId: string;
  name: string;
  arn: string;
  /** Accounts besides the owner that the queue policy lets send and read attributes (Amazon's SP-API account). */
  senders: Set<string>;
  visibilityTimeout: number;
  receiveWaitTimeSeconds: number;
  delaySeconds: number;
  createdAt: number;
  /** In send order. */
  messages: FakeSqsMessage[];
  /** Every receipt handle issued, to tell a stale handle from one never issued. */
  handles: Map<string, string>;
  /** Long polls waiting for a message. */
  waiters: Set<() => void>;
}

const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function createQueue(input: {
  accountId: string;
  name: string;
  region: string;
  senders?: string[];
  visibilityTimeout?: number;
}): FakeSqsQueue {
  const now = Date.now();
  return {
    accountId: input.accountId,
    name: input.name,
    arn: `arn:aws:sqs:${input.region}:${input.accountId}:${input.name}`,
    senders: new Set(input.senders ?? []),
    visibilityTimeout: input.visibilityTimeout ?? 30,
    receiveWaitTimeSeconds: 0,
    delaySeconds: 0,
    createdAt: now,
    messages: [],
    handles: new Map(),
    waiters: new Set(),
  };
}

function wake(queue: FakeSqsQueue): void {
  for (const waiter of [...queue.waiters]) waiter();
}

export function sendMessage(
  queue: FakeSqsQueue,
  body: string,
  senderId: string,
  delaySeconds?: number,
): FakeSqsMessage {
  const now = Date.now();
  const message: FakeSqsMessage = {
    messageId: randomUUID(),
    body,
    md5OfBody: md5Hex(body),
    sentAt: now,
    visibleAt: now + (delaySeconds ?? queue.delaySeconds) * 1000,
    receiveCount: 0,
    firstReceivedAt: null,
    receiptHandle: null,
    senderId,
  };
  queue.messages.push(message);
  wake(queue);
  return message;
}

/** Takes up to `max` visible messages, hiding each for `visibilitySeconds` under a new receipt handle. */
function take(queue: FakeSqsQueue, max: number, visibilitySeconds: number): FakeSqsMessage[] {
  const now = Date.now();
  const taken: FakeSqsMessage[] = [];
  for (const message of queue.messages) {
    if (taken.length >= max) break;
    if (message.visibleAt > now) continue;
    message.receiveCount += 1;
    message.firstReceivedAt ??= now;
    message.visibleAt = now + visibilitySeconds * 1000;
    // Opaque like AWS's: long, base64, different on every receive.
    message.receiptHandle = `${randomBytes(48).toString('base64')}${message.messageId}`;
    queue.handles.set(message.receiptHandle, message.messageId);
    taken.push(message);
  }
  return taken;
}

/**
 * ReceiveMessage: answers at once when a message is visible, otherwise as soon as one becomes visible (sent, or back
 * from a visibility timeout or a delay) within `waitSeconds`, or empty at the end of the wait or when `closed` fires.
 */
export async function receiveMessages(
  queue: FakeSqsQueue,
  options: { max: number; visibilitySeconds: number; waitSeconds: number; closed: Promise<void> },
): Promise<FakeSqsMessage[]> {
  const deadline = Date.now() + options.waitSeconds * 1000;
  let closed = false;
  void options.closed.then(() => (closed = true));
  for (;;) {
    const taken = take(queue, options.max, options.visibilitySeconds);
    const now = Date.now();
    if (taken.length > 0 || now >= deadline || closed) return taken;
    const nextVisible = Math.min(...queue.messages.map((m) => m.visibleAt).filter((at) => at > now), deadline);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        queue.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, nextVisible - now));
      queue.waiters.add(done);
      void options.closed.then(done);
    });
  }
}

/** Whether a handle was ever issued by this queue. */
export const knowsHandle = (queue: FakeSqsQueue, handle: string) => queue.handles.has(handle);

/** DeleteMessage: true when a message went; a stale handle (or one of a deleted message) deletes nothing. */
export function deleteMessage(queue: FakeSqsQueue, handle: string): boolean {
  const index = queue.messages.findIndex((message) => message.receiptHandle === handle);
  if (index < 0) return false;
  queue.messages.splice(index, 1);
  return true;
}

/**
 * ChangeMessageVisibility: 'ok', or 'notInflight' when the message of the handle is visible again or gone. A stale
 * handle of a message received again since changes nothing.
 */
export function changeVisibility(queue: FakeSqsQueue, handle: string, seconds: number): 'ok' | 'notInflight' {
  const messageId = queue.handles.get(handle);
  const message = queue.messages.find((candidate) => candidate.messageId === messageId);
  if (!message || message.visibleAt <= Date.now()) return 'notInflight';
  if (message.receiptHandle !== handle) return 'ok';
  message.visibleAt = Date.now() + seconds * 1000;
  if (seconds === 0) wake(queue);
  return 'ok';
}

/** The attribute names GetQueueAttributes knows (a standard queue's); others are InvalidAttributeName. */
export const QUEUE_ATTRIBUTE_NAMES = new Set([
  'All',
  'Policy',
  'VisibilityTimeout',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'QueueArn',
  'DelaySeconds',
  'ReceiveMessageWaitTimeSeconds',
  'RedrivePolicy',
  'RedriveAllowPolicy',
  'FifoQueue',
  'ContentBasedDeduplication',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'DeduplicationScope',
  'FifoThroughputLimit',
  'SqsManagedSseEnabled',
]);

/** The queue's attributes (strings, as SQS answers them); `names` already checked. */
export function queueAttributes(queue: FakeSqsQueue, names: string[]): Record<string, string> {
  const now = Date.now();
  const inFlight = queue.messages.filter((m) => m.visibleAt > now && m.receiveCount > 0).length;
  const delayed = queue.messages.filter((m) => m.visibleAt > now && m.receiveCount === 0).length;
  const policy = {
    Version: '2012-10-17',
    Statement: [...queue.senders].map((account) => ({
      Effect: 'Allow',
      Principal: { AWS: `arn:aws:iam::${account}:root` },
      Action: ['SQS:SendMessage', 'SQS:GetQueueAttributes'],
      Resource: queue.arn,
    })),
  };
  const all: Record<string, string> = {
    QueueArn: queue.arn,
    ApproximateNumberOfMessages: String(queue.messages.length - inFlight - delayed),
    ApproximateNumberOfMessagesNotVisible: String(inFlight),
    ApproximateNumberOfMessagesDelayed: String(delayed),
    CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
    LastModifiedTimestamp: String(Math.floor(queue.createdAt / 1000)),
    VisibilityTimeout: String(queue.visibilityTimeout),
    MaximumMessageSize: '262144',
    MessageRetentionPeriod: '345600',
    DelaySeconds: String(queue.delaySeconds),
    ReceiveMessageWaitTimeSeconds: String(queue.receiveWaitTimeSeconds),
    SqsManagedSseEnabled: 'true',
    ...(queue.senders.size > 0 ? { Policy: JSON.stringify(policy) } : {}),
  };
  if (names.includes('All')) return all;
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
}
