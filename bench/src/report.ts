import { databaseCell, machineCell, measuredCell } from './bench-results.ts';
import { DASHBOARD_TARGET_P99_MS } from './dashboard.ts';
import type { LoadedDatabase } from './load.ts';
import type { Machine } from './machine.ts';
import { ms, ratio, type Stats } from './stats.ts';

export interface ScenarioResult {
  key: string;
  label: string;
  list: boolean;
  informational: boolean;
  note: string | undefined;
  api: Stats;
  /**
   * The bare SQL of the same query: the statements reading what the answer holds, one at a time (a list's total, tab
   * counts and page; the order view's four reads; the dashboard's summaries).
   */
  core: Stats;
  /** A list's page statement alone (null for the others). */
  page: Stats | null;
  /** Every statement of the request in its transaction, replayed without the server, pipelined as it sends them. */
  request: Stats;
  /** The same statements one at a time (the sum of their times; the breakdown's total). */
  sequential: Stats;
  breakdown: Array<{ label: string; stats: Stats }>;
  statements: number;
  plans: Array<{ label: string; plan: string }>;
}

export interface RunReport {
  kind: 'postgres' | 'pglite';
  machine: Machine;
  date: string;
  serverVersion: string;
  settings: Record<string, string>;
  orders: number;
  tenants: number;
  seed: number;
  end: string;
  days: number;
  dateRange: [string, string];
  statusMix: Array<{ status: string; count: number }>;
  databaseSize: string;
  ordersSize: string;
  tenantName: string;
  tenantOrders: number;
  tenantVisible: number;
  requestedDepth: number;
  depth: number;
  size: number;
  iterations: number;
  warmup: number;
  /** Requests of one column measured in a row before the next column's (run.ts, `--block`). */
  block: number;
  load: LoadedDatabase;
  code: { commit: string; uncommitted: string[]; lastMigration: string };
  /** 1-minute load average when the measurements started and ended (other work on the machine adds noise). */
  loadAverage: [number, number];
  /** `GET /healthz` over the same loopback: HTTP and Fastify without a token or the database. */
  floor: Stats;
  /** The same with `fetch` as the client (the API rows use node:http). */
  fetchFloor: Stats;
  results: ScenarioResult[];
  totalSeconds: number;
}

export const TARGET_P99_MS = 50;
export const TARGET_RATIO = 3;
/** Depth "costs no more than page 1": the deep page's p99 within this factor of page 1's (timer noise). */
export const DEPTH_TOLERANCE = 1.1;

const n = (value: number) => value.toLocaleString('en-US');
const yes = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The API beside bare SQL table; run.ts prints it too. */
export function scenarioTable(r: RunReport): string {
  const head =
    '| request | API p50 | API p95 | API p99 | API mean | SQL p50 | SQL p99 | API/SQL p50 | API/SQL p99 | page statement p50 / p99 | API/page statement p50 / p99 | request SQL p50 | request SQL p99 | API/request SQL p99 |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const rows = r.results.map((s) => {
    const label = `${s.label}${s.informational ? ` (context; ${s.api.n} requests)` : ''}${s.note ? ` (${s.note})` : ''}`;
    return `| ${label} | ${ms(s.api.p50)} | ${ms(s.api.p95)} | ${ms(s.api.p99)} | ${ms(s.api.mean)} | ${ms(s.core.p50)} | ${ms(s.core.p99)} | ${ratio(s.api.p50, s.core.p50)} | ${ratio(s.api.p99, s.core.p99)} | ${s.page ? `${ms(s.page.p50)} / ${ms(s.page.p99)}` : ''} | ${s.page ? `${ratio(s.api.p50, s.page.p50)} / ${ratio(s.api.p99, s.page.p99)}` : ''} | ${ms(s.request.p50)} | ${ms(s.request.p99)} | ${ratio(s.api.p99, s.request.p99)} |`;
  });
  return [head, ...rows].join('\n');
}

