import { AMAZON_USAGE_PLANS, type AmazonOperation } from './amazon-wire.ts';

/**
 * Client-side pacing for SP-API usage plans: a token bucket per operation, refilled at the rate Amazon states in
 * `x-amzn-RateLimit-Limit` and holding the operation's documented burst. It only waits once Amazon has told us a
 * rate, so a server that sends no header is not paced at all; 429s are still retried by the HTTP layer.
 */

interface PacerOptions {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Overrides of the documented bursts (a seller with a raised plan, or a test). */
  bursts?: Partial<Record<AmazonOperation, number>>;
}

export interface Pacer {
  /** Waits, if needed, until the operation may be called, and counts the call. */
  take(operation: AmazonOperation, signal?: AbortSignal): Promise<void>;
  /** Learns the operation's rate from a response. */
  observe(operation: AmazonOperation, headers: Headers): void;
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
      await options.sleep(Math.ceil(((1 - bucket.tokens) / bucket.rate) * 1000), signal);
      bucket.tokens = 0;
      bucket.at = now();
    },
    observe(operation, headers) {
      const rate = parseRateLimit(headers);
      if (rate !== null) bucketOf(operation).rate = rate;
    },
  };
}
