import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { seedDemo } from './account/demo-seed.ts';
import { registerProfileRoutes } from './account/profile-routes.ts';
import { registerCatalogueRoutes } from './catalogue/catalogue-routes.ts';
import type { SsoConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/connect.ts';
import { isDatabaseUnavailable } from '@shipdesk/db-kit';
import { createMailer, type Mailer } from '@shipdesk/mail-kit';
import { cors, databaseUnavailable, HttpError, Router, UNAVAILABLE_PAGE_MESSAGE } from './http.ts';
import { DEFAULT_LOGIN_LIMITS, purgeOldLoginAttempts, type LoginLimits } from './interactions/login-attempts.ts';
import {
  DEFAULT_PASSWORD_RESET_LIMITS,
  purgeOldPasswordResets,
  type PasswordResetLimits,
} from './account/password-reset.ts';
import { registerPasswordResetRoutes } from './account/password-reset-routes.ts';
import { registerInteractionRoutes } from './interactions/login-routes.ts';
import { registerLoginUnlockRoutes } from './interactions/login-unlock-routes.ts';
import { silentLogger, type Logger } from './logger.ts';
import { purgeExpiredPayloads } from './provider/adapter.ts';
import { ensureKeys } from './provider/keys.ts';
import { registerLogoutRoute } from './provider/logout-route.ts';
import { CLIENT_CORS_PATHS, createProvider } from './provider/provider.ts';
import { clientEndpointsCors } from './provider/provider-cors.ts';
import {
  DEFAULT_REGISTRATION_LIMITS,
  purgeOldRegistrations,
  type RegistrationLimits,
} from './registration/registration-service.ts';
import { registerRegistrationRoutes } from './registration/registration-routes.ts';
import { registerInvitationRoutes } from './organization-users/invitation-routes.ts';
import { registerOrganizationUsersRoutes } from './organization-users/organization-users-routes.ts';
import { DEFAULT_INVITATION_LIMITS, type InvitationLimits } from './organization-users/organization-users-service.ts';
import { registerSupportRoutes } from './support/support-routes.ts';
import { DEFAULT_SUPPORT_LIMITS, type SupportLimits } from './support/support-service.ts';
import { STYLESHEET, messagePage } from './views/layout.ts';

export interface BuildSsoOptions {
  config: SsoConfig;
  logger?: Logger;
  loginLimits?: Partial<LoginLimits>;
  registrationLimits?: Partial<RegistrationLimits>;
  supportLimits?: Partial<SupportLimits>;
  invitationLimits?: Partial<InvitationLimits>;
  passwordResetLimits?: Partial<PasswordResetLimits>;
  /** How often expired tokens, codes and attempts are deleted; 0 turns it off. */
  housekeepingIntervalMs?: number;
}

export interface Sso {
  /** For `http.createServer(sso.handler)`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  provider: Provider;
  db: Db;
  database: Database;
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * The host and scheme the SSO answers as are its issuer's, whatever the request's Host (or X-Forwarded-Host) says:
 * oidc-provider builds the discovery document's URLs from the request, and a shared cache in front could otherwise
 * keep a document naming an attacker's host and serve it to everyone.
 */
function pinIssuerOrigin(issuer: string): Middleware {
  const { origin, host, hostname, protocol } = new URL(issuer);
  const scheme = protocol.slice(0, -1);
  return async (ctx, next) => {
    Object.defineProperties(ctx.request, {
      origin: { value: origin },
      host: { value: host },
      hostname: { value: hostname },
      protocol: { value: scheme },
    });
    await next();
  };
}

/** JSON routes answer with the envelope; the rest are pages. */
const JSON_PATHS = ['/api', '/call', '/healthz'];

function isJsonPath(path: string): boolean {
  return JSON_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function errorBoundary(logger: Logger, publicUrl: string): Middleware {
  return async (ctx: Context, next) => {
    try {
      await next();
    } catch (thrown) {
      // A database that refuses connections or dropped one is worth a retry, as on the server: 503, Retry-After.
      const error = isDatabaseUnavailable(thrown) ? databaseUnavailable() : thrown;
      const known = error instanceof HttpError;
      if (!known) logger.error('request failed', { error, method: ctx.method, path: ctx.path });
      else if (error.status === 503) logger.warn('database unavailable', { error: thrown, path: ctx.path });
      const status = known ? error.status : 500;
      const message = known ? error.message : 'Internal server error';
      ctx.status = status;
      if (known) for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
      if (isJsonPath(ctx.path)) {
        ctx.body = {
          code: status,
          success: false,
          message,
          ...(known && error.errors ? { errors: error.errors } : {}),
        };
        return;
      }
      ctx.type = 'html';
      ctx.body = messagePage({
        title: status === 503 ? 'Briefly unavailable' : status >= 500 ? 'Something went wrong' : 'Request refused',
        message:
          status === 503
            ? UNAVAILABLE_PAGE_MESSAGE
            : status >= 500
              ? 'The sign-in service hit an unexpected problem. Please try again.'
              : message,
        link: { href: publicUrl, label: 'Back to Shipdesk' },
      });
    }
  };
}

/** Headers for the pages we render; redirects of the authorization endpoint (silent renew in an iframe) are left alone. */
function pageSecurityHeaders(config: SsoConfig): Middleware {
  const formTargets = ["'self'", ...config.webOrigins].join(' ');
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    // The provider's fallback logout page auto-submits its form with an inline script.
    "script-src 'unsafe-inline'",
    // Chrome applies form-action to the redirects after a post: the login ends at the product's origin.
    `form-action ${formTargets}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.response.is('html')) {
      ctx.set('Content-Security-Policy', csp);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
  };
}

export async function buildSso(options: BuildSsoOptions): Promise<Sso> {
  const { config } = options;
  const logger = options.logger ?? silentLogger;
  const loginLimits = { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits };
  const registrationLimits = { ...DEFAULT_REGISTRATION_LIMITS, ...options.registrationLimits };
  const supportLimits = { ...DEFAULT_SUPPORT_LIMITS, ...options.supportLimits };
  const invitationLimits = { ...DEFAULT_INVITATION_LIMITS, ...options.invitationLimits };
  const passwordResetLimits = { ...DEFAULT_PASSWORD_RESET_LIMITS, ...options.passwordResetLimits };

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => logger.warn('idle database connection failed', { error }),
  });
  const { db } = database;
  let keys;
  try {
    keys = await database.exclusive(async () => {
      await database.migrate();
      const material = await ensureKeys(db);
      await seedDemo({ db, dataDir: config.dataDir, password: config.demoPassword, logger });
      return material;
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  const provider = createProvider({ config, db, keys, logger });

  const router = new Router();
  router.get('/healthz', async (ctx) => {
    await database.ping();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/assets/sso.css', (ctx) => {
    ctx.type = 'text/css';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = STYLESHEET;
  });
  registerCatalogueRoutes(router, { config, db, keys });
  registerRegistrationRoutes(router, {
    db,
    mailer,
    limits: registrationLimits,
    publicUrl: config.publicUrl,
  });
  const loginGuard = { db, mailer, logger, issuer: config.issuer, limits: loginLimits };
  registerInteractionRoutes(router, { ...loginGuard, config, provider });
  registerLoginUnlockRoutes(router, { ...loginGuard, config });
  registerLogoutRoute(router, { config, db, provider });
  registerProfileRoutes(router, { ...loginGuard, config, provider, csrfSecret: keys.cookie[0]! });
  registerSupportRoutes(router, {
    config,
    db,
    provider,
    mailer,
    logger,
    csrfSecret: keys.cookie[0]!,
    limits: supportLimits,
  });

  registerOrganizationUsersRoutes(router, {
    config,
    keys,
    db,
    mailer,
    logger,
    issuer: config.issuer,
    limits: invitationLimits,
  });
  registerInvitationRoutes(router, { config, db });
  registerPasswordResetRoutes(router, {
    config,
    db,
    mailer,
    logger,
    issuer: config.issuer,
    limits: passwordResetLimits,
  });

  provider.use(pinIssuerOrigin(config.issuer));
  provider.use(errorBoundary(logger, config.publicUrl));
  provider.use(pageSecurityHeaders(config));
  provider.use(cors(config.webOrigins, ['/api', '/call']));
  provider.use(clientEndpointsCors(config.webOrigins, CLIENT_CORS_PATHS));
  provider.use(router.middleware());

  const housekeepingMs = options.housekeepingIntervalMs ?? 10 * 60 * 1000;
  const housekeeping =
    housekeepingMs > 0
      ? setInterval(() => {
          Promise.all([
            purgeExpiredPayloads(db),
            purgeOldLoginAttempts(db, loginLimits),
            purgeOldRegistrations(db),
            purgeOldPasswordResets(db),
          ]).catch((error: unknown) => logger.warn('housekeeping failed', { error }));
        }, housekeepingMs)
      : undefined;
  housekeeping?.unref();

  return {
    handler: provider.callback(),
    provider,
    db,
    database,
    mailer,
    async close() {
      if (housekeeping) clearInterval(housekeeping);
      mailer.close();
      await database.close();
    },
  };
}
