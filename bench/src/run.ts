import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role } from '@shipdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { AuthContext } from '../../apps/server/src/plugins/auth.ts';
import { codeState, outputPaths, publishRun } from './bench-results.ts';
import { planDataset } from './generate.ts';
import { loadPglite, loadPostgres, type LoadedDatabase } from './load.ts';
import { describeMachine } from './machine.ts';
import { CURRENT_HEADER, currentRow, renderRun, scenarioTable, type RunReport } from './report.ts';
import { measure } from './run-measure.ts';
import { buildScenarios } from './run-scenarios.ts';
import { pgliteRunner, postgresRunner, recordingDatabase, type SqlRunner } from './sql-side.ts';

/**
 * The orders benchmark: generate and load a dataset, start the real server on it, and time each list shape through
 * the API (HTTP on loopback) beside the bare SQL of the same request. See bench/README.md.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    tenants: { type: 'string', default: '10' },
    db: { type: 'string', default: 'postgres' },
    seed: { type: 'string', default: '20251121' },
    end: { type: 'string' },
    days: { type: 'string', default: '730' },
    iterations: { type: 'string', default: '200' },
    block: { type: 'string', default: '10' },
    // V8 optimises the request path only after some hundreds of calls; a server answering a stream of requests runs
    // it optimised, and that is what is measured.
    warmup: { type: 'string', default: '300' },
    depth: { type: 'string', default: '10000' },
    size: { type: 'string', default: '10' },
    results: { type: 'string' },
    doc: { type: 'string' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const int = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
};

const ISSUER = 'https://sso.bench.shipdesk.local';
const AUDIENCE = 'https://api.shipdesk.local';
const KID = 'bench-key-1';
const log = (message: string) => console.log(`[bench] ${message}`);

async function main() {
  const code = codeState();
  const kind = args.db === 'pglite' ? 'pglite' : args.db === 'postgres' ? 'postgres' : null;
  if (!kind) throw new Error(`--db must be postgres or pglite, got "${args.db}"`);
  const orders = int('orders', args.orders);
  const iterations = int('iterations', args.iterations);
  const block = int('block', args.block);
  const warmup = int('warmup', args.warmup);
  const size = int('size', args.size);
  const requestedDepth = int('depth', args.depth);
  const today = new Date();
  const end = args.end
    ? new Date(`${args.end}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (Number.isNaN(end.getTime())) throw new Error(`--end must be YYYY-MM-DD, got "${args.end}"`);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { resultsDir, summaryDoc } = outputPaths(args.results, args.doc);
  const runStarted = performance.now();

  const ds = planDataset({
    orders,
    tenants: int('tenants', args.tenants),
    seed: int('seed', args.seed),
    end,
    days: int('days', args.days),
  });
  log(`${kind}: ${orders.toLocaleString('en-US')} orders over ${ds.tenants.length} tenants (seed ${args.seed})`);

  const loaded: LoadedDatabase =
    kind === 'postgres' ? await loadPostgres(ds, adminUrl, log) : await loadPglite(ds, log);
  const cleanups: Array<() => Promise<void>> = [];
  try {
    // The real server app on the loaded database, with a bench identity provider (a local RSA key and JWKS).
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    const webDist = mkdtempSync(join(tmpdir(), 'shipdesk-bench-noweb-'));
    cleanups.push(async () => rmSync(webDist, { recursive: true, force: true }));
    const app = await buildApp({
      config: {
        ...loadConfig({}),
        host: '127.0.0.1',
        port: 0,
        databaseUrl: loaded.databaseUrl,
        dataDir: loaded.dataDir,
        oidcIssuer: ISSUER,
        oidcAudience: AUDIENCE,
        webDist: join(webDist, 'none'),
        // The bench sends a few thousand requests a minute from one address.
        rateLimitMax: 1_000_000_000,
      },
      jwks: createLocalJWKSet({ keys: [jwk] }),
      logger: false,
    });
    cleanups.unshift(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    const base = `http://127.0.0.1:${address.port}`;
    log(`server listening at ${base}`);

    const pglite = kind === 'pglite' ? (app.db.db as unknown as { $client: PGlite }).$client : null;
    const runner: SqlRunner = pglite ? pgliteRunner(pglite) : postgresRunner(loaded.databaseUrl!);
    cleanups.unshift(() => runner.close());
    const recorder = recordingDatabase(pglite ? { pglite } : { databaseUrl: loaded.databaseUrl! });
    cleanups.unshift(() => recorder.close());

    // Facts about the loaded data (as the owner: no row-level security).
    const one = async (text: string, params: unknown[] = []) => (await runner.query(text, params)).rows[0]!;
    const serverVersion = String((await one('SELECT version()'))[0]);
    const settings = Object.fromEntries(
      (
        await runner.query(
          `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit')`,
        )
      ).rows.map((r) => [String(r[0]), r[2] ? `${r[1]} x ${r[2]}` : String(r[1])]),
    );
    const databaseSize = String((await one('SELECT pg_size_pretty(pg_database_size(current_database()))'))[0]);
    const ordersSize = String((await one(`SELECT pg_size_pretty(pg_total_relation_size('orders'))`))[0]);
    const statusMix = (
      await runner.query('SELECT order_status, count(*)::int FROM orders GROUP BY 1 ORDER BY 2 DESC')
    ).rows.map((r) => ({ status: String(r[0]), count: Number(r[1]) }));
    const [minDate, maxDate] = await one('SELECT min(order_date)::text, max(order_date)::text FROM orders');
    const [biggestTenant, tenantOrders, tenantVisible] = await one(
      `SELECT tenant_id, count(*)::int, (count(*) FILTER (WHERE order_status <> 'Deleted'))::int
         FROM orders GROUP BY tenant_id ORDER BY 2 DESC LIMIT 1`,
    );
    const tenantId = String(biggestTenant);
    const tenant = ds.tenants.find((t) => t.id === tenantId)!;
    log(`biggest tenant ${tenant.name}: ${Number(tenantOrders).toLocaleString('en-US')} orders`);

    // A token for the tenant's admin, as the SSO would issue it.
    const user = tenant.users[0]!;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: user.email, [CLAIM_ORG_ID]: tenantId, [CLAIM_ROLE_ID]: Role.Admin })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(user.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + 4 * 3600)
      .sign(privateKey);
    const auth: AuthContext = { tenantId, userId: user.subject, email: user.email, roleId: Role.Admin, issuer: ISSUER };
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

    const { scenarios, depth } = await buildScenarios({
      recorder,
      runner,
      auth,
      tenantVisible: Number(tenantVisible),
      size,
      requestedDepth,
      iterations,
    });
    const loadBefore = os.loadavg()[0]!;
    const { floor, fetchFloor, results } = await measure({
      port: address.port,
      headers,
      runner,
      scenarios,
      size,
      iterations,
      warmup,
      block,
      log,
    });

    const report: RunReport = {
      kind,
      machine: describeMachine(),
      date: new Date().toISOString(),
      serverVersion,
      settings,
      orders,
      tenants: ds.tenants.length,
      seed: ds.options.seed,
      end: end.toISOString().slice(0, 10),
      days: ds.options.days,
      dateRange: [String(minDate), String(maxDate)],
      statusMix,
      databaseSize,
      ordersSize,
      tenantName: tenant.name,
      tenantOrders: Number(tenantOrders),
      tenantVisible: Number(tenantVisible),
      requestedDepth,
      depth,
      size,
      iterations,
      warmup,
      block,
      load: loaded,
      code,
      loadAverage: [loadBefore, os.loadavg()[0]!],
      floor,
      fetchFloor,
      results,
      totalSeconds: 0,
    };
    report.totalSeconds = (performance.now() - runStarted) / 1000;
    console.log(`\n${scenarioTable(report)}\n`);
    await publishRun({
      benchmark: 'orders',
      kind,
      orders,
      date: report.date,
      detail: renderRun(report),
      header: CURRENT_HEADER,
      row: (link) => currentRow(report, link),
      resultsDir,
      summaryDoc,
      log,
    });
    log(`run took ${report.totalSeconds.toFixed(0)} s`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
    if (args.keep) log(`kept ${loaded.kind === 'postgres' ? loaded.databaseUrl : loaded.dataDir}`);
    else await loaded.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
