import type { FakeHttpServer, FakeReply, FakeRequest } from './fake-http.ts';

/**
 * The OAuth side of a fake platform (tests and the demo only): the access tokens it issued and until when each works,
 * and the token endpoint's checks and error answers (RFC 6749 section 5.2) in the platform's own words.
 */

/** What a fake platform of the refresh_token grant is started with. */
export interface FakeRefreshTokenOptions {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** expires_in of the issued access tokens (default: the platform's). */
  tokenLifetimeSeconds?: number;
  port?: number;
}

/** A fake platform of the refresh_token grant, with the orders it holds. */
export interface FakeRefreshTokenPlatform<Order> extends FakeHttpServer {
  readonly orders: Map<string, Order>;
  /** Adds or replaces orders (by their id). */
  putOrders(orders: Order[]): void;
  /** Forgets every token issued so far, as if they had expired. */
  revokeTokens(): void;
}

interface FakeTokens {
  /** A new token, working for the lifetime. */
  issue(): string;
  /** Issued, not yet expired, not revoked. */
  works(token: string | undefined): boolean;
  /** Every token issued so far stops working (as if expired or revoked). */
  revoke(): void;
  /** How many tokens were issued. */
  readonly issued: number;
}

/** `mint` names the nth token the way the platform's look. */
export function createFakeTokens(lifetimeSeconds: number, mint: (n: number) => string): FakeTokens {
  const expiries = new Map<string, number>();
  let issued = 0;
  return {
    issue() {
      const token = mint(issued + 1);
      expiries.set(token, Date.now() + lifetimeSeconds * 1000);
      issued += 1;
      return token;
    },
    works(token) {
      const expiresAt = token ? expiries.get(token) : undefined;
      return expiresAt !== undefined && expiresAt > Date.now();
    },
    revoke: () => expiries.clear(),
    get issued() {
      return issued;
    },
  };
}

export function oauthError(status: number, error: string, description: string): FakeReply {
  return { status, body: { error, error_description: description } };
}

/** The app's id and secret sent as HTTP Basic credentials, as RFC 6749 recommends. */
export function hasBasicCredentials(request: FakeRequest, clientId: string, clientSecret: string): boolean {
  return request.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/** What the platform answers a refresh_token grant it refuses, in its words. */
interface RefreshGrantRefusals {
  unsupportedGrantType: string;
  invalidGrant: string;
}

/** The refusal of a refresh_token grant of another grant type or for another refresh token; null when it holds. */
export function refuseRefreshGrant(
  form: URLSearchParams,
  refreshToken: string,
  says: RefreshGrantRefusals,
): FakeReply | null {
  if (form.get('grant_type') !== 'refresh_token') {
    return oauthError(400, 'unsupported_grant_type', says.unsupportedGrantType);
  }
  if (form.get('refresh_token') !== refreshToken) return oauthError(400, 'invalid_grant', says.invalidGrant);
  return null;
}
