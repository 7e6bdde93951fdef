import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)("a manual order's currency ($name)", (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it("is the seller's currency unless the order names one", async () => {
    const tenant = newTenantId();
    const headers = await t.auth(tenant);
    await t.app.inject({ method: 'POST', url: '/call/verifyNewUserRegister', headers });
    expect((await createOrder(t, tenant)).currency).toBe('USD');

    const saved = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers,
      payload: { key: 'currency_info', options: { currencyCode: 'EUR', locale: 'fr-FR' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await createOrder(t, tenant)).currency).toBe('EUR');
    expect((await createOrder(t, tenant, { currency: 'GBP' })).currency).toBe('GBP');
  });
});
