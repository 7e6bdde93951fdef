import {
  createChannelHttp,
  type ChannelResponse,
  type HttpOptions,
  type PlatformRules,
} from '../../http/channel-http.ts';
import type { CarrierCall } from '../carrier-bearer-client.ts';
import { CARRIER_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { carrierBaseUrl } from '../carrier-connection-fields.ts';
import { withCode } from '../carrier-error-text.ts';
import type { ShippoCarrierAccount, ShippoCarrierAccountQuery, ShippoErrorBody, ShippoPage } from './shippo-wire.ts';

/**
 * Shippo's client: the seller's API token on every call (`ShippoToken`; nothing to renew, so a 401 is final), the API
 * version pinned, Shippo's rate-limit reset honoured on a 429, and its Django REST framework errors turned into its own
 * words. Shipments, rates, labels, refunds and tracks are calls of this client.
 */

const SHIPPO_API_BASE_URL = 'https://api.goshippo.com';
/** Pinned, so the answers keep the shape this client reads whatever the account's default version is. */
const SHIPPO_API_VERSION = '2018-02-08';

interface ShippoClientConfig {
  apiToken: string;
  apiBaseUrl?: string;
}

export interface ShippoClient {
  readonly baseUrl: string;
  /** The parsed JSON answer of a 2xx; a ChannelError otherwise. */
  call<T>(call: CarrierCall, signal?: AbortSignal): Promise<T>;
  listCarrierAccounts(
    query?: ShippoCarrierAccountQuery,
    signal?: AbortSignal,
  ): Promise<ShippoPage<ShippoCarrierAccount>>;
}

/** "field: message" per field of a validation error; nested objects (an address, a parcel) as "address_to.zip". */
function fieldMessages(body: object, prefix = ''): string[] {
  return Object.entries(body).flatMap(([field, value]): string[] => {
    const name = prefix ? `${prefix}.${field}` : field;
    if (Array.isArray(value)) {
      const texts = value.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) return [`${name}: ${texts.join(' ')}`];
      return value.filter((m) => m && typeof m === 'object').flatMap((m: object) => fieldMessages(m, name));
    }
    return value && typeof value === 'object' ? fieldMessages(value as object, name) : [];
  });
}

/** `{ detail }`, a failed object's `messages`, or "field: message" per field of a validation error. */
export function shippoErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { detail, messages } = body as ShippoErrorBody;
  if (typeof detail === 'string' && detail) return detail;
  if (Array.isArray(messages) && messages.length > 0) {
    return messages.map((m) => withCode(m.text, m.code)).join('; ');
  }
  const fields = fieldMessages(body);
  return fields.length > 0 ? fields.join('; ') : null;
}

/**
 * The wait a 429 asks for in X-RateLimit-Reset: read as epoch milliseconds, epoch seconds or seconds from now by its
 * size, since integrators report it as a time and a relative value reads as long ago.
 */
export function shippoRetryAfterMs(response: ChannelResponse, now = Date.now()): number | null {
  if (response.status !== 429) return null;
  const reset = Number(response.headers.get('x-ratelimit-reset') ?? Number.NaN);
  if (!Number.isFinite(reset) || reset <= 0) return null;
  if (reset > 1e12) return Math.max(0, reset - now);
  if (reset > 1e9) return Math.max(0, reset * 1000 - now);
  return reset * 1000;
}

const shippoRules: PlatformRules = {
  platform: 'Shippo',
  answerLimit: CARRIER_ANSWER_LIMIT,
  retryAfterMs: (response) => shippoRetryAfterMs(response),
  errorMessage: (_response, body) => shippoErrorMessage(body),
};

export function createShippoClient(config: ShippoClientConfig, options: HttpOptions = {}): ShippoClient {
  const baseUrl = carrierBaseUrl(config.apiBaseUrl, SHIPPO_API_BASE_URL);
  const http = createChannelHttp(shippoRules, options);

  async function call<T>(request: CarrierCall, signal?: AbortSignal): Promise<T> {
    const { body } = await http.json<T>(
      {
        method: request.method ?? 'GET',
        url: `${baseUrl}${request.path}`,
        headers: {
          ...request.headers,
          authorization: `ShippoToken ${config.apiToken}`,
          'shippo-api-version': SHIPPO_API_VERSION,
        },
        json: request.json,
        idempotent: request.idempotent,
        answerLimit: request.answerLimit,
      },
      signal,
    );
    return body;
  }

  return {
    baseUrl,
    call,
    listCarrierAccounts(query = {}, signal) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
      const suffix = search.size > 0 ? `?${search}` : '';
      return call<ShippoPage<ShippoCarrierAccount>>({ path: `/carrier_accounts/${suffix}` }, signal);
    },
  };
}
