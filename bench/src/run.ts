import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role, type OrderListQuery } from '@shipdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { encodeCursor, parseOrderQuery } from '../../apps/server/src/domain/orders/order-list-query.ts';
import { createOrdersService } from '../../apps/server/src/features/orders/orders-service.ts';
import type { AuthContext } from '../../apps/server/src/plugins/auth.ts';
import { dashboardScenarios, dashboardStatementLabel } from './dashboard.ts';
import { planDataset } from './generate.ts';
import { loadPglite, loadPostgres, type LoadedDatabase } from './load.ts';
import { codeState } from './doc-section.ts';
import { describeMachine } from './machine.ts';
import { writeReport, type RunReport, type ScenarioResult } from './report.ts';
import {
  isTenantSetup,
  pgliteRunner,
  postgresRunner,
  recordingDatabase,
  type SqlRunner,
  type Statement,
} from './sql-side.ts';
import { ms, summarise } from './stats.ts';

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
const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const log = (message: string) => console.log(`[bench] ${message}`);

interface Variant {
  path: string;
  statements: Statement[];
  /**
   * The statements timed as "bare SQL": every statement that reads what the answer holds (a list's page, total and
   * tab counts; an order view's four reads), without the tenant context and the tenant's settings.
   */
  core: number[];
  /** A list's page statement, also timed alone. */
  page?: number;
  /** Ids the API must answer (checked once against a replay); the dashboard's answer is checked by `verify`. */
  check: 'list' | 'view' | 'dashboard';
  verify?: (body: string) => Promise<void>;
}

interface Scenario {
  key: string;
  label: string;
  list: boolean;
  /** Not a target, shown for context. */
  informational?: boolean;
  note?: string;
  variants: Variant[];
}

