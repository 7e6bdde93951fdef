import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { backends, buildTestApp, mintToken, newTenantId, type TestContext } from '../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../test/label-helpers.ts';
import { flow } from '../../test/order-helpers.ts';
import { throughput } from '../lib/throughput-metrics.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const LOCAL_LABEL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};

/** The value of one series of the exposition text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(backends)('metrics ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const scrape = async (authorization = `Bearer ${TOKEN}`) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      jobs: true,
      metrics: { token: TOKEN, port: 0, host: '127.0.0.1', cacheMs: 1_000 },
    });
    await setWarehouse(t, tenant);
  });
  afterAll(() => t.close());

  it('answers only the operator token, compared whole', async () => {
    expect((await scrape('')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}-and-more`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    // A user's access token is not an operator's.
    expect((await scrape((await t.auth(tenant)).authorization)).statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.body).toContain('# TYPE shipdesk_http_request_duration_seconds histogram');
  });

  it('counts requests by route template and status class, never by raw path', async () => {
    const headers = await t.auth(tenant);
    await t.app.inject({ url: '/call/store/987654321/syncRuns', headers });
    await t.app.inject({ url: '/call/store/987654322/syncRuns' });
    await t.app.inject({ url: '/no/such/path/55501234' });
    const text = (await scrape()).body;
    const route = { method: 'GET', route: '/call/store/:storeId/syncRuns' };
    expect(series(text, 'shipdesk_http_request_duration_seconds_count', { ...route, status_class: '4xx' })).toBe(2);
    expect(
      series(text, 'shipdesk_http_request_duration_seconds_count', { route: '(unmatched)', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('98765432');
    expect(text).not.toContain('55501234');
  });

  it('shows the database: the pool on PostgreSQL, the driver and the size on both', async () => {
    const text = await t.app.metrics.render();
    expect(series(text, 'shipdesk_db_info', { driver: backend.name })).toBe(1);
    expect(series(text, 'shipdesk_db_size_bytes')).toBeGreaterThan(0);
    if (backend.name === 'postgres') {
      expect(series(text, 'shipdesk_db_pool_connections')).toBeGreaterThan(0);
      expect(series(text, 'shipdesk_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(series(text, 'shipdesk_db_pool_waiting_clients')).toBe(0);
      expect(series(text, 'shipdesk_db_pool_max_connections')).toBe(10);
    } else {
      expect(text).not.toContain('shipdesk_db_pool_connections');
    }
  });

  it('shows the depth of each job queue and how long its oldest job has waited, read at most once a period', async () => {
    const boss = t.app.jobs!;
    await boss.createQueue('metrics-probe');
    await boss.send('metrics-probe', { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await boss.send('metrics-probe', { n: 2 });
    const text = await t.app.metrics.render();
    expect(series(text, 'shipdesk_job_queue_waiting', { queue: 'metrics-probe' })).toBe(2);
    expect(series(text, 'shipdesk_job_queue_oldest_waiting_seconds', { queue: 'metrics-probe' })).toBeGreaterThan(1);
    expect(series(text, 'shipdesk_job_queue_waiting', { queue: 'store-sync' })).toBe(0);
    // A scrape within the period reads nothing; the next one after it does.
    await boss.send('metrics-probe', { n: 3 });
    const waiting = async () =>
      series(await t.app.metrics.render(), 'shipdesk_job_queue_waiting', { queue: 'metrics-probe' });
    expect(await waiting()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await waiting()).toBe(3);
  });

  it('counts labels bought by carrier and orders imported by channel', async () => {
    const before = await t.app.metrics.render();
    const bought = (text: string) => series(text, 'shipdesk_labels_bought_total', { carrier: 'local' }) ?? 0;
    const order = await paidOrder(t, tenant);
    const res = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL_LABEL });
    expect(res.statusCode, res.body).toBe(200);
    throughput.ordersImported('Shopify', 3, 1);
    const after = await t.app.metrics.render();
    expect(bought(after) - bought(before)).toBe(1);
    const imported = (text: string, kind: string) =>
      series(text, 'shipdesk_sync_orders_imported_total', { channel: 'shopify', kind }) ?? 0;
    expect(imported(after, 'new') - imported(before, 'new')).toBe(3);
    expect(imported(after, 'updated') - imported(before, 'updated')).toBe(1);
    expect(
      series(after, 'shipdesk_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/call/orders/:orderId/:eventName/orderFlow',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toMatch(/route="[^"]*\d{3,}/);
    // The process: CPU, memory, event loop.
    expect(series(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('serves the same on its own loopback port, with the token when one is set', async () => {
    const address = t.app.metrics.address()!;
    expect(address.address).toBe('127.0.0.1');
    const url = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('shipdesk_db_info');
    expect((await fetch(`${url}/api/v1/configs`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('counts the realtime connections of this instance', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token: await mintToken({ tenantId: tenant }) },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(series(await t.app.metrics.render(), 'shipdesk_realtime_connections')).toBe(1);
    } finally {
      socket.disconnect();
    }
  });
});

describe('metrics when no operator access is configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backends[0]!);
  });
  afterAll(() => t.close());

  it('is not served at all: 404 with or without a token, and no listener of its own', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    );
    expect(t.app.metrics.address()).toBeNull();
  });
});
