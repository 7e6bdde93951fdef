import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGS, Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

describe.each(backends)('verifyNewUserRegister ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const call = async (tenantId: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/call/verifyNewUserRegister',
      headers: { ...(await t.auth(tenantId)), ...headers },
    });
  const configs = async (tenantId: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers: await t.auth(tenantId) })).json()
      .data as Array<{ key: string; options: unknown; updated_at: string }>;

  it('provisions the defaults once and answers the same every time', async () => {
    const tenantId = newTenantId();
    const first = await call(tenantId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 200,
      success: true,
      data: { tenantId, timeZone: 'America/New_York' },
    });
    const afterFirst = await configs(tenantId);
    expect(afterFirst.map((c) => c.key).sort()).toEqual(DEFAULT_CONFIGS.map((c) => c.key).sort());

    // An empty JSON body is as good as none.
    const second = await call(tenantId, { 'content-type': 'application/json' });
    expect(second.json()).toEqual(first.json());
    expect(await configs(tenantId)).toEqual(afterFirst);
  });

  it('keeps what the tenant already saved', async () => {
    const tenantId = newTenantId();
    await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenantId),
      payload: { key: 'currency_info', options: { currencyCode: 'GBP', locale: 'en-GB' } },
    });
    await call(tenantId);
    const currency = (await configs(tenantId)).find((c) => c.key === 'currency_info');
    expect(currency?.options).toEqual({ currencyCode: 'GBP', locale: 'en-GB' });
  });

  it('is open to every role of the tenant', async () => {
    const tenantId = newTenantId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/call/verifyNewUserRegister',
      headers: await t.auth(tenantId, Role.Manager),
    });
    expect(res.statusCode).toBe(200);
  });
});
