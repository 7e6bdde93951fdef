import Fastify from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { Role } from '@shipdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeRouter, startFakeHttpServer, type FakeHttpServer } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, ISSUER, type TestContext } from '../../../test/app-helper.ts';
import type { HttpError } from '../../lib/http-errors.ts';
import { usersRoutes } from './users-routes.ts';

const ADA = {
  id: '0b4c2a53-6f1e-4d2b-9a51-3d7a0d5f0a11',
  email: 'ada@example.com',
  name: 'Ada',
  roleId: Role.Admin,
  status: 'active',
  lastLoginAt: '2025-03-01T10:00:00.000Z',
  invitedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** Users the fake SSO knows besides Ada (each test that ends someone's access takes its own). */
const OTHERS = {
  deactivated: '5f3c8e21-0a7b-4c55-8d0e-6b2f1e9a7c01',
  promoted: '8a1d2b3c-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
};
const KNOWN_IDS = new Set([ADA.id, ...Object.values(OTHERS)]);

const envelope = (data: unknown, code = 200) => ({ status: code, body: { code, success: true, data } });
const refusal = (code: number, message: string, errors?: Record<string, string>) => ({
  status: code,
  body: { code, success: false, message, ...(errors ? { errors } : {}) },
});

/** Stands in for the SSO's users API: a few canned answers in its envelope, by path. */
function fakeSsoRouter(): FakeRouter {
  return new FakeRouter()
    .on('GET', '/api/organization/users', () => envelope({ users: [ADA] }))
    .on('POST', '/api/organization/users', (request) => {
      const body = JSON.parse(request.body) as { email: string; roleId: number };
      if (!body.email.includes('@'))
        return refusal(400, 'Enter a valid e-mail address.', { email: 'Enter a valid e-mail address.' });
      if (body.roleId !== Role.Admin && body.roleId !== Role.Manager) {
        return refusal(400, 'Choose the role', { roleId: 'Choose the role: 2 (Admin) or 3 (Manager).' });
      }
      const resent = body.email === 'again@example.com';
      const user = { ...ADA, id: 'new-id', email: body.email, name: null, roleId: body.roleId, status: 'invited' };
      return envelope({ user, resent }, resent ? 200 : 201);
    })
    .on('PUT', '/api/organization/users/:id', (request) => {
      if (!KNOWN_IDS.has(request.params.id!)) return refusal(404, 'No such user in your organisation.');
      const body = JSON.parse(request.body) as { roleId?: number; status?: string };
      if (body.roleId === Role.Manager) {
        return refusal(409, 'The organisation needs at least one active Admin.', { roleId: 'last Admin' });
      }
      return envelope({ user: { ...ADA, id: request.params.id, ...body } });
    });
}

describe.each(backends)('users proxy ($name)', (backend) => {
  let t: TestContext;
  let sso: FakeHttpServer;
  let admin: { authorization: string };
  beforeAll(async () => {
    sso = await startFakeHttpServer(fakeSsoRouter());
    t = await buildTestApp(backend, { ssoUrl: sso.url });
    admin = await t.auth(newTenantId(), Role.Admin);
  });
  afterAll(async () => {
    await t.close();
    await sso.close();
  });
  beforeEach(() => {
    sso.requests.length = 0;
  });

  it("lists the organisation's users, asked of the SSO with the caller's own token", async () => {
    const res = await t.app.inject({ url: '/call/users', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, success: true, data: { users: [ADA] } });
    expect(sso.requests).toHaveLength(1);
    expect(sso.requests[0]).toMatchObject({ method: 'GET', path: '/api/organization/users' });
    expect(sso.requests[0]!.headers.authorization).toBe(admin.authorization);
  });

  it('invites: 201 for a new invitation, 200 when a still-invited address gets a fresh link', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/call/users',
      headers: admin,
      payload: { email: 'new@example.com', roleId: Role.Manager },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ resent: false, user: { email: 'new@example.com', status: 'invited' } });
    expect(JSON.parse(sso.requests[0]!.body)).toEqual({ email: 'new@example.com', roleId: Role.Manager });

    const resent = await t.app.inject({
      method: 'POST',
      url: '/call/users',
      headers: admin,
      payload: { email: 'again@example.com', roleId: Role.Admin },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.resent).toBe(true);
  });

  it("passes the SSO's field errors, 404 and 409 through unchanged", async () => {
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/call/users',
      headers: admin,
      payload: { email: 'nope', roleId: Role.Manager },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: 400,
      success: false,
      errors: { email: 'Enter a valid e-mail address.' },
    });

    const badRole = await t.app.inject({
      method: 'POST',
      url: '/call/users',
      headers: admin,
      payload: { email: 'x@example.com', roleId: 1 },
    });
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(badRole.json().errors)).toEqual(['roleId']);

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/call/users/someone-else',
      headers: admin,
      payload: { status: 'deactivated' },
    });
    expect(missing.statusCode).toBe(404);
    expect(sso.requests.at(-1)!.path).toBe('/api/organization/users/someone-else');

    const lastAdmin = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${ADA.id}`,
      headers: admin,
      payload: { roleId: Role.Manager },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toMatchObject({ code: 409, success: false, errors: { roleId: 'last Admin' } });
  });

  it('changes a role or the status', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${ADA.id}`,
      headers: admin,
      payload: { status: 'deactivated' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: ADA.id, status: 'deactivated' });
    expect(sso.requests[0]).toMatchObject({ method: 'PUT', body: '{"status":"deactivated"}' });
  });

  it("ends the user's current access at once when deactivated: their tokens get 401, later ones and others' work", async () => {
    const tenantId = newTenantId();
    const boss = await t.auth(tenantId, Role.Admin);
    const ada = await t.auth(tenantId, Role.Admin, { sub: OTHERS.deactivated, email: ADA.email });
    expect((await t.app.inject({ url: '/api/v1/orders', headers: ada })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${OTHERS.deactivated}`,
      headers: boss,
      payload: { status: 'deactivated' },
    });
    expect(res.statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/v1/orders', headers: ada });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, reason: 'access_revoked' });
    // Remembered verifications do not outlive the revocation either, and other users are untouched.
    expect((await t.app.inject({ url: '/api/v1/orders', headers: ada })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: boss })).statusCode).toBe(200);
    // Reactivated and signed in again: a token issued after the revocation counts.
    const later = await t.auth(tenantId, Role.Admin, { sub: OTHERS.deactivated, email: ADA.email, issuedIn: 2 });
    expect((await t.app.inject({ url: '/api/v1/orders', headers: later })).statusCode).toBe(200);
  });

  it('ends the current access on a role change too (the renewed token carries the new role); a failed change does not', async () => {
    const tenantId = newTenantId();
    const boss = await t.auth(tenantId, Role.Admin);
    const ada = await t.auth(tenantId, Role.Admin, { sub: OTHERS.promoted, email: ADA.email });
    const refusedChange = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${OTHERS.promoted}`,
      headers: boss,
      payload: { roleId: Role.Manager },
    });
    expect(refusedChange.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: ada })).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${OTHERS.promoted}`,
      headers: boss,
      payload: { roleId: Role.Admin },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: ada })).statusCode).toBe(401);
  });

  it('refuses malformed bodies itself, naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/call/users/${ADA.id}`,
      headers: admin,
      payload: { status: 'deleted' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('status');
    const noEmail = await t.app.inject({ method: 'POST', url: '/call/users', headers: admin, payload: { roleId: 3 } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toHaveProperty('email');
    expect(sso.requests).toHaveLength(0);
  });

  it('lets a Manager read the list, read-only', async () => {
    const manager = await t.auth(newTenantId(), Role.Manager);
    const res = await t.app.inject({ url: '/call/users', headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.users).toEqual([ADA]);
    expect(sso.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/api/organization/users' })]);
  });

  it('answers 403 to a Manager who changes users without asking the SSO, whatever the body', async () => {
    const manager = await t.auth(newTenantId(), Role.Manager);
    const calls = [
      t.app.inject({
        method: 'POST',
        url: '/call/users',
        headers: manager,
        payload: { email: 'x@example.com', roleId: 3 },
      }),
      t.app.inject({ method: 'PUT', url: `/call/users/${ADA.id}`, headers: manager, payload: { bogus: true } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false, message: 'Only Admins may do this.' });
    }
    expect(sso.requests).toHaveLength(0);
  });

  it('needs a token', async () => {
    expect((await t.app.inject('/call/users')).statusCode).toBe(401);
  });

  it('answers 502 when the SSO fails or answers nonsense, and passes its 401 on', async () => {
    sso.fail({ kind: 'status', status: 500, body: { code: 500, success: false, message: 'boom' } });
    expect((await t.app.inject({ url: '/call/users', headers: admin })).statusCode).toBe(502);
    sso.fail({ kind: 'status', status: 200, body: { code: 200, success: true, data: { users: [{ id: 1 }] } } });
    expect((await t.app.inject({ url: '/call/users', headers: admin })).statusCode).toBe(502);
    sso.fail({ kind: 'malformed' });
    expect((await t.app.inject({ url: '/call/users', headers: admin })).statusCode).toBe(502);
    sso.fail({
      kind: 'status',
      status: 401,
      body: { code: 401, success: false, message: 'Your account is not active.' },
    });
    const inactive = await t.app.inject({ url: '/call/users', headers: admin });
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toBe('Your account is not active.');
  });

  it('answers 502 when the SSO cannot be reached', async () => {
    const down = await buildTestApp(backend, { ssoUrl: 'http://127.0.0.1:9' });
    try {
      const res = await down.app.inject({ url: '/call/users', headers: await down.auth(newTenantId()) });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 502, success: false });
    } finally {
      await down.close();
    }
  });
});

describe('users proxy and other credentials', () => {
  it('refuses an Admin authenticated by something other than a user token of the issuer (an API key)', async () => {
    const sso = await startFakeHttpServer(fakeSsoRouter());
    const app = Fastify();
    app.setValidatorCompiler(TypeBoxValidatorCompiler);
    app.setErrorHandler((error: HttpError, _request, reply) =>
      reply.code(error.statusCode).send({ code: error.statusCode, success: false, message: error.message }),
    );
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = {
        tenantId: newTenantId(),
        userId: 'apikey:1',
        email: 'api-key@tenant',
        roleId: Role.Admin,
        issuer: 'shipdesk-api-key',
      };
    });
    await app.register(usersRoutes, { ssoUrl: sso.url, issuer: ISSUER });
    try {
      const res = await app.inject({ url: '/call/users', headers: { authorization: 'Bearer sdk_live_x' } });
      expect(res.json()).toMatchObject({ message: expect.stringContaining('API key') });
      expect(res.statusCode).toBe(403);
      expect(sso.requests).toHaveLength(0);
    } finally {
      await app.close();
      await sso.close();
    }
  });
});
