import {
  ChannelError,
  createChannelHttp,
  type ChannelResponse,
  type HttpOptions,
  type PlatformRules,
} from '../../http/channel-http.ts';
import { EBAY_FULFILLMENT_SCOPE, type EbayErrorDetail, type EbayTokenResponse } from './wire.ts';

/**
 * eBay's REST client: a user access token minted from the seller's refresh token (OAuth refresh_token grant), kept
 * until shortly before it expires, renewed once when the API says 401, and eBay's error bodies turned into messages.
 */

export const EBAY_API_BASE_URL = 'https://api.ebay.com';
/** Renew this long before eBay's expires_in runs out, so a token never dies mid-pull. */
const EXPIRY_MARGIN_MS = 60_000;

export interface EbayClientConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  apiBaseUrl?: string;
  /** Where the token endpoint lives; defaults to apiBaseUrl (both are api.ebay.com). */
  authBaseUrl?: string;
  /** A token kept from an earlier run, reused while it is valid. */
  accessToken?: string;
  /** ISO time the kept token expires. */
  accessTokenExpiresAt?: string;
  saveCredentials?: (changed: Record<string, string>) => Promise<void>;
  http?: HttpOptions;
}

export interface EbayRequest {
  method?: string;
  /** Path and query under the API base URL, already encoded: `/sell/fulfillment/v1/order?limit=1`. */
  path: string;
  json?: unknown;
}

export interface EbayClient {
  json<T>(request: EbayRequest, signal?: AbortSignal): Promise<{ body: T; response: ChannelResponse }>;
  send(request: EbayRequest, signal?: AbortSignal): Promise<ChannelResponse>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** eBay's `{ errors: [{ errorId, message, longMessage }] }`, or the token endpoint's `{ error, error_description }`. */
export function ebayErrorMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    return (body.errors as EbayErrorDetail[])
      .map((error) => {
        const text = error.longMessage || error.message || 'Error';
        return error.errorId !== undefined ? `${text} (errorId ${error.errorId})` : text;
      })
      .join('; ');
  }
  if (typeof body.error_description === 'string' && body.error_description) return body.error_description;
  if (typeof body.error === 'string') return body.error;
  return null;
}

export const ebayRules: PlatformRules = {
  platform: 'eBay',
  errorMessage: (_response, body) => ebayErrorMessage(body),
};

export function createEbayClient(config: EbayClientConfig): EbayClient {
  const http = createChannelHttp(ebayRules, config.http);
  const apiBase = (config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');
  const authBase = (config.authBaseUrl || config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');

  let token: { value: string; expiresAt: number } | null = null;
  if (config.accessToken && config.accessTokenExpiresAt) {
    const expiresAt = Date.parse(config.accessTokenExpiresAt);
    if (Number.isFinite(expiresAt)) token = { value: config.accessToken, expiresAt };
  }
  let minting: Promise<string> | null = null;

  async function mint(signal?: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    let body: EbayTokenResponse;
    try {
      ({ body } = await http.json<EbayTokenResponse>(
        {
          method: 'POST',
          idempotent: true,
          url: `${authBase}/identity/v1/oauth2/token`,
          headers: { authorization: `Basic ${basic}` },
          form: { grant_type: 'refresh_token', refresh_token: config.refreshToken, scope: EBAY_FULFILLMENT_SCOPE },
        },
        signal,
      ));
    } catch (error) {
      // invalid_grant / invalid_client come back as 400/401: the seller must reconnect, whatever the status says.
      if (error instanceof ChannelError && error.status !== null && error.status < 500 && error.status !== 429) {
        throw new ChannelError(
          'auth',
          `eBay refused the credentials (HTTP ${error.status})`,
          error.status,
          error.platformMessage,
        );
      }
      throw error;
    }
    if (!body || typeof body.access_token !== 'string') {
      throw new ChannelError('malformed', 'eBay answered the token request without an access token', 200, null);
    }
    const expiresAt = Date.now() + Math.max(0, Number(body.expires_in ?? 0) * 1000 - EXPIRY_MARGIN_MS);
    token = { value: body.access_token, expiresAt };
    if (config.saveCredentials) {
      // Keeping the token only saves a token request next run; failing to keep it must not fail this one.
      await config
        .saveCredentials({ accessToken: body.access_token, accessTokenExpiresAt: new Date(expiresAt).toISOString() })
        .catch(() => undefined);
    }
    return body.access_token;
  }

  async function accessToken(signal?: AbortSignal): Promise<{ value: string; fresh: boolean }> {
    if (token && token.expiresAt > Date.now()) return { value: token.value, fresh: false };
    minting ??= mint(signal).finally(() => (minting = null));
    return { value: await minting, fresh: true };
  }

  async function authorized<T>(run: (bearer: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const first = await accessToken(signal);
    try {
      return await run(first.value);
    } catch (error) {
      // A cached token may have been revoked or expired early; a token minted just now that fails is really refused.
      if (first.fresh || !(error instanceof ChannelError) || error.status !== 401) throw error;
      if (token?.value === first.value) token = null;
      const second = await accessToken(signal);
      return run(second.value);
    }
  }

  const toChannelRequest = (request: EbayRequest, bearer: string) => ({
    method: request.method ?? 'GET',
    url: `${apiBase}${request.path}`,
    headers: { authorization: `Bearer ${bearer}` },
    json: request.json,
  });

  return {
    json: (request, signal) => authorized((bearer) => http.json(toChannelRequest(request, bearer), signal), signal),
    send: (request, signal) => authorized((bearer) => http.request(toChannelRequest(request, bearer), signal), signal),
  };
}
