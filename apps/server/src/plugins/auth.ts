import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTHeaderParameters, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import {
  ACCESS_TOKEN_ALGORITHMS,
  API_KEY_PREFIX,
  CLAIM_ORG_ID,
  CLAIM_ROLE_ID,
  isRoleId,
  type RoleId,
} from '@shipdesk/contract';
import { serviceUnavailable, unauthorized, HttpError } from '../lib/http-errors.ts';

/** Who is calling, from the verified access token only. */
export interface AuthContext {
  tenantId: string;
  /** The token's `sub`. */
  userId: string;
  email: string;
  roleId: RoleId;
  issuer: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies an access token; throws a 401 HttpError saying what is wrong with it. */
    verifyToken(token: string): Promise<AuthContext>;
    /**
     * Reads the bearer token (or the tenant's API key) and sets `request.auth`; throws a 401 HttpError. Run for every
     * route whose policy needs a caller (src/security/route-policy.ts).
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

interface AuthPluginOptions {
  issuer: string;
  audience: string;
  /** Tests inject a local key set; otherwise the issuer's JWKS is discovered and fetched. */
  jwks?: JWTVerifyGetKey | undefined;
  /** Called once per process for each new (tenant, user, role, e-mail) seen, e.g. to record them. */
  onFirstSight?: ((auth: AuthContext) => Promise<void>) | undefined;
  /** A tenant's API key (`sdk_live_...`) in place of a user's token: who it speaks for, or null when it is not valid. */
  apiKeys?: ((key: string) => Promise<AuthContext | null>) | undefined;
  /**
   * When a user's access ended before their tokens expire (seconds since the epoch), or undefined: tokens issued
   * then or before are refused (401 `access_revoked`).
   */
  revokedAt?: ((issuer: string, subject: string) => number | undefined) | undefined;
}

const CLOCK_TOLERANCE_SECONDS = 30;
const SEEN_CACHE_LIMIT = 10_000;
const VERIFIED_CACHE_LIMIT = 10_000;
/** jose keeps a fetched key set as long (its `cacheMaxAge`). */
const VERIFIED_MAX_AGE_MS = 10 * 60_000;

/** Finds `jwks_uri` in the issuer's discovery document once, then lets jose cache and rotate the keys. */
function discoveredKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const metadata = (await response.json()) as { jwks_uri?: unknown };
    if (typeof metadata.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
  };
  return async (header, token) => {
    keySet ??= load().catch((error: unknown) => {
      keySet = null; // try again on the next request
      throw error;
    });
    let getKey: JWTVerifyGetKey;
    try {
      getKey = await keySet;
    } catch {
      throw serviceUnavailable('The identity provider cannot be reached');
    }
    return getKey(header, token);
  };
}

/** Maps jose's failures to a message that says what is wrong, without internals. */
function describe(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, claim } = error as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return unauthorized('Access token has expired', 'token_expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'aud') return unauthorized('Access token is not meant for this API (audience)', 'bad_audience');
      if (claim === 'iss') return unauthorized('Access token is from an untrusted issuer', 'bad_issuer');
      if (claim === 'nbf') return unauthorized('Access token is not valid yet', 'token_not_yet_valid');
      return unauthorized(`Access token claim "${claim ?? 'unknown'}" is invalid`, 'bad_claim');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return unauthorized('Access token signing algorithm is not accepted', 'bad_algorithm');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return unauthorized('Access token signature is invalid', 'bad_signature');
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return unauthorized('Access token is signed with an unknown key', 'unknown_key');
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return serviceUnavailable('The identity provider cannot be reached');
    default:
      return unauthorized('Access token is malformed', 'malformed_token');
  }
}

/** Claims only an ID token carries (OpenID Connect Core 3.1.3.6, 3.3.2.11): never an access token's. */
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'];

/**
 * An ID token is for the web client, not a bearer for the API. Its audience is the client, so it already fails the
 * audience check, unless a provider is set up with the client id as the API's audience. An access token typed
 * `at+jwt` (RFC 9068, as the bundled SSO issues them) is one; a token of another type carrying ID-token claims is not.
 */
