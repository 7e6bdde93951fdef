import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role, type RoleId, type Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { scriptedChannel, type ScriptedChannel } from '../../../test/scripted-channel.ts';
import { jobsOf, strandJob, waitFor } from '../../../test/job-helpers.ts';
import { SYNC_DUE_QUEUE, SYNC_QUEUE } from './store-sync-plugin.ts';

describe.each(backends)('store sync ($name)', (backend) => {
  let t: TestContext;
  let channel: ScriptedChannel;
  const tenant = newTenantId();
  const other = newTenantId();

  beforeAll(async () => {
    // Slices of 2 s, expiring after 6 s; the queue's monitor looks every second or so.
    t = await buildTestApp(backend, { syncStallSeconds: 6 }, undefined, {
      adapters: (_type, connection) => channel.adapter(connection.credentials),
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    channel = scriptedChannel(25);
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    tenantId = tenant,
    role: RoleId = Role.Admin,
  ) => t.app.inject({ method, url, headers: await t.auth(tenantId, role), ...(payload && { payload }) });

  async function createStore(name = 'Main shop'): Promise<Store> {
    const res = await call('POST', '/api/v1/stores', {
      name,
      sourceType: 'Shopify',
      settings: { shopDomain: 'main-shop.myshopify.com' },
      credentials: { accessToken: 'good-token', clientSecret: 'shpss_secret_value_1234' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const settle = (storeId: string) => settleSyncRun(t, tenant, storeId);

  async function storeOrders(storeId: string) {
    const res = await call('GET', `/api/v1/orders?size=100&filters=${encodeURIComponent(JSON.stringify({ storeId }))}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: Array<{ id: string; orderNumber: string; orderStatus: string }>; total: number };
  }

  it('creates a store with its secrets masked and a webhook address, and refuses bad fields by name', async () => {
    const store = await createStore();
    expect(store).toMatchObject({ sourceType: 'Shopify', status: 'active', customerOrderCode: 'SHP', orderCount: 0 });
    expect(store.credentials).toEqual({ accessToken: '••••', clientSecret: '••••1234' });
    expect(store.webhookUrl).toMatch(/\/webhooks\/shopify\/[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(store)).not.toContain('good-token');

    const missing = await call('POST', '/api/v1/stores', {
      name: 'x',
      sourceType: 'Shopify',
      settings: { shopDomain: 'a.myshopify.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['credentials.accessToken']);
    const unknown = await call('POST', '/api/v1/stores', {
      name: 'x',
      sourceType: 'Walmart',
      settings: { shopDomain: 'a' },
      credentials: { clientId: 'id', clientSecret: 's' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({
      'settings.shopDomain': expect.any(String),
      'settings.clientId': expect.any(String),
    });
    const manager = await call('POST', '/api/v1/stores', { name: 'x', sourceType: 'Wholesale' }, tenant, Role.Manager);
    expect(manager.statusCode).toBe(403);
  });

  it("keeps another tenant's store out of reach: 404 for edit, pull, log and code", async () => {
    const store = await createStore();
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/stores/${store.id}`, { name: 'Taken' }],
      ['GET', `/call/store/${store.id}/pullOrders`],
      ['GET', `/call/store/${store.id}/syncRuns`],
      ['GET', `/call/store/${store.id}/customerOrderCode`],
    ] as const) {
      const res = await call(method, url, payload, other);
      expect(res.statusCode, url).toBe(404);
    }
    const list = (await call('GET', '/api/v1/stores', undefined, other)).json().data;
    expect(list.total).toBe(0);
    const mine = (
      await call('GET', `/api/v1/stores?filters=${encodeURIComponent(JSON.stringify({ name: `like@Main` }))}`)
    ).json().data;
    expect(mine.rows.some((s: Store) => s.id === store.id && s.name === 'Main shop')).toBe(true);
  });

  it('pulls every page once; pulling the same window again creates no duplicate; newer copies update', async () => {
    const store = await createStore();
    const started = await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(started.statusCode, started.body).toBe(202);
    const run = await settle(store.id);
    expect(run).toMatchObject({ state: 'succeeded', pages: 3, ordersSeen: 25, ordersNew: 25, ordersUpdated: 0 });
    expect((await storeOrders(store.id)).total).toBe(25);

    await call('GET', `/call/store/${store.id}/pullOrders`);
    const again = await settle(store.id);
    expect(again).toMatchObject({ state: 'succeeded', ordersNew: 0, ordersUpdated: 0 });
    expect((await storeOrders(store.id)).total).toBe(25);

    channel.touch('5003', { canceled: true });
    channel.touch('5004', { shipmentStatus: 'Shipped Complete' });
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await settle(store.id)).toMatchObject({ state: 'succeeded', ordersNew: 0, ordersUpdated: 2 });
    const rows = (await storeOrders(store.id)).rows;
    expect(rows).toHaveLength(25);
    expect(rows.find((o) => o.orderNumber === '#1003')?.orderStatus).toBe('Canceled');
    expect(rows.find((o) => o.orderNumber === '#1004')?.orderStatus).toBe('Completed');

    const listed = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === store.id);
    expect(listed).toMatchObject({ orderCount: 25, problem: null, lastSync: { state: 'succeeded' } });

    const order = rows.find((o) => o.orderNumber === '#1003')!;
    const events = (await call('GET', `/api/v1/orders/${order.id}/events`)).json().data;
    expect(events.map((e: { event: string }) => e.event)).toEqual(['channelUpdated', 'imported']);
  });

  it('keeps a failed page visible and resumes from the last committed page, losing and duplicating nothing', async () => {
    const store = await createStore();
    // Page 1 commits, page 2 fails after the client's retries.
    const original = channel.adapter.bind(channel);
    let calls = 0;
    channel.adapter = (credentials) => {
      const adapter = original(credentials);
      return {
        ...adapter,
        async listOrders(window) {
          calls += 1;
          if (calls === 2)
            throw new ChannelError('unavailable', 'Shopify is failing (HTTP 503)', 503, 'Service Unavailable');
          return adapter.listOrders(window);
        },
      };
    };
    await call('GET', `/call/store/${store.id}/pullOrders`);
    const failed = await settle(store.id);
    expect(failed).toMatchObject({ state: 'failed', pages: 1, ordersNew: 10 });
    expect(failed.error).toContain('503: Service Unavailable');
    expect((await storeOrders(store.id)).total).toBe(10);
    const flagged = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === store.id);
    expect(flagged.problem).toContain('Shopify is failing');

    await call('GET', `/call/store/${store.id}/pullOrders`);
    const resumed = await settle(store.id);
    expect(resumed).toMatchObject({ state: 'succeeded', ordersNew: 15 });
    // The resumed run starts at the page that failed, not at the beginning.
    expect(channel.calls.at(-2)).toEqual({ updatedSince: null, pageToken: '10' });
    expect((await storeOrders(store.id)).total).toBe(25);
    const healed = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === store.id);
    expect(healed.problem).toBeNull();
  });

  it('asks the channel for the next page while it writes the current one, committing pages in order', async () => {
    const store = await createStore();
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
      return done();
    };
    let open!: () => void;
    channel.gate = new Promise((resolve) => (open = resolve));
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await until(() => channel.calls.length === 1)).toBe(true);
    const { sql } = await import('drizzle-orm');
    let readAhead = false;
    let committedMeanwhile = -1;
    // Holding the store's row keeps the first page from committing its cursor (on PGlite the whole database waits).
    await t.app.db.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM stores WHERE id = ${Number(store.id)} FOR UPDATE`);
      open();
      channel.gate = null;
      readAhead = await until(() => channel.calls.some((c) => c.pageToken === '10'));
      const runs = (await tx.execute(
        sql`SELECT pages FROM sync_runs WHERE store_id = ${Number(store.id)}`,
      )) as unknown as { rows: Array<{ pages: number }> };
      committedMeanwhile = runs.rows[0]!.pages;
    });
    expect(readAhead).toBe(true);
    expect(committedMeanwhile).toBe(0);
    expect(await settle(store.id)).toMatchObject({ state: 'succeeded', pages: 3, ordersSeen: 25, ordersNew: 25 });
    expect(channel.calls.map((c) => c.pageToken)).toEqual([null, '10', '20']);
    expect((await storeOrders(store.id)).total).toBe(25);
  });

  it('answers a second pull with the running one', async () => {
    const store = await createStore();
    let open!: () => void;
    channel.gate = new Promise((resolve) => (open = resolve));
    const first = (await call('GET', `/call/store/${store.id}/pullOrders`)).json().data;
    const second = (await call('GET', `/call/store/${store.id}/pullOrders`)).json().data;
    expect(second.id).toBe(first.id);
    open();
    channel.gate = null;
    expect(await settle(store.id)).toMatchObject({ id: first.id, state: 'succeeded', ordersNew: 25 });
    const runs = (await call('GET', `/call/store/${store.id}/syncRuns`)).json().data.rows;
    expect(runs).toHaveLength(1);
  });

  it('counts orders the channel sends broken as failed and goes on', async () => {
    const store = await createStore();
    channel.orders[4] = channel.order(5, { currency: 'dollars' });
    await call('GET', `/call/store/${store.id}/pullOrders`);
    const run = await settle(store.id);
    expect(run).toMatchObject({ state: 'succeeded', ordersSeen: 25, ordersNew: 24, ordersFailed: 1 });
    expect(run.error).toContain('currency "dollars"');
  });

  it('refuses to pull a Wholesale store, and says what the platform answered for wrong credentials', async () => {
    const wholesale = (await call('POST', '/api/v1/stores', { name: 'Trade', sourceType: 'Wholesale' })).json().data;
    const pull = await call('GET', `/call/store/${wholesale.id}/pullOrders`);
    expect(pull.statusCode).toBe(400);
    expect(pull.json().errors).toHaveProperty('storeId');

    const bad = await call('POST', '/call/store/testConnection', {
      sourceType: 'Shopify',
      settings: { shopDomain: 'x.myshopify.com' },
      credentials: { accessToken: 'wrong' },
    });
    expect(bad.json().data).toMatchObject({ ok: false, platformAnswer: '401: Invalid API key' });
    const store = await createStore();
    const good = await call('POST', '/call/store/testConnection', { storeId: store.id });
    expect(good.json().data).toMatchObject({ ok: true, accountName: 'Scripted Shop' });
    const code = (await call('GET', `/call/store/${store.id}/customerOrderCode`)).json().data;
    expect(code).toMatchObject({ customerOrderCode: 'SHP', example: 'SHP-1001' });
  });

  /** A run as a killed worker leaves it: running, held by the dead worker's job, and that job active past its expiry. */
  async function strandedRun(storeId: string, retries = 0): Promise<number> {
    const { sql } = await import('drizzle-orm');
    const runId = await t.app.db.withTenant(tenant, async (tx) => {
      const result = (await tx.execute(
        sql`INSERT INTO sync_runs (tenant_id, store_id, trigger, state, worker_id, attempts, started_at)
            VALUES (${tenant}, ${Number(storeId)}, 'manual', 'running', 'killed-host:1:job:0', 1, now())
            RETURNING id`,
      )) as unknown as { rows: Array<{ id: string | number }> };
      return Number(result.rows[0]!.id);
    });
    const data = { tenantId: tenant, storeId: Number(storeId), runId };
    await strandJob(t, SYNC_QUEUE, data, { singletonKey: `${tenant}:${runId}`, retries });
    return runId;
  }

  const storeRow = async (storeId: string) =>
    (await call('GET', '/api/v1/stores?size=100')).json().data.rows.find((s: Store) => s.id === storeId) as Store;

  it('resumes a run whose worker was killed, flagging its store until it finishes', async () => {
    const store = await createStore();
    let open!: () => void;
    channel.gate = new Promise((resolve) => (open = resolve));
    const runId = await strandedRun(store.id);
    // pg-boss's monitor fails the dead slice into its retry; the retry takes the run over and flags the store.
    const flagged = await waitFor(async () => {
      const row = await storeRow(store.id);
      return row.problem?.includes('stalled') ? row : undefined;
    });
    expect(flagged.problem).toBe('The sync stalled (its worker stopped); it is being resumed');
    open();
    channel.gate = null;
    const finished = await settle(store.id);
    expect(finished).toMatchObject({ id: String(runId), state: 'succeeded', ordersNew: 25 });
    expect((await storeOrders(store.id)).total).toBe(25);
    expect((await storeRow(store.id)).problem).toBeNull();
    const attempts = await t.app.db.withTenant(tenant, async (tx) => {
      const { sql } = await import('drizzle-orm');
      const rows = (await tx.execute(sql`SELECT attempts FROM sync_runs WHERE id = ${runId}`)) as unknown as {
        rows: Array<{ attempts: number }>;
      };
      return rows.rows[0]!.attempts;
    });
    expect(attempts).toBe(2);
  });

  it('stops a run whose slices died more often than the queue retries, as stalled, its store flagged', async () => {
    const store = await createStore();
    // The dead slice had used its four retries already: pg-boss hands it to the dead-letter queue.
    const runId = await strandedRun(store.id, 4);
    const run = await settle(store.id);
    expect(run).toMatchObject({ id: String(runId), state: 'stalled' });
    expect(run.error).toContain('The sync stopped making progress');
    expect((await storeRow(store.id)).problem).toContain('stopped making progress');
    // A pull asked for again starts afresh from the store's cursor.
    await call('GET', `/call/store/${store.id}/pullOrders`);
    expect(await settle(store.id)).toMatchObject({ state: 'succeeded', ordersNew: 25 });
  });

  it('works a pull in slices, each sent with the page before it, counting one attempt', async () => {
    const store = await createStore();
    channel.orders = Array.from({ length: 60 }, (_, i) => channel.order(i + 1));
    // Each page takes 0.7 s: a slice (2 s) holds three or four pages, and hands the rest to the next.
    const adapter = channel.adapter.bind(channel);
    channel.adapter = (credentials) => {
      const inner = adapter(credentials);
      return {
        ...inner,
        listOrders: async (window, signal) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          return inner.listOrders(window, signal);
        },
      };
    };
    const started = (await call('GET', `/call/store/${store.id}/pullOrders`)).json().data;
    const run = await settle(store.id);
    expect(run).toMatchObject({ state: 'succeeded', pages: 6, ordersNew: 60 });
    const jobs = await jobsOf(t, SYNC_QUEUE, 'runId', started.id);
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.every((job) => job.state === 'completed' && job.retryCount === 0)).toBe(true);
    const { sql } = await import('drizzle-orm');
    const row = (await t.app.db.db.execute(
      sql`SELECT attempts FROM sync_runs WHERE id = ${Number(started.id)}`,
    )) as unknown as { rows: Array<{ attempts: number }> };
    expect(row.rows[0]!.attempts).toBe(1);
  });

  it('starts the scheduled pulls that are due from its every-minute schedule', async () => {
    const store = await createStore();
    const { sql } = await import('drizzle-orm');
    await t.app.db.db.execute(
      sql`UPDATE stores SET sync_interval_minutes = 60, next_sync_at = now() - interval '1 minute'
          WHERE id = ${Number(store.id)}`,
    );
    const schedules = await t.app.jobs.getSchedules(SYNC_DUE_QUEUE);
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['* * * * *']);
    // The schedule's tick, as pg-boss sends it each minute.
    await t.app.jobs.send(SYNC_DUE_QUEUE, {});
    const run = await settle(store.id);
    expect(run).toMatchObject({ trigger: 'schedule', state: 'succeeded', ordersNew: 25 });
  });
});
