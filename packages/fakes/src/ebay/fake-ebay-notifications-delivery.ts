import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import {
  createDeliveryChain,
  createTickBatcher,
  postSignedJson,
  seededShuffle,
  withRetries,
} from '../http/signed-deliveries.ts';
import { seededRandom } from '../seeded-random.ts';

/**
 * How the fake eBay delivers its Notification API messages (tests and the demo only): each message signed as eBay
 * signs them (`X-EBAY-SIGNATURE` = base64 of `{ alg, kid, signature, digest }`, the signature an ECDSA one over the
 * raw body with SHA1, as eBay's event-notification SDKs verify it), POSTed to the destination's endpoint, retried on
 * anything but a 2xx with `publishAttemptCount` counting up; and chaos on command: messages dropped, repeated or
 * shuffled (seeded, so a test sees the same disorder every run).
 */

export interface FakeEbayChaos {
  /** Share of messages never sent, 0..1. */
  drop?: number;
  /** Share of messages sent twice (the same notificationId), 0..1. */
  repeat?: number;
  /** Messages waiting together are sent in a shuffled order. */
  reorder?: boolean;
  /** Seed of the rolls and the shuffle (default 1). */
  seed?: number;
}

interface FakeEbayMessage {
  metadata: { topic: string; schemaVersion: string; deprecated: boolean };
  notification: {
    notificationId: string;
    eventDate: string;
    publishDate: string;
    publishAttemptCount: number;
    data: Record<string, unknown>;
  };
}

interface FakeEbayDeliveryAttempt {
  endpoint: string;
  notificationId: string;
  topic: string;
  body: string;
  signature: string;
  /** The endpoint's status, 0 when it could not be reached. */
  status: number;
}

export interface FakeEbayDelivery {
  /** The key's id, as the signature header names it and `GET /public_key/{kid}` serves it. */
  readonly kid: string;
  /** The public key in eBay's form: PEM armour around base64 on one line. */
  readonly publicKeyPem: string;
  /** Every POST made, oldest first (a retry or a repeat is another entry). */
  readonly attempts: FakeEbayDeliveryAttempt[];
  /** notificationIds that chaos dropped. */
  readonly dropped: string[];
  /** The X-EBAY-SIGNATURE header of a body, signed with the fake's key (or another kid, to test refusals). */
  signatureHeader(body: string, kid?: string): string;
  /** Queues a message for an endpoint; it leaves on the next tick, with whatever else was queued meanwhile. */
  publish(endpoint: string, topic: string, data: Record<string, unknown>): string;
  chaos(options: FakeEbayChaos): void;
  /** Resolves when everything published so far has been delivered, dropped or given up on. */
  settled(): Promise<void>;
}

interface Outgoing {
  endpoint: string;
  message: FakeEbayMessage;
}

/** Waits before each retry (eBay's own span hours; the fake's are short so a test sees them). */
const DEFAULT_RETRY_DELAYS_MS = [50, 200, 800];

/** The key as getPublicKey serves it: PEM armour and base64 on one line, no line breaks (eBay's SDKs add them back). */
function oneLinePem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString().replace(/\r?\n/g, '');
}

export function createFakeEbayDelivery(retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS): FakeEbayDelivery {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const kid = randomUUID();
  const attempts: FakeEbayDeliveryAttempt[] = [];
  const dropped: string[] = [];
  const outbox = createTickBatcher<Outgoing>(flush);
  const chain = createDeliveryChain();
  let rules: Required<FakeEbayChaos> = { drop: 0, repeat: 0, reorder: false, seed: 1 };
  let random = seededRandom(rules.seed);

  function signatureHeader(body: string, keyId = kid): string {
    const signature = sign('sha1', Buffer.from(body, 'utf8'), privateKey).toString('base64');
    return Buffer.from(JSON.stringify({ alg: 'ecdsa', kid: keyId, signature, digest: 'SHA1' })).toString('base64');
  }

  /** One message to its endpoint until a 2xx or the retries run out. */
  async function deliver({ endpoint, message }: Outgoing): Promise<void> {
    await withRetries(retryDelaysMs, async (attempt) => {
      message.notification.publishAttemptCount = attempt + 1;
      message.notification.publishDate = new Date().toISOString();
      const body = JSON.stringify(message);
      const signature = signatureHeader(body);
      const record: FakeEbayDeliveryAttempt = {
        endpoint,
        notificationId: message.notification.notificationId,
        topic: message.metadata.topic,
        body,
        signature,
        status: 0,
      };
      attempts.push(record);
      record.status = await postSignedJson(endpoint, body, { 'x-ebay-signature': signature });
      return record.status >= 200 && record.status < 300;
    });
  }

  function flush(batch: Outgoing[]): void {
    if (rules.reorder) seededShuffle(batch, random);
    chain.dispatch(
      batch,
      { ...rules, random },
      // The repeat is a copy, so its attempt count starts again as eBay's own redelivery would.
      (outgoing, again) => deliver(again ? structuredClone(outgoing) : outgoing),
      (outgoing) => dropped.push(outgoing.message.notification.notificationId),
    );
  }

  return {
    kid,
    publicKeyPem: oneLinePem(publicKey),
    attempts,
    dropped,
    signatureHeader,
    publish(endpoint, topic, data) {
      const now = new Date().toISOString();
      const notificationId = randomUUID();
      outbox({
        endpoint,
        message: {
          metadata: { topic, schemaVersion: '1.0', deprecated: false },
          notification: { notificationId, eventDate: now, publishDate: now, publishAttemptCount: 1, data },
        },
      });
      return notificationId;
    },
    chaos(options) {
      rules = { drop: 0, repeat: 0, reorder: false, seed: 1, ...options };
      random = seededRandom(rules.seed);
    },
    settled: chain.settled,
  };
}
