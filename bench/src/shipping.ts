import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Role } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider } from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app, its services and its resolution SQL are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createShipMethodsService } from '../../apps/server/src/features/shipping/index.ts';
import type { AuthContext } from '../../apps/server/src/plugins/auth.ts';
import { planDataset } from './generate.ts';
import { loadPostgres } from './load.ts';
import { describeMachine } from './machine.ts';

/**
 * The shipping resolution's two costs, on PostgreSQL: (1) re-resolving a tenant's open orders after a mapping changed
 * (a pass of batches, as the server runs it), target 100,000 orders in 10 s or less; (2) what resolving adds to
 * writing an order: the two lookups per order that the pull's insert joins, timed over the same orders, beside the
 * pull's own time per order (docs/PERFORMANCE.md, "Pull benchmark"), target at most 5%. Prints its report.
 */
const args = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'pull-orders-per-second': { type: 'string', default: '5855' },
  },
}).values;
const orders = Number(args.orders);
const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (message: string) => console.error(`[shipping] ${message}`);

const ds = planDataset({ orders, tenants: 1, seed: 20261125, end: new Date(), days: 90 });
const loaded = await loadPostgres(ds, adminUrl, log);
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
  },
  jwks: idp.jwks,
  logger: false,
});
const client = new pg.Client({ connectionString: loaded.databaseUrl });
await client.connect();
try {
  const tenantId = ds.tenants[0]!.id;
  // Every order open, so the pass has all of them to do (as a seller with a full backlog).
  await client.query(`UPDATE orders SET order_status = 'Sales Order' WHERE tenant_id = $1`, [tenantId]);
  await client.query('VACUUM ANALYZE orders');
  const services = (
    await client.query<{ service: string; n: string }>(
      `SELECT requested_shipping_method AS service, count(*) AS n FROM orders WHERE tenant_id = $1
       GROUP BY 1 ORDER BY 2 DESC`,
      [tenantId],
    )
  ).rows;
  log(`${orders.toLocaleString('en-US')} open orders asking for ${services.length} services`);

  const auth: AuthContext = {
    tenantId,
    userId: 'bench',
    email: 'bench@example.com',
    roleId: Role.Admin,
    issuer: FAKE_ISSUER,
  };
  const methods = createShipMethodsService(app.db, app.shippingResolution);
  const method = await methods.create(auth, { name: 'Bench standard' });
  await methods.createCarrierMapping(auth, {
    shipMethodId: method.id,
    carrier: 'usps',
    carrierMethod: 'USPS_GROUND_ADVANTAGE',
  });
  await app.shippingResolution.idle();

  // (1) A store mapping for every requested service: the pass rewrites every open order.
  const started = performance.now();
  await methods.createStoreMapping(auth, {
    shipMethodId: method.id,
    storeId: null,
    services: services.map((s) => s.service),
  });
  await app.shippingResolution.idle();
  const passMs = performance.now() - started;
  const resolved = Number(
    (await client.query(`SELECT count(*) AS n FROM orders WHERE tenant_id = $1 AND carrier = 'usps'`, [tenantId]))
      .rows[0].n,
  );

  // (2) The lookups the pull's insert joins, for every order, read-only (as the insert computes them).
  const joinRuns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await client.query(
      `WITH home AS (SELECT 'US'::text AS country)
       SELECT count(res.ship_method_id) FROM orders o
       LEFT JOIN LATERAL (
         SELECT m.ship_method_id, c.carrier FROM (SELECT k.ship_method_id FROM requested_service_keys k
           WHERE k.tenant_id = o.tenant_id AND k.service_key = lower(btrim(o.requested_shipping_method))
             AND k.store_key IN (coalesce(o.store_id, 0), 0) ORDER BY k.store_key DESC LIMIT 1) m
         LEFT JOIN LATERAL (SELECT c.carrier FROM ship_method_carrier_mappings c
           WHERE c.tenant_id = o.tenant_id AND c.ship_method_id = m.ship_method_id
             AND c.destination IN ('any', 'domestic') ORDER BY c.destination = 'any' LIMIT 1) c ON true
       ) res ON true
       WHERE o.tenant_id = $1`,
      [tenantId],
    );
    joinRuns.push(performance.now() - t0);
  }
  const joinMs = joinRuns.sort((a, b) => a - b)[2]!;
  const pullMs = (orders / Number(args['pull-orders-per-second'])) * 1000;
  const machine = describeMachine();
  console.log(
    [
      `# Shipping resolution benchmark`,
      ``,
      `${new Date().toISOString()} · ${machine.cpuModel} · ${machine.cores} cores · load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} · PostgreSQL`,
      ``,
      `| measure | value | target |`,
      `| --- | --- | --- |`,
      `| re-resolve ${orders.toLocaleString('en-US')} open orders after a mapping change (batches of 5,000) | ${(passMs / 1000).toFixed(2)} s, ${resolved.toLocaleString('en-US')} orders resolved | <= 10 s: ${passMs <= 10_000 ? 'met' : 'missed'} |`,
      `| the pull insert's lookups for ${orders.toLocaleString('en-US')} orders (median of 5) | ${(joinMs / 1000).toFixed(3)} s | |`,
      `| the same orders' pull at ${args['pull-orders-per-second']} orders/s | ${(pullMs / 1000).toFixed(1)} s | |`,
      `| resolution's share of the pull | ${((joinMs / pullMs) * 100).toFixed(1)}% | <= 5%: ${joinMs / pullMs <= 0.05 ? 'met' : 'missed'} |`,
    ].join('\n'),
  );
} finally {
  await client.end();
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
  await loaded.drop();
}
