import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  createAccessTokens,
  errorsOrTokenError,
  refusedCredentials,
  renewAt,
  type RefreshTokenConfig,
} from '../../http/access-token.ts';
import {
  ChannelError,
  createChannelHttp,
  type ChannelRequest,
  type ChannelResponse,
  type PlatformRules,
} from '../../http/channel-http.ts';
import { createPacer, parseRateLimit, sharedPacer, type Pacer } from './amazon-pacer.ts';
import {
  AMAZON_RDT_PATH,
  type AmazonErrorDetail,
  type AmazonOperation,
  type AmazonRestrictedResource,
  type LwaTokenResponse,
} from './amazon-wire.ts';

/**
 * The SP-API client: a Login with Amazon access token exchanged from the seller's refresh token and kept until it
 * expires, `x-amz-access-token` on every call, Restricted Data Tokens for the calls that return buyer PII (falling back
 * to the plain token when Amazon refuses one), pacing by the usage plan Amazon states, and Amazon's error bodies.
 */

const AMAZON_API_BASE_URL = 'https://sellingpartnerapi-na.amazon.com';
const AMAZON_AUTH_BASE_URL = 'https://api.amazon.com';
/** After Amazon refuses an RDT (the app lacks the PII roles), do not ask again for this long. */
const RDT_REFUSAL_MEMORY_MS = 60 * 60 * 1000;

export interface AmazonPacingOptions {
  /** Documented bursts, overridden (a raised usage plan, or a test). */
  bursts?: Partial<Record<AmazonOperation, number>>;
}

interface AmazonClientConfig extends RefreshTokenConfig {
  /** Wait between calls by x-amzn-RateLimit-Limit (default on); false sends at once and leaves 429s to the retries. */
  pacing?: boolean | AmazonPacingOptions;
}

interface AmazonRequest {
  operation: AmazonOperation;
  method?: string;
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** Ask for an RDT covering these data elements and send it instead of the access token. */
  restricted?: { path: string; dataElements: string[] };
}

export interface AmazonClient {
  json<T>(request: AmazonRequest, signal?: AbortSignal): Promise<{ body: T; response: ChannelResponse }>;
  send(request: AmazonRequest, signal?: AbortSignal): Promise<ChannelResponse>;
}

/** SP-API's `{ errors: [{ code, message, details }] }`, or LWA's `{ error, error_description }`. */
function amazonErrorMessage(body: unknown): string | null {
  return errorsOrTokenError<AmazonErrorDetail>(body, (error) => {
    const text = [error.message, error.details].filter(Boolean).join(' ');
    return error.code ? `${error.code}: ${text}` : text;
  });
}

const amazonRules: PlatformRules = {
  platform: 'Amazon',
  errorMessage: (_response, body) => amazonErrorMessage(body),
  // Amazon sends no Retry-After; one request's worth of its stated rate is the earliest a retry can pass.
  retryAfterMs: (response) => {
    if (response.status !== 429) return null;
    const rate = parseRateLimit(response.headers);
    return rate === null ? null : Math.ceil(1000 / rate);
  },
};

interface Credential {
  value: string;
  /** Obtained for this call: a refusal is final, not a stale token. */
  fresh: boolean;
  forget(): void;
}

const sleepFor = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal });

/** A seller's authorisation, hashed: the refresh token is a secret and stays out of the key. */
const pacerKey = (apiBase: string, clientId: string, refreshToken: string) =>
  createHash('sha256').update(`${apiBase}\n${clientId}\n${refreshToken}`).digest('base64url');

