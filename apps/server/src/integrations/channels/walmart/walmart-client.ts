import { randomUUID } from 'node:crypto';
import { createAccessTokens } from '../../http/access-token.ts';
import {
  ChannelError,
  createChannelHttp,
  type ChannelResponse,
  type HttpOptions,
  type PlatformRules,
} from '../../http/channel-http.ts';
import type { WalmartError } from './walmart-wire.ts';

const WALMART_API_BASE_URL = 'https://marketplace.walmartapis.com';
const SERVICE_NAME = 'Walmart Marketplace';

/** "message (CODE)" per error of Walmart's `{ errors: [...] }` (the gateway answers `{ error: [...] }`). */
function walmartErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const list = (body as { errors?: unknown; error?: unknown }).errors ?? (body as { error?: unknown }).error;
  if (!Array.isArray(list)) return null;
  const parts = (list as WalmartError[])
    .map((error) => {
      const text = error.message ?? error.info ?? error.description ?? error.field ?? null;
      if (!text) return error.code ?? null;
      return error.code ? `${text} (${error.code})` : text;
    })
    .filter((part): part is string => part !== null);
  return parts.length ? parts.join('; ') : null;
}

/** Walmart's token bucket says when it refills (epoch ms) instead of a Retry-After. */
function walmartRetryAfterMs(response: ChannelResponse, now = Date.now()): number | null {
  if (response.status !== 429) return null;
  const at = Number(response.headers.get('x-next-replenishment-time'));
  if (!Number.isFinite(at) || at <= 0) return null;
  return Math.max(0, at - now);
}

const walmartRules: PlatformRules = {
  platform: 'Walmart',
  retryAfterMs: (response) => walmartRetryAfterMs(response),
  errorMessage: (_response, body) => walmartErrorMessage(body),
};

interface WalmartClientConfig {
  clientId: string;
  clientSecret: string;
  apiBaseUrl?: string;
}

interface WalmartCall {
  method?: string;
  /** Path and query under the base URL, e.g. `/v3/orders?limit=1`. */
  path: string;
  json?: unknown;
}

export interface WalmartClient {
  readonly baseUrl: string;
  /** A valid access token, from the cache or a new one. */
  accessToken(signal?: AbortSignal): Promise<string>;
  call<T>(call: WalmartCall, signal?: AbortSignal): Promise<T>;
}

export function createWalmartClient(config: WalmartClientConfig, options: HttpOptions = {}): WalmartClient {
  const baseUrl = (config.apiBaseUrl || WALMART_API_BASE_URL).replace(/\/+$/, '');
  const http = createChannelHttp(walmartRules, options);
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const commonHeaders = () => ({
    'WM_SVC.NAME': SERVICE_NAME,
    'WM_QOS.CORRELATION_ID': randomUUID(),
    accept: 'application/json',
  });

  const tokens = createAccessTokens({
    platform: 'Walmart',
    // Tokens live 15 minutes, and Walmart says so; this is for an answer that does not.
    assumedLifetimeSeconds: 900,
    request: async (signal) => {
      const { body } = await http.json<{ access_token?: string; expires_in?: number }>(
        {
          method: 'POST',
          idempotent: true,
          url: `${baseUrl}/v3/token`,
          headers: { ...commonHeaders(), authorization: `Basic ${basic}` },
          form: { grant_type: 'client_credentials' },
        },
        signal,
      );
      return body;
    },
  });
  const accessToken = async (signal?: AbortSignal) => (await tokens.get(signal)).value;

  async function send<T>(call: WalmartCall, token: string, signal?: AbortSignal): Promise<T> {
    const { body } = await http.json<T>(
      {
        method: call.method ?? 'GET',
        url: `${baseUrl}${call.path}`,
        headers: { ...commonHeaders(), 'WM_SEC.ACCESS_TOKEN': token },
        json: call.json,
      },
      signal,
    );
    return body;
  }

  async function call<T>(request: WalmartCall, signal?: AbortSignal): Promise<T> {
    const token = await accessToken(signal);
    try {
      return await send<T>(request, token, signal);
    } catch (error) {
      // A token revoked or expired early: one fresh token, one more try.
      if (!(error instanceof ChannelError) || error.kind !== 'auth') throw error;
      tokens.forget(token);
      return send<T>(request, await accessToken(signal), signal);
    }
  }

  return { baseUrl, accessToken, call };
}
