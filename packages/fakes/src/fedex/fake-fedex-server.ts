import { randomBytes, randomUUID } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens } from '../http/fake-oauth.ts';
import type { FedexErrorBody, FedexTokenAnswer } from './fake-fedex-wire.ts';

/**
 * A loopback FedEx REST platform (OAuth client credentials) for tests and the demo: `POST /oauth/token` with the API
 * and secret keys in a form body, FedEx's error shape with its transactionId, its per-project throttling (1,400
 * transactions per 10-second window, then 429 for the rest of the window), and its gateway, which refuses an expired
 * or revoked Bearer token on every API path before routing (API paths the fake does not model answer 404). The
 * product never imports it.
 */

export interface FakeFedexThrottle {
  requests: number;
  /** Default 10 s. */
  windowMs?: number;
}

export interface FakeFedexOptions {
  /** The API key. */
  clientId: string;
  /** The secret key. */
  clientSecret: string;
  /** Token lifetime (default 3 600 s, answered as expires_in 3 599 as FedEx does). */
  tokenLifetimeSeconds?: number;
  /** Default 1,400 requests per 10 s; null turns throttling off. */
  throttle?: FakeFedexThrottle | null;
  port?: number;
}

export interface FakeFedex extends FakeHttpServer {
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  setThrottle(throttle: FakeFedexThrottle | null): void;
  /** The next `times` requests are answered 429 in FedEx's words, with Retry-After when given. */
  throttleNext(options?: { times?: number; retryAfterSeconds?: number }): void;
}

const TOO_MANY = 'We have received too many requests in a short duration. Please wait a while to try again.';

function fedexError(status: number, code: string, message: string, headers?: Record<string, string>): FakeReply {
  const body: FedexErrorBody = { transactionId: randomUUID(), errors: [{ code, message }] };
  return { status, headers, body };
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeFedex(options: FakeFedexOptions): Promise<FakeFedex> {
  const lifetime = options.tokenLifetimeSeconds ?? 3_600;
  // FedEx tokens are JWTs; the fake's only need to look opaque.
  const tokens = createFakeTokens(lifetime, () => `eyJ${randomBytes(60).toString('base64url')}`);
  let throttle: FakeFedexThrottle | null =
    options.throttle === undefined ? { requests: 1_400, windowMs: 10_000 } : options.throttle;
  let windowStart = Date.now();
  let spent = 0;

  /** Counts the request in the current fixed window; the 429 once the window is spent. */
  function spendWindow(): FakeReply | null {
    if (!throttle) return null;
    const windowMs = throttle.windowMs ?? 10_000;
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now - ((now - windowStart) % windowMs);
      spent = 0;
    }
    if (spent >= throttle.requests) return fedexError(429, 'TOO.MANY.REQUESTS', TOO_MANY);
    spent += 1;
    return null;
  }

  function token(request: FakeRequest): FakeReply {
    if (!(header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return fedexError(415, 'UNSUPPORTED.MEDIA.TYPE', 'Content-Type must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') {
      return fedexError(400, 'BAD.REQUEST.ERROR', 'The given grant_type is not supported.');
    }
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return fedexError(
        401,
        'NOT.AUTHORIZED.ERROR',
        'The given client credentials were not valid. Please modify your request and try again.',
      );
    }
    const answer: FedexTokenAnswer = {
      access_token: tokens.issue(),
      token_type: 'bearer',
      expires_in: Math.max(1, lifetime - 1),
      scope: 'CXS',
    };
    return { status: 200, body: answer };
  }

  /** The gateway in front of every API: throttling, the Bearer token, then the resource. */
  function gateway(request: FakeRequest): FakeReply {
    const throttled = spendWindow();
    if (throttled) return throttled;
    const bearer = /^Bearer (.+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    if (!tokens.works(bearer)) {
      return fedexError(401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
    }
    return fedexError(404, 'NOT.FOUND.ERROR', 'The resource you requested is not available.');
  }

  const router = new FakeRouter().on('POST', '/oauth/token', (request) => spendWindow() ?? token(request));
  const server = await startFakeHttpServer(router, { port: options.port, notFound: gateway });

  return {
    ...server,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    setThrottle(next) {
      throttle = next;
      windowStart = Date.now();
      spent = 0;
    },
    throttleNext({ times = 1, retryAfterSeconds } = {}) {
      const headers = retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) };
      const reply = fedexError(429, 'TOO.MANY.REQUESTS', TOO_MANY, headers);
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times });
    },
  };
}