export function createAmazonClient(config: AmazonClientConfig): AmazonClient {
  const http = createChannelHttp(amazonRules, config.http);
  const apiBase = (config.apiBaseUrl || AMAZON_API_BASE_URL).replace(/\/+$/, '');
  const authBase = (config.authBaseUrl || AMAZON_AUTH_BASE_URL).replace(/\/+$/, '');
  const makePacer = () =>
    createPacer({
      sleep: config.http?.sleep ?? sleepFor,
      ...(config.http?.now && { now: config.http.now }),
      bursts: typeof config.pacing === 'object' ? config.pacing.bursts : undefined,
    });
  // One pacer per seller authorisation and API host in this process; a test's own pacing options get their own.
  const pacer: Pacer | null =
    config.pacing === false
      ? null
      : typeof config.pacing === 'object'
        ? makePacer()
        : sharedPacer(pacerKey(apiBase, config.clientId, config.refreshToken), makePacer);

  let refreshToken = config.refreshToken;
  const tokens = createAccessTokens({
    platform: 'Amazon',
    kept: config,
    save: config.saveCredentials,
    request: async (signal) => {
      const { body } = await http
        .json<LwaTokenResponse>(
          {
            method: 'POST',
            idempotent: true,
            url: `${authBase}/auth/o2/token`,
            form: {
              grant_type: 'refresh_token',
              refresh_token: refreshToken,
              client_id: config.clientId,
              client_secret: config.clientSecret,
            },
          },
          signal,
        )
        .catch(refusedCredentials('Amazon'));
      return body;
    },
    // LWA answers with a refresh token too; one that differs from ours replaces it.
    changedBy: (answer): Record<string, string> => {
      if (!answer.refresh_token || answer.refresh_token === refreshToken) return {};
      refreshToken = answer.refresh_token;
      return { refreshToken };
    },
  });
  const restrictedTokens = new Map<string, { value: string; expiresAt: number }>();
  let restrictedRefusedUntil = 0;

  async function accessToken(signal?: AbortSignal): Promise<Credential> {
    const { value, fresh } = await tokens.get(signal);
    return { value, fresh, forget: () => tokens.forget(value) };
  }

  /** An RDT for the resource, or null when Amazon will not give one (then the call goes out without PII). */
  async function restrictedToken(
    resource: NonNullable<AmazonRequest['restricted']>,
    signal?: AbortSignal,
  ): Promise<Credential | null> {
    if (Date.now() < restrictedRefusedUntil) return null;
    const key = `${resource.path} ${[...resource.dataElements].sort().join(',')}`;
    const forget = () => restrictedTokens.delete(key);
    const kept = restrictedTokens.get(key);
    if (kept && kept.expiresAt > Date.now()) return { value: kept.value, fresh: false, forget };

    const restrictedResources: AmazonRestrictedResource[] = [
      { method: 'GET', path: resource.path, dataElements: resource.dataElements },
    ];
    try {
      const { body } = await exchange(
        {
          operation: 'createRestrictedDataToken',
          method: 'POST',
          path: AMAZON_RDT_PATH,
          json: { restrictedResources },
        },
        (request) => http.json<{ restrictedDataToken?: string; expiresIn?: number }>(request, signal),
        (result) => result.response.headers,
        signal,
      );
      if (!body?.restrictedDataToken) return null;
      restrictedTokens.set(key, { value: body.restrictedDataToken, expiresAt: renewAt(body.expiresIn) });
      return { value: body.restrictedDataToken, fresh: true, forget };
    } catch (error) {
      if (error instanceof ChannelError && error.status === 403) {
        restrictedRefusedUntil = Date.now() + RDT_REFUSAL_MEMORY_MS;
        return null;
      }
      throw error;
    }
  }

  async function exchange<R>(
    request: AmazonRequest,
    run: (request: ChannelRequest) => Promise<R>,
    headersOf: (result: R) => Headers,
    signal?: AbortSignal,
  ): Promise<R> {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    for (let attempt = 0; ; attempt++) {
      const credential =
        (request.restricted ? await restrictedToken(request.restricted, signal) : null) ?? (await accessToken(signal));
      await pacer?.take(request.operation, signal);
      try {
        const result = await run({
          method: request.method ?? 'GET',
          // Minting a restricted data token has no effect to repeat; a shipment confirmation has.
          ...(request.operation === 'createRestrictedDataToken' && { idempotent: true }),
          url: `${apiBase}${request.path}${query}`,
          headers: { 'x-amz-access-token': credential.value },
          json: request.json,
        });
        pacer?.observe(request.operation, headersOf(result));
        return result;
      } catch (error) {
        // Retried by the HTTP layer and still 429: Amazon's bucket is empty; the caller hears when it refills.
        if (pacer && error instanceof ChannelError && error.status === 429) throw pacer.refused(request.operation);
        // SP-API answers 403 Unauthorized to an expired or revoked token: a kept one gets one fresh retry.
        const refused = error instanceof ChannelError && (error.status === 403 || error.status === 401);
        if (!refused || attempt > 0 || credential.fresh) throw error;
        credential.forget();
      }
    }
  }

  return {
    json<T>(request: AmazonRequest, signal?: AbortSignal) {
      return exchange(
        request,
        (channelRequest) => http.json<T>(channelRequest, signal),
        (result) => result.response.headers,
        signal,
      );
    },
    send(request: AmazonRequest, signal?: AbortSignal) {
      return exchange(
        request,
        (channelRequest) => http.request(channelRequest, signal),
        (result) => result.headers,
        signal,
      );
    },
  };
}
