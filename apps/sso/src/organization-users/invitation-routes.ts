import { ROLE_NAMES, isRoleId } from '@shipdesk/contract';
import type { Context } from 'koa';
import type { SsoConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { readForm, sendPage, type Router } from '../http.ts';
import { invitationPage, type InvitationView } from '../views/invitation.ts';
import { messagePage } from '../views/layout.ts';
import { acceptInvitation, openInvitation } from './invitation-service.ts';
import type { OpenInvitation } from './organization-users-repository.ts';

interface InvitationRouteDeps {
  config: SsoConfig;
  db: Db;
}

/**
 * The page behind the e-mailed link. The token in the path is the only secret and the form needs it, so it also does
 * the job of a CSRF token: a forged post would have to know it.
 */
export function registerInvitationRoutes(router: Router, { config, db }: InvitationRouteDeps): void {
  const signIn = { href: `${config.publicUrl}/`, label: 'Sign in to Shipdesk' };

  const gone = (ctx: Context) =>
    sendPage(
      ctx,
      messagePage({
        title: 'Invitation not valid',
        message:
          'This invitation has expired, was already used or was withdrawn. Ask an administrator of your organisation to send a new one.',
        link: signIn,
      }),
      404,
    );

  const form = (token: string, invitation: OpenInvitation, extra: Partial<InvitationView> = {}) =>
    invitationPage({
      action: `/invitation/${encodeURIComponent(token)}`,
      email: invitation.email,
      organization: invitation.organizationName,
      role: isRoleId(invitation.roleId) ? ROLE_NAMES[invitation.roleId] : String(invitation.roleId),
      ...extra,
    });

  router.get('/invitation/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    const invitation = await openInvitation(db, token);
    if (!invitation) return gone(ctx);
    sendPage(ctx, form(token, invitation));
  });

  router.post('/invitation/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    const invitation = await openInvitation(db, token);
    if (!invitation) return gone(ctx);
    const fields = await readForm(ctx);
    const result = await acceptInvitation(db, token, {
      name: fields.name ?? '',
      password: fields.password ?? '',
      confirmPassword: fields.confirmPassword ?? '',
    });
    if (result.outcome === 'gone') return gone(ctx);
    if (result.outcome === 'invalid') {
      return sendPage(ctx, form(token, invitation, { name: fields.name ?? '', errors: result.errors }), 400);
    }
    sendPage(
      ctx,
      messagePage({
        title: 'Your account is ready',
        message: `Welcome to ${invitation.organizationName}. Sign in with ${invitation.email} and the password you just chose.`,
        link: signIn,
      }),
    );
  });
}
