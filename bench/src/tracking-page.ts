import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Role } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app and its public tracking page are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import { ms, summarise, type Stats } from './stats.ts';

/**
 * The tracking page benchmark (docs/PERFORMANCE.md, "Tracking page"): the real server on a fresh PostgreSQL database
 * with a few hundred labelled parcels, each with a journey of carrier events, asked for their public pages at a fixed
 * rate (open loop: each request leaves at its time whatever the ones before it do, and its latency counts from that
 * time) over kept-alive loopback connections, buyers picking parcels at random. The server and the load share this
 * process and this machine's cores. Target: p99 < 20 ms at 100 requests a second.
 *
 *   node bench/src/tracking-page.ts [--parcels 300] [--rate 100] [--seconds 30] [--database-url postgres://...]
 */

const { values: args } = parseArgs({
  options: {
    parcels: { type: 'string', default: '300' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    results: { type: 'string' },
  },
});
const PARCELS = Number(args.parcels);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const TARGET_P99_MS = 20;
/** Parcels whose first page is timed alone, one after another, before the run (left out of it). */
const HELD_OUT = 50;

const log = (message: string) => console.log(`[tracking-page] ${message}`);

const JOURNEY = [
  ['Shipping label created, USPS awaiting item', 'COLUMBUS, OH 43215'],
  ['Accepted at USPS origin facility', 'COLUMBUS, OH 43215'],
  ['Arrived at USPS regional origin facility', 'COLUMBUS OH DISTRIBUTION CENTER'],
  ['Departed USPS regional facility', 'COLUMBUS OH DISTRIBUTION CENTER'],
  ['In transit to next facility', null],
  ['Arrived at USPS regional destination facility', 'AUSTIN TX DISTRIBUTION CENTER'],
  ['Departed USPS regional facility', 'AUSTIN TX DISTRIBUTION CENTER'],
  ['Arrived at post office', 'AUSTIN, TX 78701'],
] as const;

async function freshDatabase(adminUrl: string) {
  const name = `shipdesk_trackpagebench_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function get(agent: http.Agent, port: number, path: string): Promise<number> {
  return new Promise((done, fail) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: { accept: 'text/html' } }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', fail);
      })
      .on('error', fail);
  });
}

interface Run {
  all: Stats;
  /** Each parcel's first request of the run: its page not yet in the cache (the database's work). */
  first: Stats;
  /** Every later request: a cached page. */
  later: Stats;
  failures: number;
  lagMs: Stats;
}

/** `rate` requests a second for `seconds`, open loop: latency from each request's scheduled time. */
async function load(port: number, paths: readonly string[], rate: number, seconds: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const total = rate * seconds;
  const interval = 1000 / rate;
  const seen = new Set<string>();
  const first: number[] = [];
  const later: number[] = [];
  const lag: number[] = [];
  let failures = 0;
  const start = performance.now() + 50;
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lag.push(Math.max(0, performance.now() - due));
    const path = paths[Math.floor(Math.random() * paths.length)]!;
    const isFirst = !seen.has(path);
    seen.add(path);
    inFlight.push(
      get(agent, port, path).then(
        (status) => {
          if (status !== 200) failures++;
          (isFirst ? first : later).push(performance.now() - due);
        },
        () => void failures++,
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    all: summarise([...first, ...later]),
    first: summarise(first),
    later: summarise(later),
    failures,
    lagMs: summarise(lag),
  };
}

async function main() {
  const machine = describeMachine();
  const code = codeState();
  const date = new Date().toISOString();
  const database = await freshDatabase(args['database-url']);
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-trackpagebench-'));
  const idp = await fakeIdentityProvider();
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      databaseUrl: database.url,
      dataDir,
      secretsKey: randomBytes(32).toString('base64'),
      oidcIssuer: FAKE_ISSUER,
      oidcAudience: FAKE_AUDIENCE,
      webDist: join(dataDir, 'no-web-build'),
      rateLimitMax: 1_000_000_000,
      // Nothing in the background: the page is what is measured.
      jobs: false,
      demo: false,
      publicUrl: 'https://shipdesk.example.com',
    },
    jwks: idp.jwks,
    logger: false,
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const tenantId = randomUUID();
    const token = await mintAccessToken({ tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app.inject({
        method,
        url,
        payload: payload as never,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { data: Record<string, unknown> };
    };
    await call('POST', '/call/configs/createOrUpdate', {
      key: 'warehouse_info',
      options: {
        name: 'Northloop Supply',
        address1: '400 Industrial Way',
        city: 'Columbus',
        state: 'OH',
        postalCode: '43215',
        country: 'US',
      },
    });
    log(`making ${PARCELS} labelled parcels with ${JOURNEY.length} carrier events each`);
    const seedStart = performance.now();
    const paths: string[] = [];
    for (let i = 0; i < PARCELS; i++) {
      const created = await call('POST', '/api/v1/store/1/orders', {
        customerEmail: `buyer${i}@example.com`,
        requestedShippingMethod: 'Ground',
        shippingTotal: 500,
        taxTotal: 0,
        lines: [{ sku: 'MUG-1', name: 'Blue mug', quantity: 1, unitPrice: 1250, weight: 350 }],
        shippingAddress: {
          name: `Buyer ${i}`,
          address1: `${i} Main St`,
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          country: 'US',
        },
      });
      const id = String(created.data.id);
      await flowEvent(call, id, 'approve', 1);
      const order = await flowEvent(call, id, 'processPayment', 2);
      const bought = await flowEvent(call, id, 'shipLabel', {
        version: (order.order as { version: number }).version,
        label: {
          carrier: 'local',
          serviceCode: 'LOCAL_NEXT_DAY',
          parcel: { weight: 900, length: 8, width: 6, height: 4 },
        },
      });
      const deliveryId = (bought.label as { deliveryId: string }).deliveryId;
      const link = await call('POST', `/call/shipment/${deliveryId}/trackingLink`);
      paths.push(new URL(String(link.data.url)).pathname);
    }
    // The carrier's journey, as tracking would have stored it (the built-in carrier's parcels have none of their own).
    await app.db.db.execute(
      sql.raw(`INSERT INTO tracking_events (tenant_id, label_id, key, at, status, code, description, location, source)
       SELECT l.tenant_id, l.id, 'bench-' || j.n, now() - make_interval(hours => 40 - j.n * 4),
         CASE WHEN j.n = 1 THEN 'label_created' ELSE 'in_transit' END, 'E' || j.n, j.words, j.place, 'poll'
       FROM shipping_labels l
       CROSS JOIN (SELECT * FROM jsonb_to_recordset('${JSON.stringify(JOURNEY.map(([words, place], n) => ({ n: n + 1, words, place })))}'::jsonb)
         AS x(n int, words text, place text)) j
       WHERE l.tenant_id = '${tenantId}'`),
    );
    await app.db.db.execute(
      sql.raw(`UPDATE shipping_labels SET parcel_status = 'in_transit', parcel_expected = to_char(now() + interval '2 days', 'YYYY-MM-DD'),
         parcel_checked_at = now() WHERE tenant_id = '${tenantId}'`),
    );
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    // Warms the code paths (JIT, the pool) on one parcel, left out of the run; the others are not cached yet, so each
    // one's first request renders it from the database, as a buyer's first visit does.
    const warm = new http.Agent({ keepAlive: true });
    for (let i = 0; i < 200; i++) await get(warm, port, paths[0]!);
    warm.destroy();
    // The database's part alone: pages of held-out parcels rendered one at a time (no queue in front of them).
    const heldOut = paths.splice(1, HELD_OUT);
    const serialAgent = new http.Agent({ keepAlive: true });
    const serial: number[] = [];
    for (const path of heldOut) {
      const started = performance.now();
      await get(serialAgent, port, path);
      serial.push(performance.now() - started);
    }
    serialAgent.destroy();
    log(`${RATE} requests a second for ${SECONDS} s over ${paths.length - 1} parcels`);
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = process.cpuUsage();
    const run = await load(port, paths.slice(1), RATE, SECONDS);
    const cpu = process.cpuUsage(cpuBefore);
    const loadAfter = os.loadavg()[0]!;
    const version = (await app.db.db.execute(sql`SELECT version() AS v`)) as unknown as { rows: Array<{ v: string }> };
    const report = render({
      date,
      machine,
      code,
      run,
      serial: summarise(serial),
      loadBefore,
      loadAfter,
      cpuMs: (cpu.user + cpu.system) / 1000,
      postgres: version.rows[0]!.v,
    });
    console.log(report);
    const file = await writeResultFile(
      `tracking-page-${fileMinute(date)}-postgres-${PARCELS}`,
      report,
      args.results,
      log,
    );
    log(`written to ${file}`);
  } finally {
    await app.close().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function flowEvent(
  call: (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<{ data: Record<string, unknown> }>,
  orderId: string,
  event: string,
  body: unknown,
) {
  return (
    await call(
      'POST',
      `/call/orders/${orderId}/${event}/orderFlow`,
      typeof body === 'number' ? { version: body } : body,
    )
  ).data;
}

function render(r: {
  date: string;
  machine: ReturnType<typeof describeMachine>;
  code: ReturnType<typeof codeState>;
  run: Run;
  serial: Stats;
  loadBefore: number;
  loadAfter: number;
  cpuMs: number;
  postgres: string;
}): string {
  const row = (name: string, s: Stats) =>
    `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const met = r.run.all.p99 < TARGET_P99_MS && r.run.failures === 0;
  return `# Tracking page benchmark, ${r.date.slice(0, 16).replace('T', ' ')} UTC

- Machine: ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB; ${r.machine.os}; Node ${r.machine.node}
- 1-minute load average: ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after (shared machine)
- Code: commit ${r.code.commit}${r.code.uncommitted.length ? ` with ${r.code.uncommitted.length} uncommitted server/package files (other work in progress)` : ''}; last migration ${r.code.lastMigration}
- Database: ${r.postgres.split(' on ')[0]}, fresh, on the same machine
- Dataset: ${PARCELS} labelled parcels of one tenant, ${JOURNEY.length} carrier events each (${HELD_OUT} timed alone before
  the run, the others asked for in it)
- Load: ${RATE} requests a second for ${SECONDS} s, open loop (latency from each request's scheduled time), buyers picking
  parcels at random, kept-alive loopback connections, the generator in the server's process; no parcel's page
  is cached when the run starts, so each parcel's first request renders it from the database and later ones are served
  from the cache
- Process CPU over the run: ${(r.cpuMs / 1000).toFixed(1)} s of ${SECONDS} s (server and generator)
- Failures (not 200): ${r.run.failures}

| requests | n | p50 ms | p95 ms | p99 ms | max ms |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('all', r.run.all)}
${row("each parcel's first (rendered from the database)", r.run.first)}
${row('later (cached page)', r.run.later)}
${row("the generator's own lateness in sending", r.run.lagMs)}
${row('before the run: a first page alone, one at a time (closed loop)', r.serial)}

Target: p99 < ${TARGET_P99_MS} ms at ${RATE} requests a second: **${met ? 'met' : 'missed'}** (p99 ${ms(r.run.all.p99)} ms).
`;
}

await main();
