import type { Context } from 'koa';
import type { SsoConfig } from '../config.ts';
import { clientIp, readForm, sendPage, type Router } from '../http.ts';
import { messagePage } from '../views/layout.ts';
import { forgotPasswordPage, resetPasswordPage } from '../views/password-reset.ts';
import {
  completePasswordReset,
  linkLifetime,
  openPasswordReset,
  requestPasswordReset,
  type PasswordResetDeps,
} from './password-reset.ts';

export const FORGOT_PASSWORD_PATH = '/password/forgot';
const RESET_PATH = '/password/reset';

/**
 * `GET/POST /password/forgot` (the address) and `GET/POST /password/reset/:token` (the page behind the e-mailed
 * link). The token in the path is the only secret and the form needs it, so it also does the job of a CSRF token, as
 * on the invitation page. The request form has none: a forged post can only send the account's owner a link, and
 * the limits count those.
 */
export function registerPasswordResetRoutes(
  router: Router,
  deps: PasswordResetDeps & { config: Pick<SsoConfig, 'publicUrl'> },
): void {
  const signIn = { href: `${deps.config.publicUrl}/`, label: 'Sign in to Shipdesk' };
  const signInUrl = signIn.href;

  /** The request form, again with what was typed and why it was not taken. */
  const forgotForm = (ctx: Context, fill: { email?: string; error?: string } = {}, status = 200) =>
    sendPage(ctx, forgotPasswordPage({ action: FORGOT_PASSWORD_PATH, signInUrl, ...fill }), status);

  router.get(FORGOT_PASSWORD_PATH, (ctx) => forgotForm(ctx));

  router.post(FORGOT_PASSWORD_PATH, async (ctx) => {
    const fields = await readForm(ctx);
    const email = (fields.email ?? '').trim();
    let result;
    try {
      result = await requestPasswordReset(deps, { email, ip: clientIp(ctx) });
    } catch {
      return forgotForm(ctx, { email, error: 'The e-mail could not be sent. Please try again in a moment.' }, 503);
    }
    if (result.outcome === 'invalid') return forgotForm(ctx, { email, error: result.error }, 400);
    if (result.outcome === 'limited') {
      ctx.set('Retry-After', String(result.retryAfterSeconds));
      const error = 'Too many requests from your network. Please try again in an hour.';
      return forgotForm(ctx, { email, error }, 429);
    }
    sendPage(
      ctx,
      messagePage({
        title: 'Check your e-mail',
        message: `If ${email} belongs to a Shipdesk account, a link to choose a new password is on its way. It works once, for ${linkLifetime(deps.limits.ttlMs)}.`,
        link: signIn,
      }),
    );
  });

  const gone = (ctx: Context) =>
    sendPage(
      ctx,
      messagePage({
        title: 'Link not valid',
        message: 'This link has expired, was already used or was replaced by a newer one. Ask for a new link.',
        link: { href: FORGOT_PASSWORD_PATH, label: 'Ask for a new link' },
      }),
      404,
    );

  router.get(`${RESET_PATH}/:token`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const reset = await openPasswordReset(deps.db, token);
    if (!reset) return gone(ctx);
    sendPage(ctx, resetPasswordPage({ action: `${RESET_PATH}/${encodeURIComponent(token)}`, email: reset.email }));
  });

  router.post(`${RESET_PATH}/:token`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const reset = await openPasswordReset(deps.db, token);
    if (!reset) return gone(ctx);
    const fields = await readForm(ctx);
    const result = await completePasswordReset(deps.db, token, {
      password: fields.password ?? '',
      confirmPassword: fields.confirmPassword ?? '',
    });
    if (result.outcome === 'gone') return gone(ctx);
    if (result.outcome === 'invalid') {
      const action = `${RESET_PATH}/${encodeURIComponent(token)}`;
      return sendPage(ctx, resetPasswordPage({ action, email: reset.email, errors: result.errors }), 400);
    }
    sendPage(
      ctx,
      messagePage({
        title: 'Your password is changed',
        message: `Sign in with ${result.email} and your new password. Every other session of your account has ended.`,
        link: signIn,
      }),
    );
  });
}
