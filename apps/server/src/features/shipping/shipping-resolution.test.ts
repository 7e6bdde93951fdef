import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ShipMethod } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

/** A pass over the open orders that its worker left unfinished (a server stopped mid-pass) is resumed, and finishes. */
describe.each(backends)('re-resolving after a stopped server ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant, Role.Admin), ...(payload ? { payload } : {}) });
  const rows = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(text)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    for (let i = 0; i < 5; i++) await createOrder(t, tenant, { requestedShippingMethod: 'Ground' });
  });
  afterAll(() => t.close());

  it('picks up an unfinished pass whose worker stopped beating, from the position it reached', async () => {
    const method: ShipMethod = (await call('POST', '/api/v1/shipMethods', { name: 'Ground' })).json().data;
    await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: method.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_COURIER',
    });
    await t.app.shippingResolution.idle();
    const resolved = async () =>
      (
        await rows<{ n: number | string }>(
          sql`SELECT count(*) AS n FROM orders WHERE tenant_id = ${tenant} AND carrier_method = 'LOCAL_COURIER'`,
        )
      )[0]!.n;
    expect(Number(await resolved())).toBe(5);

    // As a server that died mid-pass leaves it: the orders not resolved yet, the pass claimed by a silent worker.
    await t.app.db.db.execute(
      sql`UPDATE orders SET ship_method_id = NULL, carrier = NULL, carrier_method = NULL WHERE tenant_id = ${tenant}`,
    );
    await t.app.db.db.execute(sql`UPDATE shipping_resolutions
      SET finished_at = NULL, done_through = 0, done = 0, worker = 'gone:1', heartbeat_at = now() - interval '1 hour'
      WHERE tenant_id = ${tenant}`);

    await t.app.shippingResolution.resumePending();
    await t.app.shippingResolution.idle();
    expect(Number(await resolved())).toBe(5);
    const [state] = await rows<{ finished: boolean; worker: string | null }>(
      sql`SELECT finished_at IS NOT NULL AS finished, worker FROM shipping_resolutions WHERE tenant_id = ${tenant}`,
    );
    expect(state).toEqual({ finished: true, worker: null });
  });

  it('leaves a pass alone while its worker is beating', async () => {
    await t.app.db.db.execute(sql`UPDATE orders SET carrier_method = NULL WHERE tenant_id = ${tenant}`);
    await t.app.db.db.execute(sql`UPDATE shipping_resolutions
      SET finished_at = NULL, done_through = 0, done = 0, worker = 'busy:1', heartbeat_at = now()
      WHERE tenant_id = ${tenant}`);
    await t.app.shippingResolution.resumePending();
    await t.app.shippingResolution.idle();
    const [row] = await rows<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM orders WHERE tenant_id = ${tenant} AND carrier_method IS NULL`,
    );
    expect(Number(row!.n)).toBe(5);
  });
});