function targets(r: RunReport): string {
  const lists = r.results.filter((s) => s.list && !s.informational);
  const page1 = r.results.find((s) => s.key === 'page1');
  const deep = r.results.find((s) => s.key === 'deep');
  const lines = lists.map((s) => {
    const fast = s.api.p99 <= TARGET_P99_MS;
    const close = s.api.p99 <= TARGET_RATIO * s.core.p99;
    const page = s.page ? ratio(s.api.p99, s.page.p99) : '';
    return `| ${s.label} | ${ms(s.api.p99)} ms: ${yes(fast)} | ${ratio(s.api.p99, s.core.p99)}: ${yes(close)} | ${page} | ${ratio(s.api.p99, s.request.p99)} |`;
  });
  const depthLine =
    page1 && deep
      ? `Depth: page ${n(r.depth)} p99 ${ms(deep.api.p99)} ms vs page 1 p99 ${ms(page1.api.p99)} ms ` +
        `(p50 ${ms(deep.api.p50)} vs ${ms(page1.api.p50)}): ${yes(deep.api.p99 <= page1.api.p99 * DEPTH_TOLERANCE)}` +
        ` (no more than page 1, within ${Math.round((DEPTH_TOLERANCE - 1) * 100)}% for timer noise).`
      : '';
  return [
    `| list request | p99 <= ${TARGET_P99_MS} ms | API p99 <= ${TARGET_RATIO}x bare SQL p99 | API p99 / page statement p99 | API p99 / whole-request SQL p99 |`,
    '| --- | --- | --- | ---: | ---: |',
    ...lines,
    '',
    depthLine,
  ].join('\n');
}

