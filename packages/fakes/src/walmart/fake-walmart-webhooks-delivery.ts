import {
  createDeliveryChain,
  createTickBatcher,
  postSignedJson,
  seededShuffle,
  withRetries,
} from '../http/signed-deliveries.ts';
import { seededRandom } from '../seeded-random.ts';

/**
 * A fake channel's outgoing pushes (tests and the demo only): each queued push leaves on the next tick with whatever
 * else was queued meanwhile, one after another, retried on anything but a 2xx; and chaos on command: pushes dropped,
 * repeated (the same bytes twice) or shuffled, seeded so a test sees the same disorder every run. The fake Walmart and
 * the fake Magento both send through one.
 */

export interface FakePushChaos {
  /** Share of pushes never sent, 0..1. */
  drop?: number;
  /** Share of pushes sent twice, 0..1. */
  repeat?: number;
  /** Pushes waiting together are sent in a shuffled order. */
  reorder?: boolean;
  /** Seed of the rolls and the shuffle (default 1). */
  seed?: number;
}

interface FakePushAttempt {
  endpoint: string;
  id: string;
  body: string;
  headers: Record<string, string>;
  /** The endpoint's status, 0 when it could not be reached. */
  status: number;
}

/** One push: where to, its id, and how to make its body and headers for an attempt (signed then, as channels do). */
interface FakePush {
  endpoint: string;
  id: string;
  build(): { body: string; headers: Record<string, string> };
}

export interface FakePushOutbox {
  readonly attempts: FakePushAttempt[];
  /** Ids of the pushes chaos dropped. */
  readonly dropped: string[];
  publish(push: FakePush): void;
  chaos(options: FakePushChaos): void;
  /** Resolves when everything published so far has been delivered, dropped or given up on. */
  settled(): Promise<void>;
}

export function createFakePushOutbox(retryDelaysMs: number[] = [50, 200]): FakePushOutbox {
  const attempts: FakePushAttempt[] = [];
  const dropped: string[] = [];
  const outbox = createTickBatcher<FakePush>(flush);
  const chain = createDeliveryChain();
  let rules: Required<FakePushChaos> = { drop: 0, repeat: 0, reorder: false, seed: 1 };
  let random = seededRandom(rules.seed);

  async function deliver(push: FakePush): Promise<void> {
    await withRetries(retryDelaysMs, async () => {
      const { body, headers } = push.build();
      const record: FakePushAttempt = { endpoint: push.endpoint, id: push.id, body, headers, status: 0 };
      attempts.push(record);
      record.status = await postSignedJson(push.endpoint, body, headers);
      return record.status >= 200 && record.status < 300;
    });
  }

  function flush(batch: FakePush[]): void {
    if (rules.reorder) seededShuffle(batch, random);
    chain.dispatch(
      batch,
      { ...rules, random },
      (push) => deliver(push),
      (push) => dropped.push(push.id),
    );
  }

  return {
    attempts,
    dropped,
    publish(push) {
      outbox(push);
    },
    chaos(options) {
      rules = { drop: 0, repeat: 0, reorder: false, seed: 1, ...options };
      random = seededRandom(rules.seed);
    },
    settled: chain.settled,
  };
}
