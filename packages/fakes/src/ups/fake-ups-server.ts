import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens, hasBasicCredentials } from '../http/fake-oauth.ts';
import type { UpsErrorBody, UpsTokenAnswer } from './fake-ups-wire.ts';

/**
 * A loopback UPS (OAuth client credentials) for tests and the demo: `POST /security/v1/oauth/token` with HTTP Basic
 * credentials, a form body and the optional `x-merchant-id`, UPS's error shape, and its gateway, which refuses an
 * expired or revoked Bearer token on every API path before routing (API paths the fake does not model answer 404).
 * UPS publishes no request limits, so throttling is what a test queues. The product never imports it.
 */

export interface FakeUpsOptions {
  clientId: string;
  clientSecret: string;
  /**
   * Shipper numbers the application may act for. When given, a token asked for with another `x-merchant-id` is refused
   * (UPS does not document this check; the fake models the refusal so a wrong account number can be tested).
   */
  merchantIds?: string[];
  /** expires_in of the issued tokens (default 14 399 s, as UPS's four hours). */
  tokenLifetimeSeconds?: number;
  port?: number;
}

export interface RecordedUpsToken {
  accessToken: string;
  merchantId: string | null;
}

export interface FakeUps extends FakeHttpServer {
  readonly tokens: RecordedUpsToken[];
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  /** The next `times` requests are answered 429 in UPS's words, with Retry-After when given. */
  throttleNext(options?: { times?: number; retryAfterSeconds?: number }): void;
}

function upsError(status: number, code: string, message: string, headers?: Record<string, string>): FakeReply {
  const body: UpsErrorBody = { response: { errors: [{ code, message }] } };
  return { status, headers, body };
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeUps(options: FakeUpsOptions): Promise<FakeUps> {
  const lifetime = options.tokenLifetimeSeconds ?? 14_399;
  const tokens = createFakeTokens(lifetime, () => `ups_${randomBytes(36).toString('base64url')}`);
  const issued: RecordedUpsToken[] = [];

  function token(request: FakeRequest): FakeReply {
    if (!hasBasicCredentials(request, options.clientId, options.clientSecret)) {
      return upsError(401, '10401', 'ClientId is Invalid');
    }
    if (!(header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return upsError(400, '10400', 'Invalid/Missing Content-Type: application/x-www-form-urlencoded is required');
    }
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
      return upsError(400, '10400', 'Invalid/Missing grant_type');
    }
    const merchantId = header(request, 'x-merchant-id') ?? null;
    if (merchantId !== null && options.merchantIds && !options.merchantIds.includes(merchantId)) {
      return upsError(401, '10401', `The merchant id ${merchantId} is not authorized for this client`);
    }
    const accessToken = tokens.issue();
    issued.push({ accessToken, merchantId });
    const answer: UpsTokenAnswer = {
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      client_id: options.clientId,
      access_token: accessToken,
      scope: '',
      expires_in: String(lifetime),
      refresh_count: '0',
      status: 'approved',
    };
    return { status: 200, body: answer };
  }

  /** The gateway in front of every API: the Bearer token first, then the resource. */
  function gateway(request: FakeRequest): FakeReply {
    const bearer = /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
    if (!tokens.works(bearer)) return upsError(401, '250002', 'Invalid Authentication Information.');
    return upsError(404, '10404', `The resource ${request.path} was not found.`);
  }

  const router = new FakeRouter().on('POST', '/security/v1/oauth/token', token);
  const server = await startFakeHttpServer(router, { port: options.port, notFound: gateway });

  return {
    ...server,
    tokens: issued,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    throttleNext({ times = 1, retryAfterSeconds } = {}) {
      const headers = retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) };
      const reply = upsError(429, '10429', 'Too Many Requests', headers);
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times });
    },
  };
}