function breakdown(r: RunReport): string {
  const lists = r.results.filter((s) => !s.informational);
  const labels = [...new Set(lists.flatMap((s) => s.breakdown.map((b) => b.label)))];
  const head = `| statement (p50 ms) | ${lists.map((s) => s.label).join(' | ')} |\n| --- |${lists.map(() => ' ---: |').join('')}`;
  const rows = labels.map((label) => {
    const cells = lists.map((s) => {
      const b = s.breakdown.find((x) => x.label === label);
      return b ? ms(b.stats.p50) : '';
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  });
  const totals = `| **all statements, one at a time (p50 of the sum)** | ${lists.map((s) => ms(s.sequential.p50)).join(' | ')} |`;
  const pipelined = `| **all statements, pipelined like the server (p50)** | ${lists.map((s) => ms(s.request.p50)).join(' | ')} |`;
  return [head, ...rows, totals, pipelined].join('\n');
}

export function renderRun(r: RunReport): string {
  const title = r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const loadRows = r.load.tables.reduce((s, t) => s + t.rows, 0);
  const loadTable = [
    '| table | rows | seconds | rows/s |',
    '| --- | ---: | ---: | ---: |',
    ...r.load.tables.map(
      (t) => `| ${t.table} | ${n(t.rows)} | ${(t.ms / 1000).toFixed(1)} | ${n(Math.round(t.rows / (t.ms / 1000)))} |`,
    ),
    `| **all** | **${n(loadRows)}** | **${(r.load.copyMs / 1000).toFixed(1)}** | **${n(Math.round(loadRows / (r.load.copyMs / 1000)))}** |`,
  ].join('\n');
  const mix = r.statusMix.map((m) => `${m.status} ${((100 * m.count) / r.orders).toFixed(1)}%`).join(', ');
  const settings = Object.entries(r.settings)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const plans = r.results
    .flatMap((s) => s.plans.map((p) => `### ${s.label}: ${p.label}\n\n\`\`\`text\n${p.plan}\n\`\`\``))
    .join('\n\n');
  return `# Orders benchmark: ${title}, ${n(r.orders)} orders

Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.totalSeconds.toFixed(0)} s in all.

- **Machine:** ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB memory; ${r.machine.os}.
- **Code:** commit ${r.code.commit}${r.code.uncommitted.length ? ` plus uncommitted changes to ${r.code.uncommitted.map((f) => `\`${f}\``).join(', ')}` : ''}; schema up to migration \`${r.code.lastMigration}\`.
- **Software:** Node ${r.machine.node}; ${r.serverVersion}${settings ? ` (${settings})` : ''}.
- **Dataset:** ${n(r.orders)} orders over ${r.tenants} tenants (seed ${r.seed}, ${r.days} days to ${r.end}; order dates ${r.dateRange[0].slice(0, 10)} to ${r.dateRange[1].slice(0, 10)}). Status mix: ${mix}. Database ${r.databaseSize}, of which \`orders\` with its indexes ${r.ordersSize}.
- **Measured tenant:** ${r.tenantName}, the biggest: ${n(r.tenantOrders)} orders (${n(r.tenantVisible)} not deleted, ${n(Math.ceil(r.tenantVisible / r.size))} pages of ${r.size}).${r.depth < r.requestedDepth ? ` The deep page is the tenant's last page, ${n(r.depth)}: it has fewer than ${n(r.requestedDepth)}.` : ''}
- **Load:** ${r.load.method}; migrations ${(r.load.migrateMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(r.load.vacuumMs / 1000).toFixed(1)} s.

${loadTable}

## API beside bare SQL (ms; ${r.iterations} sequential requests of each column, in blocks of ${r.block} (API, SQL, page statement, request SQL, block after block) after ${r.warmup} warm-up rounds; load average ${r.loadAverage[0].toFixed(1)} at the start, ${r.loadAverage[1].toFixed(1)} at the end)

${scenarioTable(r)}

API is a request through node:http on a kept-alive loopback connection, body read to the end. The floor under it: an
empty request (\`GET /healthz\`: HTTP and Fastify, no token, no database) answers in p50 ${ms(r.floor.p50)} / p99
${ms(r.floor.p99)} ms (with \`fetch\` as the client instead: p50 ${ms(r.fetchFloor.p50)} / p99 ${ms(r.fetchFloor.p99)} ms). SQL
is the bare SQL of the same query: the statements that read what the answer holds, one at a time, in the tenant's
context (a list: its total and tab counts, and its page; the order view: its four reads); the page statement is a
list's page query alone; request SQL is every statement of the request in its transaction, sent pipelined as the
server sends them (BEGIN, tenant context and statements together, then COMMIT).

## Targets

${targets(r)}

## Where a request's SQL time goes

${breakdown(r)}

<details><summary>Plans (EXPLAIN ANALYZE, BUFFERS) inside the tenant's context</summary>

${plans}

</details>
`;
}

/** The orders benchmark's table of current numbers in docs/PERFORMANCE.md: its header and separator. */
export const CURRENT_HEADER = [
  `| run (its detail) | measured | machine, load average | list page 1 p50 / p99 | deep page by cursor p99 | status tab p99 | searches p99 | order view p99 | dashboard p99, full / tiles | lists p99 <= ${TARGET_P99_MS} ms | deep page p99 <= page 1's | API p99 <= ${TARGET_RATIO}x bare SQL p99 (lists) | dashboard p99 <= ${DASHBOARD_TARGET_P99_MS} ms |`,
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |',
];

/** This run's row of the current numbers: the headline p99s (ms) and whether each target is met. */
export function currentRow(r: RunReport, link: string): string {
  const by = (key: string) => r.results.find((s) => s.key === key);
  const p99 = (key: string) => {
    const s = by(key);
    return s ? ms(s.api.p99) : 'n/a';
  };
  const page1 = by('page1');
  const deep = by('deep');
  const lists = r.results.filter((s) => s.list && !s.informational);
  const dashboards = [by('dashboard'), by('quick-dashboard')].filter((s) => s !== undefined);
  const worst = (values: number[]) => Math.max(...values);
  const slowest = worst(lists.map((s) => s.api.p99));
  const close = lists.filter((s) => s.api.p99 <= TARGET_RATIO * s.core.p99).length;
  const worstRatio = (q: 'p50' | 'p99') => `${worst(lists.map((s) => s.api[q] / s.core[q])).toFixed(1)}x`;
  const cells = [
    `[${databaseCell(r.serverVersion)}, ${n(r.orders)} orders](${link})`,
    measuredCell(r.date, r.code),
    machineCell(r.machine, r.loadAverage),
    page1 ? `${ms(page1.api.p50)} / ${ms(page1.api.p99)}` : 'n/a',
    `${p99('deep')} (page ${n(r.depth)}${r.depth < r.requestedDepth ? ', the last' : ''})`,
    p99('status'),
    `${p99('search-name')}, ${p99('search-number')}`,
    p99('view'),
    dashboards.map((s) => ms(s.api.p99)).join(' / '),
    `${yes(slowest <= TARGET_P99_MS)} (slowest ${ms(slowest)})`,
    page1 && deep ? yes(deep.api.p99 <= page1.api.p99 * DEPTH_TOLERANCE) : 'n/a',
    close === lists.length
      ? `met (worst ${worstRatio('p99')})`
      : `${yes(false)} by ${lists.length - close} of ${lists.length} (worst ${worstRatio('p99')}; worst at p50 ${worstRatio('p50')})`,
    dashboards.length > 0 ? yes(dashboards.every((s) => s.api.p99 <= DASHBOARD_TARGET_P99_MS)) : 'n/a',
  ];
  return `| ${cells.join(' | ')} |`;
}
