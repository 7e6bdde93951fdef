import { ChannelError, type HttpOptions } from './channel-http.ts';

/**
 * An OAuth access token kept for as long as it lives: renewed a little before the platform says it expires, one token
 * request at a time however many calls want one, a token kept from an earlier run reused while it is valid, and each
 * new token handed back for keeping. The token request itself is the platform's (its grant, its URL).
 */

/** Renew this long before the platform's expires_in runs out, so a token never dies mid-pull. */
export const REFRESH_EARLY_MS = 60_000;

/** A client of the refresh_token grant: the app's credentials, the seller's refresh token, a token kept between runs. */
export interface RefreshTokenConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  apiBaseUrl?: string;
  /** Where the token endpoint lives, when it is not the platform's usual one. */
  authBaseUrl?: string;
  /** A token kept from an earlier run, reused while it is valid. */
  accessToken?: string;
  /** ISO time the kept token expires. */
  accessTokenExpiresAt?: string;
  saveCredentials?: (changed: Record<string, string>) => Promise<void>;
  http?: HttpOptions;
}

/** The token endpoint's answer (RFC 6749 section 5.1), as far as it matters here. */
export interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
}

interface AccessTokenOptions<A extends TokenAnswer> {
  /** Used in messages: "eBay answered the token request without an access token". */
  platform: string;
  /** Asks the platform for a new token. */
  request(signal?: AbortSignal): Promise<A | null>;
  /** The lifetime assumed when the answer leaves out expires_in (default 0: the token serves this call only). */
  assumedLifetimeSeconds?: number;
  /** A token kept from an earlier run. */
  kept?: { accessToken?: string; accessTokenExpiresAt?: string };
  /** Credentials a new answer changes besides the access token (a rotated refresh token), saved with it. */
  changedBy?(answer: A): Record<string, string>;
  /** Keeps a new token (and what else changed) for the next run. */
  save?(changed: Record<string, string>): Promise<void>;
}

interface AccessToken {
  value: string;
  /** Obtained for this call: a refusal is final, not a stale token. */
  fresh: boolean;
}

export interface AccessTokens {
  get(signal?: AbortSignal): Promise<AccessToken>;
  /** Drops the kept token when it is still this one (the platform refused it); the next get asks for a new one. */
  forget(value: string): void;
}

/** When a token that lives `seconds` from now should be renewed. */
export function renewAt(seconds: unknown, now = Date.now()): number {
  return now + Math.max(0, Number(seconds ?? 0) * 1000 - REFRESH_EARLY_MS);
}

/**
 * A token endpoint's 4xx (invalid_grant, invalid_client; 400 or 401 depending on the platform) means the seller must
 * reconnect, whatever the status says; 429 and 5xx stay what they are.
 */
export function refusedCredentials(platform: string): (error: unknown) => never {
  return (error) => {
    // Only a 4xx refusal (not a throttle) says the credentials are wrong: a 200 with malformed JSON is the platform's
    // fault, and stays a retryable 'malformed'.
    const status = error instanceof ChannelError ? error.status : null;
    if (error instanceof ChannelError && status !== null && status >= 400 && status < 500 && status !== 429) {
      throw new ChannelError(
        'auth',
        `${platform} refused the credentials (HTTP ${error.status})`,
        error.status,
        error.platformMessage,
      );
    }
    throw error;
  };
}

/**
 * The text of an error body from a platform that answers `{ errors: [...] }` (each error put in words by `describe`,
 * joined by "; ") and whose token endpoint answers `{ error, error_description }`.
 */
export function errorsOrTokenError<E>(body: unknown, describe: (error: E) => string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errors, error, error_description: description } = body as Record<string, unknown>;
  if (Array.isArray(errors) && errors.length > 0) return (errors as E[]).map(describe).join('; ');
  if (typeof description === 'string' && description) return description;
  if (typeof error === 'string') return error;
  return null;
}

function keptToken(kept: AccessTokenOptions<TokenAnswer>['kept']): { value: string; expiresAt: number } | null {
  if (!kept?.accessToken || !kept.accessTokenExpiresAt) return null;
  const expiresAt = Date.parse(kept.accessTokenExpiresAt);
  return Number.isFinite(expiresAt) ? { value: kept.accessToken, expiresAt } : null;
}

export function createAccessTokens<A extends TokenAnswer>(options: AccessTokenOptions<A>): AccessTokens {
  let token = keptToken(options.kept);
  let minting: Promise<string> | null = null;

  async function mint(signal?: AbortSignal): Promise<string> {
    const answer = await options.request(signal);
    if (!answer || typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new ChannelError(
        'malformed',
        `${options.platform} answered the token request without an access token`,
        200,
        null,
      );
    }
    const value = answer.access_token;
    const expiresAt = renewAt(answer.expires_in ?? options.assumedLifetimeSeconds);
    token = { value, expiresAt };
    const changed = {
      accessToken: value,
      accessTokenExpiresAt: new Date(expiresAt).toISOString(),
      ...options.changedBy?.(answer),
    };
    // Keeping the token only saves a token request next run; failing to keep it must not fail this one.
    await options.save?.(changed).catch(() => undefined);
    return value;
  }

  return {
    async get(signal) {
      if (token && token.expiresAt > Date.now()) return { value: token.value, fresh: false };
      minting ??= mint(signal).finally(() => (minting = null));
      return { value: await minting, fresh: true };
    },
    forget(value) {
      if (token?.value === value) token = null;
    },
  };
}
