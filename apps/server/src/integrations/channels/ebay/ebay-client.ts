import {
  createAccessTokens,
  errorsOrTokenError,
  refusedCredentials,
  type RefreshTokenConfig,
} from '../../http/access-token.ts';
import { ChannelError, createChannelHttp, type ChannelResponse, type PlatformRules } from '../../http/channel-http.ts';
import { EBAY_FULFILLMENT_SCOPE, type EbayErrorDetail, type EbayTokenResponse } from './ebay-wire.ts';

/**
 * eBay's REST client: a user access token minted from the seller's refresh token (OAuth refresh_token grant), kept
 * until shortly before it expires, renewed once when the API says 401, and eBay's error bodies turned into messages.
 */

const EBAY_API_BASE_URL = 'https://api.ebay.com';

type EbayClientConfig = RefreshTokenConfig;

interface EbayRequest {
  method?: string;
  /** Path and query under the API base URL, already encoded: `/sell/fulfillment/v1/order?limit=1`. */
  path: string;
  json?: unknown;
}

export interface EbayClient {
  json<T>(request: EbayRequest, signal?: AbortSignal): Promise<{ body: T; response: ChannelResponse }>;
  send(request: EbayRequest, signal?: AbortSignal): Promise<ChannelResponse>;
}

/** eBay's `{ errors: [{ errorId, message, longMessage }] }`, or the token endpoint's `{ error, error_description }`. */
function ebayErrorMessage(body: unknown): string | null {
  return errorsOrTokenError<EbayErrorDetail>(body, (error) => {
    const text = error.longMessage || error.message || 'Error';
    return error.errorId !== undefined ? `${text} (errorId ${error.errorId})` : text;
  });
}

export const ebayRules: PlatformRules = {
  platform: 'eBay',
  errorMessage: (_response, body) => ebayErrorMessage(body),
};

export function createEbayClient(config: EbayClientConfig): EbayClient {
  const http = createChannelHttp(ebayRules, config.http);
  const apiBase = (config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');
  // The token endpoint lives beside the API (both are api.ebay.com).
  const authBase = (config.authBaseUrl || config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');

  const tokens = createAccessTokens({
    platform: 'eBay',
    kept: config,
    save: config.saveCredentials,
    request: async (signal) => {
      const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
      const { body } = await http
        .json<EbayTokenResponse>(
          {
            method: 'POST',
            idempotent: true,
            url: `${authBase}/identity/v1/oauth2/token`,
            headers: { authorization: `Basic ${basic}` },
            form: { grant_type: 'refresh_token', refresh_token: config.refreshToken, scope: EBAY_FULFILLMENT_SCOPE },
          },
          signal,
        )
        .catch(refusedCredentials('eBay'));
      return body;
    },
  });

  async function authorized<T>(run: (bearer: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const first = await tokens.get(signal);
    try {
      return await run(first.value);
    } catch (error) {
      // A cached token may have been revoked or expired early; a token minted just now that fails is really refused.
      if (first.fresh || !(error instanceof ChannelError) || error.status !== 401) throw error;
      tokens.forget(first.value);
      const second = await tokens.get(signal);
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
