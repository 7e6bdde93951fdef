import { CLAIM_ROLE_ID, Role } from '@shipdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../account/accounts-repository.ts';
import { DEMO_EMAIL } from '../account/demo-seed.ts';
import { hashPassword } from '../account/passwords.ts';
import { invitations } from '../db/schema.ts';
import {
  BACKENDS,
  CookieJar,
  DEMO_PASSWORD,
  accessTokenFor,
  follow,
  formAction,
  latestMail,
  linkFromMail,
  postForm,
  startTestSso,
  tokenRequest,
  type TestSso,
} from '../test/harness.ts';

interface Envelope<T = Record<string, unknown>> {
  code: number;
  success: boolean;
  data?: T;
  message?: string;
  errors?: Record<string, string>;
}

interface ApiUser {
  id: string;
  email: string;
  name: string | null;
  roleId: number;
  status: 'active' | 'invited' | 'deactivated';
  lastLoginAt: string | null;
  invitedAt: string | null;
}

const PASSWORD = 'a long test password';

const invitationLink = (mail: string) => linkFromMail(mail, '/invitation');

describe.each(BACKENDS)('organisation users API (%s)', (backend) => {
  let t: TestSso;
  let passwordHash: string;
  let counter = 0;
  const unique = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@example.com`;

  beforeAll(async () => {
    t = await startTestSso(backend, { invitationLimits: { maxPerOrganizationPerHour: 6 } });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    token: string | undefined,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope<T> }> {
    const response = await fetch(new URL(path, t.url), {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  const list = (token: string) => call<{ users: ApiUser[] }>('GET', '/api/organization/users', token);
  const invite = (token: string, body: unknown) =>
    call<{ user: ApiUser; resent: boolean }>('POST', '/api/organization/users', token, body);
  const update = (token: string, id: string, body: unknown) =>
    call<{ user: ApiUser }>('PUT', `/api/organization/users/${id}`, token, body);

  /** A fresh organisation with an active Admin, signed in. */
  async function organisation(label: string) {
    const organizationId = await createOrganization(t.sso.db, `${label} ${Date.now()} ${(counter += 1)}`);
    const admin = await member(organizationId, Role.Admin);
    return { organizationId, admin };
  }

  async function member(organizationId: string, roleId: 2 | 3) {
    const email = unique(roleId === Role.Admin ? 'admin' : 'manager');
    const id = await createUser(t.sso.db, { organizationId, email, name: 'Test Person', passwordHash, roleId });
    const { tokens } = await accessTokenFor(t, { email, password: PASSWORD });
    return { id, email, tokens, token: tokens.access_token };
  }

  /** Opens the login page and posts the credentials: 303 on success, 400 with the page when refused. */
  async function tryLogin(email: string, password: string): Promise<Response> {
    const jar = new CookieJar();
    const authorize = new URL('/authorize', t.url);
    authorize.search = new URLSearchParams({
      client_id: t.config.clientId,
      redirect_uri: 'http://localhost:3000/',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const page = await follow(jar, t, authorize.href);
    if (page instanceof URL) throw new Error('no login page');
    return postForm(jar, new URL(formAction(await page.text()), t.url).href, { email, password });
  }

  it("lists the caller's organisation only, with status, role and last sign-in", async () => {
    const { admin } = await organisation('Listing');
    const other = await organisation('Elsewhere');
    const response = await list(admin.token);
    expect(response.status).toBe(200);
    const users = response.body.data!.users;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: admin.id, email: admin.email, roleId: Role.Admin, status: 'active' });
    expect(Date.parse(users[0]!.lastLoginAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(users.some((user) => user.id === other.admin.id)).toBe(false);
  });

  it('invites by e-mail: an invited user, a mailed link, name and password, then sign-in with the role', async () => {
    const { admin, organizationId } = await organisation('Inviting');
    const email = unique('invitee');
    const invited = await invite(admin.token, { email: email.toUpperCase(), roleId: Role.Manager });
    expect(invited.status).toBe(201);
    expect(invited.body.data!.user).toMatchObject({ email, name: null, roleId: Role.Manager, status: 'invited' });
    expect(invited.body.data!.user.invitedAt).toBeTruthy();

    const mail = latestMail(t.dataDir, email);
    expect(mail).toContain('Subject: Test Person invited you to Inviting');
    const link = invitationLink(mail);
    expect(link.startsWith(`${t.url}/invitation/`)).toBe(true);

    // Not active yet: no sign-in.
    expect((await tryLogin(email, PASSWORD)).status).toBe(400);

    const jar = new CookieJar();
    const page = await jar.fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Join Inviting');
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('as Manager');

    const refused = await postForm(jar, link, { name: '', password: 'short', confirmPassword: 'short' });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('id="name-error"');
    expect(refusedHtml).toContain('id="password-error"');
    const mismatch = await postForm(jar, link, { name: 'Ivy', password: PASSWORD, confirmPassword: `${PASSWORD}!` });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('id="confirmPassword-error"');

    const accepted = await postForm(jar, link, { name: 'Ivy Invitee', password: PASSWORD, confirmPassword: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('Your account is ready');
    expect((await jar.fetch(link)).status).toBe(404);

    const { tokens } = await accessTokenFor(t, { email, password: PASSWORD });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ email, [CLAIM_ROLE_ID]: Role.Manager });
    const users = (await list(admin.token)).body.data!.users;
    expect(users.find((user) => user.email === email)).toMatchObject({
      name: 'Ivy Invitee',
      status: 'active',
      roleId: Role.Manager,
    });
    expect(organizationId).toBeTruthy();
  });

  it('sends a fresh link when an invited address is invited again; the old link stops working', async () => {
    const { admin } = await organisation('Resending');
    const email = unique('again');
    expect((await invite(admin.token, { email, roleId: Role.Manager })).status).toBe(201);
    const first = invitationLink(latestMail(t.dataDir, email));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await invite(admin.token, { email, roleId: Role.Admin });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ resent: true, user: { roleId: Role.Admin, status: 'invited' } });
    const second = invitationLink(latestMail(t.dataDir, email));
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect(await (await fetch(second)).text()).toContain('as Admin');
  });

  it('refuses an expired link, on the page and on the form', async () => {
    const { admin } = await organisation('Expiring');
    const email = unique('late');
    const { user } = (await invite(admin.token, { email, roleId: Role.Manager })).body.data!;
    const link = invitationLink(latestMail(t.dataDir, email));
    await t.sso.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.userId, user.id));
    const page = await fetch(link);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Invitation not valid');
    const jar = new CookieJar();
    const posted = await postForm(jar, link, { name: 'Late', password: PASSWORD, confirmPassword: PASSWORD });
    expect(posted.status).toBe(404);
    expect((await tryLogin(email, PASSWORD)).status).toBe(400);
  });

  it('names the field of invalid input and refuses an address that already has an account', async () => {
    const { admin } = await organisation('Validating');
    const badEmail = await invite(admin.token, { email: 'not-an-address', roleId: Role.Manager });
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body.errors!)).toEqual(['email']);
    for (const roleId of [Role.SuperAdmin, 4, '3', null]) {
      const badRole = await invite(admin.token, { email: unique('role'), roleId });
      expect(badRole.status).toBe(400);
      expect(Object.keys(badRole.body.errors!)).toEqual(['roleId']);
    }
    const taken = await invite(admin.token, { email: DEMO_EMAIL, roleId: Role.Manager });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toHaveProperty('email');

    const user = (await list(admin.token)).body.data!.users[0]!;
    const badUpdate = await update(admin.token, user.id, { roleId: 7, status: 'gone' });
    expect(badUpdate.status).toBe(400);
    expect(Object.keys(badUpdate.body.errors!).sort()).toEqual(['roleId', 'status']);
    const empty = await update(admin.token, user.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('roleId');
  });

  it('changes roles between Admin and Manager; the next refresh carries the new role', async () => {
    const { admin, organizationId } = await organisation('Roles');
    const manager = await member(organizationId, Role.Manager);
    const promoted = await update(admin.token, manager.id, { roleId: Role.Admin });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data!.user).toMatchObject({ id: manager.id, roleId: Role.Admin, status: 'active' });

    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: manager.tokens.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect(decodeJwt(access_token)[CLAIM_ROLE_ID]).toBe(Role.Admin);
    expect((await list(access_token)).status).toBe(200);

    const demoted = await update(access_token, admin.id, { roleId: Role.Manager });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data!.user.roleId).toBe(Role.Manager);
    // The demoted Admin's token still says Admin, but the SSO checks the current role.
    expect((await update(admin.token, manager.id, { roleId: Role.Manager })).status).toBe(403);
  });

  it('keeps one active Admin: the last one can neither demote nor deactivate themselves', async () => {
    const { admin, organizationId } = await organisation('Last Admin');
    const manager = await member(organizationId, Role.Manager);
    const demote = await update(admin.token, admin.id, { roleId: Role.Manager });
    expect(demote.status).toBe(409);
    expect(demote.body.errors).toHaveProperty('roleId');
    const deactivate = await update(admin.token, admin.id, { status: 'deactivated' });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.errors).toHaveProperty('status');
    expect((await list(admin.token)).body.data!.users.find((u) => u.id === admin.id)).toMatchObject({
      roleId: Role.Admin,
      status: 'active',
    });

    // With a second Admin, stepping down is fine.
    expect((await update(admin.token, manager.id, { roleId: Role.Admin })).status).toBe(200);
    expect((await update(admin.token, admin.id, { roleId: Role.Manager })).status).toBe(200);
  });

  it('lets only one of two Admins who demote each other at the same moment win', async () => {
    const { admin, organizationId } = await organisation('Race');
    const other = await member(organizationId, Role.Admin);
    const answers = await Promise.all([
      update(admin.token, other.id, { roleId: Role.Manager }),
      update(other.token, admin.id, { roleId: Role.Manager }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const winner = answers[0]!.status === 200 ? admin : other;
    const users = (await list(winner.token)).body.data!.users;
    expect(users.filter((user) => user.roleId === Role.Admin && user.status === 'active')).toHaveLength(1);
  });

  it("answers 404 for another organisation's user; a Manager reads the list and changes nothing", async () => {
    const first = await organisation('First');
    const second = await organisation('Second');
    const foreign = await update(first.admin.token, second.admin.id, { status: 'deactivated' });
    expect(foreign.status).toBe(404);
    expect((await update(first.admin.token, 'not-a-uuid', { roleId: Role.Manager })).status).toBe(404);
    expect((await list(second.admin.token)).body.data!.users[0]!.status).toBe('active');

    const manager = await member(first.organizationId, Role.Manager);
    const managerList = await list(manager.token);
    expect(managerList.status).toBe(200);
    expect(managerList.body.data!.users.map((user) => user.id)).toContain(manager.id);
    expect((await invite(manager.token, { email: unique('x'), roleId: Role.Manager })).status).toBe(403);
    const selfPromotion = await update(manager.token, manager.id, { roleId: Role.Admin });
    expect(selfPromotion.status).toBe(403);
    expect(selfPromotion.body).toMatchObject({ code: 403, success: false });
  });

  it('needs a valid token of this SSO', async () => {
    expect((await list('')).status).toBe(401);
    expect((await list('not-a-jwt')).status).toBe(401);
  });

  it('deactivates: sign-in refused, refresh token dead, token useless here; reactivation lets them back', async () => {
    const { admin, organizationId } = await organisation('Deactivating');
    const colleague = await member(organizationId, Role.Admin);
    const deactivated = await update(admin.token, colleague.id, { status: 'deactivated' });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data!.user.status).toBe('deactivated');

    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: colleague.tokens.refresh_token!,
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
    const login = await tryLogin(colleague.email, PASSWORD);
    expect(login.status).toBe(400);
    expect(await login.text()).toContain('The e-mail or password is not correct.');
    // The still-unexpired access token of a deactivated Admin manages nothing.
    expect((await list(colleague.token)).status).toBe(401);

    const reactivated = await update(admin.token, colleague.id, { status: 'active' });
    expect(reactivated.body.data!.user.status).toBe('active');
    expect((await tryLogin(colleague.email, PASSWORD)).status).toBe(303);
  });

  it('deactivating an invited user withdraws the link; reactivation puts them back to invited', async () => {
    const { admin } = await organisation('Withdrawing');
    const email = unique('withdrawn');
    const { user } = (await invite(admin.token, { email, roleId: Role.Manager })).body.data!;
    const link = invitationLink(latestMail(t.dataDir, email));
    expect((await update(admin.token, user.id, { status: 'deactivated' })).status).toBe(200);
    expect((await fetch(link)).status).toBe(404);
    const back = await update(admin.token, user.id, { status: 'active' });
    expect(back.body.data!.user.status).toBe('invited');
    // Still invited, so inviting again sends a new link.
    expect((await invite(admin.token, { email, roleId: Role.Manager })).status).toBe(200);
  });

  it('limits the invitations an organisation sends per hour', async () => {
    const { admin } = await organisation('Limited');
    for (let i = 0; i < 6; i += 1) {
      expect((await invite(admin.token, { email: unique('many'), roleId: Role.Manager })).status).toBe(201);
    }
    const limited = await invite(admin.token, { email: unique('many'), roleId: Role.Manager });
    expect(limited.status).toBe(429);
  });

  it('the demo Admin sees the demo organisation', async () => {
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const users = (await list(tokens.access_token)).body.data!.users;
    expect(users.map((user) => user.email)).toContain(DEMO_EMAIL);
  });
});

describe('invitation when the mail cannot be sent', () => {
  let t: TestSso;
  beforeAll(async () => {
    t = await startTestSso('pglite', { env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers 503 and leaves no invited user behind, so the Admin can simply try again', async () => {
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const email = `unlucky-${Date.now()}@example.com`;
    const response = await fetch(new URL('/api/organization/users', t.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, roleId: Role.Manager }),
    });
    expect(response.status).toBe(503);
    const listed = await fetch(new URL('/api/organization/users', t.url), {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    const { data } = (await listed.json()) as Envelope<{ users: ApiUser[] }>;
    expect(data!.users.map((user) => user.email)).not.toContain(email);
  });
});
