import { ROLE_NAMES, isRoleId } from '@shipdesk/contract';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { SsoConfig } from '../config.ts';
import { createCsrf } from '../csrf.ts';
import { clientIp, readForm, type Router } from '../http.ts';
import { loginRefusal, loginSucceeded } from '../interactions/login-attempts.ts';
import { startGuardedLoginAttempt, type LoginUnlockDeps } from '../interactions/login-unlock.ts';
import { ACCOUNT_CALLBACK_PATH, ACCOUNT_CLIENT_ID } from '../provider/provider.ts';
import { profilePage, type ProfileView } from '../views/profile.ts';
import { normaliseEmail, updateUserName, updateUserPassword, type UserRecord } from './accounts-repository.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { signedInUser } from './session-user.ts';

/** The unlock deps carry the sign-in limits: the current-password check is guarded like a sign-in. */
interface ProfileDeps extends LoginUnlockDeps {
  config: SsoConfig;
  provider: Provider;
  csrfSecret: string;
}

const NOTICES: Record<string, string> = {
  name: 'Your name has been saved.',
  password: 'Your password has been changed.',
};

/** The account page lives on the SSO session: no session, and the browser goes through the login page first. */
export function registerProfileRoutes(router: Router, deps: ProfileDeps): void {
  const { config, db, provider, csrfSecret } = deps;

  const csrf = createCsrf(csrfSecret, 'profile');

  const signedIn = (ctx: Context) => signedInUser(ctx, provider, db);

  function toLogin(ctx: Context): void {
    const url = new URL('/authorize', config.issuer);
    url.search = new URLSearchParams({
      client_id: ACCOUNT_CLIENT_ID,
      response_type: 'none',
      scope: 'openid',
      redirect_uri: `${config.issuer}${ACCOUNT_CALLBACK_PATH}`,
      prompt: 'login',
    }).toString();
    ctx.status = 302;
    ctx.redirect(url.href);
  }

  function render(ctx: Context, user: UserRecord, sessionUid: string, extra: Partial<ProfileView>, status = 200) {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = profilePage({
      name: user.name,
      email: user.email,
      organization: user.organizationName,
      role: isRoleId(user.roleId) ? ROLE_NAMES[user.roleId] : String(user.roleId),
      csrfToken: csrf.token(sessionUid),
      productUrl: config.publicUrl,
      logoutUrl: `/v2/logout?${new URLSearchParams({ client_id: ACCOUNT_CLIENT_ID, returnTo: `${config.issuer}${ACCOUNT_CALLBACK_PATH}` })}`,
      ...extra,
    });
  }

  router.get(ACCOUNT_CALLBACK_PATH, async (ctx) => {
    const current = await signedIn(ctx);
    if (!current) return toLogin(ctx);
    const updated = typeof ctx.query.updated === 'string' ? NOTICES[ctx.query.updated] : undefined;
    render(ctx, current.user, current.sessionUid, updated ? { notice: updated } : {});
  });

  /** Session and CSRF checks shared by the forms; answers the request itself when they fail. */
  async function formRequest(ctx: Context) {
    const current = await signedIn(ctx);
    if (!current) {
      toLogin(ctx);
      return undefined;
    }
    const form = await readForm(ctx);
    if (!csrf.valid(current.sessionUid, form._csrf)) {
      render(ctx, current.user, current.sessionUid, { errors: { form: 'Your form expired. Please try again.' } }, 403);
      return undefined;
    }
    return { ...current, form };
  }

  router.post(`${ACCOUNT_CALLBACK_PATH}/name`, async (ctx) => {
    const request = await formRequest(ctx);
    if (!request) return;
    const name = (request.form.name ?? '').trim();
    if (!name || name.length > 100) {
      const error = name ? 'Use at most 100 characters.' : 'Enter your name.';
      return render(ctx, request.user, request.sessionUid, { errors: { name: error } }, 400);
    }
    await updateUserName(db, request.user.id, name);
    ctx.status = 303;
    ctx.redirect(`${ACCOUNT_CALLBACK_PATH}?updated=name`);
  });

  router.post(`${ACCOUNT_CALLBACK_PATH}/password`, async (ctx) => {
    const request = await formRequest(ctx);
    if (!request) return;
    const { user, sessionUid, form } = request;
    const current = form.currentPassword ?? '';
    const next = form.newPassword ?? '';
    const errors: NonNullable<ProfileView['errors']> = {};
    const newProblem = passwordProblem(next);
    if (newProblem) errors.newPassword = newProblem;
    else if (next !== (form.confirmPassword ?? '')) errors.confirmPassword = 'The two passwords do not match.';
    if (!current) errors.currentPassword = 'Enter your current password.';
    if (Object.keys(errors).length) return render(ctx, user, sessionUid, { errors }, 400);

    // The current-password check is a password guess like any sign-in: same limits.
    const gate = await startGuardedLoginAttempt(deps, normaliseEmail(user.email), clientIp(ctx));
    if (gate.outcome !== 'check') {
      const refusal = loginRefusal(gate);
      if (refusal.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(refusal.retryAfterSeconds));
      return render(ctx, user, sessionUid, { errors: { form: refusal.message } }, refusal.status);
    }
    if (!(await verifyPassword(user.passwordHash, current))) {
      return render(
        ctx,
        user,
        sessionUid,
        { errors: { currentPassword: 'The current password is not correct.' } },
        400,
      );
    }
    await loginSucceeded(db, gate.attempt);
    await updateUserPassword(db, user.id, await hashPassword(next));
    ctx.status = 303;
    ctx.redirect(`${ACCOUNT_CALLBACK_PATH}?updated=password`);
  });
}
