import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Role } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app and its fill on the engine are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { planDataset } from './generate.ts';
import { loadPostgres } from './load.ts';
import { describeMachine } from './machine.ts';

/**
 * The catalogue's fill of open orders on PostgreSQL (docs/PERFORMANCE.md, "Product weight fill"): `--orders` open
 * orders of one tenant, each with a line of SKU MUG-1 of weight 0 (as eBay sends it); a seller gives the product
 * MUG-1 a weight through the API, and the run times the answer, then the fill on the engine (`product-weight-fill`
 * jobs, worked by the app's own worker) until every order is filled, reading its progress as the screen does. Then it
 * checks what was written (lines, deliveries, versions, timeline rows). Prints its report.
 *
 *   node bench/src/product-fill.ts --orders 100000 --database-url postgres://postgres@127.0.0.1:5432/postgres
 */
const args = parseArgs({
  options: { orders: { type: 'string', default: '100000' }, 'database-url': { type: 'string' } },
}).values;
const orders = Number(args.orders);
const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (message: string) => console.error(`[product-fill] ${message}`);

const ds = planDataset({ orders, tenants: 1, seed: 20261202, end: new Date(), days: 90 });
const loaded = await loadPostgres(ds, adminUrl, log);
const tenantId = ds.tenants[0]!.id;
const client = new pg.Client({ connectionString: loaded.databaseUrl });
await client.connect();
// Every order open and unshipped, its deliveries planned, its first line an unweighed MUG-1 (a seller's backlog of
// eBay orders); the deliveries weigh their lines.
await client.query(
  `UPDATE orders SET order_status = 'Sales Order', shipment_status = 'Unshipped' WHERE tenant_id = $1`,
  [tenantId],
);
await client.query(
  `UPDATE order_lines SET sku = CASE WHEN position = 0 THEN 'MUG-1' ELSE sku END,
     weight = CASE WHEN position = 0 THEN 0 ELSE weight END, weight_source = NULL, quantity_shipped = 0
   WHERE tenant_id = $1`,
  [tenantId],
);
await client.query(
  `UPDATE deliveries d SET status = 'planned', purchase_state = NULL, weight_source = 'lines',
     weight = coalesce((SELECT sum(dl.quantity * l.weight) FROM delivery_lines dl
       JOIN order_lines l ON l.tenant_id = dl.tenant_id AND l.id = dl.line_id
       WHERE dl.tenant_id = d.tenant_id AND dl.delivery_id = d.id), 0)
   WHERE tenant_id = $1`,
  [tenantId],
);
await client.query('VACUUM ANALYZE orders, order_lines, deliveries, delivery_lines');
const count = async (query: string) => Number((await client.query<{ n: string }>(query, [tenantId])).rows[0]!.n);
const withSku = await count(
  `SELECT count(DISTINCT order_id) AS n FROM order_lines WHERE tenant_id = $1 AND sku = 'MUG-1' AND weight = 0`,
);
log(`${withSku} open orders with an unweighed MUG-1 line`);

