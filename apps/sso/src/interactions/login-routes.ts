import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { findUserByEmail, normaliseEmail, recordSignIn } from '../account/accounts-repository.ts';
import { verifyPassword } from '../account/passwords.ts';
import type { SsoConfig } from '../config.ts';
import { clientIp, readForm, sendPage, type Router } from '../http.ts';
import { isFirstPartyClient } from '../provider/provider.ts';
import { FORGOT_PASSWORD_PATH } from '../account/password-reset-routes.ts';
import { loginPage } from '../views/login.ts';
import { messagePage } from '../views/layout.ts';
import { loginRefusal, loginSucceeded } from './login-attempts.ts';
import { startGuardedLoginAttempt, type LoginUnlockDeps } from './login-unlock.ts';

interface InteractionDeps extends LoginUnlockDeps {
  config: SsoConfig;
  provider: Provider;
}

const BAD_CREDENTIALS = 'The e-mail or password is not correct.';

async function loadInteraction(ctx: Context, provider: Provider) {
  try {
    return await provider.interactionDetails(ctx.req, ctx.res);
  } catch (error) {
    if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) return undefined;
    throw error;
  }
}

function expired(ctx: Context, config: SsoConfig): void {
  sendPage(
    ctx,
    messagePage({
      title: 'Sign-in expired',
      message: 'This sign-in page has expired. Start again from Shipdesk.',
      link: { href: config.publicUrl, label: 'Back to Shipdesk' },
    }),
    400,
  );
}

/** Our interaction pages: the login form, and the first-party consent that never needs a screen. */
export function registerInteractionRoutes(router: Router, deps: InteractionDeps): void {
  const { config, db, provider } = deps;
  // The links under the form: registration in the product, password reset here.
  const links = { registerUrl: `${config.publicUrl}/register`, forgotUrl: FORGOT_PASSWORD_PATH };

  router.get('/interaction/:uid', async (ctx) => {
    const details = await loadInteraction(ctx, provider);
    if (!details || details.uid !== ctx.params.uid) return expired(ctx, config);
    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return sendPage(ctx, loginPage({ action: `/interaction/${details.uid}/login`, email: hint, ...links }));
    }
    // Consent: only our own clients exist and `loadExistingGrant` grants them; anything else is refused.
    if (!isFirstPartyClient(config, details.params.client_id as string | undefined)) {
      const redirectTo = await provider.interactionResult(ctx.req, ctx.res, {
        error: 'access_denied',
        error_description: 'This application is not allowed to use Shipdesk sign-in.',
      });
      ctx.status = 303;
      return ctx.redirect(redirectTo);
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    if (!grant) return expired(ctx, config);
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    ctx.status = 303;
    ctx.redirect(redirectTo);
  });

  router.post('/interaction/:uid/login', async (ctx) => {
    const details = await loadInteraction(ctx, provider);
    if (!details || details.uid !== ctx.params.uid || details.prompt.name !== 'login') return expired(ctx, config);
    const form = await readForm(ctx);
    const email = normaliseEmail(form.email ?? '');
    const password = form.password ?? '';
    const action = `/interaction/${details.uid}/login`;
    if (!email || !password) {
      return sendPage(ctx, loginPage({ action, email, ...links, error: 'Enter your e-mail and password.' }), 400);
    }
    const gate = await startGuardedLoginAttempt(deps, email, clientIp(ctx));
    if (gate.outcome !== 'check') {
      const refusal = loginRefusal(gate);
      if (refusal.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(refusal.retryAfterSeconds));
      return sendPage(ctx, loginPage({ action, email, ...links, error: refusal.message }), refusal.status);
    }
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(user?.passwordHash, password);
    // A wrong password needs nothing more: the attempt was recorded as a failure before the check.
    if (!user || !valid || user.status !== 'active') {
      return sendPage(ctx, loginPage({ action, email, ...links, error: BAD_CREDENTIALS }), 400);
    }
    await loginSucceeded(db, gate.attempt);
    await recordSignIn(db, user.id);
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: user.id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(redirectTo);
  });
}
