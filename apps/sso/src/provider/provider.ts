import { API_SCOPES, CLAIM_ORG_ID, CLAIM_ROLE_ID } from '@shipdesk/contract';
import Provider, {
  errors,
  type Account,
  type ClientMetadata,
  type Configuration,
  type ErrorOut,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { isDatabaseUnavailable } from '@shipdesk/db-kit';
import type { SsoConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { findUserById, type UserRecord } from '../account/accounts-repository.ts';
import type { Logger } from '../logger.ts';
import { UNAVAILABLE_PAGE_MESSAGE } from '../http.ts';
import { messagePage } from '../views/layout.ts';
import { dbAdapterFactory } from './adapter.ts';
import type { KeyMaterial } from './keys.ts';
import { clientBasedCors } from './provider-cors.ts';

/** Client id of the SSO's own account pages (the profile page signs in through the provider like any app). */
export const ACCOUNT_CLIENT_ID = 'shipdesk-account';
export const ACCOUNT_CALLBACK_PATH = '/profile';

const DAY = 24 * 60 * 60;

/** Where the provider answers; the client endpoints among them are the ones guarded for cross-origin use. */
const PROVIDER_ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  end_session: '/v2/logout',
  jwks: '/.well-known/jwks.json',
  userinfo: '/userinfo',
  revocation: '/oauth/revoke',
} as const;

export const CLIENT_CORS_PATHS = [PROVIDER_ROUTES.token, PROVIDER_ROUTES.userinfo, PROVIDER_ROUTES.revocation];

function accountFor(user: UserRecord): Account {
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: user.name,
      updated_at: Math.floor(user.updatedAt.getTime() / 1000),
      [CLAIM_ORG_ID]: user.organizationId,
      [CLAIM_ROLE_ID]: user.roleId,
    }),
  };
}

export function isFirstPartyClient(config: SsoConfig, clientId: string | undefined): boolean {
  return clientId === config.clientId || clientId === ACCOUNT_CLIENT_ID;
}

/** Cookie options of the provider's cookies, also used to clear the session cookie on logout. */
export function cookieOptions(config: SsoConfig) {
  const secure = config.issuer.startsWith('https:');
  return {
    httpOnly: true,
    // Cross-site (product and SSO on different sites) needs SameSite=None, which browsers accept only with Secure.
    sameSite: secure ? ('none' as const) : ('lax' as const),
    secure,
  };
}

interface ProviderDeps {
  config: SsoConfig;
  db: Db;
  keys: KeyMaterial;
  logger: Logger;
}

/** The two clients: the product's web app, and the SSO's own account pages. */
function clientsOf(config: SsoConfig): ClientMetadata[] {
  const redirectUris = config.webOrigins.flatMap((origin) => [origin, `${origin}/`, `${origin}/silent-renew.html`]);
  const postLogoutRedirectUris = config.webOrigins.flatMap((origin) => [origin, `${origin}/`]);
  return [
    {
      client_id: config.clientId,
      client_name: 'Shipdesk',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: redirectUris,
      post_logout_redirect_uris: postLogoutRedirectUris,
    },
    {
      client_id: ACCOUNT_CLIENT_ID,
      client_name: 'Shipdesk account',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: [],
      response_types: ['none'],
      redirect_uris: [`${config.issuer}${ACCOUNT_CALLBACK_PATH}`],
      post_logout_redirect_uris: [`${config.issuer}${ACCOUNT_CALLBACK_PATH}`],
    },
  ];
}

