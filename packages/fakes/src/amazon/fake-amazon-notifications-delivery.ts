import { createDeliveryChain, createTickBatcher, seededShuffle, withRetries } from '../http/signed-deliveries.ts';
import { seededRandom } from '../seeded-random.ts';
import { callSqs } from '../sqs/fake-sqs-client.ts';
import type { AwsCredentials } from '../sqs/fake-sqs-sigv4.ts';

/**
 * How the fake Amazon delivers its notifications (tests and the demo only): each message body is sent to the
 * destination's SQS queue with a signed SendMessage from Amazon's own AWS account (so the queue's policy must let that
 * account send, as it must let Amazon's SP-API principal in AWS), retried a few times when the queue refuses or cannot
 * be reached; and chaos on command, seeded so a test sees the same disorder every run: a share of messages dropped, a
 * share sent twice (the same NotificationId), and reordering, which holds messages back and lets them go in a shuffled
 * order once `window` of them wait (or on `release()`).
 */

export interface FakeAmazonChaos {
  /** Share of messages never sent, 0..1. */
  drop?: number;
  /** Share of messages sent twice, 0..1. */
  repeat?: number;
  /** Hold messages and send them shuffled: true = in threes, a number = that many at a time (2..100). */
  reorder?: boolean | number;
  /** Seed of the rolls and the shuffle (default 1). */
  seed?: number;
}

/** Where the fake Amazon's SQS is and the keys of the AWS account Amazon sends from. */
export interface FakeAmazonSqsLink {
  /** The fake SQS's url (startFakeSqs). */
  endpoint: string;
  region?: string;
  credentials: AwsCredentials;
}

interface Outgoing {
  queueUrl: string;
  notificationId: string;
  body: string;
}

interface FakeAmazonSendAttempt {
  queueUrl: string;
  notificationId: string;
  body: string;
  /** SQS's status; 0 when it could not be reached. */
  status: number;
}

export interface FakeAmazonDelivery {
  /** Every SendMessage made, oldest first (a retry or a repeat is another entry). */
  readonly attempts: FakeAmazonSendAttempt[];
  /** NotificationIds that chaos dropped. */
  readonly dropped: string[];
  /** How many messages reordering holds back now. */
  readonly held: number;
  /** Queues a message; it leaves on the next tick (or when reordering lets it). */
  publish(queueUrl: string, notificationId: string, body: string): void;
  chaos(options: FakeAmazonChaos): void;
  /** Sends every held message now, shuffled. */
  release(): void;
  /** Resolves when everything published and not held has been sent, dropped or given up on. */
  settled(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [50, 200, 800];
const DEFAULT_WINDOW = 3;

export function createFakeAmazonDelivery(
  link: FakeAmazonSqsLink | undefined,
  retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
): FakeAmazonDelivery {
  const attempts: FakeAmazonSendAttempt[] = [];
  const dropped: string[] = [];
  const outbox = createTickBatcher<Outgoing>(flush);
  let held: Outgoing[] = [];
  const chain = createDeliveryChain();
  let rules = { drop: 0, repeat: 0, window: 0, seed: 1 };
  let random = seededRandom(rules.seed);

  async function send({ queueUrl, notificationId, body }: Outgoing): Promise<void> {
    await withRetries(retryDelaysMs, async () => {
      const record: FakeAmazonSendAttempt = { queueUrl, notificationId, body, status: 0 };
      attempts.push(record);
      if (!link) return true;
      try {
        const answer = await callSqs({
          endpoint: link.endpoint,
          region: link.region ?? 'us-east-1',
          credentials: link.credentials,
          action: 'SendMessage',
          body: { QueueUrl: queueUrl, MessageBody: body },
          signal: AbortSignal.timeout(10_000),
        });
        record.status = answer.status;
      } catch {
        record.status = 0;
      }
      return record.status === 200;
    });
  }

  /** A seeded shuffle that never leaves two or more messages in their original order. */
  function shuffle(batch: Outgoing[]): Outgoing[] {
    const copy = seededShuffle([...batch], random);
    return copy.length > 1 && copy.every((entry, i) => entry === batch[i]) ? copy.reverse() : copy;
  }

  function dispatch(batch: Outgoing[]): void {
    chain.dispatch(batch, { ...rules, random }, send, (outgoing) => dropped.push(outgoing.notificationId));
  }

  function release(): void {
    const batch = held;
    held = [];
    dispatch(shuffle(batch));
  }

  function flush(batch: Outgoing[]): void {
    if (rules.window < 2) return dispatch(batch);
    held.push(...batch);
    while (held.length >= rules.window) {
      const next = held.splice(0, rules.window);
      dispatch(shuffle(next));
    }
  }

  return {
    attempts,
    dropped,
    get held() {
      return held.length;
    },
    publish(queueUrl, notificationId, body) {
      outbox({ queueUrl, notificationId, body });
    },
    chaos(options) {
      const reorder = options.reorder;
      const window = reorder === true ? DEFAULT_WINDOW : typeof reorder === 'number' ? reorder : 0;
      rules = { drop: options.drop ?? 0, repeat: options.repeat ?? 0, window, seed: options.seed ?? 1 };
      random = seededRandom(rules.seed);
      // Messages held under the old rules go now, so none stays behind forever.
      if (window < 2 && held.length > 0) release();
    },
    release,
    settled: chain.settled,
  };
}