function isIdToken(header: JWTHeaderParameters, payload: JWTPayload): boolean {
  const typ = header.typ?.toLowerCase().replace(/^application\//, '');
  return typ !== 'at+jwt' && ID_TOKEN_CLAIMS.some((claim) => claim in payload);
}

function claimsToAuth(payload: JWTPayload): AuthContext {
  const tenantId = payload[CLAIM_ORG_ID];
  // As the SSO issues it: a number. A string "2" comes from no issuer we trust to mint roles.
  const roleId = payload[CLAIM_ROLE_ID];
  const missing = [
    typeof payload.sub === 'string' && payload.sub ? null : 'sub',
    typeof payload.email === 'string' && payload.email ? null : 'email',
    typeof tenantId === 'string' && tenantId ? null : CLAIM_ORG_ID,
    isRoleId(roleId) ? null : CLAIM_ROLE_ID,
  ].filter(Boolean);
  if (missing.length > 0) {
    throw unauthorized(`Access token lacks required claims: ${missing.join(', ')}`, 'missing_claims');
  }
  return {
    tenantId: tenantId as string,
    userId: payload.sub!,
    email: (payload.email as string).toLowerCase(),
    roleId: roleId as RoleId,
    issuer: payload.iss!,
  };
}

export function createTokenVerifier(options: AuthPluginOptions): (token: string) => Promise<AuthContext> {
  const getKey = options.jwks ?? discoveredKeySet(options.issuer);
  // A session sends the same token with every request, and checking its RS256 signature is most of what
  // authentication costs: a token verified once is trusted by its exact text until it expires (as jose counts it,
  // clock tolerance included), for at most VERIFIED_MAX_AGE_MS so that a key taken out of the key set stops counting.
  const verified = new Map<string, { auth: AuthContext; issuedAt: number; until: number }>();
  // Checked on every use, remembered or not: a revocation must not wait for the memory to expire.
  const stillValid = (auth: AuthContext, issuedAt: number) => {
    const revokedAt = options.revokedAt?.(auth.issuer, auth.userId);
    if (revokedAt !== undefined && issuedAt <= revokedAt) {
      throw unauthorized('Your access has ended: sign in again', 'access_revoked');
    }
    return auth;
  };
  return async (token) => {
    const now = Date.now();
    const known = verified.get(token);
    if (known) {
      if (now < known.until) return stillValid(known.auth, known.issuedAt);
      verified.delete(token);
    }
    let payload: JWTPayload;
    let header: JWTHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...ACCESS_TOKEN_ALGORITHMS],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw describe(error);
    }
    if (isIdToken(header, payload)) {
      throw unauthorized('An ID token is not an access token: send the access token', 'not_an_access_token');
    }
    // jose checks `iat` only against a maximum age; one from the future is a forged or misconfigured token.
    if (typeof payload.iat === 'number' && payload.iat > now / 1000 + CLOCK_TOLERANCE_SECONDS) {
      throw unauthorized('Access token is issued in the future', 'token_not_yet_valid');
    }
    const auth = Object.freeze(claimsToAuth(payload));
    // A token without `iat` counts as issued before any revocation.
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : 0;
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_CACHE_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(token, {
      auth,
      issuedAt,
      until: Math.min((payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000, now + VERIFIED_MAX_AGE_MS),
    });
    return stillValid(auth, issuedAt);
  };
}

/** Reads `Authorization: Bearer <token>`. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Sign-in required: no access token', 'no_token');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Authorization header must be "Bearer <access token>"', 'malformed_header');
  return match[1]!;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const verify = createTokenVerifier(options);
    const seen = new Set<string>();

    app.decorateRequest('auth', null);
    app.decorate('verifyToken', verify);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (options.apiKeys && token.startsWith(API_KEY_PREFIX)) {
        const keyed = await options.apiKeys(token);
        if (!keyed) throw unauthorized('API key is unknown, rotated or revoked', 'bad_api_key');
        request.auth = keyed;
        return;
      }
      const auth = await verify(token);
      const key = [auth.issuer, auth.userId, auth.tenantId, auth.roleId, auth.email].join('\u0000');
      if (options.onFirstSight && !seen.has(key)) {
        await options.onFirstSight(auth);
        if (seen.size >= SEEN_CACHE_LIMIT) seen.clear();
        seen.add(key);
      }
      request.auth = auth;
    });
  },
  { name: 'auth' },
);