const webDist = mkdtempSync(join(tmpdir(), 'shipdesk-bench-noweb-'));
const idp = await fakeIdentityProvider();
const app = await buildApp({
  config: {
    ...loadConfig({}),
    databaseUrl: loaded.databaseUrl,
    dataDir: loaded.dataDir,
    oidcIssuer: FAKE_ISSUER,
    oidcAudience: FAKE_AUDIENCE,
    webDist: join(webDist, 'none'),
    jobs: true,
    demo: false,
    rateLimitMax: 1_000_000,
  },
  jwks: idp.jwks,
  logger: false,
});
try {
  await app.ready();
  const headers = { authorization: `Bearer ${await mintAccessToken({ tenantId, roleId: Role.Admin })}` };
  const made = await app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers,
    payload: { sku: 'MUG-1', title: 'Blue mug' },
  });
  if (made.statusCode !== 201) throw new Error(`product answered ${made.statusCode}: ${made.body}`);
  const product = made.json().data as { id: string };
  const events = await count(`SELECT count(*) AS n FROM order_events WHERE tenant_id = $1`);

  const started = performance.now();
  const put = await app.inject({
    method: 'PUT',
    url: `/api/v1/products/${product.id}`,
    headers,
    payload: { sku: 'MUG-1', title: 'Blue mug', weight: 340 },
  });
  const answerMs = performance.now() - started;
  if (put.statusCode !== 200) throw new Error(`weight answered ${put.statusCode}: ${put.body}`);
  // As the screen asks: the progress, until the fill is over (every 250 ms here).
  const samples: Array<{ ms: number; done: number; total: number }> = [];
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/products/fill', headers });
    const p = res.json().data as { state: string; done: number; total: number };
    samples.push({ ms: performance.now() - started, done: p.done, total: p.total });
    if (p.state === 'idle') break;
    if (performance.now() - started > 30 * 60_000) throw new Error('the fill took over 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const fillMs = performance.now() - started;
  const last = samples.at(-1)!;
  log(`filled in ${(fillMs / 1000).toFixed(2)} s (${last.done}/${last.total})`);

  const filledLines = await count(
    `SELECT count(*) AS n FROM order_lines WHERE tenant_id = $1 AND sku = 'MUG-1' AND weight = 340 AND weight_source = 'product'`,
  );
  const unfilled = await count(
    `SELECT count(*) AS n FROM order_lines WHERE tenant_id = $1 AND sku = 'MUG-1' AND weight = 0`,
  );
  const timeline = await count(
    `SELECT count(*) AS n FROM order_events WHERE tenant_id = $1 AND event = 'productWeightFilled'`,
  );
  const otherRows = (await count(`SELECT count(*) AS n FROM order_events WHERE tenant_id = $1`)) - events - timeline;
  const staleDeliveries = await count(
    `SELECT count(*) AS n FROM deliveries d WHERE d.tenant_id = $1 AND d.weight_source = 'lines' AND d.weight <>
       (SELECT coalesce(sum(dl.quantity * l.weight), 0) FROM delivery_lines dl
        JOIN order_lines l ON l.tenant_id = dl.tenant_id AND l.id = dl.line_id
        WHERE dl.tenant_id = d.tenant_id AND dl.delivery_id = d.id)`,
  );
  const jobs = await count(
    `SELECT count(*) AS n FROM pgboss.job WHERE name = 'product-weight-fill' AND data ->> 'tenantId' = $1`,
  );

  const machine = describeMachine();
  const server = await client.query<{ server_version: string }>('SHOW server_version');
  const rate = Math.round(withSku / (fillMs / 1000));
  console.log(`# Product weight fill, ${withSku.toLocaleString('en-US')} open orders`);
  console.log('');
  console.log(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; PostgreSQL ${server.rows[0]?.server_version}; ` +
      `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average ${os.loadavg()[0]!.toFixed(2)}; Node ${machine.node}`,
  );
  console.log('');
  console.log('| measure | value |');
  console.log('| --- | ---: |');
  console.log(`| the product's PUT answered (asks for the fill in its transaction) | ${answerMs.toFixed(0)} ms |`);
  console.log(`| weight set to every order filled (progress read as idle) | ${(fillMs / 1000).toFixed(2)} s |`);
  console.log(`| orders per second | ${rate.toLocaleString('en-US')} |`);
  console.log(`| slice jobs of the chain | ${jobs} |`);
  console.log(`| progress at the end | ${last.done}/${last.total} |`);
  console.log(`| lines filled (340 g, from the product) / left at 0 | ${filledLines} / ${unfilled} |`);
  console.log(`| fill timeline rows / other rows written meanwhile (the rules' own) | ${timeline} / ${otherRows} |`);
  console.log(`| deliveries of source 'lines' not at their lines' total | ${staleDeliveries} |`);
  console.log('');
  const quarter = samples.filter((_s, i) => i % Math.max(1, Math.floor(samples.length / 8)) === 0);
  console.log(
    `progress samples (s: done/total): ${quarter.map((s) => `${(s.ms / 1000).toFixed(1)}: ${s.done}/${s.total}`).join(', ')}`,
  );
} finally {
  await app.close();
  await client.end();
  await loaded.drop();
  rmSync(webDist, { recursive: true, force: true });
}
