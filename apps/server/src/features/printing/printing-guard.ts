import { HttpError, badRequest } from '../../lib/http-errors.ts';

/**
 * What QZ Tray 2.x hands the page to sign: the SHA-256 of the call it is about to send (`{call, params, timestamp}`
 * as JSON), as 64 lowercase hex digits (qz-tray.js `_qz.tools.hash`, read before `callSign`). Nothing else is signed:
 * the site's key signs hashes of QZ Tray calls, never text a caller chose.
 */
const QZ_SIGN_REQUEST = /^[0-9a-f]{64}$/;

/** Refuses anything but QZ Tray's hash, with a 400 naming the field. */
export function checkSignRequest(request: string): void {
  if (!QZ_SIGN_REQUEST.test(request)) {
    throw badRequest(
      { request: 'request must be the SHA-256 hash QZ Tray asks to sign (64 lowercase hex digits)' },
      'Only the hash QZ Tray asks for is signed',
    );
  }
}

/** The origins of `urls` (PUBLIC_URL and WEB_ORIGINS), as browsers write them in `Origin`. */
export function webAppOrigins(urls: string[]): Set<string> {
  // What is not a URL gives '', and a file: URL 'null': no page of the web app has either.
  return new Set(urls.map(originOf).filter((origin) => origin !== '' && origin !== 'null'));
}

/** `url`'s origin as a browser writes it, or '' for what is not a URL (the `null` of a sandboxed page). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Signatures are for the web app's own pages: a browser sends `Origin` with every POST, so a request from another
 * site's page, or with no page at all, is refused with a 403 that says so.
 */
export function checkOrigin(origin: string | undefined, allowed: Set<string>): void {
  if (origin && allowed.has(originOf(origin))) return;
  const from = origin ? `a page of ${origin.slice(0, 200)}` : 'no web page (it has no Origin header)';
  throw new HttpError(403, `QZ Tray signatures are only for the Shipdesk web app; this request came from ${from}`, {
    reason: 'origin_not_allowed',
  });
}

/** A 429 with how long to wait: the route sends it as `Retry-After`. */
export class TooManySignatures extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, `Too many QZ Tray signatures: try again in ${retryAfterSeconds} s`, { reason: 'rate_limited' });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface SignatureRate {
  /** Signatures a user may have at once (a batch of labels printed one by one, a scale read five times). */
  burst: number;
  /** Signatures given back per second once the burst is spent. */
  perSecond: number;
}

/** Buckets of users idle long enough to be full again are dropped when this many are kept. */
const KEPT_BUCKETS = 10_000;

/**
 * Signatures per user, as a token bucket: `burst` at once, then `perSecond`. In memory per instance, like the API's
 * rate limit; behind several instances each counts on its own.
 */
export function createSignatureAllowance(rate: SignatureRate, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, time: number) =>
    Math.min(rate.burst, bucket.tokens + ((time - bucket.at) / 1000) * rate.perSecond);

  return {
    /** Takes one signature for `user`, or throws `TooManySignatures` saying when the next one is free. */
    take(user: string): void {
      const time = now();
      const bucket = buckets.get(user) ?? { tokens: rate.burst, at: time };
      const tokens = refilled(bucket, time);
      if (tokens < 1) throw new TooManySignatures(Math.ceil((1 - tokens) / rate.perSecond));
      buckets.set(user, { tokens: tokens - 1, at: time });
      if (buckets.size > KEPT_BUCKETS) {
        for (const [key, kept] of buckets) if (refilled(kept, time) >= rate.burst) buckets.delete(key);
      }
    },
  };
}
