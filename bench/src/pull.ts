import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { Role } from '@shipdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
import { codeState, outputPaths, publishRun } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import {
  PARENT_TABLES,
  PULL_TABLES,
  dumpTables,
  loadDumps,
  pgliteOwner,
  postgresOwner,
  type OwnerSql,
} from './pull-copy.ts';
import {
  backendCpu,
  cpuBetween,
  freshTarget,
  ownBackendCpu,
  sampleQueryCost,
  startShop,
  timeTransactions,
  timedAdapters,
} from './pull-harness.ts';
import { CURRENT_HEADER, currentRow, renderPull, type PullReport } from './pull-report.ts';
import { benchRuleSet } from './pull-rules.ts';

/**
 * The pull benchmark: the real server pulls N orders from the fake Shopify over loopback into a fresh database, then
 * the same rows are loaded with a bare COPY into another fresh database; orders/s of both and their ratio go to a
 * results file under bench/results/ and to the current numbers of docs/PERFORMANCE.md. See bench/README.md.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'postgres' },
    'database-url': { type: 'string' },
    results: { type: 'string' },
    doc: { type: 'string' },
    seed: { type: 'string', default: '1' },
    /** Writes a CPU profile of the server's thread during the pull alone (the fake has its own thread). */
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
    /** Saves a rule set of this many rules for all stores before the pull: every order runs it (0: none). */
    rules: { type: 'string', default: '0' },
  },
});

