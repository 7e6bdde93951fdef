import { decimalTextToMinorUnits } from '@shipdesk/contract';
import { readBody } from './answer-body.ts';
import { STORE_ANSWER_LIMIT, megabytes } from './answer-limits.ts';
import { AnswerTooLargeError, ChannelError, type ChannelErrorKind } from './channel-error.ts';
import { EgressRefusedError } from './egress.ts';

export { AnswerTooLargeError, ChannelError, type ChannelErrorKind } from './channel-error.ts';

/**
 * The one HTTP client every platform adapter uses: timeouts, retry with backoff on 429, 5xx, network failures and
 * malformed JSON, honouring Retry-After (and a platform's own wait header), and errors that say what the platform
 * answered. Every answer is read as a stream up to a limit (answer-limits.ts). It never logs: requests carry
 * credentials.
 */

export interface HttpOptions {
  /** Retries after the first attempt (default 4). */
  retries?: number;
  /** First backoff step (default 500 ms); doubles per attempt, with jitter. */
  baseDelayMs?: number;
  /** Longest single wait (default 30 s). A platform asking for longer is answered with a rate_limited error. */
  maxDelayMs?: number;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock that client-side pacing reads (a benchmark's simulated time); default Date.now. */
  now?: () => number;
  fetch?: typeof fetch;
}

export interface ChannelRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /**
   * Safe to send twice. Default: GET, HEAD, PUT and DELETE are; POST and PATCH are not, and are retried only when
   * the platform refused them unprocessed (429, connection refused) — a timed-out "mark shipped" is not sent again.
   * Reads sent as POST (GraphQL queries, token requests) set this to true.
   */
  idempotent?: boolean;
  /** The most bytes of the answer read (default: the platform's `answerLimit`); beyond it, AnswerTooLargeError. */
  answerLimit?: number;
}

export interface ChannelResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** What differs from one platform to the next. */
export interface PlatformRules {
  /** Used in messages: "Shopify answered 401 ...". */
  platform: string;
  /** The wait a response asks for, beyond Retry-After (e.g. BigCommerce's X-Rate-Limit-Time-Reset-Ms); null = none. */
  retryAfterMs?(response: ChannelResponse): number | null;
  /** The platform's error text from an error body (its documented error shape). */
  errorMessage?(response: ChannelResponse, body: unknown): string | null;
  /**
   * A successful status that is really a throttle (Shopify GraphQL's THROTTLED in a 200 body): the wait in ms, or
   * null when the body is a real answer.
   */
  throttledBody?(response: ChannelResponse, body: unknown): number | null;
  /** The most bytes read of one answer unless the request says otherwise (default STORE_ANSWER_LIMIT). */
  answerLimit?: number;
}

