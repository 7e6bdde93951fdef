import { errors as joseErrors, jwtVerify } from 'jose';
import { ChannelError, createChannelHttp, type HttpOptions } from '../../http/channel-http.ts';
import { bigcommerceErrorMessage } from './bigcommerce-client.ts';

/**
 * The BigCommerce app marketplace install flow (integrations.md section 2 "Auth"; BigCommerce's single-click app
 * guide): the auth callback's code is exchanged once for a permanent store token, and the load / uninstall /
 * remove_user callbacks carry a `signed_payload_jwt` signed with the app's client secret.
 */

const DEFAULT_LOGIN_BASE_URL = 'https://login.bigcommerce.com';

interface AuthCodeExchange {
  loginBaseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The auth callback's query parameters. */
  code: string;
  scope: string;
  /** "stores/{hash}". */
  context: string;
  /** The auth callback URL registered in the app profile. */
  redirectUri: string;
}

interface BigcommerceUser {
  id: number;
  email: string;
}

interface InstalledStore {
  /** Permanent: BigCommerce store tokens do not expire. */
  accessToken: string;
  scope: string;
  storeHash: string;
  /** Who installed the app. */
  user: BigcommerceUser;
  owner: BigcommerceUser | null;
  /** The Developer Portal account that registered the app. */
  accountUuid: string | null;
}

interface TokenAnswer {
  access_token?: unknown;
  scope?: unknown;
  context?: unknown;
  account_uuid?: unknown;
  user?: { id?: unknown; email?: unknown };
  owner?: { id?: unknown; email?: unknown };
}

/** "stores/abc123" -> "abc123"; null when it is not a store context. */
function storeHashFromContext(context: unknown): string | null {
  if (typeof context !== 'string') return null;
  const match = /^stores\/([A-Za-z0-9]+)$/.exec(context.trim());
  return match ? match[1]! : null;
}

function userOf(value: { id?: unknown; email?: unknown } | undefined): BigcommerceUser | null {
  if (!value || typeof value !== 'object') return null;
  const id = typeof value.id === 'number' ? value.id : Number(value.id);
  if (!Number.isInteger(id) || typeof value.email !== 'string') return null;
  return { id, email: value.email };
}

export async function exchangeAuthCode(
  request: AuthCodeExchange,
  options: { http?: HttpOptions } = {},
): Promise<InstalledStore> {
  const base = (request.loginBaseUrl?.trim() || DEFAULT_LOGIN_BASE_URL).replace(/\/+$/, '');
  const http = createChannelHttp(
    { platform: 'BigCommerce login', errorMessage: (_response, body) => bigcommerceErrorMessage(body) },
    options.http,
  );
  const { body } = await http.json<TokenAnswer | null>({
    method: 'POST',
    url: `${base}/oauth2/token`,
    json: {
      client_id: request.clientId,
      client_secret: request.clientSecret,
      code: request.code,
      context: request.context,
      scope: request.scope,
      grant_type: 'authorization_code',
      redirect_uri: request.redirectUri,
    },
  });
  const storeHash = storeHashFromContext(body?.context ?? request.context);
  const user = userOf(body?.user);
  if (!body || typeof body.access_token !== 'string' || body.access_token === '' || !storeHash || !user) {
    throw new ChannelError('malformed', 'BigCommerce login answered without an access token, store or user');
  }
  return {
    accessToken: body.access_token,
    scope: typeof body.scope === 'string' ? body.scope : request.scope,
    storeHash,
    user,
    owner: userOf(body.owner),
    accountUuid: typeof body.account_uuid === 'string' ? body.account_uuid : null,
  };
}

type SignedPayloadProblem = 'malformed' | 'signature' | 'audience' | 'issuer' | 'expired' | 'claims';

/** A `signed_payload_jwt` we must not trust: answer the callback with 401. */
export class SignedPayloadError extends Error {
  readonly problem: SignedPayloadProblem;

  constructor(problem: SignedPayloadProblem, message: string) {
    super(message);
    this.name = 'SignedPayloadError';
    this.problem = problem;
  }
}

interface SignedPayload {
  storeHash: string;
  /** The user who opened, uninstalled or was removed from the app. */
  user: BigcommerceUser & { locale: string | null };
  owner: BigcommerceUser;
  /** The deep link the load was started from. */
  url: string | null;
  channelId: number | null;
  /** Unique per token: lets a callback refuse a replayed one. */
  jwtId: string | null;
  expiresAt: string;
}

/** BigCommerce sets nbf a few seconds before iat; allow for that much clock drift. */
const CLOCK_TOLERANCE_SECONDS = 30;

function problemOf(error: unknown): SignedPayloadError {
  if (error instanceof joseErrors.JWTExpired) {
    return new SignedPayloadError('expired', 'BigCommerce signed payload has expired');
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') {
      return new SignedPayloadError('audience', 'BigCommerce signed payload was issued for another app (aud)');
    }
    if (error.claim === 'iss') return new SignedPayloadError('issuer', 'BigCommerce signed payload is not from "bc"');
    return new SignedPayloadError('claims', `BigCommerce signed payload claim "${error.claim}" is not valid`);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return new SignedPayloadError('signature', 'BigCommerce signed payload signature does not match the client secret');
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return new SignedPayloadError('signature', 'BigCommerce signed payload is not signed with HS256');
  }
  return new SignedPayloadError('malformed', 'BigCommerce signed payload is not a readable JWT');
}

export async function verifySignedPayloadJwt(
  jwt: string,
  app: { clientId: string; clientSecret: string },
  now: Date = new Date(),
): Promise<SignedPayload> {
  if (!app.clientId || !app.clientSecret) {
    throw new SignedPayloadError('claims', 'BigCommerce client id and client secret are needed to verify the payload');
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jwt, new TextEncoder().encode(app.clientSecret), {
      algorithms: ['HS256'],
      audience: app.clientId,
      issuer: 'bc',
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    throw problemOf(error);
  }
  const storeHash = storeHashFromContext(payload.sub);
  const user = userOf(payload.user as { id?: unknown; email?: unknown } | undefined);
  const owner = userOf(payload.owner as { id?: unknown; email?: unknown } | undefined);
  if (!storeHash) throw new SignedPayloadError('claims', 'BigCommerce signed payload has no "stores/{hash}" subject');
  if (!user || !owner) throw new SignedPayloadError('claims', 'BigCommerce signed payload has no user or owner');
  const locale = (payload.user as { locale?: unknown }).locale;
  return {
    storeHash,
    user: { ...user, locale: typeof locale === 'string' ? locale : null },
    owner,
    url: typeof payload.url === 'string' ? payload.url : null,
    channelId: typeof payload.channel_id === 'number' ? payload.channel_id : null,
    jwtId: typeof payload.jti === 'string' ? payload.jti : null,
    expiresAt: new Date(Number(payload.exp) * 1000).toISOString(),
  };
}
