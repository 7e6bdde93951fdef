import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { describeMachine } from './machine.ts';

/**
 * The product CSV import on PostgreSQL (docs/PERFORMANCE.md, "Product import"): a file of `--products` products
 * (every column filled) posted to `POST /api/v1/products/import` of the real app, timed from the request to the
 * answer: first into an empty catalogue (all created), then the same file again (all unchanged), then with every
 * weight changed (all updated). Target: 50,000 products in 10 s or less. Prints its report.
 *
 *   node bench/src/products-import.ts --products 50000 --database-url postgres://postgres@127.0.0.1:5432/postgres
 */
const args = parseArgs({
  options: { products: { type: 'string', default: '50000' }, 'database-url': { type: 'string' } },
}).values;
const count = Number(args.products);
const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (message: string) => console.error(`[products-import] ${message}`);

const HEADER =
  'sku,title,weight_g,length_in,width_in,height_in,box,package_type,hazard_class,category,customs_description,' +
  'hs_code,origin_country,declared_value,declared_currency';
const COUNTRIES = ['US', 'CN', 'DE', 'PT', 'VN', 'MX'];

function csvFile(weightShift: number): string {
  const lines = [HEADER];
  for (let i = 0; i < count; i += 1) {
    const box = i % 3 === 0 ? 'Small box' : '';
    const pkg = i % 3 === 1 ? 'FLAT_RATE_ENVELOPE' : '';
    lines.push(
      [
        `SKU-${String(i).padStart(6, '0')}`,
        `"Product ${i}, size ${(i % 5) + 1}"`,
        100 + (i % 2000) + weightShift,
        (4 + (i % 10)).toFixed(1),
        '6',
        (1 + (i % 4) * 0.5).toFixed(2),
        box,
        pkg,
        i % 50 === 0 ? 'AEROSOL' : '',
        `Category ${i % 40}`,
        `Cotton shirt ${i % 7}`,
        `6109.10.${String(i % 100).padStart(2, '0')}`,
        COUNTRIES[i % COUNTRIES.length],
        `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
        'USD',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const databaseName = `shipdesk_bench_products_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(adminUrl);
url.pathname = `/${databaseName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-bench-products-'));
const webDist = mkdtempSync(join(tmpdir(), 'shipdesk-bench-noweb-'));
const migrated = await openDatabase({ databaseUrl: url.href, dataDir });
await migrated.migrate();
await migrated.close();

const idp = await fakeIdentityProvider();
const app = await buildApp({
  config: {
    ...loadConfig({}),
    databaseUrl: url.href,
    dataDir,
    oidcIssuer: FAKE_ISSUER,
    oidcAudience: FAKE_AUDIENCE,
    webDist: join(webDist, 'none'),
    jobs: false,
    demo: false,
    rateLimitMax: 1_000_000,
  },
  jwks: idp.jwks,
  logger: false,
});
try {
  const tenantId = randomUUID();
  const headers = { authorization: `Bearer ${await mintAccessToken({ tenantId, roleId: 2 })}` };
  // The first call provisions the tenant and gives it the starter boxes the file names.
  await app.inject({ method: 'GET', url: '/api/v1/orderBoxSizes', headers });

  const runs: Array<{ label: string; ms: number; bytes: number; summary: string }> = [];
  for (const [label, shift] of [
    ['empty catalogue: all created', 0],
    ['same file again: all unchanged', 0],
    ['every weight changed: all updated', 1],
  ] as const) {
    const body = csvFile(shift);
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/products/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    const data = res.json().data as { created: number; updated: number; unchanged: number; failed: number };
    const summary = `created ${data.created}, updated ${data.updated}, unchanged ${data.unchanged}, failed ${data.failed}`;
    runs.push({ label, ms, bytes: Buffer.byteLength(body), summary });
    log(`${label}: ${(ms / 1000).toFixed(2)} s (${summary})`);
  }

  const machine = describeMachine();
  const server = (await app.db.withTenant(tenantId, (tx) => tx.execute('SHOW server_version'))) as unknown as {
    rows: Array<{ server_version: string }>;
  };
  console.log(`# Product CSV import, ${count.toLocaleString('en-US')} products`);
  console.log('');
  console.log(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; PostgreSQL ${server.rows[0]?.server_version}; ` +
      `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average ${os.loadavg()[0]!.toFixed(2)}; Node ${machine.node}`,
  );
  console.log('');
  console.log('| run | file | seconds | result | <= 10 s |');
  console.log('| --- | ---: | ---: | --- | --- |');
  for (const r of runs) {
    console.log(
      `| ${r.label} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${(r.ms / 1000).toFixed(2)} | ${r.summary} | ${r.ms <= 10_000 ? 'met' : '**missed**'} |`,
    );
  }
} finally {
  await app.close();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
}
