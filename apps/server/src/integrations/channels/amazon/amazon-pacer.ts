import { QuotaWait } from '../../http/channel-error.ts';
import { AMAZON_USAGE_PLANS, type AmazonOperation } from './amazon-wire.ts';

/**
 * Client-side pacing for SP-API usage plans: a token bucket per operation, refilled at the rate Amazon states in
 * `x-amzn-RateLimit-Limit` and holding the operation's documented burst. It only waits once Amazon has told us a
 * rate, so a server that sends no header is not paced at all; 429s are still retried by the HTTP layer.
 *
 * A wait longer than `longestWaitMs` is not slept: the call fails with a QuotaWait saying when it may go, so a pull
 * (searchOrders allows one call in 178 s once its burst is spent) ends its slice and is sent again for then, instead
 * of holding a worker past its job's expiry. A 429 empties the bucket: Amazon's own count is what holds.
 */

/** Waits up to this long are slept inside the call (getOrder's 2 s); longer ones fail with QuotaWait. */
const LONGEST_INLINE_WAIT_MS = 20_000;

interface PacerOptions {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Overrides of the documented bursts (a seller with a raised plan, or a test). */
  bursts?: Partial<Record<AmazonOperation, number>>;
  longestWaitMs?: number;
}

export interface Pacer {
  /** Waits, if needed, until the operation may be called, and counts the call. */
  take(operation: AmazonOperation, signal?: AbortSignal): Promise<void>;
  /** Learns the operation's rate from a response. */
  observe(operation: AmazonOperation, headers: Headers): void;
  /** Amazon answered 429: its bucket is empty whatever ours said. The wait until one call may pass, as a QuotaWait. */
  refused(operation: AmazonOperation): QuotaWait;
}

export function parseRateLimit(headers: Headers): number | null {
  const value = Number(headers.get('x-amzn-ratelimit-limit'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

interface Bucket {
  rate: number | null;
  burst: number;
  tokens: number;
  at: number;
}

export function createPacer(options: PacerOptions): Pacer {
  const now = options.now ?? Date.now;
  const buckets = new Map<AmazonOperation, Bucket>();

  function bucketOf(operation: AmazonOperation): Bucket {
    let bucket = buckets.get(operation);
    if (!bucket) {
      const burst = Math.max(1, options.bursts?.[operation] ?? AMAZON_USAGE_PLANS[operation].burst);
      bucket = { rate: null, burst, tokens: burst, at: now() };
      buckets.set(operation, bucket);
    }
    return bucket;
  }

  return {
    async take(operation, signal) {
      const bucket = bucketOf(operation);
      const current = now();
      if (bucket.rate !== null) {
        bucket.tokens = Math.min(bucket.burst, bucket.tokens + ((current - bucket.at) / 1000) * bucket.rate);
      }
      bucket.at = current;
      if (bucket.tokens >= 1 || bucket.rate === null) {
        bucket.tokens = Math.max(0, bucket.tokens - 1);
        return;
      }
      const wait = Math.ceil(((1 - bucket.tokens) / bucket.rate) * 1000);
      if (wait > (options.longestWaitMs ?? LONGEST_INLINE_WAIT_MS)) throw new QuotaWait('Amazon', operation, wait);
      await options.sleep(wait, signal);
      bucket.tokens = 0;
      bucket.at = now();
    },
    observe(operation, headers) {
      const rate = parseRateLimit(headers);
      if (rate !== null) bucketOf(operation).rate = rate;
    },
    refused(operation) {
      const bucket = bucketOf(operation);
      bucket.rate ??= AMAZON_USAGE_PLANS[operation].rate;
      bucket.tokens = 0;
      bucket.at = now();
      return new QuotaWait('Amazon', operation, Math.ceil(1000 / bucket.rate), 429);
    },
  };
}

/** Pacers by seller authorisation, shared by the clients built for it (each slice of a pull builds its own). */
const shared = new Map<string, Pacer>();
const SHARED_PACERS_KEPT = 10_000;

/**
 * The pacer of one seller's authorisation in this process: a pull's next slice, a webhook's getOrder and a label's
 * confirmation draw from the same buckets, as Amazon counts them. The oldest is forgotten past 10,000 sellers.
 */
export function sharedPacer(key: string, create: () => Pacer): Pacer {
  let pacer = shared.get(key);
  if (pacer) return pacer;
  pacer = create();
  shared.set(key, pacer);
  if (shared.size > SHARED_PACERS_KEPT) shared.delete(shared.keys().next().value as string);
  return pacer;
}
