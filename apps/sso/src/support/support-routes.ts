import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { Mailer } from '@shipdesk/mail-kit';
import { signedInUser, type SignedIn } from '../account/session-user.ts';
import type { SsoConfig } from '../config.ts';
import { createCsrf } from '../csrf.ts';
import type { Db } from '../db/connect.ts';
import { clientIp, readForm, sendPage, type Router } from '../http.ts';
import type { Logger } from '../logger.ts';
import { supportPage, supportSentPage, type SupportView } from '../views/support.ts';
import {
  MESSAGE_MAX,
  SUBJECT_MAX,
  SupportMailError,
  isKnownReference,
  pageUrlFrom,
  readSupportFields,
  submitSupportRequest,
  supportBlockedForSeconds,
  type SupportErrors,
  type SupportFields,
  type SupportLimits,
} from './support-service.ts';

interface SupportRouteDeps {
  config: SsoConfig;
  db: Db;
  provider: Provider;
  mailer: Mailer;
  logger: Logger;
  csrfSecret: string;
  limits: SupportLimits;
}

const SUPPORT_PATH = '/support';
const NONCE_COOKIE = 'support_csrf';
const NONCE = /^[A-Za-z0-9_-]{32}$/;

/**
 * `GET /support?from=<page URL>` and `POST /support`: open to everyone, since a user who cannot sign in needs help
 * most. Without an SSO session the form's CSRF token is bound to a random per-browser cookie; with one, to the
 * session as well, so a token taken from one browser is worthless in another.
 */
export function registerSupportRoutes(router: Router, deps: SupportRouteDeps): void {
  const { config, db, provider, limits } = deps;
  const csrf = createCsrf(deps.csrfSecret, 'support');

  /** This browser's nonce, set on first sight (and again when a post arrives without one). */
  function browserNonce(ctx: Context): string {
    const current = ctx.cookies.get(NONCE_COOKIE, { signed: false });
    if (current && NONCE.test(current)) return current;
    const nonce = randomBytes(24).toString('base64url');
    ctx.cookies.set(NONCE_COOKIE, nonce, {
      path: SUPPORT_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.issuer.startsWith('https:'),
      signed: false,
      overwrite: true,
    });
    return nonce;
  }

  const binding = (nonce: string, current: SignedIn | undefined) =>
    current ? `${nonce}:${current.sessionUid}` : `${nonce}:-`;

  function renderForm(
    ctx: Context,
    current: SignedIn | undefined,
    nonce: string,
    fields: SupportFields,
    errors: SupportErrors = {},
    status = 200,
  ): void {
    const view: SupportView = {
      csrfToken: csrf.token(binding(nonce, current)),
      email: current ? current.user.email : fields.email,
      ...(current ? { signedInAs: current.user.name } : {}),
      subject: fields.subject,
      message: fields.message,
      pageUrl: fields.pageUrl,
      subjectMax: SUBJECT_MAX,
      messageMax: MESSAGE_MAX,
      errors,
      productUrl: config.publicUrl,
    };
    sendPage(ctx, supportPage(view), status);
  }

  router.get(SUPPORT_PATH, async (ctx) => {
    const sent = typeof ctx.query.sent === 'string' ? ctx.query.sent : undefined;
    if (sent && (await isKnownReference(db, sent))) {
      return sendPage(ctx, supportSentPage({ reference: sent, productUrl: config.publicUrl }));
    }
    const current = await signedInUser(ctx, provider, db);
    renderForm(ctx, current, browserNonce(ctx), {
      email: '',
      subject: '',
      message: '',
      pageUrl: pageUrlFrom(ctx.query.from),
    });
  });

  router.post(SUPPORT_PATH, async (ctx) => {
    const current = await signedInUser(ctx, provider, db);
    const nonce = browserNonce(ctx);
    const form = await readForm(ctx);
    const { fields, errors } = readSupportFields(form, current?.user.email);
    const formAgain = (problems: SupportErrors, status: number) =>
      renderForm(ctx, current, nonce, fields, problems, status);

    if (!csrf.valid(binding(nonce, current), form._csrf)) {
      return formAgain({ form: 'This form expired. Check your request and send it again.' }, 403);
    }
    if (Object.keys(errors).length) return formAgain(errors, 400);

    const ip = clientIp(ctx);
    const retryAfter = await supportBlockedForSeconds(db, limits, ip, fields.email);
    if (retryAfter !== undefined) {
      ctx.set('Retry-After', String(retryAfter));
      const minutes = Math.ceil(retryAfter / 60);
      return formAgain(
        {
          form: `Too many requests from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        },
        429,
      );
    }

    let reference: string;
    try {
      ({ reference } = await submitSupportRequest(
        { db, mailer: deps.mailer, logger: deps.logger, supportEmail: config.supportEmail },
        fields,
        { ip, userAgent: ctx.get('User-Agent'), user: current?.user },
      ));
    } catch (error) {
      if (!(error instanceof SupportMailError)) throw error;
      return formAgain({ form: 'We could not send your request just now. Please try again in a few minutes.' }, 503);
    }
    ctx.status = 303;
    ctx.redirect(`${SUPPORT_PATH}?${new URLSearchParams({ sent: reference })}`);
  });
}
