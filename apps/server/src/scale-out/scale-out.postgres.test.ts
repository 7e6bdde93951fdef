import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { LOGOUT_MESSAGE, RealtimeEvent, StoreRealtimeEvent, logoutRoomId, type SyncRun } from '@shipdesk/contract';
import { newTenantId } from '../../test/app-helper.ts';
import { WAREHOUSE } from '../../test/label-helpers.ts';
import { orderBody } from '../../test/order-helpers.ts';
import { serverCluster, type Instance, type ServerCluster } from './server-cluster.ts';

/**
 * Scale-out, proven on real processes (docs/scale-out.md): two API instances (A, B) and a worker on one fresh
 * PostgreSQL database; a second worker joins when the first is stopped. PostgreSQL only (the embedded database
 * belongs to one process): without DATABASE_URL the vitest config leaves this file out.
 */
const BIG_ORDERS = 3_000;
const SMALL_ORDERS = 400;
const REVOCATION_REFRESH_MS = 1_000;
/** Idle workers ask their queues for work unasked only hourly: a job sent through an API instance must wake them. */
const JOBS_POLL_SECONDS = 3_600;

type Ack = { ok: boolean; error?: string };

describe('N instances on one PostgreSQL', () => {
  const tenantId = newTenantId();
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: pg.Client;
  let cluster: ServerCluster;
  let bigShop: FakeShopify;
  let smallShop: FakeShopify;
  let a: Instance;
  let b: Instance;
  let worker: Instance;
  let admin: string;

  beforeAll(async () => {
    [database, bigShop, smallShop] = await Promise.all([
      createScratchDatabase(process.env.DATABASE_URL!, 'shipdesk_scale'),
      startFakeShopify({ orders: BIG_ORDERS, costLimit: null, seed: 7 }),
      startFakeShopify({ orders: SMALL_ORDERS, costLimit: null, seed: 8 }),
    ]);
    client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    cluster = await serverCluster(database.url, {
      tenantId,
      revocationRefreshMs: REVOCATION_REFRESH_MS,
      syncStallSeconds: 3,
      jobsPollSeconds: JOBS_POLL_SECONDS,
    });
    // The first start migrates the database; the others then start side by side.
    worker = await cluster.start('worker-1', 'worker');
    [a, b] = await Promise.all([cluster.start('api-a', 'api'), cluster.start('api-b', 'api')]);
    admin = await cluster.token({ email: 'admin@example.com', sub: 'admin-subject' });
    expect((await cluster.api(a, 'POST', '/call/verifyNewUserRegister', admin)).status).toBeLessThan(300);
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await client?.end();
    await database?.drop();
    await Promise.all([bigShop?.close(), smallShop?.close()]);
  });

  async function createStore(name: string, shop: FakeShopify): Promise<number> {
    const created = await cluster.api(a, 'POST', '/api/v1/stores', admin, {
      name,
      sourceType: 'Shopify',
      settings: { shopDomain: `${name.toLowerCase().replace(/\W+/g, '-')}.myshopify.com`, apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return Number(created.body.data!.id);
  }

  const orderCounts = async (storeId: number) =>
    (
      await client.query<{ n: string; distinct_ids: string }>(
        'SELECT count(*) AS n, count(DISTINCT external_id) AS distinct_ids FROM orders WHERE store_id = $1',
        [storeId],
      )
    ).rows[0]!;

  type RunRow = { id: string; state: string; attempts: number; orders_new: number; worker_id: string | null };
  const latestRun = async (storeId: number) =>
    (
      await client.query<RunRow>(
        'SELECT id, state, attempts, orders_new, worker_id FROM sync_runs WHERE store_id = $1 ORDER BY id DESC LIMIT 1',
        [storeId],
      )
    ).rows[0];

  async function settledRun(storeId: number, timeoutMs = 60_000): Promise<RunRow> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const run = await latestRun(storeId);
      if (run && run.state !== 'queued' && run.state !== 'running') return run;
      if (Date.now() > until) throw new Error(`sync run of store ${storeId} still ${run?.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const workerPid = (run: { worker_id: string | null }) => Number(run.worker_id?.split(':')[1]);

  it('splits the roles: the worker serves health checks only, the API instances serve the API', async () => {
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    expect((await cluster.api(worker, 'GET', '/api/v1/orders', admin)).status).toBe(404);
    expect((await fetch(`${worker.url}/docs/json`)).status).toBe(404);
    expect((await fetch(`${a.url}/docs/json`)).status).toBe(200);
    await expect(cluster.socket(worker, admin)).rejects.toThrow();
    for (const instance of [a, b])
      expect((await cluster.api(instance, 'GET', '/api/v1/orders', admin)).status).toBe(200);
  });

  it('delivers a logout sent in a tab on A to a tab of the same person on B', async () => {
    const room = logoutRoomId('ann@example.com', 'laptop');
    const token = await cluster.token({ email: 'ann@example.com', sub: 'ann-subject' });
    const onA = await cluster.socket(a, token);
    const onB = await cluster.socket(b, token);
    const join = (socket: Socket) => socket.timeout(5_000).emitWithAck(RealtimeEvent.JoinRoom, room) as Promise<Ack>;
    expect(await join(onA)).toEqual({ ok: true });
    expect(await join(onB)).toEqual({ ok: true });
    const arrived = new Promise<unknown>((resolve) => onB.once(RealtimeEvent.Message, resolve));
    const sent = (await onA
      .timeout(5_000)
      .emitWithAck(RealtimeEvent.SendMessageToRoom, { roomId: room, message: LOGOUT_MESSAGE })) as Ack;
    expect(sent).toEqual({ ok: true });
    expect(await arrived).toBe(LOGOUT_MESSAGE);
  });

  it('runs every job exactly once, on a worker: pulls asked for on A and B at once import each order once', async () => {
    const storeId = await createStore('Small shop', smallShop);
    const asked = await Promise.all(
      [a, b, a, b].map((instance) => cluster.api(instance, 'GET', `/call/store/${storeId}/pullOrders`, admin)),
    );
    expect(asked.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(asked.map((answer) => answer.body.data!.id)).size).toBe(1);

    const run = await settledRun(storeId);
    expect(run).toMatchObject({ state: 'succeeded', attempts: 1, orders_new: SMALL_ORDERS });
    // Run by the worker, never by an API instance (which only sent the job).
    expect(workerPid(run)).toBe(worker.pid);
    expect(await orderCounts(storeId)).toEqual({ n: String(SMALL_ORDERS), distinct_ids: String(SMALL_ORDERS) });
    const runs = await client.query('SELECT id FROM sync_runs WHERE store_id = $1', [storeId]);
    expect(runs.rowCount).toBe(1);
    // pg-boss completes a job once its handler has returned, a moment after the run is recorded.
    const jobsOf = async () =>
      (
        await client.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'store-sync' AND data->>'runId' = $1`,
          [run.id],
        )
      ).rows;
    for (let i = 0; i < 100 && (await jobsOf()).some((job) => job.state === 'active'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const jobs = await jobsOf();
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    for (const job of jobs) expect(job).toEqual({ state: 'completed', retry_count: 0 });
  });

  it(
    'shows on B the progress of a pull started through A; a SIGTERM to the worker mid-pull hands the run back ' +
      'and a second worker finishes it, nothing lost or duplicated',
    async () => {
      const storeId = await createStore('Big shop', bigShop);
      const watcher = await cluster.socket(b, await cluster.token({ email: 'watcher@example.com', sub: 'watcher' }));
      const progress: SyncRun[] = [];
      watcher.on(StoreRealtimeEvent.SyncProgress, (run: SyncRun) => {
        if (Number(run.storeId) === storeId) progress.push(run);
      });
      // Slow the platform so the worker is surely mid-pull when it is told to stop.
      bigShop.setLatency(30);
      expect((await cluster.api(a, 'GET', `/call/store/${storeId}/pullOrders`, admin)).status).toBe(202);
      const until = Date.now() + 30_000;
      while (!progress.some((run) => run.state === 'running' && run.ordersSeen >= 500)) {
        if (Date.now() > until) throw new Error('no progress reached B');
        await new Promise((r) => setTimeout(r, 50));
      }
      const first = await latestRun(storeId);
      expect(workerPid(first!)).toBe(worker.pid);

      expect(await worker.stop('SIGTERM')).toBe(0);
      const handedBack = (await latestRun(storeId))!;
      expect(handedBack).toMatchObject({ state: 'queued', worker_id: null });
      const before = Number((await orderCounts(storeId)).n);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(BIG_ORDERS);

      bigShop.setLatency(0);
      const second = await cluster.start('worker-2', 'worker');
      const run = await settledRun(storeId);
      expect(run).toMatchObject({ state: 'succeeded', attempts: 2, orders_new: BIG_ORDERS });
      expect(workerPid(run)).toBe(second.pid);
      expect(await orderCounts(storeId)).toEqual({ n: String(BIG_ORDERS), distinct_ids: String(BIG_ORDERS) });
      const orphans = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM orders o WHERE o.store_id = $1
           AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id)`,
        [storeId],
      );
      expect(orphans.rows[0]!.n).toBe('0');

      // B's client saw the run move, from both workers, up to its end.
      const done = Date.now() + 10_000;
      while (!progress.some((r) => r.state === 'succeeded') && Date.now() < done)
        await new Promise((r) => setTimeout(r, 50));
      const seen = progress.map((r) => r.ordersSeen);
      expect(seen.length).toBeGreaterThan(3);
      expect(progress.at(-1)).toMatchObject({ state: 'succeeded', ordersNew: BIG_ORDERS });
      expect(progress.filter((r) => r.state === 'running').length).toBeGreaterThan(1);
      worker = second;
    },
    90_000,
  );

  it('refuses on B, within the refresh, a user deactivated through A', async () => {
    const erin = await cluster.token({ email: 'erin@example.com', sub: 'erin-subject' });
    expect((await cluster.api(b, 'GET', '/api/v1/orders', erin)).status).toBe(200);
    const erinOnB = await cluster.socket(b, erin);
    const closed = new Promise<string>((resolve) => erinOnB.once('disconnect', resolve));

    const changed = await cluster.api(a, 'PUT', '/call/users/erin-subject', admin, { status: 'deactivated' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const revokedAt = Date.now();
    // A knows at once; B from its next refresh.
    expect((await cluster.api(a, 'GET', '/api/v1/orders', erin)).status).toBe(401);
    let refusedAfter = -1;
    while (Date.now() - revokedAt < REVOCATION_REFRESH_MS + 5_000) {
      const answer = await cluster.api(b, 'GET', '/api/v1/orders', erin);
      if (answer.status === 401) {
        refusedAfter = Date.now() - revokedAt;
        expect(answer.body.reason).toBe('access_revoked');
        break;
      }
      expect(answer.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    // One refresh period, with room for a loaded machine's timers and the request itself.
    expect(refusedAfter).toBeLessThanOrEqual(REVOCATION_REFRESH_MS + 1_500);
    expect(await closed).toBe('io server disconnect');
    await expect(cluster.socket(b, erin)).rejects.toThrow(/access has ended/);
    // Everyone else is untouched.
    expect((await cluster.api(b, 'GET', '/api/v1/orders', admin)).status).toBe(200);
  });

  it('starts a label batch sent through an API instance on the worker at once, not at its next poll', async () => {
    const warehouse = await cluster.api(a, 'POST', '/call/configs/createOrUpdate', admin, {
      key: 'warehouse_info',
      options: WAREHOUSE,
    });
    expect(warehouse.status, JSON.stringify(warehouse.body)).toBe(200);
    const method = await cluster.api(a, 'POST', '/api/v1/shipMethods', admin, { name: 'Ground' });
    const mapping = await cluster.api(a, 'POST', '/api/v1/shipMethodCarrierMethodMappings', admin, {
      shipMethodId: method.body.data!.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    expect(mapping.status, JSON.stringify(mapping.body)).toBe(201);
    const created = await cluster.api(a, 'POST', '/api/v1/store/1/orders', admin, orderBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.data!.id as string;
    for (const [event, version] of [
      ['approve', 1],
      ['processPayment', 2],
    ] as const) {
      const moved = await cluster.api(a, 'POST', `/call/orders/${orderId}/${event}/orderFlow`, admin, { version });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }

    const started = await cluster.api(a, 'POST', '/call/labelBatches', admin, { event: 'zpl', orderIds: [orderId] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const batchId = started.body.data!.id as string;
    // The worker's own poll is an hour away (and its start-up look was long ago): only A's wake-up can start it.
    const until = Date.now() + 30_000;
    let batch: Record<string, unknown> | undefined;
    while (Date.now() < until) {
      batch = (await cluster.api(b, 'GET', `/call/labelBatches/${batchId}`, admin)).body.data?.batch as typeof batch;
      if (batch?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // API instances run no labels work: the worker bought it.
    expect(batch).toMatchObject({ status: 'done', bought: 1, failed: 0 });
  });
});