const log = (message: string) => console.log(`[pull] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return value;
}

interface RunRow {
  state: string;
  pages: number;
  orders_new: number;
  orders_failed: number;
  error: string | null;
  run_seconds: number | string | null;
}

async function main() {
  const started = performance.now();
  const code = codeState();
  const kind = args.db === 'pglite' ? 'pglite' : args.db === 'postgres' ? 'postgres' : null;
  if (!kind) throw new Error(`--db must be postgres or pglite, got "${args.db}"`);
  const orders = positive('orders', args.orders);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { resultsDir, summaryDoc } = outputPaths(args.results, args.doc);
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch((e: unknown) => log(`cleanup: ${String(e)}`));
  };

  try {
    log(`starting the fake Shopify with ${orders.toLocaleString('en-US')} orders (no throttling)`);
    const shop = await startShop(orders, positive('seed', args.seed));
    cleanups.push(() => shop.close());

    const pulled = await freshTarget(kind, adminUrl, 'pull');
    if (!args.keep) cleanups.push(() => pulled.drop());
    log(`pull database: ${pulled.name}`);
    const fetchTimer = { ms: 0, calls: 0 };
    const transactionTimer = { ms: 0, calls: 0 };
    const idp = await fakeIdentityProvider();
    const app = await buildApp({
      config: {
        ...loadConfig({}),
        host: '127.0.0.1',
        port: 0,
        databaseUrl: pulled.databaseUrl,
        dataDir: pulled.dataDir,
        secretsKey: randomBytes(32).toString('base64'),
        oidcIssuer: FAKE_ISSUER,
        oidcAudience: FAKE_AUDIENCE,
        webDist: join(pulled.dataDir, 'no-web-build'),
        rateLimitMax: 1_000_000_000,
        jobs: true,
        demo: false,
        // The fake Shopify listens on loopback.
        outboundAllowHosts: [new URL(shop.url).host],
      },
      jwks: idp.jwks,
      adapters: timedAdapters(fetchTimer),
      logger: false,
    });
    let appOpen = true;
    const closeApp = async () => {
      if (appOpen) await app.close();
      appOpen = false;
    };
    cleanups.push(closeApp);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    const base = `http://127.0.0.1:${address.port}`;

    const tenantId = randomUUID();
    const token = await mintAccessToken({ tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const api = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      const json = (await res.json()) as { data: Record<string, unknown> };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    await api('POST', '/call/verifyNewUserRegister');
    const store = await api('POST', '/api/v1/stores', {
      name: 'Pull bench shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'pull-bench.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    const storeId = Number(store.id);
    const rules = Number(args.rules);
    if (!Number.isInteger(rules) || rules < 0) throw new Error(`--rules must be a whole number, got "${args.rules}"`);
    const ruleSet =
      rules > 0
        ? benchRuleSet(rules, String((await api('POST', '/api/v1/shipMethods', { name: 'Bench express' })).id))
        : [];
    if (rules > 0) {
      await api('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: ruleSet });
      log(`a rule set of ${rules} rules for all stores`);
    }

    const pglite = kind === 'pglite' ? (app.db.db as unknown as { $client: PGlite }).$client : null;
    const owner: OwnerSql = pglite ? pgliteOwner(pglite) : await postgresOwner(pulled.databaseUrl!);
    cleanups.push(() => owner.close());
    const serverVersion = (await owner.rows<{ version: string }>('SELECT version()'))[0]!.version.split(' on ')[0]!;

    timeTransactions(app.db, transactionTimer);
    const profiler = args.profile ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = kind === 'postgres' ? await backendCpu(owner) : new Map<number, number>();
    log(`pulling through ${base}`);
    const serverCpuBefore = process.threadCpuUsage();
    const shopCpuBefore = await shop.cpu();
    const pullStarted = performance.now();
    const run = await api('GET', `/call/store/${storeId}/pullOrders`);
    let row: RunRow | undefined;
    let lastLog = pullStarted;
    for (;;) {
      [row] = await owner.rows<RunRow>(
        `SELECT state, pages, orders_new, orders_failed, error,
           extract(epoch FROM finished_at - queued_at) AS run_seconds
         FROM sync_runs WHERE id = $1`,
        [Number(run.id)],
      );
      if (row && row.state !== 'queued' && row.state !== 'running') break;
      if (performance.now() - lastLog > 5_000) {
        lastLog = performance.now();
        log(`  ${row?.orders_new ?? 0} orders after ${((lastLog - pullStarted) / 1000).toFixed(0)} s`);
      }
      await sleep(100);
    }
    const pullMs = performance.now() - pullStarted;
    const serverCpu = process.threadCpuUsage(serverCpuBefore);
    const shopCpu = (await shop.cpu()) - shopCpuBefore;
    const loadAfterPull = os.loadavg()[0]!;
    const databaseCpu = kind === 'postgres' ? cpuBetween(cpuBefore, await backendCpu(owner)) : null;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(resolve(args.profile!), JSON.stringify(profile));
      profiler.disconnect();
      log(`CPU profile of the pull: ${resolve(args.profile!)}`);
    }
    if (row!.state !== 'succeeded') throw new Error(`the pull ended ${row!.state}: ${row!.error}`);
    if (row!.orders_new !== orders || row!.orders_failed !== 0) {
      throw new Error(`the pull stored ${row!.orders_new} new orders (${row!.orders_failed} failed), not ${orders}`);
    }
    const requests = await shop.requests();
    const cost = await sampleQueryCost(shop);
    log(`pull: ${(pullMs / 1000).toFixed(1)} s, ${Math.round(orders / (pullMs / 1000))} orders/s`);

    const [distinct] = await owner.rows<{ n: string; ids: string }>(
      'SELECT count(*) AS n, count(DISTINCT external_id) AS ids FROM orders',
    );
    if (Number(distinct!.n) !== orders || Number(distinct!.ids) !== orders) {
      throw new Error(`the database holds ${distinct!.n} orders (${distinct!.ids} distinct), not ${orders}`);
    }

    // The editor's dry-run of the same set over the last 10,000 orders (or all of them), five times.
    const dryRun = rules > 0 ? { orders: Math.min(orders, 10_000), ms: [] as number[] } : null;
    for (let i = 0; dryRun && i < 5; i++) {
      const at = performance.now();
      const answer = await api('POST', '/call/shippingRuleSet/all/dryRun', { rules: ruleSet, limit: dryRun.orders });
      dryRun.ms.push(performance.now() - at);
      if (answer.evaluated !== dryRun.orders)
        throw new Error(`the dry-run evaluated ${String(answer.evaluated)} orders`);
    }
    if (dryRun) log(`dry-run of ${dryRun.orders} orders: ${dryRun.ms.map((ms) => Math.round(ms)).join(', ')} ms`);

    log('taking the pulled rows out with COPY TO');
    const parents = await dumpTables(owner, PARENT_TABLES);
    const dumps = await dumpTables(owner, PULL_TABLES);
    await owner.close();
    await closeApp();

    const copied = await freshTarget(kind, adminUrl, 'copy');
    if (!args.keep) cleanups.push(() => copied.drop());
    log(`COPY database: ${copied.name}`);
    const copyDatabase = await openDatabase({ databaseUrl: copied.databaseUrl, dataDir: copied.dataDir });
    cleanups.push(() => copyDatabase.close());
    await copyDatabase.migrate();
    const copyOwner =
      kind === 'pglite'
        ? pgliteOwner((copyDatabase.db as unknown as { $client: PGlite }).$client)
        : await postgresOwner(copied.databaseUrl!);
    cleanups.push(() => copyOwner.close());
    await loadDumps(copyOwner, parents);
    const copyCpuBefore = kind === 'postgres' ? await ownBackendCpu(copyOwner) : null;
    const copyStarted = performance.now();
    const copies = await loadDumps(copyOwner, dumps);
    const copyMs = performance.now() - copyStarted;
    const copyCpuAfter = kind === 'postgres' ? await ownBackendCpu(copyOwner) : null;
    for (const c of copies) log(`  COPY ${c.table}: ${c.rows} rows in ${(c.ms / 1000).toFixed(2)} s`);
    log(`COPY: ${(copyMs / 1000).toFixed(1)} s, ${Math.round(orders / (copyMs / 1000))} orders/s`);
    const [copiedOrders] = await copyOwner.rows<{ n: string }>('SELECT count(*) AS n FROM orders');
    if (Number(copiedOrders!.n) !== orders) throw new Error(`COPY loaded ${copiedOrders!.n} orders, not ${orders}`);

    const report: PullReport = {
      kind,
      orders,
      rules,
      dryRun,
      machine: describeMachine(),
      date: new Date().toISOString(),
      code,
      serverVersion,
      loadAverage: [loadBefore, loadAfterPull, os.loadavg()[0]!],
      pull: {
        ms: pullMs,
        runMs: Number(row!.run_seconds) * 1000,
        pages: row!.pages,
        requests,
        fetchMs: fetchTimer.ms,
        fetchCalls: fetchTimer.calls,
        databaseMs: transactionTimer.ms,
        databaseCalls: transactionTimer.calls,
        serverCpuSeconds: (serverCpu.user + serverCpu.system) / 1e6,
        shopCpuSeconds: shopCpu,
        databaseCpuSeconds: databaseCpu,
        rows: dumps.map((d) => ({ table: d.table, rows: d.rows })),
      },
      cost,
      copy: {
        method:
          kind === 'postgres'
            ? 'COPY ... FROM STDIN (pg-copy-streams)'
            : "COPY ... FROM '/dev/blob' (PGlite's blob COPY, ~16 MB of COPY text per statement)",
        tables: copies,
        ms: copyMs,
        databaseCpuSeconds: copyCpuBefore !== null && copyCpuAfter !== null ? copyCpuAfter - copyCpuBefore : null,
        megabytes: dumps.reduce((sum, d) => sum + d.bytes, 0) / 1024 ** 2,
      },
      totalSeconds: (performance.now() - started) / 1000,
    };
    await publishRun({
      benchmark: 'pull',
      kind,
      orders,
      date: report.date,
      detail: renderPull(report),
      header: CURRENT_HEADER,
      row: (link) => currentRow(report, link),
      resultsDir,
      summaryDoc,
      log,
    });
    console.table({
      pull: { seconds: +(pullMs / 1000).toFixed(1), 'orders/s': Math.round(orders / (pullMs / 1000)) },
      copy: { seconds: +(copyMs / 1000).toFixed(1), 'orders/s': Math.round(orders / (copyMs / 1000)) },
    });
    log(
      `fetch ${(fetchTimer.ms / 1000).toFixed(1)} s over ${fetchTimer.calls} pages; transactions ` +
        `${(transactionTimer.ms / 1000).toFixed(1)} s over ${transactionTimer.calls}; ${requests} requests`,
    );
  } finally {
    await cleanup();
  }
}

await main();
