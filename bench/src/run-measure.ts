import http from 'node:http';
import { dashboardStatementLabel } from './dashboard.ts';
import type { ScenarioResult } from './report.ts';
import type { Scenario, Variant } from './run-scenarios.ts';
import { isTenantSetup, type SqlRunner } from './sql-side.ts';
import { ms, summarise, type Stats } from './stats.ts';

/**
 * The orders benchmark's measurements: the API through HTTP on loopback, and beside it the same requests' SQL replayed
 * on the database directly, column by column in blocks (bench/README.md, "What it does").
 */

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

export interface MeasureContext {
  /** The listening server's port on 127.0.0.1. */
  port: number;
  /** The measured tenant's admin token and the accepted type. */
  headers: Record<string, string>;
  runner: SqlRunner;
  scenarios: Scenario[];
  size: number;
  iterations: number;
  warmup: number;
  block: number;
  log: (message: string) => void;
}

export interface Measurements {
  floor: Stats;
  fetchFloor: Stats;
  results: ScenarioResult[];
}

export async function measure(ctx: MeasureContext): Promise<Measurements> {
  // node:http with a kept-alive connection, as a browser would hold one. Not `fetch`: undici's objects outlive the
  // minor garbage collections of the process they run in (8 KB promoted per request, scavenges of 10-15 ms on this
  // machine, measured against a bare Fastify), and here that process is the server's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await measureWith(agent, ctx);
  } finally {
    agent.destroy();
  }
}

async function measureWith(agent: http.Agent, ctx: MeasureContext): Promise<Measurements> {
  const { port, headers, runner, scenarios, size, iterations, warmup, block, log } = ctx;
  const base = `http://127.0.0.1:${port}`;
  const setupOf = (v: Variant) => v.statements.filter(isTenantSetup);
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
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
  return { floor: summarise(floor), fetchFloor: summarise(fetchFloor), results };
}
