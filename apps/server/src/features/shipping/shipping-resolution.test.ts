import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ShipMethod } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { strandJob, waitFor } from '../../../test/job-helpers.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import type { JobRun } from '../../plugins/background.ts';
import { RESOLUTION_QUEUE } from './shipping-plugin.ts';
import { createShippingResolution } from './shipping-resolution-service.ts';

/**
 * A pass over the open orders is finished even when the server working it stops mid-pass (its slice job is taken
 * over after its expiry), and a run of the job that lost the pass to a newer one stops without writing.
 */
describe.each(backends)('re-resolving after a stopped server ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant, Role.Admin), ...(payload ? { payload } : {}) });
  const rows = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(text)) as unknown as { rows: T[] }).rows;
  const resolved = async () =>
    Number(
      (
        await rows<{ n: number | string }>(
          sql`SELECT count(*) AS n FROM orders WHERE tenant_id = ${tenant} AND carrier_method = 'LOCAL_COURIER'`,
        )
      )[0]!.n,
    );
  /** The orders unresolved again and the pass unfinished, claimed by `worker`, from its start. */
  const unfinishedPass = async (worker: string) => {
    await t.app.db.db.execute(
      sql`UPDATE orders SET ship_method_id = NULL, carrier = NULL, carrier_method = NULL WHERE tenant_id = ${tenant}`,
    );
    await t.app.db.db.execute(sql`UPDATE shipping_resolutions
      SET finished_at = NULL, done_through = 0, done = 0, worker = ${worker} WHERE tenant_id = ${tenant}`);
  };

  beforeAll(async () => {
    // Expiries short enough for the queue's monitor to look every second.
    t = await buildTestApp(backend, { syncStallSeconds: 4 });
    for (let i = 0; i < 5; i++) await createOrder(t, tenant, { requestedShippingMethod: 'Ground' });
    const method: ShipMethod = (await call('POST', '/api/v1/shipMethods', { name: 'Ground' })).json().data;
    await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: method.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_COURIER',
    });
    await t.app.shippingResolution.idle();
  });
  afterAll(() => t.close());

  it('finishes a pass whose server was killed mid-pass, from the position it reached', async () => {
    expect(await resolved()).toBe(5);
    // As a server killed mid-pass leaves it: the orders not resolved yet, the pass held by its dead slice job.
    await unfinishedPass('killed-host:1:job:0');
    await strandJob(t, RESOLUTION_QUEUE, { tenantId: tenant }, { singletonKey: tenant });
    await t.app.shippingResolution.idle(20_000);
    expect(await resolved()).toBe(5);
    const [state] = await rows<{ finished: boolean; worker: string | null }>(
      sql`SELECT finished_at IS NOT NULL AS finished, worker FROM shipping_resolutions WHERE tenant_id = ${tenant}`,
    );
    expect(state).toEqual({ finished: true, worker: null });
  });

  it('stops a run of the job that lost the pass to a newer run, writing nothing after', async () => {
    await unfinishedPass('nobody');
    const run = (holder: string): JobRun => ({
      id: holder,
      retryCount: 0,
      holder,
      shouldYield: () => false,
      stopping: () => false,
    });
    // A slice of two orders a batch; after its first batch a newer run of the job takes the pass over.
    let takeover: Promise<unknown> | undefined;
    const older = createShippingResolution({
      database: {
        ...t.app.db,
        withTenant: async (tenantId, fn, options) => {
          await takeover;
          return t.app.db.withTenant(tenantId, fn, options);
        },
      },
      log: t.app.log,
      queue: { sendIn: async () => undefined, wake: () => undefined },
      batchSize: 2,
      notify: () => {
        takeover ??= t.app.db.db.execute(
          sql`UPDATE shipping_resolutions SET worker = 'newer' WHERE tenant_id = ${tenant}`,
        );
      },
    });
    await older.runSlice({ tenantId: tenant }, run('older'));
    // Its first batch is written; the second is refused and it stops, leaving the rest to the newer run.
    expect(await resolved()).toBe(2);
    const [state] = await rows<{ finished: boolean; worker: string }>(
      sql`SELECT finished_at IS NOT NULL AS finished, worker FROM shipping_resolutions WHERE tenant_id = ${tenant}`,
    );
    expect(state).toEqual({ finished: false, worker: 'newer' });
    // The newer run (the queue's, here) finishes it.
    await strandJob(t, RESOLUTION_QUEUE, { tenantId: tenant }, { singletonKey: tenant });
    await waitFor(async () => ((await resolved()) === 5 ? true : undefined));
    await t.app.shippingResolution.idle(20_000);
  });
});
