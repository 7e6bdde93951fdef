import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { newTenantId } from '../../../test/app-helper.ts';
import { killableServer, type KillableServer } from '../../../test/killable-server.ts';

/**
 * Reliability: kill the real server process (SIGKILL, no shutdown code runs) in the middle of a
 * 20,000-order pull, start it again, and the run finishes with every order stored exactly once. PostgreSQL only: a
 * process killed with PGlite's files open is not a state that embedded database promises to recover from, while
 * PostgreSQL does (the server process dies, the database does not). Without DATABASE_URL the vitest config leaves
 * this file out.
 */
const ORDERS = 20_000;
/** The process that held the run: its holder is `host:pid:job:retry` (plugins/background.ts). */
const pidOf = (holder: string | null | undefined) => Number(holder?.split(':')[1]);

describe('a pull survives SIGKILL of the server (postgres)', () => {
  let shop: FakeShopify;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: pg.Client;
  let server: KillableServer;
  const tenant = newTenantId();

  beforeAll(async () => {
    shop = await startFakeShopify({ orders: ORDERS, costLimit: null });
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'shipdesk_kill');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    server = await killableServer(database.url, tenant);
  });

  afterAll(async () => {
    await server?.close();
    await client?.end();
    await database?.drop();
    await shop?.close();
  });

  const start = () => server.start({ SYNC_STALL_SECONDS: '3' });
  const api = (method: string, path: string, body?: object) => server.api(method, path, body);

  const count = async (storeId: number) =>
    (
      await client.query<{ n: string; distinct_ids: string }>(
        'SELECT count(*) AS n, count(DISTINCT external_id) AS distinct_ids FROM orders WHERE store_id = $1',
        [storeId],
      )
    ).rows[0]!;

  it('finishes the job after a restart with 0 orders lost and 0 duplicated', { timeout: 180_000 }, async () => {
    await start();
    await api('POST', '/call/verifyNewUserRegister');
    const created = await api('POST', '/api/v1/stores', {
      name: 'Big shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'big-shop.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    expect(created.status).toBe(201);
    const storeId = Number(created.body.data.id);

    // Slow the platform a little so the pull is surely mid-way when the process dies.
    shop.setLatency(40);
    expect((await api('GET', `/call/store/${storeId}/pullOrders`)).status).toBe(202);
    for (let i = 0; i < 600 && Number((await count(storeId)).n) < 2_000; i++)
      await new Promise((r) => setTimeout(r, 50));
    const before = Number((await count(storeId)).n);
    expect(before).toBeGreaterThanOrEqual(2_000);
    expect(before).toBeLessThan(ORDERS);
    const killedPid = pidOf(
      (await client.query<{ worker_id: string }>('SELECT worker_id FROM sync_runs WHERE store_id = $1', [storeId]))
        .rows[0]!.worker_id,
    );
    expect(killedPid).toBeGreaterThan(0);

    await server.kill();
    shop.setLatency(0);
    await start();

    let run: { state: string; attempts: number; orders_new: number; worker_id: string } | undefined;
    for (let i = 0; i < 1_200; i++) {
      run = (
        await client.query<{ state: string; attempts: number; orders_new: number; worker_id: string }>(
          'SELECT state, attempts, orders_new, worker_id FROM sync_runs WHERE store_id = $1 ORDER BY id DESC LIMIT 1',
          [storeId],
        )
      ).rows[0];
      if (run && run.state !== 'queued' && run.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run).toMatchObject({ state: 'succeeded', orders_new: ORDERS });
    // Resumed by the restarted process: its slice job retried after its expiry (or, killed between two slices, the
    // next slice it had already sent).
    expect(pidOf(run!.worker_id)).not.toBe(killedPid);
    expect(await count(storeId)).toEqual({ n: String(ORDERS), distinct_ids: String(ORDERS) });
    const lines = await client.query<{ orphans: string }>(
      `SELECT count(*) AS orphans FROM orders o WHERE o.store_id = $1
         AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id)`,
      [storeId],
    );
    expect(lines.rows[0]!.orphans).toBe('0');
  });
});
