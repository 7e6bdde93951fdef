import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUER, backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createAccessRevocations, type RevokedUser } from './access-revocations-service.ts';

describe.each(backends)('access revocations across instances ($name)', (backend) => {
  let t: TestContext;
  const tenantId = newTenantId();
  beforeAll(async () => {
    // The instance's own refresh (the engine's everyInstance task) every 300 ms.
    t = await buildTestApp(backend, { revocationRefreshMs: 300 });
    // A request records the tenant, which revocations belong to.
    expect((await t.app.inject({ url: '/api/v1/orders', headers: await t.auth(tenantId) })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('an instance learns what another recorded at its next refresh, once; a new revocation moves the time forward', async () => {
    // Two server instances on one database: this app's and a second one.
    const here = t.app.revocations;
    const there = createAccessRevocations(t.app.db);
    await there.refresh();
    const heard: RevokedUser[] = [];
    there.onRevoked((user) => heard.push(user));

    const user = { issuer: ISSUER, subject: 'gina-subject', tenantId };
    await here.revoke(user);
    const at = here.revokedAt(ISSUER, user.subject)!;
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(60);
    expect(there.revokedAt(ISSUER, user.subject)).toBeUndefined();

    await there.refresh();
    expect(there.revokedAt(ISSUER, user.subject)).toBe(at);
    await there.refresh();
    expect(heard).toEqual([user]);
    // Another subject, or the same subject of another issuer, is untouched.
    expect(there.revokedAt(ISSUER, 'someone-else')).toBeUndefined();
    expect(there.revokedAt('https://other-issuer.example', user.subject)).toBeUndefined();

    // A later revocation of the same user (deactivated again after a reactivation) replaces the time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await here.revoke(user);
    const again = here.revokedAt(ISSUER, user.subject)!;
    expect(again).toBeGreaterThan(at);
    await there.refresh();
    expect(there.revokedAt(ISSUER, user.subject)).toBe(again);
    expect(heard).toHaveLength(2);
  });

  it('a new instance starts with every revocation already recorded', async () => {
    const user = { issuer: ISSUER, subject: 'hal-subject', tenantId };
    await t.app.revocations.revoke(user);
    const fresh = createAccessRevocations(t.app.db);
    await fresh.refresh();
    expect(fresh.revokedAt(ISSUER, user.subject)).toBe(t.app.revocations.revokedAt(ISSUER, user.subject));
  });

  it('refuses on this instance, within its refresh, a user another instance deactivated', async () => {
    const elsewhere = createAccessRevocations(t.app.db);
    const user = { issuer: ISSUER, subject: 'ivy-subject', tenantId };
    const token = await t.auth(tenantId, undefined, { sub: user.subject });
    expect((await t.app.inject({ url: '/api/v1/orders', headers: token })).statusCode).toBe(200);
    await elsewhere.revoke(user);
    const revokedAt = Date.now();
    let refused = -1;
    while (Date.now() - revokedAt < 3_000) {
      const answer = await t.app.inject({ url: '/api/v1/orders', headers: token });
      if (answer.statusCode === 401) {
        refused = Date.now() - revokedAt;
        expect(answer.json()).toMatchObject({ reason: 'access_revoked' });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(refused).toBeLessThan(1_300);
  });
});