/** The provider's features: logout pages, revocation, userinfo, and the API as the one resource server. */
function featuresOf(config: SsoConfig): Configuration['features'] {
  return {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    userinfo: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      // `/v2/logout` is answered by our own route (no confirmation page); these cover the provider's fallbacks.
      logoutSource: async (ctx, form) => {
        ctx.body = `${messagePage({ title: 'Signing out', message: 'Signing you out…' })}${form}<script>document.forms[0].submit()</script>`;
      },
      postLogoutSuccessSource: async (ctx) => {
        ctx.body = messagePage({
          title: 'Signed out',
          message: 'You have been signed out of Shipdesk.',
          link: { href: config.publicUrl, label: 'Back to Shipdesk' },
        });
      },
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: async (ctx, client, oneOf) => {
        if (oneOf) return oneOf;
        const audience = ctx.oidc.params?.audience;
        if (typeof audience === 'string' && audience) return audience;
        return client.clientId === config.clientId ? config.audience : undefined;
      },
      useGrantedResource: async () => true,
      getResourceServerInfo: async (_ctx, resourceIndicator) => {
        if (resourceIndicator !== config.audience) throw new errors.InvalidTarget();
        return {
          scope: API_SCOPES,
          audience: config.audience,
          accessTokenTTL: config.accessTokenTtlSeconds,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

/** First-party clients get their grant without a consent screen: the grant is created (or widened) here. */
async function loadExistingGrant(config: SsoConfig, ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (!isFirstPartyClient(config, clientId)) return existing;
  const grant = existing ?? new oidc.provider.Grant({ clientId, accountId: oidc.session!.accountId! });
  const oidcScopes = [...oidc.requestParamOIDCScopes].join(' ');
  if (oidcScopes) grant.addOIDCScope(oidcScopes);
  const apiScopes = API_SCOPES.split(' ');
  for (const indicator of Object.keys(oidc.resourceServers ?? {})) {
    const resourceScopes = [...oidc.requestParamScopes].filter((scope) => apiScopes.includes(scope)).join(' ');
    if (resourceScopes) grant.addResourceScope(indicator, resourceScopes);
  }
  await grant.save();
  return grant;
}

/** The page of an error the provider answers (a database out of reach says so, and is not logged as a fault). */
function renderError(
  config: SsoConfig,
  logger: Logger,
  ctx: KoaContextWithOIDC,
  out: ErrorOut,
  error: errors.OIDCProviderError | Error,
): void {
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  const unavailable = isDatabaseUnavailable(error);
  if (status >= 500 && !unavailable) logger.error('oidc provider error', { error });
  ctx.type = 'html';
  ctx.body = messagePage({
    title: unavailable ? 'Briefly unavailable' : status >= 500 ? 'Something went wrong' : 'Sign-in could not continue',
    message: unavailable
      ? UNAVAILABLE_PAGE_MESSAGE
      : status >= 500
        ? 'The sign-in service hit an unexpected problem. Please try again.'
        : `${out.error_description ?? out.error}`,
    link: { href: config.publicUrl, label: 'Back to Shipdesk' },
  });
}

/**
 * Emitted once the answer is written: a database that cannot be reached is a 503 to retry, as on the server, and
 * OAuth's own word for it where the answer is JSON (RFC 6749 4.1.2.1).
 */
function answerServerError(logger: Logger, ctx: KoaContextWithOIDC, error: unknown): void {
  if (!isDatabaseUnavailable(error)) return logger.error('oidc server error', { error });
  logger.warn('database unavailable', { error, path: ctx.path });
  ctx.status = 503;
  ctx.set('Retry-After', '1');
  if (!ctx.response.is('html')) {
    ctx.body = {
      error: 'temporarily_unavailable',
      error_description: 'The sign-in service cannot reach its database',
    };
  }
}

export function createProvider({ config, db, keys, logger }: ProviderDeps): Provider {
  const cookies = cookieOptions(config);

  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    jwks: { keys: keys.signing as never },
    cookies: { keys: keys.cookie, long: cookies, short: cookies },
    clients: clientsOf(config),
    responseTypes: ['code', 'none'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub', CLAIM_ORG_ID, CLAIM_ROLE_ID],
      email: ['email', 'email_verified'],
      profile: ['name', 'updated_at'],
    },
    // Auth0-style clients send `audience`; it becomes the resource indicator below.
    extraParams: ['audience'],
    routes: PROVIDER_ROUTES,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: featuresOf(config),
    findAccount: async (_ctx, id) => {
      const user = await findUserById(db, id);
      return user && user.status === 'active' ? accountFor(user) : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      return { email: user.email, [CLAIM_ORG_ID]: user.organizationId, [CLAIM_ROLE_ID]: user.roleId };
    },
    loadExistingGrant: (ctx) => loadExistingGrant(config, ctx),
    // The SPA is first-party: it gets a rotating refresh token without `prompt=consent` (which OpenID Connect
    // otherwise demands before honouring offline_access), and it survives the SSO session unless logged out.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || isFirstPartyClient(config, client.clientId)),
    expiresWithSession: async (ctx, code) =>
      !code.scopes.has('offline_access') && !isFirstPartyClient(config, ctx.oidc.client?.clientId),
    rotateRefreshToken: true,
    clientBasedCORS: clientBasedCors(config.webOrigins),
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * DAY,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
    },
    clockTolerance: 5,
    renderError: async (ctx, out, error) => renderError(config, logger, ctx, out, error),
  };

  const provider = new Provider(config.issuer, configuration);
  provider.proxy = config.trustProxy;
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => answerServerError(logger, ctx, error));
  return provider;
}
