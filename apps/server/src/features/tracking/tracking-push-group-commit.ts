/**
 * The listener's group commit (docs/tracking.md "Pushes"): verified pushes wait here for one write that stores many
 * of them at once. A write starts `lingerMs` after the oldest push waiting came (at once when `maxBatch` wait) if one
 * is free (at most `maxInFlight` at a time); under load the pushes that arrived meanwhile go together in the next write.
 * Each `add` settles when its own write has committed, or rejects with that write's error (its caller answers 5xx and
 * the carrier sends it again): a push is never answered before it is durably stored.
 */

interface Waiting<T> {
  item: T;
  /** When it came (performance.now()). */
  at: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface GroupCommitOptions<T> {
  maxBatch?: number;
  maxInFlight?: number;
  /** How long the first waiting item waits for others (0: only those of the same turn of the event loop). */
  lingerMs?: number;
  /** An item's size, and the most a write takes of them (a write has at least one item, however large). */
  sizeOf?: (item: T) => number;
  maxBatchSize?: number;
}

interface GroupCommit<T> {
  /** Settles once the item is stored (its batch committed); rejects with the batch's error. */
  add(item: T): Promise<void>;
  /** Items waiting for a write, and writes in flight (for tests and metrics). */
  pending(): { waiting: number; writing: number };
}

export function createGroupCommit<T>(
  store: (items: T[]) => Promise<void>,
  {
    maxBatch = 200,
    maxInFlight = 2,
    lingerMs = 0,
    sizeOf = () => 0,
    maxBatchSize = Infinity,
  }: GroupCommitOptions<T> = {},
): GroupCommit<T> {
  const waiting: Array<Waiting<T>> = [];
  let writing = 0;
  let timer: NodeJS.Timeout | null = null;
  let soon = false;

  function write(batch: Array<Waiting<T>>): void {
    writing++;
    let stored: Promise<void>;
    try {
      stored = store(batch.map((w) => w.item));
    } catch (error) {
      stored = Promise.reject(error);
    }
    stored
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        writing--;
        schedule();
      });
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    soon = false;
    while (waiting.length > 0 && writing < maxInFlight) write(waiting.splice(0, batchLength()));
  }

  /** How many of the waiting items the next write takes: at most `maxBatch`, and `maxBatchSize` after the first. */
  function batchLength(): number {
    let size = sizeOf(waiting[0]!.item);
    let n = 1;
    while (n < Math.min(maxBatch, waiting.length)) {
      size += sizeOf(waiting[n]!.item);
      if (size > maxBatchSize) break;
      n++;
    }
    return n;
  }

  /** In this turn of the event loop's check phase: the requests that arrived in this turn go together. */
  function flushSoon(): void {
    if (soon || waiting.length === 0 || writing >= maxInFlight) return;
    soon = true;
    setImmediate(flush);
  }

  function schedule(): void {
    if (waiting.length === 0 || writing >= maxInFlight) return;
    const wait = waiting[0]!.at + lingerMs - performance.now();
    if (waiting.length >= maxBatch || wait <= 0) flushSoon();
    else timer ??= setTimeout(flush, wait);
  }

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, at: performance.now(), resolve, reject });
        schedule();
      });
    },
    pending: () => ({ waiting: waiting.length, writing }),
  };
}
