import type { Context } from 'koa';
import type { SsoConfig } from '../config.ts';
import { clientIp, sendPage, type Router } from '../http.ts';
import { messagePage } from '../views/layout.ts';
import { loginUnlockPage } from '../views/login.ts';
import { openLoginUnlock, UNLOCK_PATH, useLoginUnlock, type LoginUnlockDeps } from './login-unlock.ts';

/**
 * `GET/POST /login/unlock/:token`, the page behind the link mailed when an account's password sign-in is paused.
 * The token in the path is the only secret and the form needs it, so it also does the job of a CSRF token, as on
 * the password reset page.
 */
export function registerLoginUnlockRoutes(
  router: Router,
  deps: LoginUnlockDeps & { config: Pick<SsoConfig, 'publicUrl'> },
): void {
  const signIn = { href: `${deps.config.publicUrl}/`, label: 'Sign in to Shipdesk' };

  const gone = (ctx: Context) =>
    sendPage(
      ctx,
      messagePage({
        title: 'Link not valid',
        message:
          'This link has expired or was already used. Try to sign in again: if signing in is still paused, a new link is sent.',
        link: signIn,
      }),
      404,
    );

  router.get(`${UNLOCK_PATH}/:token`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const unlock = await openLoginUnlock(deps.db, token);
    if (!unlock) return gone(ctx);
    sendPage(ctx, loginUnlockPage({ action: `${UNLOCK_PATH}/${encodeURIComponent(token)}`, email: unlock.email }));
  });

  router.post(`${UNLOCK_PATH}/:token`, async (ctx) => {
    const unlocked = await useLoginUnlock(deps.db, ctx.params.token ?? '', clientIp(ctx));
    if (!unlocked) return gone(ctx);
    sendPage(
      ctx,
      messagePage({
        title: 'You can sign in again',
        message: `Sign in to ${unlocked.email} with your password.`,
        link: signIn,
      }),
    );
  });
}
