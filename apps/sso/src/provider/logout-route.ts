import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { SsoConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { readForm, sendPage, type Router } from '../http.ts';
import { messagePage } from '../views/layout.ts';
import { revokeGrant } from './adapter.ts';
import { ACCOUNT_CLIENT_ID, cookieOptions } from './provider.ts';

interface LogoutDeps {
  config: SsoConfig;
  db: Db;
  provider: Provider;
}

function refuse(ctx: Context, message: string): void {
  sendPage(ctx, messagePage({ title: 'Sign-out refused', message }), 400);
}

/** Ends the SSO session of this browser: revokes the grants it made (and their tokens) and clears the cookie. */
async function endSession(ctx: Context, deps: LogoutDeps): Promise<void> {
  const { provider, db } = deps;
  const session = await provider.Session.get(ctx as never);
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (grantId) await revokeGrant(db, grantId);
  }
  if (session.accountId || Object.keys(session.authorizations ?? {}).length) await session.destroy();
  ctx.cookies.set(provider.cookieName('session'), null, { ...cookieOptions(deps.config), signed: true });
}

/**
 * `/v2/logout` the Auth0 way (`client_id`, `returnTo`) and the OpenID way (`post_logout_redirect_uri`, `state`):
 * no confirmation page; the redirect goes only to an allowed origin, anything else is a 400.
 */
export function registerLogoutRoute(router: Router, deps: LogoutDeps): void {
  const { config } = deps;
  const allowedOrigins = new Set([...config.webOrigins, new URL(config.issuer).origin]);
  const knownClients = new Set([config.clientId, ACCOUNT_CLIENT_ID]);

  const handler = async (ctx: Context) => {
    const form = ctx.method === 'POST' ? await readForm(ctx) : {};
    const param = (name: string): string | undefined => {
      const value = form[name] ?? ctx.query[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const clientId = param('client_id') ?? param('clientId');
    if (clientId !== undefined && !knownClients.has(clientId)) return refuse(ctx, 'Unknown application.');
    const returnTo = param('returnTo') ?? param('post_logout_redirect_uri');
    let target: URL | undefined;
    if (returnTo !== undefined) {
      target = URL.parse(returnTo) ?? undefined;
      if (!target || !allowedOrigins.has(target.origin)) {
        return refuse(ctx, 'The address to return to after signing out is not allowed.');
      }
      const state = param('state');
      if (state !== undefined) target.searchParams.set('state', state);
    }

    await endSession(ctx, deps);

    ctx.set('Cache-Control', 'no-store');
    if (target) {
      ctx.status = 302;
      ctx.redirect(target.href);
      return;
    }
    ctx.type = 'html';
    ctx.body = messagePage({
      title: 'Signed out',
      message: 'You have been signed out of Shipdesk.',
      link: { href: config.publicUrl, label: 'Back to Shipdesk' },
    });
  };

  router.get('/v2/logout', handler);
  router.post('/v2/logout', handler);
}
