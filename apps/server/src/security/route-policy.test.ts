import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@shipdesk/contract';
import { unauthorized } from '../lib/http-errors.ts';
import { declareScopePolicy, enforceRoutePolicies, type RoutePolicy } from './route-policy.ts';

/**
 * The one hook that enforces the declared policies, on a bare Fastify whose `authenticate` reads the role from a
 * header: the real app's routes are checked against it by route-policy-matrix.test.ts.
 */
describe('enforceRoutePolicies', () => {
  let app: FastifyInstance;
  let handled = 0;
  const body = { schema: { body: { type: 'object', required: ['name'] } } };

  beforeAll(async () => {
    app = Fastify();
    enforceRoutePolicies(app);
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const role = request.headers['x-role'];
      if (!role) throw unauthorized('Sign-in required: no access token', 'no_token');
      request.auth = {
        tenantId: 't',
        userId: 'u',
        email: 'u@example.com',
        roleId: Number(role) as RoleId,
        issuer: 'i',
      };
    });
    const answer = async () => {
      handled += 1;
      return { ok: true };
    };
    for (const policy of ['public', 'signed-request', 'signed-in', 'admin'] as RoutePolicy[]) {
      app.get(`/${policy}`, { config: { policy } }, answer);
      app.post(`/${policy}`, { config: { policy }, ...body }, answer);
    }
    app.get('/undeclared', answer);
    app.get('/misspelt', { config: { policy: 'admins' as RoutePolicy } }, answer);
    // A scope that declares its routes after the root's hook has seen them (the API document's pages).
    await app.register(async (docs) => {
      declareScopePolicy(docs, 'public');
      docs.get('/docs/page', answer);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (method: 'GET' | 'POST' | 'HEAD', url: string, role?: RoleId, payload?: object) => {
    const headers = role === undefined ? {} : { 'x-role': String(role) };
    return (await app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
  };

  it('admits anyone to public and signed-request routes (a signed request checks itself)', async () => {
    for (const url of ['/public', '/signed-request', '/docs/page']) expect(await call('GET', url), url).toBe(200);
  });

  it('answers 401 without a token on signed-in and admin routes, and admits a Manager to signed-in ones', async () => {
    expect(await call('GET', '/signed-in')).toBe(401);
    expect(await call('HEAD', '/signed-in')).toBe(401);
    expect(await call('GET', '/admin')).toBe(401);
    expect(await call('GET', '/signed-in', Role.Manager)).toBe(200);
    expect(await call('POST', '/signed-in', Role.Manager, { name: 'x' })).toBe(200);
  });

  it('answers a Manager 403 on admin routes before the body is validated, and admits Admins and SuperAdmins', async () => {
    const before = handled;
    expect(await call('GET', '/admin', Role.Manager)).toBe(403);
    expect(await call('HEAD', '/admin', Role.Manager)).toBe(403);
    expect(await call('POST', '/admin', Role.Manager, { bogus: true })).toBe(403);
    expect(handled).toBe(before);
    expect(await call('POST', '/admin', Role.Admin, { bogus: true })).toBe(400);
    expect(await call('POST', '/admin', Role.Admin, { name: 'x' })).toBe(200);
    expect(await call('GET', '/admin', Role.SuperAdmin)).toBe(200);
  });

  it('holds a route that declares no policy, or an unknown one, to the strictest', async () => {
    for (const url of ['/undeclared', '/misspelt']) {
      expect(await call('GET', url), url).toBe(401);
      expect(await call('GET', url, Role.Manager), url).toBe(403);
      expect(await call('GET', url, Role.Admin), url).toBe(200);
    }
  });
});
