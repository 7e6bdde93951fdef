import { setTimeout as delay } from 'node:timers/promises';
import {
  ChannelError,
  createChannelHttp,
  type ChannelResponse,
  type HttpOptions,
  type PlatformRules,
} from '../../http/channel-http.ts';

/**
 * HTTP client for one BigCommerce store's V2 API. The rate-limit quota is shared by every app on the store, so besides
 * retrying a 429 after `X-Rate-Limit-Time-Reset-Ms`, the client stops sending once a success said no requests are left
 * in the window and resumes when the window resets.
 */

const DEFAULT_API_BASE_URL = 'https://api.bigcommerce.com';

/** The message texts of a BigCommerce error body: V2 arrays, V3 `{ title }`, the login service's `{ error }`. */
export function bigcommerceErrorMessage(body: unknown): string | null {
  if (Array.isArray(body)) {
    const messages = body
      .map((entry) => (entry && typeof entry === 'object' ? (entry as { message?: unknown }).message : null))
      .filter((message): message is string => typeof message === 'string' && message !== '');
    return messages.length > 0 ? messages.join('; ') : null;
  }
  if (body && typeof body === 'object') {
    const { title, message, error, error_description } = body as Record<string, unknown>;
    const main = [title, message, error].find((value): value is string => typeof value === 'string' && value !== '');
    if (main && typeof error_description === 'string' && error_description !== '') {
      return `${main}: ${error_description}`;
    }
    return main ?? null;
  }
  return null;
}

function headerNumber(response: Pick<ChannelResponse, 'headers'>, name: string): number | null {
  const raw = response.headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

const bigcommerceRules: PlatformRules = {
  platform: 'BigCommerce',
  retryAfterMs(response) {
    // A 429 without the quota headers is platform overload: the generic backoff applies.
    if (response.status !== 429) return null;
    const reset = headerNumber(response, 'x-rate-limit-time-reset-ms');
    return reset === null ? null : Math.max(0, Math.ceil(reset));
  },
  errorMessage: (_response, body) => bigcommerceErrorMessage(body),
};

interface BigcommerceClientConfig {
  storeHash: string;
  accessToken: string;
  apiBaseUrl?: string | null;
}

export interface BigcommerceClient {
  readonly storeHash: string;
  /** The parsed body, or null for a 204 (BigCommerce's "nothing matched"). */
  get<T>(path: string, query?: Record<string, string | number>, signal?: AbortSignal): Promise<T | null>;
  /** Every row of a paged V2 sub-resource (products, shipping addresses, shipments), 250 at a time. */
  getAll<T>(path: string, signal?: AbortSignal): Promise<T[]>;
  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T | null>;
  /** Sent again after a lost answer, like every DELETE (channel-http): deleting twice removes nothing more. */
  delete(path: string, signal?: AbortSignal): Promise<void>;
}

const PAGE_LIMIT = 250;

/** "stores/abc123" and "abc123" both name the store; anything else cannot be part of a URL path. */
function normalizeStoreHash(value: string | undefined): string {
  const hash = (value ?? '').trim().replace(/^\/?stores\//, '');
  if (hash === '') throw new ChannelError('invalid', 'BigCommerce store hash is missing');
  if (!/^[A-Za-z0-9]+$/.test(hash)) {
    throw new ChannelError('invalid', `BigCommerce store hash "${hash}" is not valid (letters and digits only)`);
  }
  return hash;
}

export function createBigcommerceClient(config: BigcommerceClientConfig, options: HttpOptions = {}): BigcommerceClient {
  const storeHash = normalizeStoreHash(config.storeHash);
  if (!config.accessToken) throw new ChannelError('invalid', 'BigCommerce access token is missing');
  const root = (config.apiBaseUrl?.trim() || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
  const base = `${root}/stores/${storeHash}/v2`;
  const http = createChannelHttp(bigcommerceRules, options);
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  // Lower-case keys: the shared client sets `accept` too, and a second spelling would send the value twice.
  const headers = { 'x-auth-token': config.accessToken, accept: 'application/json' };

  // What the last answer said about the window: requests left (counted down as we send) and when it resets.
  let remaining: number | null = null;
  let resetAt = 0;

  async function pace(signal?: AbortSignal): Promise<void> {
    if (remaining !== null && remaining <= 0) {
      const wait = resetAt - Date.now();
      if (wait > 0) await sleep(wait, signal);
      remaining = null;
    }
    if (remaining !== null) remaining -= 1;
  }

  function observe(response: ChannelResponse): void {
    const left = headerNumber(response, 'x-rate-limit-requests-left');
    const reset = headerNumber(response, 'x-rate-limit-time-reset-ms');
    if (left === null) return;
    remaining = left;
    resetAt = Date.now() + (reset ?? 0);
  }

  function urlFor(path: string, query?: Record<string, string | number>): string {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
    return url.toString();
  }

  async function send<T>(
    method: string,
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<T | null> {
    await pace(signal);
    const { body: parsed, response } = await http.json<T | null>(
      { method, url, headers, ...(body === undefined ? {} : { json: body }) },
      signal,
    );
    observe(response);
    return response.status === 204 ? null : parsed;
  }

  return {
    storeHash,
    get: (path, query, signal) => send('GET', urlFor(path, query), undefined, signal),
    post: (path, body, signal) => send('POST', urlFor(path), body, signal),
    async delete(path, signal) {
      await send('DELETE', urlFor(path), undefined, signal);
    },
    async getAll<T>(path: string, signal?: AbortSignal): Promise<T[]> {
      const rows: T[] = [];
      for (let page = 1; ; page++) {
        const batch = await send<T[]>('GET', urlFor(path, { page, limit: PAGE_LIMIT }), undefined, signal);
        if (!batch || batch.length === 0) return rows;
        rows.push(...batch);
        if (batch.length < PAGE_LIMIT) return rows;
      }
    },
  };
}
