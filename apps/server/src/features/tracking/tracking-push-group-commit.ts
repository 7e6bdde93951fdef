/**
 * The listener's group commit (docs/tracking.md "Pushes"): verified pushes wait here for one write that stores many
 * of them at once. A write starts as soon as one is free (at most `maxInFlight` at a time), so a lone push is stored
 * at once and, under load, the pushes that arrived meanwhile go together in the next write (at most `maxBatch`).
 * Each `add` settles when its own write has committed, or rejects with that write's error (its caller answers 5xx and
 * the carrier sends it again): a push is never answered before it is durably stored.
 */

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  maxBatch?: number;
  maxInFlight?: number;
}

export interface GroupCommit<T> {
  /** Settles once the item is stored (its batch committed); rejects with the batch's error. */
  add(item: T): Promise<void>;
  /** Items waiting for a write, and writes in flight (for tests and metrics). */
  pending(): { waiting: number; writing: number };
}

export function createGroupCommit<T>(
  store: (items: T[]) => Promise<void>,
  { maxBatch = 200, maxInFlight = 2 }: GroupCommitOptions = {},
): GroupCommit<T> {
  const waiting: Array<Waiting<T>> = [];
  let writing = 0;
  let scheduled = false;

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
    scheduled = false;
    while (waiting.length > 0 && writing < maxInFlight) write(waiting.splice(0, maxBatch));
  }

  function schedule(): void {
    if (scheduled || waiting.length === 0 || writing >= maxInFlight) return;
    scheduled = true;
    // The requests that arrive in this turn of the event loop go in the same write.
    setImmediate(flush);
  }

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      });
    },
    pending: () => ({ waiting: waiting.length, writing }),
  };
}
