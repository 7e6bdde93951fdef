/**
 * What the fake channels' outgoing pushes share (tests and the demo only): the retry loop, the POST of a signed body,
 * the seeded shuffle, and one chain that sends pushes one after another with chaos's drops and repeats.
 */

/** Runs `attempt` (numbered from 0) until it answers true or the retries run out, waiting each delay in turn. */
export async function withRetries(retryDelaysMs: number[], attempt: (n: number) => Promise<boolean>): Promise<void> {
  for (let n = 0; n <= retryDelaysMs.length; n++) {
    if (n > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[n - 1]));
    if (await attempt(n)) return;
  }
}

/** POSTs a JSON body with its signature headers: the endpoint's status, 0 when it could not be reached. */
export async function postSignedJson(endpoint: string, body: string, headers: Record<string, string>): Promise<number> {
  try {
    const answer = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 0;
  }
}

/** Pushes queued within one tick leave together on the next, handed to `flush` as one batch. */
export function createTickBatcher<T>(flush: (batch: T[]) => void): (push: T) => void {
  let waiting: T[] = [];
  let scheduled = false;
  return (push) => {
    waiting.push(push);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = waiting;
      waiting = [];
      flush(batch);
    });
  };
}

/** Shuffles `batch` in place with the seeded `random`, so a test sees the same order every run. */
export function seededShuffle<T>(batch: T[], random: () => number): T[] {
  for (let i = batch.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [batch[i], batch[j]] = [batch[j]!, batch[i]!];
  }
  return batch;
}

interface DeliveryChaos {
  /** Share of pushes never sent, 0..1. */
  drop: number;
  /** Share of pushes sent twice, 0..1. */
  repeat: number;
  random: () => number;
}

/** Pushes sent one after another; a failed one never stops the next. */
export function createDeliveryChain() {
  let chain: Promise<unknown> = Promise.resolve();
  const add = (task: () => Promise<void>) => {
    chain = chain.then(task).catch(() => undefined);
  };
  return {
    /** Queues each push unless chaos drops it (`onDrop`); a repeated one is sent again (`again` true) right after. */
    dispatch<T>(
      batch: T[],
      chaos: DeliveryChaos,
      send: (push: T, again: boolean) => Promise<void>,
      onDrop: (push: T) => void,
    ): void {
      for (const push of batch) {
        if (chaos.random() < chaos.drop) {
          onDrop(push);
          continue;
        }
        const twice = chaos.random() < chaos.repeat;
        add(() => send(push, false));
        if (twice) add(() => send(push, true));
      }
    },
    /** Resolves when everything queued so far has been sent, dropped or given up on. */
    async settled(): Promise<void> {
      // A flush queued for this tick adds to the chain; wait for it, then for the chain until it stops growing.
      await new Promise((resolve) => setImmediate(resolve));
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}
