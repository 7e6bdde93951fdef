import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ReconcileView, type RoleId, type Store } from '@shipdesk/contract';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { strandJob } from '../../../test/job-helpers.ts';
import { findingKind } from './store-reconcile-rules.ts';

/** The missing-orders check against the fake Shopify, through the real adapter over HTTP. */
describe.each(backends)('missing-orders check ($name)', (backend) => {
  let t: TestContext;
  let shop: FakeShopify;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    shop = await startFakeShopify({ orders: 40 });
    // Slices of 2 s expiring after 6 s: the queue's monitor looks every second or so for a killed worker's job.
    t = await buildTestApp(backend, { syncStallSeconds: 6 }, undefined, {
      adapterOptions: { http: { retries: 2, baseDelayMs: 1, timeoutMs: 2000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    tenantId = tenant,
    role: RoleId = Role.Admin,
  ) => t.app.inject({ method, url, headers: await t.auth(tenantId, role), ...(payload && { payload }) });

  async function settle(storeId: string): Promise<ReconcileView> {
    for (let i = 0; i < 400; i++) {
      const res = await call('GET', `/call/store/${storeId}/reconcile`);
      expect(res.statusCode, res.body).toBe(200);
      const view: ReconcileView = res.json().data;
      const run = view.run!;
      const busy = ['queued', 'running'].includes(run.state) || ['queued', 'running'].includes(run.fix.state);
      if (!busy) return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the check did not finish');
  }

  const ordersOf = async (storeId: string) =>
    (await call('GET', `/api/v1/orders?size=100&filters=${encodeURIComponent(JSON.stringify({ storeId }))}`)).json()
      .data as { rows: Array<{ id: string; orderNumber: string; orderStatus: string }>; total: number };

  let store: Store;

  it('finds the orders the channel has and Shipdesk lacks, and those canceled there; the fix takes them in; a second check finds nothing', async () => {
    const created = await call('POST', '/api/v1/stores', {
      name: 'Checked shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'checked.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    expect(created.statusCode, created.body).toBe(201);
    store = created.json().data;

    const before = await call('GET', `/call/store/${store.id}/reconcile`);
    expect(before.json().data).toEqual({ run: null, findings: [], more: 0 });

    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await settleSyncRun(t, tenant, store.id)).toMatchObject({ state: 'succeeded', ordersNew: 40 });

    // The channel moves on while no pull runs: three new orders, and an open order canceled by the buyer.
    const added = shop.addOrders(3);
    const open = (await ordersOf(store.id)).rows.find((o) => o.orderStatus === 'Sales Order')!;
    const openOrder = (await call('GET', `/api/v1/orders/${open.id}`)).json().data as { externalId: string };
    shop.updateOrder(openOrder.externalId, { cancelledAt: new Date().toISOString(), cancelReason: 'CUSTOMER' });

    const started = await call('POST', `/call/store/${store.id}/reconcile`, { days: 14 });
    expect(started.statusCode, started.body).toBe(202);
    const checked = await settle(store.id);
    expect(checked.run).toMatchObject({ state: 'succeeded', days: 14, error: null });
    expect(checked.run!.ordersChecked).toBeGreaterThanOrEqual(4);
    const byKind = (view: ReconcileView, kind: string) =>
      view.findings.filter((f) => f.kind === kind && f.resolvedAt === null).map((f) => f.externalId);
    expect(byKind(checked, 'missing').sort()).toEqual(added.map((o) => o.legacyResourceId).sort());
    expect(byKind(checked, 'canceled_on_channel')).toEqual([openOrder.externalId]);
    expect(checked.findings.find((f) => f.kind === 'canceled_on_channel')?.orderId).toBe(open.id);
    expect(checked.findings).toHaveLength(4);
    expect((await ordersOf(store.id)).total).toBe(40);

    const fixing = await call('POST', `/call/store/${store.id}/reconcile/fix`);
    expect(fixing.statusCode, fixing.body).toBe(202);
    const fixed = await settle(store.id);
    expect(fixed.run!.fix).toMatchObject({ state: 'succeeded', fixed: 4, failed: 0, error: null });
    expect(fixed.findings.every((f) => f.resolvedAt !== null)).toBe(true);
    const after = await ordersOf(store.id);
    expect(after.total).toBe(43);
    expect(after.rows.find((o) => o.id === open.id)?.orderStatus).toBe('Canceled');

    // A fix asked again has nothing open: nothing is written twice.
    await call('POST', `/call/store/${store.id}/reconcile/fix`);
    expect((await settle(store.id)).run!.fix).toMatchObject({ state: 'succeeded', fixed: 0 });
    expect((await ordersOf(store.id)).total).toBe(43);

    await call('POST', `/call/store/${store.id}/reconcile`, { days: 14 });
    const again = await settle(store.id);
    expect(again.run).toMatchObject({ state: 'succeeded', fix: { state: 'none' } });
    expect(again.run!.id).not.toBe(checked.run!.id);
    expect(again.findings).toEqual([]);
  });

  it('ends the check as failed with the channel’s words when the channel refuses', async () => {
    shop.fail({ kind: 'status', status: 503, body: { errors: 'Service Unavailable' } }, { times: 3 });
    await call('POST', `/call/store/${store.id}/reconcile`, { days: 3 });
    const failed = await settle(store.id);
    expect(failed.run).toMatchObject({ state: 'failed' });
    expect(failed.run!.error).toMatch(/503/);
    const fix = await call('POST', `/call/store/${store.id}/reconcile/fix`);
    expect(fix.statusCode).toBe(400);
    expect(fix.json().errors).toHaveProperty('storeId');
  });

  /** A check as a killed worker leaves it: running, held by the dead worker's job, that job active past its expiry. */
  async function strandedCheck(retries: number): Promise<string> {
    const runId = await t.app.db.withTenant(tenant, async (tx) => {
      const result = (await tx.execute(
        sql`INSERT INTO reconcile_runs (tenant_id, store_id, days, since, state, cursor, worker_id)
            VALUES (${tenant}, ${Number(store.id)}, 14, now() - interval '14 days', 'running',
                    '{"pageToken":null}'::jsonb, 'killed-host:1:job:0')
            RETURNING id`,
      )) as unknown as { rows: Array<{ id: string | number }> };
      return Number(result.rows[0]!.id);
    });
    const job = { tenantId: tenant, runId, step: 'check' };
    await strandJob(t, 'store-reconcile', job, { singletonKey: `${tenant}:${runId}:check`, retries });
    return String(runId);
  }

  it('resumes a check whose worker was killed, and ends one that keeps stopping as failed', async () => {
    const [late] = shop.addOrders(1);
    const resumed = await strandedCheck(0);
    const view = await settle(store.id);
    expect(view.run).toMatchObject({ id: resumed, state: 'succeeded', error: null });
    expect(view.findings.map((f) => [f.externalId, f.kind])).toEqual([[late!.legacyResourceId, 'missing']]);

    // Its four retries spent already: pg-boss hands the job to the dead-letter queue, which ends the check.
    const stopped = await strandedCheck(4);
    const failed = await settle(store.id);
    expect(failed.run).toMatchObject({ id: stopped, state: 'failed' });
    expect(failed.run!.error).toMatch(/stopped making progress/);
  });

  it('refuses bad days by name, answers 404 for another tenant, and lets a Manager check', async () => {
    for (const days of [0, 61, 2.5, 'ten']) {
      const res = await call('POST', `/call/store/${store.id}/reconcile`, { days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().errors).toHaveProperty('days');
    }
    for (const [method, url, payload] of [
      ['GET', `/call/store/${store.id}/reconcile`],
      ['POST', `/call/store/${store.id}/reconcile`, { days: 5 }],
      ['POST', `/call/store/${store.id}/reconcile/fix`],
    ] as const) {
      const res = await call(method, url, payload, other);
      expect(res.statusCode, url).toBe(404);
    }
    const manager = await call('POST', `/call/store/${store.id}/reconcile`, { days: 1 }, tenant, Role.Manager);
    expect(manager.statusCode, manager.body).toBe(202);
    expect((await settle(store.id)).run).toMatchObject({ state: 'succeeded', days: 1 });
    // Without days: the last 14.
    const plain = await call('POST', `/call/store/${store.id}/reconcile`, {});
    expect(plain.statusCode, plain.body).toBe(202);
    expect((await settle(store.id)).run).toMatchObject({ state: 'succeeded', days: 14 });
  });
});

describe('a finding of a channel order against ours', () => {
  const channel = { externalId: '1', externalUpdatedAt: '2026-12-01T10:00:00.000Z', canceled: false };
  const ours = { id: 7, externalUpdatedAt: new Date('2026-12-01T10:00:00.000Z'), orderStatus: 'Sales Order' };

  it('is missing, canceled on the channel, changed, or nothing', () => {
    expect(findingKind(channel, undefined)).toBe('missing');
    expect(findingKind({ ...channel, canceled: true }, ours)).toBe('canceled_on_channel');
    expect(findingKind({ ...channel, canceled: true }, { ...ours, orderStatus: 'Canceled' })).toBeNull();
    expect(findingKind({ ...channel, canceled: true }, { ...ours, orderStatus: 'Completed' })).toBeNull();
    expect(findingKind({ ...channel, externalUpdatedAt: '2026-12-01T10:00:01.000Z' }, ours)).toBe('changed');
    expect(findingKind(channel, ours)).toBeNull();
    expect(findingKind({ ...channel, externalUpdatedAt: '2026-11-30T10:00:00.000Z' }, ours)).toBeNull();
  });
});