/** A 2xx answer kept as the bytes it is (a label file): never decoded as text. */
interface ChannelDownload {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export interface ChannelHttp {
  /** The response of a 2xx; throws ChannelError otherwise (after retries for the retryable ones). */
  request(request: ChannelRequest, signal?: AbortSignal): Promise<ChannelResponse>;
  /** Like request, and parses the body as JSON (null for an empty body); malformed JSON is retried, then thrown. */
  json<T>(request: ChannelRequest, signal?: AbortSignal): Promise<{ body: T; response: ChannelResponse }>;
  /** Like request, and keeps the body as bytes (a document). */
  download(request: ChannelRequest, signal?: AbortSignal): Promise<ChannelDownload>;
}

/** A wait that an abort signal ends early (rejecting with its reason): the pacing of every platform client. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After in seconds or as an HTTP date. */
function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function kindOfStatus(status: number): ChannelErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'unavailable';
  if (status === 400 || status === 409 || status === 422) return 'invalid';
  return 'platform';
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A client's platform rules and its settings, with every default filled in. */
interface Client {
  rules: PlatformRules;
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch: typeof fetch;
}

/** The wait before retry `attempt + 1`: doubling from the base, at most the longest, with jitter. */
function backoff(client: Client, attempt: number): number {
  const ceiling = Math.min(client.maxDelayMs, client.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

async function once(client: Client, request: ChannelRequest, signal?: AbortSignal): Promise<ChannelDownload> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  const timeout = AbortSignal.timeout(client.timeoutMs);
  // Ends the request when its answer runs past the limit.
  const refused = new AbortController();
  const combined = AbortSignal.any(signal ? [signal, timeout, refused.signal] : [timeout, refused.signal]);
  const limit = request.answerLimit ?? client.rules.answerLimit ?? STORE_ANSWER_LIMIT;
  try {
    const response = await client.fetch(request.url, {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: combined,
    });
    const read = await readBody(response, limit, () => refused.abort());
    if (!read.ok) {
      throw new AnswerTooLargeError(
        `${client.rules.platform} answered more than ${megabytes(limit)}; Shipdesk refused it`,
        limit,
        response.status,
      );
    }
    return { status: response.status, headers: response.headers, bytes: read.bytes };
  } catch (error) {
    if (error instanceof AnswerTooLargeError) throw error;
    if (signal?.aborted) throw signal.reason;
    if (error instanceof EgressRefusedError) {
      throw new ChannelError('invalid', `${client.rules.platform} cannot be called at this address: ${error.message}`);
    }
    if (timeout.aborted) {
      throw new ChannelError('timeout', `${client.rules.platform} did not answer within ${client.timeoutMs / 1000} s`);
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ChannelError('network', `${client.rules.platform} could not be reached (${cause})`);
  }
}

/** The body as text, decoded once (a BOM dropped, as fetch's text() does). */
function asText(answer: ChannelDownload): ChannelResponse {
  return { status: answer.status, headers: answer.headers, text: new TextDecoder().decode(answer.bytes) };
}

function errorFor(client: Client, response: ChannelResponse): ChannelError {
  const parsed = tryParse(response.text);
  const platformMessage =
    (parsed.ok ? client.rules.errorMessage?.(response, parsed.value) : null) ??
    (response.text ? shorten(response.text) : null);
  const kind = kindOfStatus(response.status);
  const what =
    kind === 'auth'
      ? 'refused the credentials'
      : kind === 'forbidden'
        ? 'refused access (missing permission or scope)'
        : kind === 'rate_limited'
          ? 'kept throttling the requests'
          : kind === 'unavailable'
            ? 'is failing'
            : 'refused the request';
  return new ChannelError(
    kind,
    `${client.rules.platform} ${what} (HTTP ${response.status})`,
    response.status,
    platformMessage,
  );
}

/** Runs `attempt` until it succeeds, a non-retryable error, or the retries are spent. */
async function withRetry<T>(
  client: Client,
  request: ChannelRequest,
  attempt: () => Promise<{ value: T } | { retryIn: number | null; error: ChannelError }>,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    let outcome: { value: T } | { retryIn: number | null; error: ChannelError };
    try {
      outcome = await attempt();
    } catch (error) {
      if (!(error instanceof ChannelError) || !error.retryable) throw error;
      outcome = { retryIn: null, error };
    }
    if ('value' in outcome) return outcome.value;
    if (n >= client.retries || !mayRetry(request, outcome.error)) throw outcome.error;
    const wait = outcome.retryIn ?? backoff(client, n);
    if (wait > client.maxDelayMs) throw outcome.error;
    await client.sleep(wait, signal);
  }
}

function waitAskedFor(client: Client, response: ChannelResponse): number | null {
  return client.rules.retryAfterMs?.(response) ?? parseRetryAfter(response.headers.get('retry-after'));
}

function mayRetry(request: ChannelRequest, error: ChannelError): boolean {
  const method = (request.method ?? 'GET').toUpperCase();
  const idempotent = request.idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method);
  if (idempotent) return error.retryable;
  return error.kind === 'rate_limited' || (error.kind === 'network' && /ECONNREFUSED/.test(error.message));
}

async function requestText(client: Client, request: ChannelRequest, signal?: AbortSignal): Promise<ChannelResponse> {
  return withRetry<ChannelResponse>(
    client,
    request,
    async () => {
      const response = asText(await once(client, request, signal));
      if (response.status >= 200 && response.status < 300) return { value: response };
      const error = errorFor(client, response);
      if (!error.retryable) throw error;
      return { retryIn: waitAskedFor(client, response), error };
    },
    signal,
  );
}

async function requestJson<T>(
  client: Client,
  request: ChannelRequest,
  signal?: AbortSignal,
): Promise<{ body: T; response: ChannelResponse }> {
  return withRetry<{ body: T; response: ChannelResponse }>(
    client,
    request,
    async () => {
      const response = asText(await once(client, request, signal));
      if (response.status < 200 || response.status >= 300) {
        const error = errorFor(client, response);
        if (!error.retryable) throw error;
        return { retryIn: waitAskedFor(client, response), error };
      }
      const parsed = tryParse(response.text);
      if (!parsed.ok) {
        return {
          retryIn: null,
          error: new ChannelError(
            'malformed',
            `${client.rules.platform} answered with malformed JSON`,
            response.status,
            shorten(response.text, 120),
          ),
        };
      }
      const throttle = client.rules.throttledBody?.(response, parsed.value) ?? null;
      if (throttle !== null) {
        return {
          retryIn: throttle,
          error: new ChannelError(
            'rate_limited',
            `${client.rules.platform} kept throttling the requests`,
            response.status,
            client.rules.errorMessage?.(response, parsed.value) ?? 'Throttled',
          ),
        };
      }
      return { value: { body: parsed.value as T, response } };
    },
    signal,
  );
}

async function requestBytes(client: Client, request: ChannelRequest, signal?: AbortSignal): Promise<ChannelDownload> {
  return withRetry<ChannelDownload>(
    client,
    request,
    async () => {
      const answer = await once(client, request, signal);
      if (answer.status >= 200 && answer.status < 300) return { value: answer };
      const response = asText(answer);
      const error = errorFor(client, response);
      if (!error.retryable) throw error;
      return { retryIn: waitAskedFor(client, response), error };
    },
    signal,
  );
}

export function createChannelHttp(rules: PlatformRules, options: HttpOptions = {}): ChannelHttp {
  const client: Client = {
    rules,
    retries: options.retries ?? 4,
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    timeoutMs: options.timeoutMs ?? 30_000,
    sleep: options.sleep ?? abortableSleep,
    fetch: options.fetch ?? fetch,
  };
  return {
    request: (request, signal) => requestText(client, request, signal),
    json: <T>(request: ChannelRequest, signal?: AbortSignal) => requestJson<T>(client, request, signal),
    download: (request, signal) => requestBytes(client, request, signal),
  };
}

/**
 * Minor units from a decimal string or number ("12.30" -> 1230), without floating-point drift. Platforms send more
 * decimals than the currency has (BigCommerce four): those are rounded half up, not refused.
 */
export function toMinorUnits(amount: string | number | null | undefined, fractionDigits = 2): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const text = typeof amount === 'number' ? amount.toFixed(fractionDigits) : amount.trim();
  const value = decimalTextToMinorUnits(text, fractionDigits);
  if (value === null) throw new ChannelError('malformed', `Not an amount: "${text}"`);
  return value;
}
