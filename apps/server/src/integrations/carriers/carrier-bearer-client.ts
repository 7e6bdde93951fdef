import { refusedCredentials, type AccessTokens } from '../http/access-token.ts';
import { ChannelError, type ChannelHttp } from '../http/channel-http.ts';

/**
 * The API side of a carrier that issues OAuth client-credentials tokens (USPS, UPS, FedEx): every call carries the
 * account's Bearer token, and a kept token the carrier refuses with 401 (revoked, or expired before its time) is
 * forgotten and the call sent once more with a new one. A token issued for the call itself is not renewed: its refusal
 * is the carrier's answer.
 */

export interface CarrierCall {
  method?: string;
  /** Path and query under the base URL, already encoded: `/payments/v3/payment-authorization`. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /**
   * Safe to send twice (see ChannelRequest.idempotent). A label purchase is not; a POST the carrier applies once
   * however often it arrives (a payment authorization, a rate quote) is, and says so.
   */
  idempotent?: boolean;
  /** The most bytes of the answer read (default: the carrier's CARRIER_ANSWER_LIMIT); a label answer says more. */
  answerLimit?: number;
}

export interface BearerClient {
  readonly baseUrl: string;
  /** A valid token: the kept one, or a new one. */
  accessToken(signal?: AbortSignal): Promise<string>;
  /** A token issued now, kept for the calls after it: a connection test proves the credentials today. */
  newAccessToken(signal?: AbortSignal): Promise<string>;
  /** The parsed JSON answer of a 2xx; a ChannelError otherwise. */
  call<T>(call: CarrierCall, signal?: AbortSignal): Promise<T>;
}

interface BearerClientConfig {
  http: ChannelHttp;
  baseUrl: string;
  tokens: AccessTokens;
  /** Headers each API call carries besides the token (a transaction id, a locale); called per call. */
  headers?: () => Record<string, string>;
}

export function createBearerClient(config: BearerClientConfig): BearerClient {
  const { http, baseUrl, tokens } = config;

  async function send<T>(call: CarrierCall, token: string, signal?: AbortSignal): Promise<T> {
    const headers = { ...config.headers?.(), ...call.headers, authorization: `Bearer ${token}` };
    const { body } = await http.json<T>(
      {
        method: call.method ?? 'GET',
        url: `${baseUrl}${call.path}`,
        headers,
        json: call.json,
        idempotent: call.idempotent,
        answerLimit: call.answerLimit,
      },
      signal,
    );
    return body;
  }

  return {
    baseUrl,
    accessToken: async (signal) => (await tokens.get(signal)).value,
    async newAccessToken(signal) {
      const token = await tokens.get(signal);
      if (token.fresh) return token.value;
      tokens.forget(token.value);
      return (await tokens.get(signal)).value;
    },
    async call<T>(call: CarrierCall, signal?: AbortSignal) {
      const token = await tokens.get(signal);
      try {
        return await send<T>(call, token.value, signal);
      } catch (error) {
        if (token.fresh || !(error instanceof ChannelError) || error.kind !== 'auth') throw error;
        tokens.forget(token.value);
        return send<T>(call, (await tokens.get(signal)).value, signal);
      }
    },
  };
}

/**
 * A token endpoint's 4xx as the carrier refusing the credentials ('auth'). Only a 4xx: refusedCredentials alone would
 * also turn a 200 whose body stayed malformed through the retries into a refusal.
 */
export function refusedTokenRequest(platform: string): (error: unknown) => never {
  const refused = refusedCredentials(platform);
  return (error) => {
    if (error instanceof ChannelError && error.status !== null && error.status >= 400) refused(error);
    throw error;
  };
}
