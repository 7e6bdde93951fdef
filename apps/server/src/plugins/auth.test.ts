import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JWTVerifyGetKey } from 'jose';
import { Role } from '@shipdesk/contract';
import {
  AUDIENCE,
  ISSUER,
  backends,
  buildTestApp,
  mintToken,
  newTenantId,
  testIdp,
  type TestContext,
} from '../../test/app-helper.ts';
import { createTokenVerifier } from './auth.ts';

// The attacks on the token (forged, stale, misdirected, tampered) are src/security/token-attacks.test.ts.
describe.each(backends)('auth ($name)', (backend) => {
  let t: TestContext;
  const tenantId = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  async function expect401(headers: Record<string, string>, reason: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toMatchObject({ code: 401, success: false, reason });
    expect(typeof body.message).toBe('string');
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+|node_modules/);
    return body.message as string;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('accepts a valid token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers: await t.auth(tenantId) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    expect(await expect401({}, 'no_token')).toMatch(/no access token/);
  });

  it('refuses another scheme and garbage', async () => {
    await expect401({ authorization: 'Basic dXNlcjpwYXNz' }, 'malformed_header');
    await expect401(bearer('not-a-jwt'), 'malformed_token');
    await expect401(bearer('a.b.c'), 'malformed_token');
  });

  it('refuses a token issued in the future (beyond the clock tolerance)', async () => {
    expect(await expect401(bearer(await mintToken({ tenantId, issuedIn: 600 })), 'token_not_yet_valid')).toMatch(
      /future/,
    );
  });

  it('tolerates a few seconds of clock skew', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/configs',
      headers: bearer(await mintToken({ tenantId, notBefore: 10 })),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses tokens without the tenant or a known role', async () => {
    expect(await expect401(bearer(await mintToken({ tenantId: '' })), 'missing_claims')).toMatch(/org_id/);
    expect(await expect401(bearer(await mintToken({ tenantId, roleId: null })), 'missing_claims')).toMatch(/role_id/);
    await expect401(bearer(await mintToken({ tenantId, roleId: 7 })), 'missing_claims');
    await expect401(bearer(await mintToken({ tenantId, email: null })), 'missing_claims');
    await expect401(bearer(await mintToken({ tenantId, roleId: '2' })), 'missing_claims');
  });

  it('records the tenant and the user on first sight', async () => {
    const other = newTenantId();
    await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers: await t.auth(other, Role.Manager) });
    const rows = await t.app.db.withTenant(other, (tx) => tx.query.users.findMany());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: other, roleId: Role.Manager, issuer: 'https://sso.test.shipdesk.local' });
  });
});

describe('verified tokens are remembered', () => {
  const tenantId = newTenantId();
  afterEach(() => vi.useRealTimers());

  /** A verifier whose key lookups (one per signature check) are counted. */
  async function countingVerifier() {
    const { jwks } = await testIdp();
    const lookups = { count: 0 };
    const getKey: JWTVerifyGetKey = (header, token) => {
      lookups.count++;
      return jwks(header, token);
    };
    return { verify: createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks: getKey }), lookups };
  }

  it('checks the signature of a token once, then answers the same caller until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify, lookups } = await countingVerifier();
    const token = await mintToken({ tenantId, expiresIn: 60 });
    const first = await verify(token);
    expect(first).toMatchObject({ tenantId, roleId: Role.Admin, issuer: ISSUER });
    expect(await verify(token)).toEqual(first);
    expect(lookups.count).toBe(1);
    // Within the clock tolerance after `exp` it is still good, as jose counts it.
    vi.setSystemTime(Date.now() + 85_000);
    expect(await verify(token)).toEqual(first);
    expect(lookups.count).toBe(1);
    vi.setSystemTime(Date.now() + 10_000);
    await expect(verify(token)).rejects.toMatchObject({ statusCode: 401, reason: 'token_expired' });
    await expect(verify(token)).rejects.toMatchObject({ reason: 'token_expired' });
    expect(lookups.count).toBe(3);
  });

  it('checks a long-lived token again after ten minutes, and each token on its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify, lookups } = await countingVerifier();
    const token = await mintToken({ tenantId, expiresIn: 3600 });
    const other = await mintToken({ tenantId: newTenantId(), expiresIn: 3600 });
    await verify(token);
    expect((await verify(other)).tenantId).not.toBe(tenantId);
    expect(lookups.count).toBe(2);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await verify(token)).tenantId).toBe(tenantId);
    expect(lookups.count).toBe(3);
  });

  it('remembers no refusal: a bad token is checked, and refused, every time', async () => {
    const { verify, lookups } = await countingVerifier();
    const token = await mintToken({ tenantId, audience: 'https://other.api' });
    await expect(verify(token)).rejects.toMatchObject({ reason: 'bad_audience' });
    await expect(verify(token)).rejects.toMatchObject({ reason: 'bad_audience' });
    expect(lookups.count).toBe(2);
  });

  it('cannot be changed by one caller for the next', async () => {
    const { verify } = await countingVerifier();
    const token = await mintToken({ tenantId });
    const auth = await verify(token);
    expect(() => Object.assign(auth, { tenantId: 'someone-else' })).toThrow(TypeError);
    expect((await verify(token)).tenantId).toBe(tenantId);
  });
});
