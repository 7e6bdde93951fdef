import type { Context } from 'koa';
import type { SsoConfig } from '../config.ts';
import { ok, readJson, type Router } from '../http.ts';
import { createAccessTokenVerifier } from '../provider/access-token.ts';
import type { KeyMaterial } from '../provider/keys.ts';
import { inviteUser, listUsers, updateUser, type OrganizationUsersDeps } from './organization-users-service.ts';

const ORGANIZATION_USERS_PATH = '/api/organization/users';

/**
 * The users API of the caller's organisation, for the product's server (which forwards the user's own token):
 * the token must be this issuer's and its holder an active Admin of the organisation named in it.
 */
export function registerOrganizationUsersRoutes(
  router: Router,
  deps: OrganizationUsersDeps & { config: SsoConfig; keys: KeyMaterial },
): void {
  const verifyAccessToken = createAccessTokenVerifier(deps.config, deps.keys);
  const caller = (ctx: Context) => verifyAccessToken(ctx, 'Sign in to manage users.');

  router.get(ORGANIZATION_USERS_PATH, async (ctx) => {
    const users = await listUsers(deps, await caller(ctx));
    ctx.set('Cache-Control', 'no-store');
    ok(ctx, { users });
  });

  router.post(ORGANIZATION_USERS_PATH, async (ctx) => {
    const who = await caller(ctx);
    const body = await readJson(ctx);
    const { user, resent } = await inviteUser(deps, who, { email: body.email, roleId: body.roleId });
    ok(ctx, { user, resent }, resent ? 200 : 201);
  });

  router.on('PUT', `${ORGANIZATION_USERS_PATH}/:id`, async (ctx) => {
    const who = await caller(ctx);
    const body = await readJson(ctx);
    ok(ctx, { user: await updateUser(deps, who, ctx.params.id ?? '', { roleId: body.roleId, status: body.status }) });
  });
}
