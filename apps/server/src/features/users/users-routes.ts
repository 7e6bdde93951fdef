import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  InviteUserSchema,
  InvitedUserAnswerSchema,
  OrgUserAnswerSchema,
  OrgUserListSchema,
  UpdateUserSchema,
} from '@shipdesk/contract';
import { forbidden } from '../../lib/http-errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createUsersService } from './users-service.ts';

const UserIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

interface UsersRoutesOptions {
  ssoUrl: string;
  /** The issuer of the user tokens the SSO also accepts; other credentials (API keys) cannot be forwarded. */
  issuer: string;
}

/** Settings > Users: the organisation's users, kept by the SSO; read by Admins and Managers, changed by Admins only, here and again at the SSO. */
export const usersRoutes: FastifyPluginAsyncTypebox<UsersRoutesOptions> = async (app, options) => {
  const service = createUsersService({ ssoUrl: options.ssoUrl });

  // Who may read or change users is each route's policy (src/security/route-policy.ts), and the SSO checks again.
  // The SSO is asked with the caller's own token, which an API key is not.
  app.addHook('preValidation', async (request) => {
    if (request.auth?.issuer !== options.issuer) {
      throw forbidden('Users are managed by a signed-in Admin, not with an API key.');
    }
  });

  // authenticate() already checked the header's shape and the token.
  const tokenOf = (authorization: string | undefined) => authorization!.replace(/^Bearer\s+/i, '').trim();

  app.get(
    '/call/users',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The users of the caller's organisation",
        description: "Admins and Managers (read-only). Asked of the SSO with the caller's token; 502 when it fails.",
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(OrgUserListSchema), ...errorResponses(401, 403, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: { users: await service.list(tokenOf(request.headers.authorization)) },
    }),
  );

  app.post(
    '/call/users',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Invite someone into the organisation',
        description:
          'Admins only. Creates an invited user with the role (2 Admin, 3 Manager) and e-mails an invitation link; ' +
          'an address still invited gets a fresh link (200). 409 when the address already has an account.',
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        body: InviteUserSchema,
        response: {
          200: Envelope(InvitedUserAnswerSchema),
          201: Envelope(InvitedUserAnswerSchema),
          ...errorResponses(400, 401, 403, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { status, user, resent } = await service.invite(tokenOf(request.headers.authorization), request.body);
      return reply.code(status).send({ code: status, success: true as const, data: { user, resent } });
    },
  );

  app.put(
    '/call/users/:id',
    {
      config: { policy: 'admin' },
      schema: {
        summary: "Change a user's role or status",
        description:
          'Admins only. `roleId` 2 (Admin) or 3 (Manager); `status` deactivated (sign-in and refresh tokens end) or ' +
          "active. Either way the user's current access tokens stop working at once (401 `access_revoked`): a " +
          'deactivated user is out, one with a new role gets a token carrying it. 404 for a user of another ' +
          'organisation; 409 when it would leave no active Admin.',
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        params: UserIdParams,
        body: UpdateUserSchema,
        response: { 200: Envelope(OrgUserAnswerSchema), ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const user = await service.update(tokenOf(request.headers.authorization), request.params.id, request.body);
      if (request.body.status === 'deactivated' || request.body.roleId !== undefined) {
        const { issuer, tenantId } = request.auth!;
        await app.revocations.revoke({ issuer, subject: user.id, tenantId });
      }
      return { code: 200, success: true as const, data: { user } };
    },
  );
};
