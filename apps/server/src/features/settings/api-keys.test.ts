import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createConfigsService } from './configs-service.ts';
import { hashApiKey, looksLikeApiKey } from './api-key-format.ts';
import { createApiKeysService } from './api-keys-service.ts';
import { API_KEY_ISSUER, createApiKeyVerifier } from './api-key-verifier.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('API keys ($name)', (backend) => {
  let t: TestContext;
  let verify: (key: string) => Promise<AuthContext | null>;
  const tenantA = newTenantId();
  const tenantB = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    verify = createApiKeyVerifier(t.app.db);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, tenantId: string, roleId: 2 | 3 = Role.Admin) =>
    t.app.inject({ method, url, headers: await t.auth(tenantId, roleId) });
  const rotate = async (tenantId: string) => {
    const res = await call('POST', '/call/apiKey/rotate', tenantId);
    expect(res.statusCode).toBe(200);
    return res.json().data as { key: string; last4: string; createdAt: string };
  };
  const status = async (tenantId: string, roleId: 2 | 3 = Role.Admin) => {
    const res = await call('GET', '/call/apiKey', tenantId, roleId);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      exists: boolean;
      last4: string | null;
      createdAt: string | null;
      lastUsedAt: string | null;
    };
  };
  const storedRows = (tenantId: string) =>
    t.app.db.withTenant(tenantId, (tx) =>
      tx.query.apiKeys.findMany({ where: (k, { eq }) => eq(k.tenantId, tenantId) }),
    );

  it('has no key at first', async () => {
    expect(await status(tenantA)).toEqual({ exists: false, last4: null, createdAt: null, lastUsedAt: null });
  });

  it('creates a key, answers it once and stores only its hash', async () => {
    const created = await rotate(tenantA);
    expect(created.key).toMatch(/^sdk_live_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(created.key)).toBe(true);
    expect(created.last4).toBe(created.key.slice(-4));
    expect(await status(tenantA)).toEqual({
      exists: true,
      last4: created.last4,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    const rows = await storedRows(tenantA);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice('sdk_live_'.length));
    // Nothing answers the key again.
    const again = await call('GET', '/call/apiKey', tenantA);
    expect(again.body).not.toContain(created.key);
  });

  it('verifies a working key as an Admin of its tenant and records its use', async () => {
    const { key } = await rotate(tenantA);
    const auth = await verify(key);
    const [row] = (await storedRows(tenantA)).filter((r) => r.revokedAt === null);
    expect(auth).toEqual({
      tenantId: tenantA,
      userId: `apikey:${row!.id}`,
      email: `api-key@${tenantA}`,
      roleId: Role.Admin,
      issuer: API_KEY_ISSUER,
    });
    const used = await status(tenantA);
    expect(used.lastUsedAt).not.toBeNull();
    expect(Date.parse(used.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(used.createdAt!));
  });

  it('refuses a rotated-away key and accepts its successor', async () => {
    const old = await rotate(tenantA);
    const next = await rotate(tenantA);
    expect(next.key).not.toBe(old.key);
    expect(await verify(old.key)).toBeNull();
    expect((await verify(next.key))?.tenantId).toBe(tenantA);
    expect((await status(tenantA)).last4).toBe(next.last4);
    expect((await storedRows(tenantA)).filter((r) => r.revokedAt === null)).toHaveLength(1);
  });

  it('refuses a revoked key; revoking again is harmless', async () => {
    const { key } = await rotate(tenantA);
    const revoked = await call('DELETE', '/call/apiKey', tenantA);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toEqual({ exists: false, last4: null, createdAt: null, lastUsedAt: null });
    expect(await verify(key)).toBeNull();
    expect((await status(tenantA)).exists).toBe(false);
    expect((await call('DELETE', '/call/apiKey', tenantA)).statusCode).toBe(200);
  });

  it("keeps tenants apart: a key names its own tenant only, and sees that tenant's data only", async () => {
    const keyA = (await rotate(tenantA)).key;
    const keyB = (await rotate(tenantB)).key;
    expect((await verify(keyB))?.tenantId).toBe(tenantB);
    expect((await verify(keyA))?.tenantId).toBe(tenantA);
    // Rotating B's key leaves A's working.
    await rotate(tenantB);
    expect(await verify(keyB)).toBeNull();
    expect((await verify(keyA))?.tenantId).toBe(tenantA);

    const configs = createConfigsService(t.app.db);
    const admin = { tenantId: tenantA, userId: 'admin-a', email: 'a@example.com', roleId: Role.Admin, issuer: 'test' };
    await configs.createOrUpdate(admin, { key: 'currency_info', options: { currencyCode: 'EUR', locale: 'fr-FR' } });
    const asB = await configs.list((await verify((await rotate(tenantB)).key))!);
    expect(asB.find((e) => e.key === 'currency_info')).toBeUndefined();
    const asA = await configs.list((await verify(keyA))!);
    expect(asA.find((e) => e.key === 'currency_info')?.options).toEqual({ currencyCode: 'EUR', locale: 'fr-FR' });
  });

  it('refuses what is not a key, and a well-formed key nobody made', async () => {
    expect(await verify('')).toBeNull();
    expect(await verify('not-a-key')).toBeNull();
    expect(await verify(`sdk_live_${'A'.repeat(43)}`)).toBeNull();
    const { key } = await rotate(tenantA);
    expect(await verify(key.slice(0, -1))).toBeNull();
    expect(await verify(`${key}x`)).toBeNull();
  });

  it('lets a Manager see the status but not create, rotate or revoke', async () => {
    const before = await status(tenantA);
    expect(await status(tenantA, Role.Manager)).toEqual(before);
    const created = await call('POST', '/call/apiKey/rotate', tenantA, Role.Manager);
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ code: 403, success: false });
    expect((await call('DELETE', '/call/apiKey', tenantA, Role.Manager)).statusCode).toBe(403);
    expect(await status(tenantA)).toEqual(before);
  });

  it('does not let an API key rotate or revoke keys', async () => {
    const { key } = await rotate(tenantA);
    const service = createApiKeysService(t.app.db);
    const asKey = (await verify(key))!;
    await expect(service.rotate(asKey)).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.revoke(asKey)).rejects.toMatchObject({ statusCode: 403 });
    expect((await verify(key))?.tenantId).toBe(tenantA);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/call/apiKey/rotate' });
    expect(res.statusCode).toBe(401);
  });

  it('lets a script call the API with the key as an Admin of its tenant only; rotated and revoked keys are refused', async () => {
    const mine = await createOrder(t, tenantA);
    const theirs = await createOrder(t, tenantB);
    const { key } = await rotate(tenantA);
    const withKey = (method: 'GET' | 'POST' | 'DELETE', url: string, k = key, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${k}` }, ...(payload && { payload }) });

    const list = await withKey('GET', '/api/v1/orders?size=100');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.rows.map((o: { id: string }) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await withKey('GET', `/api/v1/orders/${theirs.id}`)).statusCode).toBe(404);
    const approve = await withKey('POST', `/call/orders/${mine.id}/approve/orderFlow`, key, { version: mine.version });
    expect(approve.statusCode, approve.body).toBe(200);
    // A key cannot replace itself: a leaked key must not lock the seller out.
    expect((await withKey('POST', '/call/apiKey/rotate')).statusCode).toBe(403);

    const { key: next } = await rotate(tenantA);
    const old = await withKey('GET', '/api/v1/orders');
    expect(old.statusCode).toBe(401);
    expect(old.json().reason).toBe('bad_api_key');
    expect((await withKey('GET', '/api/v1/orders', next)).statusCode).toBe(200);
    expect((await call('DELETE', '/call/apiKey', tenantA)).statusCode).toBe(200);
    expect((await withKey('GET', '/api/v1/orders', next)).statusCode).toBe(401);
    expect((await withKey('GET', '/api/v1/orders', 'sdk_live_forged0000000000000000000000000000000')).statusCode).toBe(
      401,
    );
  });
});