function statementLabel(text: string): string {
  const dashboard = dashboardStatementLabel(text);
  if (dashboard) return dashboard;
  if (/^SET LOCAL ROLE|^SELECT set_config/i.test(text)) return 'tenant context (SET LOCAL ROLE, set_config)';
  if (/"time_zone"/.test(text)) return "tenant's time zone";
  if (/"order_status_counts"/.test(text)) return 'status counts (order_status_counts)';
  if (/^SELECT count\(\*\) AS n FROM \(SELECT 1/.test(text)) return 'total: count up to 10,001';
  if (/^EXPLAIN/.test(text)) return 'planner estimate (EXPLAIN)';
  if (/FROM \(VALUES/.test(text)) return 'status tabs: 6 counts up to 10,001';
  if (/left join "stores"/.test(text)) return 'page rows';
  if (/from "order_lines"/.test(text)) return 'order lines';
  if (/from "order_addresses"/.test(text)) return 'order addresses';
  if (/from "stores"/.test(text)) return 'store name';
  if (/from "orders"/.test(text)) return 'order row';
  return text.slice(0, 50);
}

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
  const docPath = resolve(repoRoot, args.doc ?? 'docs/PERFORMANCE.md');
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

    // The statements each request runs, recorded from the server's own service code.
    const service = createOrdersService(recorder.database, () => undefined);
    const listPath = (q: OrderListQuery) => {
      // The web's listQueryString: size, page, hide=0, filters (JSON), order, cursor.
      const p = new URLSearchParams({ size: String(q.size), page: String(q.page), hide: String(q.hide ?? 0) });
      if (q.filters) p.set('filters', q.filters);
      p.set('order', q.order ?? 'id desc');
      if (q.cursor) p.set('cursor', q.cursor);
      return `/api/v1/orders?${p.toString()}`;
    };
    const listVariant = async (q: OrderListQuery): Promise<Variant> => {
      const statements = await recorder.record(() => service.list(auth, q));
      const page = statements.findIndex((s) => /left join "stores"/.test(s.text));
      if (page < 0) throw new Error('no page query among the recorded statements');
      const core = statements.flatMap((s, i) => (isTenantSetup(s) || /"time_zone"/.test(s.text) ? [] : [i]));
      return { path: listPath(q), statements, core, page, check: 'list' };
    };
    const viewVariant = async (id: string): Promise<Variant> => {
      const statements = await recorder.record(() => service.get(auth, id));
      const core = statements.flatMap((s, i) => (isTenantSetup(s) ? [] : [i]));
      return { path: `/api/v1/orders/${id}`, statements, core, check: 'view' };
    };

    // Page `depth` reached the way the UI does: with the next-cursor the previous page's answer carried, i.e. the
    // last row of page depth-1. Taken once by SQL and encoded with the server's own cursor encoder.
    const pages = Math.max(1, Math.ceil(Number(tenantVisible) / size));
    const depth = Math.min(requestedDepth, pages);
    const plain = parseOrderQuery(undefined, 0);
    if (!plain.ok) throw new Error('parseOrderQuery refused the plain list');
    const [cursorRow] = await one(
      `SELECT id FROM orders WHERE tenant_id = $1 AND order_status <> 'Deleted' ORDER BY id DESC OFFSET $2 LIMIT 1`,
      [tenantId, (depth - 1) * size - 1],
    );
    const cursor = encodeCursor({
      sort: 'id desc',
      direction: 'next',
      key: null,
      id: Number(cursorRow),
      fingerprint: plain.value.fingerprint,
    });
    // Search terms a user would type: a customer's first name and the start of the last name; most of an order number.
    const [customerName] = await one(
      `SELECT customer_name FROM orders WHERE tenant_id = $1 AND customer_email NOT LIKE '%@marketplace.amazon.com'
         ORDER BY id DESC OFFSET 50 LIMIT 1`,
      [tenantId],
    );
    const [first = '', last = ''] = String(customerName).split(' ');
    const namePrefix = `${first} ${last.slice(0, 2)}`;
    const [orderNumber] = await one(
      `SELECT order_number FROM orders WHERE tenant_id = $1 ORDER BY id DESC OFFSET 500 LIMIT 1`,
      [tenantId],
    );
    const numberPrefix = String(orderNumber).slice(0, -1);
    const viewIds = (
      await runner.query(
        `SELECT id::text FROM orders WHERE tenant_id = $1 AND id % 97 = 13 ORDER BY id LIMIT ${iterations}`,
        [tenantId],
      )
    ).rows.map((r) => String(r[0]));

    const base0: OrderListQuery = { size, page: 1, hide: 0, order: 'id desc' };
    const scenarios: Scenario[] = [
      { key: 'page1', label: 'List, page 1', list: true, variants: [await listVariant(base0)] },
      {
        key: 'deep',
        label: `List, page ${depth.toLocaleString('en-US')} (next-cursor)`,
        list: true,
        note: depth < requestedDepth ? `the tenant has ${pages.toLocaleString('en-US')} pages` : undefined,
        variants: [await listVariant({ ...base0, page: depth, cursor })],
      },
      {
        key: 'status',
        label: 'List, status Sales Order',
        list: true,
        variants: [await listVariant({ ...base0, filters: JSON.stringify({ orderStatus: 'Sales Order' }) })],
      },
      {
        key: 'search-name',
        label: `List, search customer "${namePrefix}"`,
        list: true,
        variants: [await listVariant({ ...base0, filters: JSON.stringify({ search: `like@${namePrefix}` }) })],
      },
      {
        key: 'search-number',
        label: `List, search order number "${numberPrefix}"`,
        list: true,
        variants: [await listVariant({ ...base0, filters: JSON.stringify({ search: `like@${numberPrefix}` }) })],
      },
      {
        key: 'view',
        label: `Order view (${viewIds.length} different orders)`,
        list: false,
        // One at a time: the recorder keeps one list of statements.
        variants: await (async () => {
          const out: Variant[] = [];
          for (const id of viewIds) out.push(await viewVariant(id));
          return out;
        })(),
      },
      ...(await dashboardScenarios({ recorder, runner, auth })),
      {
        key: 'offset',
        label: `List, page ${depth.toLocaleString('en-US')} typed in (OFFSET)`,
        list: true,
        informational: true,
        variants: [await listVariant({ ...base0, page: depth })],
      },
    ];

    // --- the three measurements -------------------------------------------------------------------------------
    const setupOf = (v: Variant) => v.statements.filter(isTenantSetup);
    // node:http with a kept-alive connection, as a browser would hold one. Not `fetch`: undici's objects outlive the
    // minor garbage collections of the process they run in (8 KB promoted per request, scavenges of 10-15 ms on this
    // machine, measured against a bare Fastify), and here that process is the server's.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.unshift(async () => agent.destroy());
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: address.port, path, headers, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          })
          .on('error', reject);
      });
    async function callApi(v: Variant): Promise<string> {
      const { status, body } = await get(v.path, headers);
      if (status !== 200) throw new Error(`${v.path} answered ${status}: ${body.slice(0, 300)}`);
      return body;
    }
    /**
     * The whole request's SQL in one transaction, sent as the server's pipelined connection can send it at best:
     * BEGIN, the tenant context and every statement together, then COMMIT. Returns each statement's result.
     */
    async function replayRequest(v: Variant) {
      const [, ...results] = await Promise.all([
        runner.query('begin'),
        ...v.statements.map((s) => runner.query(s.text, s.params)),
      ]).finally(() => runner.query('commit'));
      return results;
    }
    /** The same statements one at a time, each awaited, to see where the time goes; the sum is returned. */
    async function replaySequentially(v: Variant, perLabel: Map<string, number>): Promise<number> {
      let sum = 0;
      await runner.query('begin');
      try {
        for (const s of v.statements) {
          const t0 = performance.now();
          await runner.query(s.text, s.params);
          const t = performance.now() - t0;
          sum += t;
          const label = statementLabel(s.text);
          perLabel.set(label, (perLabel.get(label) ?? 0) + t);
        }
      } finally {
        await runner.query('commit');
      }
      return sum;
    }
    /** The statements `which` (indexes into the request's) one at a time in the tenant's context; their time. */
    async function timeStatements(v: Variant, which: number[]): Promise<number> {
      await runner.query('begin');
      try {
        for (const s of setupOf(v)) await runner.query(s.text, s.params);
        const t0 = performance.now();
        for (const i of which) await runner.query(v.statements[i]!.text, v.statements[i]!.params);
        return performance.now() - t0;
      } finally {
        await runner.query('commit');
      }
    }

    const loadBefore = os.loadavg()[0]!;
    // The floor under every API number: an empty request (no token, no database) over the same loopback; and the same
    // with `fetch`, to show what the client alone costs.
    const floor: number[] = [];
    const fetchFloor: number[] = [];
    for (let i = 0; i < warmup + iterations; i++) {
      let t0 = performance.now();
      await get('/healthz');
      if (i >= warmup) floor.push(performance.now() - t0);
      t0 = performance.now();
      await (await fetch(`${base}/healthz`)).text();
      if (i >= warmup) fetchFloor.push(performance.now() - t0);
    }
    const results: ScenarioResult[] = [];
    for (const s of scenarios) {
      // The API must answer what the replayed SQL finds, or the comparison is meaningless.
      for (const v of s.variants.slice(0, 3)) {
        if (v.verify) {
          await v.verify(await callApi(v));
          continue;
        }
        const answer = JSON.parse(await callApi(v)) as { data: { rows?: Array<{ id: string }>; id?: string } };
        const replay = await replayRequest(v);
        const core = replay[v.page ?? v.core[0]!]!;
        const idIndex = core.fields.indexOf('id');
        const sqlIds = core.rows.map((r) => String(r[idIndex]));
        const apiIds = v.check === 'list' ? answer.data.rows!.map((r) => r.id) : [answer.data.id!];
        const expected = v.check === 'list' ? sqlIds.slice(0, size) : sqlIds;
        if (JSON.stringify(apiIds) !== JSON.stringify(expected)) {
          throw new Error(`${s.label}: the API answered ${apiIds.join(',')} but the SQL found ${expected.join(',')}`);
        }
      }
      const pick = (i: number) => s.variants[i % s.variants.length]!;
      // The OFFSET page is context, and slow by nature: fewer rounds keep the run short.
      const rounds = s.informational ? Math.min(iterations, 50) : iterations;
      for (let i = 0; i < (s.informational ? Math.min(warmup, 5) : warmup); i++) {
        await callApi(pick(i));
        await timeStatements(pick(i), pick(i).core);
        await replayRequest(pick(i));
      }
      // In blocks: `--block` calls of the API, then the same requests' bare SQL, their request SQL, and their
      // statements one by one, block after block. Each column is measured in a steady state of its own (as a server
      // answering a stream of list requests is), while a burst of other work on the machine, longer than a block,
      // still lands on all columns alike. (Interleaving one call of each, as earlier runs did, measures every API call
      // right after three kinds of SQL replay on other connections: its code, connection and caches are never hot.)
      const api: number[] = [];
      const core: number[] = [];
      const pageOnly: number[] = [];
      const request: number[] = [];
      const sequential: number[] = [];
      const perLabelRuns = new Map<string, number[]>();
      for (let first = 0; first < rounds; first += block) {
        const round = Array.from({ length: Math.min(block, rounds - first) }, (_, k) => pick(first + k));
        for (const v of round) {
          const t0 = performance.now();
          await callApi(v);
          api.push(performance.now() - t0);
        }
        for (const v of round) core.push(await timeStatements(v, v.core));
        for (const v of round) if (v.page !== undefined) pageOnly.push(await timeStatements(v, [v.page]));
        for (const v of round) {
          const t0 = performance.now();
          await replayRequest(v);
          request.push(performance.now() - t0);
        }
        for (const v of round) {
          const perLabel = new Map<string, number>();
          sequential.push(await replaySequentially(v, perLabel));
          for (const [label, t] of perLabel) perLabelRuns.set(label, [...(perLabelRuns.get(label) ?? []), t]);
        }
      }
      // Plans of what the list reads: the page query, and for page 1 every statement that touches orders.
      const plans: Array<{ label: string; plan: string }> = [];
      const v0 = s.variants[0]!;
      const explainIdx =
        s.key === 'page1'
          ? v0.statements.flatMap((st, i) => (isTenantSetup(st) || /^EXPLAIN|"time_zone"/.test(st.text) ? [] : [i]))
          : [v0.page ?? v0.core[0]!];
      for (const i of explainIdx) {
        const st = v0.statements[i]!;
        await runner.query('begin');
        try {
          for (const setup of setupOf(v0)) await runner.query(setup.text, setup.params);
          const plan = await runner.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.text}`, st.params);
          plans.push({ label: statementLabel(st.text), plan: plan.rows.map((r) => String(r[0])).join('\n') });
        } finally {
          await runner.query('commit');
        }
      }
      const result: ScenarioResult = {
        key: s.key,
        label: s.label,
        list: s.list,
        informational: s.informational ?? false,
        note: s.note,
        api: summarise(api),
        core: summarise(core),
        page: pageOnly.length > 0 ? summarise(pageOnly) : null,
        request: summarise(request),
        sequential: summarise(sequential),
        breakdown: [...perLabelRuns].map(([label, runs]) => ({ label, stats: summarise(runs) })),
        statements: v0.statements.length,
        plans,
      };
      results.push(result);
      log(
        `${s.label.padEnd(48)} API p50 ${ms(result.api.p50).padStart(6)} p99 ${ms(result.api.p99).padStart(6)} | ` +
          `SQL p50 ${ms(result.core.p50).padStart(6)} p99 ${ms(result.core.p99).padStart(6)} | ` +
          `request SQL p50 ${ms(result.request.p50).padStart(6)} p99 ${ms(result.request.p99).padStart(6)} ms`,
      );
    }

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
      floor: summarise(floor),
      fetchFloor: summarise(fetchFloor),
      results,
      totalSeconds: 0,
    };
    report.totalSeconds = (performance.now() - runStarted) / 1000;
    const table = writeReport(docPath, report);
    console.log(`\n${table}\n`);
    log(`written to ${docPath} (run took ${report.totalSeconds.toFixed(0)} s)`);
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
