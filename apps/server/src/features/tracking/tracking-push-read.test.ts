import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type CarrierPush, type RoleId } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';

const PUBLIC_URL = 'https://ship.example.test';

describe.each(backends)('reading a carrier account tracking push ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  const other = newTenantId();
  const accounts: Record<string, string> = {};
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    t = await buildTestApp(backend, { publicUrl: PUBLIC_URL });
    accounts.ups = await connectCarrier(t, tenant, 'ups', fakes);
    accounts.fedex = await connectCarrier(t, tenant, 'fedex', fakes);
    accounts.otherUps = await connectCarrier(t, other, 'ups', fakes);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    accountId: string,
    who = tenant,
    role: RoleId = Role.Admin,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/call/carriers/${accountId}/trackingPush`,
      headers: await t.auth(who, role),
      ...(payload ? { payload } : {}),
    });

  it('answers null while pushes were never set up, to a Manager as to an Admin', async () => {
    for (const role of [Role.Admin, Role.Manager]) {
      const res = await call('GET', accounts.fedex!, tenant, role);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ code: 200, success: true, data: null });
    }
  });

  it("shows UPS's set-up without its client secret, which only the answer that made it carries", async () => {
    expect((await call('POST', accounts.ups!, tenant, Role.Manager, {})).statusCode).toBe(403);
    const made = await call('POST', accounts.ups!, tenant, Role.Admin, {});
    expect(made.statusCode, made.body).toBe(200);
    const setUp = made.json().data as CarrierPush;
    expect(setUp.clientSecret).toHaveLength(32);

    for (const role of [Role.Admin, Role.Manager]) {
      const res = await call('GET', accounts.ups!, tenant, role);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        carrierAccountId: accounts.ups,
        carrier: 'ups',
        status: 'pending',
        message: 'Waiting for the first push from UPS: give it these details in its developer portal',
        listenerUrl: setUp.listenerUrl,
        tokenUrl: `${PUBLIC_URL}/hooks/tracking/ups/token`,
        clientId: setUp.clientId,
        clientSecret: null,
      });
      expect(res.body).not.toContain(setUp.clientSecret!);
    }

    // Turned off, it reads as disabled, still without the secret.
    expect((await call('DELETE', accounts.ups!, tenant, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', accounts.ups!)).statusCode).toBe(200);
    const off = await call('GET', accounts.ups!, tenant, Role.Manager);
    expect(off.json().data).toMatchObject({ status: 'disabled', clientSecret: null });
    expect(off.body).not.toContain(setUp.clientSecret!);
  });

  it("answers another tenant's account exactly as an unknown one, and names a malformed id", async () => {
    const made = await call('POST', accounts.otherUps!, other, Role.Admin, {});
    expect(made.statusCode, made.body).toBe(200);
    const theirs = await call('GET', accounts.otherUps!, tenant);
    const unknown = await call('GET', '987654321', tenant);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.body).not.toContain((made.json().data as CarrierPush).clientId!);
    // The owner still reads theirs.
    expect((await call('GET', accounts.otherUps!, other, Role.Manager)).json().data.carrier).toBe('ups');

    const malformed = await call('GET', 'not-an-id', tenant);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('accountId');
  });

  it('asks for a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/call/carriers/${accounts.ups}/trackingPush` });
    expect(res.statusCode).toBe(401);
  });
});
