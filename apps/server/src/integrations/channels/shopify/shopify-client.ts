import {
  abortableSleep,
  ChannelError,
  createChannelHttp,
  type ChannelErrorKind,
  type ChannelResponse,
  type PlatformRules,
} from '../../http/channel-http.ts';
import type { AdapterOptions, StoreConnection } from '../channel-types.ts';

/**
 * The GraphQL Admin API client: one POST per operation with X-Shopify-Access-Token, cost-based throttling read from
 * the body (Shopify answers THROTTLED with HTTP 200 or 429), and expiring offline tokens refreshed with the refresh
 * token when Shopify refuses the access token or it is known to have expired.
 */

export const DEFAULT_API_VERSION = '2026-01';
/** Refresh this long before the known expiry, so a pull does not start on a token about to die. */
const EXPIRY_MARGIN_MS = 60_000;

interface ShopifyThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface GraphqlError {
  message: string;
  extensions?: { code?: string };
}

interface GraphqlBody<T> {
  data?: T | null;
  errors?: GraphqlError[] | string;
  extensions?: {
    cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ShopifyThrottleStatus };
  };
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

interface ShopifyOperation {
  name: string;
  document: string;
  /** A mutation that is safe to send twice (default: queries are, mutations are not). */
  idempotent?: boolean;
}

export interface ShopifyClient {
  /** The `data` of the operation; throws ChannelError on HTTP errors and on GraphQL `errors`. */
  request<T>(operation: ShopifyOperation, variables?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isThrottled(body: unknown): boolean {
  return (
    isRecord(body) &&
    Array.isArray(body.errors) &&
    body.errors.some((e) => isRecord(e) && isRecord(e.extensions) && e.extensions.code === 'THROTTLED')
  );
}

/** How long until the bucket holds the cost the throttled query asked for; null when the body is not a throttle. */
export function throttleWaitMs(body: unknown): number | null {
  if (!isThrottled(body)) return null;
  const cost = isRecord(body) && isRecord(body.extensions) ? body.extensions.cost : undefined;
  if (!isRecord(cost) || !isRecord(cost.throttleStatus)) return 1000;
  const requested = Number(cost.requestedQueryCost);
  const available = Number(cost.throttleStatus.currentlyAvailable);
  const rate = Number(cost.throttleStatus.restoreRate);
  if (!(rate > 0) || !Number.isFinite(requested) || !Number.isFinite(available)) return 1000;
  return Math.max(10, Math.ceil(((requested - available) / rate) * 1000));
}

/** The error text of Shopify's bodies: `{"errors":"..."}`, GraphQL `errors[]`, or OAuth `{"error_description"}`. */
function errorMessage(_response: ChannelResponse, body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.errors === 'string') return body.errors;
  if (Array.isArray(body.errors)) {
    const messages = body.errors.map((e) => (isRecord(e) ? String(e.message ?? '') : String(e))).filter(Boolean);
    return messages.length > 0 ? messages.join('; ') : null;
  }
  if (isRecord(body.errors)) return JSON.stringify(body.errors);
  if (typeof body.error_description === 'string') return body.error_description;
  if (typeof body.error === 'string') return body.error;
  return null;
}

const shopifyRules: PlatformRules = {
  platform: 'Shopify',
  errorMessage,
  throttledBody: (_response, body) => throttleWaitMs(body),
  // A 429 carries the same THROTTLED body; its cost block says how long to wait better than any header.
  retryAfterMs(response) {
    if (response.status !== 429) return null;
    try {
      return throttleWaitMs(JSON.parse(response.text));
    } catch {
      return null;
    }
  },
};

const KIND_OF_CODE: Record<string, ChannelErrorKind> = {
  ACCESS_DENIED: 'forbidden',
  NOT_FOUND: 'not_found',
  MAX_COST_EXCEEDED: 'invalid',
  BAD_USER_INPUT: 'invalid',
  undefinedField: 'invalid',
  argumentLiteralsIncompatible: 'invalid',
  INTERNAL_SERVER_ERROR: 'unavailable',
};

function graphqlError(errors: GraphqlError[]): ChannelError {
  const message = errors.map((e) => e.message).join('; ');
  const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
  const kind = (code && KIND_OF_CODE[code]) || 'platform';
  return new ChannelError(kind, `Shopify refused the request: ${message}`, null, message);
}

/** "my-shop", "https://my-shop.myshopify.com/" -> "my-shop.myshopify.com". */
function normalizeShopDomain(input: string): string {
  const bare = input
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/.*$/, '')
    .toLowerCase();
  return bare && !bare.includes('.') ? `${bare}.myshopify.com` : bare;
}

function shopifyBaseUrl(settings: Readonly<Record<string, string>>): string {
  const override = settings.apiBaseUrl?.trim();
  if (override) return override.replace(/\/+$/, '');
  const domain = normalizeShopDomain(settings.shopDomain ?? '');
  if (!domain) throw new ChannelError('invalid', 'The Shopify shop domain is missing');
  return `https://${domain}`;
}

