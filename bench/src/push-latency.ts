import { createServer } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Role } from '@shipdesk/contract';
import { mintAccessToken } from '@shipdesk/fakes';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import { channelStores, type PushChannel } from './push-latency-channels.ts';
import { pushLatencyReport, type Sample } from './push-latency-report.ts';
import { startWatcher } from './push-latency-watch.ts';
import { startTrackingApp, type TrackingBenchApp } from './tracking-bench-app.ts';

/**
 * The push benchmark (issue 30, "time from a channel change to the order list"): the real server on a fresh PostgreSQL
 * database with its jobs on, `--stores` stores of one channel each on its own fake, `--orders` orders pulled into each
 * first, pushes turned on the way a seller turns them on (push-latency-channels.ts), then changes made at the channel
 * at `--rate` a minute for `--seconds`, open loop, round robin over the stores, one change an order. A seller on the
 * realtime socket (push-latency-watch.ts) reads each changed order when the server says it changed; latency is from
 * the change at the channel to the order view showing it. Changes not seen `--drain-seconds` after the last are lost.
 *
 *   node bench/src/push-latency.ts --channel shopify|ebay|amazon [--rate 1000] [--seconds 60] [--stores N]
 */

const { values: args } = parseArgs({
  options: {
    channel: { type: 'string' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    stores: { type: 'string' },
    orders: { type: 'string', default: '300' },
    'drain-seconds': { type: 'string', default: '120' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    results: { type: 'string' },
  },
});
const CHANNELS: PushChannel[] = ['shopify', 'ebay', 'amazon'];
const channel = args.channel as PushChannel;
if (!CHANNELS.includes(channel)) throw new Error(`--channel must be one of ${CHANNELS.join(', ')}`);
/** Amazon's getOrder is 0.5 a second a seller: 40 sellers keep 1,000 changes a minute at 0.42 a second each. */
const DEFAULT_STORES: Record<PushChannel, number> = { shopify: 10, ebay: 10, amazon: 40 };
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const STORES = Number(args.stores ?? DEFAULT_STORES[channel]);
const ORDERS = Number(args.orders);
for (const [name, value] of Object.entries({ rate: RATE, seconds: SECONDS, stores: STORES, orders: ORDERS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number above 0`);
}
const log = (message: string) => console.log(`[push-latency] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every store's first pull, started together and waited for in sync_runs; answers the seconds it took. */
async function pullAll(run: TrackingBenchApp, storeIds: string[]): Promise<number> {
  const started = performance.now();
  const runIds = [];
  for (const id of storeIds) runIds.push(Number((await run.api('GET', `/call/store/${id}/pullOrders`)).id));
  for (;;) {
    const rows = await run.owner.query<{ state: string; error: string | null }>(
      'SELECT state, error FROM sync_runs WHERE id = ANY($1::bigint[])',
      [runIds],
    );
    const failed = rows.rows.find((r) => r.state !== 'queued' && r.state !== 'running' && r.state !== 'succeeded');
    if (failed) throw new Error(`a first pull ended ${failed.state}: ${failed.error}`);
    if (rows.rows.length === runIds.length && rows.rows.every((r) => r.state === 'succeeded')) break;
    await sleep(250);
  }
  return (performance.now() - started) / 1000;
}

/** Open orders (not canceled, nothing shipped) of each store, as the owner reads them: the ones a change may take. */
async function openOrders(run: TrackingBenchApp, storeIds: string[]) {
  const rows = await run.owner.query<{ id: string; store_id: string; external_id: string; version: number }>(
    `SELECT id, store_id, external_id, version FROM orders
     WHERE tenant_id = $1 AND order_status = 'Sales Order' AND shipment_status = 'Unshipped' ORDER BY id`,
    [run.tenantId],
  );
  return storeIds.map((storeId) => rows.rows.filter((r) => r.store_id === storeId));
}

async function pollJobs(run: TrackingBenchApp): Promise<{ active: number; waiting: number }> {
  const rows = await run.owner.query<{ state: string; n: string }>(
    `SELECT state, count(*) AS n FROM pgboss.job WHERE name = 'amazon-notifications-poll' GROUP BY state`,
  );
  const n = (state: string) => Number(rows.rows.find((r) => r.state === state)?.n ?? 0);
  return { active: n('active'), waiting: n('created') + n('retry') };
}

async function main() {
  const machine = describeMachine();
  const code = codeState();
  const date = new Date().toISOString();
  const total = Math.round((RATE * SECONDS) / 60);
  const loadAtStart = os.loadavg();
  log(`${channel}: ${STORES} stores of ${ORDERS} orders; ${total} changes at ${RATE} a minute`);
  const stores = await channelStores(channel, STORES, ORDERS);
  const port = await freePort();
  const run = await startTrackingApp({
    adminUrl: args['database-url']!,
    tag: 'pushbench',
    jobs: true,
    port,
    outboundAllowHosts: ['127.0.0.1'],
  });
  try {
    const storeIds: string[] = [];
    for (const [i, body] of stores.storeBodies.entries()) {
      const created = await run.api('POST', '/api/v1/stores', body);
      storeIds.push(String(created.id));
      await stores.turnOn(run, i, String(created.id), (created.webhookUrl as string | null) ?? null);
    }
    const pullSeconds = await pullAll(run, storeIds);
    const open = (await openOrders(run, storeIds)).map((orders, i) =>
      orders.filter((order) => stores.eligible?.(i, order.external_id) ?? true),
    );
    const pulled = Number(
      (await run.owner.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE tenant_id = $1', [run.tenantId]))
        .rows[0]!.n,
    );
    log(`pulled ${pulled} orders in ${pullSeconds.toFixed(1)} s; pushes on; ${open.flat().length} open orders`);
    const token = await mintAccessToken({ tenantId: run.tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const watcher = await startWatcher(run, token);
    const samples: Sample[] = [];
    const loads: number[] = [];
    const interval = 60_000 / RATE;
    const started = performance.now();
    let made = 0;
    let skipped = 0;
    let late = 0;
    let nextSample = started;
    const sample = async () => {
      const jobs = channel === 'amazon' ? await pollJobs(run) : null;
      loads.push(os.loadavg()[0]!);
      samples.push({
        second: Math.round((performance.now() - started) / 1000),
        made,
        seen: watcher.seen.length,
        pending: watcher.pending.size,
        load: os.loadavg()[0]!,
        ...(jobs ? { pollActive: jobs.active, pollWaiting: jobs.waiting } : {}),
      });
      const last = samples.at(-1)!;
      log(`${last.second} s: ${made} made, ${last.seen} seen, ${last.pending} waiting, load ${last.load.toFixed(1)}`);
    };
    for (let k = 0; k < total; k++) {
      const due = started + k * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      else if (wait < -50) late++;
      if (performance.now() >= nextSample) {
        nextSample += 5_000;
        void sample();
      }
      const store = k % STORES;
      const order = open[store]!.shift();
      if (!order) {
        skipped++;
        continue;
      }
      const t0 = performance.now();
      const expect = stores.change(store, order.external_id, k);
      watcher.add({
        seq: k,
        store,
        storeId: storeIds[store]!,
        orderId: order.id,
        versionBefore: order.version,
        t0,
        expect,
      });
      made++;
    }
    const loadEnded = performance.now();
    const drainMs = Number(args['drain-seconds']) * 1000;
    while (watcher.pending.size > 0 && performance.now() - loadEnded < drainMs) {
      await sleep(1000);
      if (performance.now() >= nextSample) {
        nextSample += 5_000;
        await sample();
      }
    }
    if (samples.at(-1)?.second !== Math.round((performance.now() - started) / 1000)) await sample();
    watcher.close();
    const storesNow = (await run.api('GET', '/api/v1/stores?size=500')) as unknown as {
      rows: Array<{ id: string; push: { status: string; counts: Record<string, number> } }>;
    };
    const ours = storesNow.rows.filter((s) => storeIds.includes(s.id));
    const pushCounts = { recorded: 0, duplicate: 0, ignored: 0 };
    for (const s of ours)
      for (const key of Object.keys(pushCounts) as Array<keyof typeof pushCounts>)
        pushCounts[key] += s.push.counts[key] ?? 0;
    const statuses = ours.reduce<Record<string, number>>(
      (acc, s) => ({ ...acc, [s.push.status]: (acc[s.push.status] ?? 0) + 1 }),
      {},
    );
    const report = pushLatencyReport({
      channel,
      date,
      machine,
      code,
      postgres: run.postgres,
      setup: stores.describe,
      rate: RATE,
      seconds: SECONDS,
      storeCount: STORES,
      ordersPerStore: ORDERS,
      pulled,
      pullSeconds,
      made,
      skipped,
      late,
      sendSeconds: (loadEnded - started) / 1000,
      drainSeconds: Number(args['drain-seconds']),
      seen: watcher.seen,
      lost: [...watcher.pending.values()],
      events: watcher.events,
      repeatEvents: watcher.repeatEvents,
      pushCounts,
      storeStatuses: statuses,
      posted: stores.posted,
      loadAtStart,
      loadAtEnd: os.loadavg(),
      loadMax: Math.max(...loads),
      samples,
    });
    console.log(report);
    const file = await writeResultFile(
      `push-latency-${channel}-${fileMinute(date)}-postgres-${RATE}`,
      report,
      args.results,
      log,
    );
    log(`written to ${file}`);
  } finally {
    await run.close();
    await stores.close();
  }
}

await main();
process.exit(0);
