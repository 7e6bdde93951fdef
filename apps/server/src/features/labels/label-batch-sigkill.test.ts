import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { newTenantId } from '../../../test/app-helper.ts';
import { WAREHOUSE } from '../../../test/label-helpers.ts';
import { killableServer, type KillableServer } from '../../../test/killable-server.ts';
import { orderBody } from '../../../test/order-helpers.ts';

/**
 * Reliability: kill the real server (SIGKILL, no shutdown code runs) in the middle of a label batch, start it again,
 * and the batch finishes with every order's delivery labelled exactly once. PostgreSQL only (see the pull's test).
 */
const ORDERS = 200;

describe('a label batch survives SIGKILL of the server (postgres)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: pg.Client;
  let server: KillableServer;
  const tenant = newTenantId();

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'shipdesk_kill_labels');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    server = await killableServer(database.url, tenant);
  });

  afterAll(async () => {
    await server?.close();
    await client?.end();
    await database?.drop();
  });

  /** Runs `work` for 0..n-1, `width` at a time. */
  async function inParallel(n: number, width: number, work: (i: number) => Promise<void>) {
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < n) await work(next++);
      }),
    );
  }

  const bought = async (batchId: number) =>
    Number(
      (
        await client.query<{ n: string }>(
          "SELECT count(*) AS n FROM label_batch_items WHERE batch_id = $1 AND status = 'bought'",
          [batchId],
        )
      ).rows[0]!.n,
    );

  it('labels every delivery exactly once after a restart', { timeout: 240_000 }, async () => {
    // 200 orders made, approved and paid through the API: more than the default rate limit allows a minute.
    const start = () => server.start({ RATE_LIMIT_MAX: '100000', LABEL_BATCH_STALE_SECONDS: '2' });
    await start();
    const { api } = server;
    await api('POST', '/call/verifyNewUserRegister');
    expect(
      (await api('POST', '/call/configs/createOrUpdate', { key: 'warehouse_info', options: WAREHOUSE })).status,
    ).toBe(200);
    const method = await api('POST', '/api/v1/shipMethods', { name: 'Ground' });
    await api('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: method.body.data.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    const ids: string[] = [];
    await inParallel(ORDERS, 8, async () => {
      const created = await api('POST', '/api/v1/store/1/orders', orderBody());
      expect(created.status).toBe(201);
      const id = String(created.body.data.id);
      await api('POST', `/call/orders/${id}/approve/orderFlow`, { version: 1 });
      await api('POST', `/call/orders/${id}/processPayment/orderFlow`, { version: 2 });
      ids.push(id);
    });

    const started = await api('POST', '/call/labelBatches', { event: 'shipLabel', orderIds: ids });
    expect(started.status).toBe(202);
    const batchId = Number(started.body.data.id);
    for (let i = 0; i < 600 && (await bought(batchId)) < 30; i++) await new Promise((r) => setTimeout(r, 25));
    const before = await bought(batchId);
    expect(before).toBeGreaterThanOrEqual(30);
    expect(before).toBeLessThan(ORDERS);

    await server.kill();
    await start();

    let batch: { status: string; bought: number; failed: number } | undefined;
    for (let i = 0; i < 2_400; i++) {
      batch = (
        await client.query<{ status: string; bought: number; failed: number }>(
          'SELECT status, bought, failed FROM label_batches WHERE id = $1',
          [batchId],
        )
      ).rows[0];
      if (batch?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(batch).toMatchObject({ status: 'done', bought: ORDERS, failed: 0 });
    const labels = await client.query<{ deliveries: string; labels: string; doubled: string }>(
      `SELECT count(DISTINCT delivery_id) AS deliveries, count(*) AS labels,
              (SELECT count(*) FROM (SELECT delivery_id FROM shipping_labels GROUP BY delivery_id HAVING count(*) > 1) d)
                AS doubled
       FROM shipping_labels`,
    );
    expect(labels.rows[0]).toEqual({ deliveries: String(ORDERS), labels: String(ORDERS), doubled: '0' });
    const unshipped = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM orders WHERE shipment_status <> 'Shipped Complete'",
    );
    expect(unshipped.rows[0]!.n).toBe('0');
  });
});