export function createShopifyClient(connection: StoreConnection, options: AdapterOptions = {}): ShopifyClient {
  const { settings, credentials } = connection;
  const base = shopifyBaseUrl(settings);
  const version = settings.apiVersion?.trim() || DEFAULT_API_VERSION;
  const endpoint = `${base}/admin/api/${version}/graphql.json`;
  const http = createChannelHttp(shopifyRules, options.http);
  const sleep = options.http?.sleep ?? abortableSleep;

  let accessToken = credentials.accessToken ?? '';
  let refreshToken = credentials.refreshToken ?? '';
  const clientId = settings.clientId || credentials.clientId || '';
  const clientSecret = credentials.clientSecret ?? '';
  const knownExpiry = Date.parse(credentials.accessTokenExpiresAt ?? '');
  let expiresAt = Number.isNaN(knownExpiry) ? null : knownExpiry;
  let refreshing: Promise<void> | null = null;

  // The bucket as of the last answer, to wait before a query rather than be throttled by it.
  let bucket: (ShopifyThrottleStatus & { at: number }) | null = null;
  const lastCost = new Map<string, number>();

  const canRefresh = () => Boolean(refreshToken && clientId && clientSecret);

  async function refresh(signal?: AbortSignal): Promise<void> {
    let body: TokenAnswer;
    try {
      ({ body } = await http.json<TokenAnswer>(
        {
          method: 'POST',
          url: `${base}/admin/oauth/access_token`,
          // Shopify keeps the old refresh token valid until the new one is used, so a lost answer may be asked again.
          idempotent: true,
          form: {
            client_id: clientId,
            client_secret: clientSecret,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
          },
        },
        signal,
      ));
    } catch (error) {
      if (error instanceof ChannelError && !error.retryable) {
        throw new ChannelError(
          'auth',
          'Shopify refused to refresh the access token; connect the store again',
          error.status,
          error.platformMessage,
        );
      }
      throw error;
    }
    if (!body?.access_token) throw new ChannelError('malformed', 'Shopify answered the token refresh without a token');
    accessToken = body.access_token;
    if (body.refresh_token) refreshToken = body.refresh_token;
    expiresAt = typeof body.expires_in === 'number' ? Date.now() + body.expires_in * 1000 : null;
    const changed: Record<string, string> = { accessToken };
    if (body.refresh_token) changed.refreshToken = body.refresh_token;
    if (expiresAt !== null) changed.accessTokenExpiresAt = new Date(expiresAt).toISOString();
    await connection.saveCredentials?.(changed);
  }

  /** One refresh at a time: concurrent requests wait for the same new token. */
  function refreshOnce(signal?: AbortSignal): Promise<void> {
    refreshing ??= refresh(signal).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function pace(operation: string, signal?: AbortSignal): Promise<void> {
    const need = lastCost.get(operation);
    if (!bucket || need === undefined || !(bucket.restoreRate > 0)) return;
    const restored = ((Date.now() - bucket.at) / 1000) * bucket.restoreRate;
    const available = Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + restored);
    if (available >= need) return;
    await sleep(Math.ceil(((need - available) / bucket.restoreRate) * 1000), signal);
  }

  async function send<T>(
    operation: ShopifyOperation,
    variables: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<T> {
    await pace(operation.name, signal);
    const { body } = await http.json<GraphqlBody<T> | null>(
      {
        method: 'POST',
        url: endpoint,
        headers: { 'X-Shopify-Access-Token': accessToken },
        json: { query: operation.document, operationName: operation.name, variables },
        // Queries are reads sent as POST; a mutation that may have been applied is not sent twice unless it says
        // repeating it changes nothing.
        idempotent: operation.idempotent ?? !operation.document.trimStart().startsWith('mutation'),
      },
      signal,
    );
    const cost = body?.extensions?.cost;
    if (cost?.throttleStatus) bucket = { ...cost.throttleStatus, at: Date.now() };
    if (typeof cost?.requestedQueryCost === 'number') lastCost.set(operation.name, cost.requestedQueryCost);
    if (typeof body?.errors === 'string') throw graphqlError([{ message: body.errors }]);
    if (Array.isArray(body?.errors) && body.errors.length > 0) throw graphqlError(body.errors);
    if (!body?.data) throw new ChannelError('malformed', 'Shopify answered without data', 200);
    return body.data;
  }

  return {
    async request<T>(operation: ShopifyOperation, variables: Record<string, unknown> = {}, signal?: AbortSignal) {
      let refreshed = false;
      const expired = expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= Date.now();
      if ((!accessToken || expired) && canRefresh()) {
        await refreshOnce(signal);
        refreshed = true;
      }
      if (!accessToken) throw new ChannelError('auth', 'The Shopify access token is missing');
      const used = accessToken;
      try {
        return await send<T>(operation, variables, signal);
      } catch (error) {
        if (!(error instanceof ChannelError) || error.kind !== 'auth' || refreshed || !canRefresh()) throw error;
        // Another request may have refreshed meanwhile; only ask for a new token if ours is the one refused.
        if (refreshing) await refreshing;
        else if (accessToken === used) await refreshOnce(signal);
        return send<T>(operation, variables, signal);
      }
    },
  };
}
