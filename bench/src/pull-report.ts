import { ORDERS_PER_PAGE } from '../../apps/server/src/integrations/channels/shopify/shopify-adapter.ts';
import { ORDERS_PER_QUERY } from '../../apps/server/src/integrations/channels/shopify/shopify-queries.ts';
import { databaseCell, machineCell, measuredCell } from './bench-results.ts';
import type { Machine } from './machine.ts';
import type { TableCopy } from './pull-copy.ts';

export const TARGET_ORDERS_PER_SECOND = 5_000;

export interface PullReport {
  kind: 'postgres' | 'pglite';
  orders: number;
  /** Rules of the all-stores rule set every pulled order ran (0: none). */
  rules: number;
  /** With rules: the dry-run of the same set over the last orders, each time in milliseconds. */
  dryRun: { orders: number; ms: number[] } | null;
  machine: Machine;
  date: string;
  code: { commit: string; uncommitted: string[]; lastMigration: string };
  serverVersion: string;
  /** 1-minute load average before the pull, after it, after the COPY. */
  loadAverage: [number, number, number];
  pull: {
    /** From sending GET pullOrders to seeing the run succeeded (polled every 100 ms). */
    ms: number;
    /** The run's own queued_at -> finished_at (database clock). */
    runMs: number;
    pages: number;
    requests: number;
    /** Sum of the adapter's listOrders calls (the fake's answers, parsing and mapping). */
    fetchMs: number;
    fetchCalls: number;
    /** Sum of the engine's withTenant transactions (claim, each page's upsert and cursor commit, finish). */
    databaseMs: number;
    databaseCalls: number;
    /** CPU seconds over the pull of the server's thread and of the fake shop's thread. */
    serverCpuSeconds: number;
    shopCpuSeconds: number;
    /** CPU seconds of the PostgreSQL backends serving the server (null: PGlite, or a server on another machine). */
    databaseCpuSeconds: number | null;
    rows: Array<{ table: string; rows: number }>;
  };
  /** The list query's average cost on the fake (Shopify's formula), sampled after the pull. */
  cost: { requested: number; actual: number };
  copy: { method: string; tables: TableCopy[]; ms: number; megabytes: number; databaseCpuSeconds: number | null };
  totalSeconds: number;
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const s = (ms: number) => (ms / 1000).toFixed(1);
const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

/** How long the bucket takes to let every order through at a restore rate (points/s). */
function hours(r: PullReport, restoreRate: number): string {
  const seconds = (Math.ceil(r.orders / ORDERS_PER_QUERY) * r.cost.actual) / restoreRate;
  return seconds >= 2 * 3600 ? `${(seconds / 3600).toFixed(1)} hours` : `${Math.round(seconds / 60)} minutes`;
}

/** Whether the pull had the machine's cores to itself: the CPU its three parties used against what the cores offer. */
function cpuNote(r: PullReport): string {
  const used = r.pull.serverCpuSeconds + r.pull.shopCpuSeconds + (r.pull.databaseCpuSeconds ?? 0);
  const offered = (r.machine.cores * r.pull.ms) / 1000;
  const parties =
    r.pull.databaseCpuSeconds !== null ? 'The server, the fake shop and PostgreSQL' : 'The server and the fake shop';
  return (
    `${parties} used ${used.toFixed(1)} CPU seconds in the pull's ${s(r.pull.ms)} s, ${pct(used, offered)} of what ` +
    `${r.machine.cores} cores offer in that time; the rest went to other work on the machine (load average above) ` +
    'or to waiting on each other.'
  );
}

/** The parts of the pull, each against the pull's time; CPU rows where they can be measured. */
function timeSplit(r: PullReport): string {
  const share = (ms: number) => pct(ms, r.pull.ms);
  const lines = [
    '| part | seconds | share of the pull |',
    '| --- | ---: | ---: |',
    `| reading pages: \`listOrders\`, ${n(r.pull.fetchCalls)} calls of ~${Math.round(r.pull.requests / r.pull.fetchCalls)} GraphQL requests each (the fake's answer, parsing, mapping) | ${s(r.pull.fetchMs)} | ${share(r.pull.fetchMs)} |`,
    `| writing pages: \`withTenant\` transactions, ${n(r.pull.databaseCalls)} (each page's upsert with its cursor; claim, heartbeats, finish) | ${s(r.pull.databaseMs)} | ${share(r.pull.databaseMs)} |`,
    `| CPU of the server's thread${r.kind === 'pglite' ? ' (PGlite runs on it)' : ''} | ${r.pull.serverCpuSeconds.toFixed(1)} | ${share(r.pull.serverCpuSeconds * 1000)} |`,
    `| CPU of the fake Shopify's thread | ${r.pull.shopCpuSeconds.toFixed(1)} | ${share(r.pull.shopCpuSeconds * 1000)} |`,
  ];
  if (r.pull.databaseCpuSeconds !== null) {
    lines.push(
      `| CPU of the PostgreSQL backends serving the server | ${r.pull.databaseCpuSeconds.toFixed(1)} | ${share(r.pull.databaseCpuSeconds * 1000)} |`,
    );
  }
  if (r.copy.databaseCpuSeconds !== null) {
    lines.push(
      `| (for comparison: CPU of the COPY's backend, over the COPY's ${s(r.copy.ms)} s) | ${r.copy.databaseCpuSeconds.toFixed(1)} | |`,
    );
  }
  return lines.join('\n');
}

function title(kind: PullReport['kind']): string {
  return kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
}

export function renderPull(r: PullReport): string {
  const rows = r.pull.rows.reduce((sum, t) => sum + t.rows, 0);
  const pullRate = r.orders / (r.pull.ms / 1000);
  const copyRate = r.orders / (r.copy.ms / 1000);
  const verdict =
    r.kind === 'postgres'
      ? `**Target >= ${n(TARGET_ORDERS_PER_SECOND)} orders/s on PostgreSQL: ${pullRate >= TARGET_ORDERS_PER_SECOND ? 'met' : 'missed'}** (${n(pullRate)} orders/s).`
      : `The target (>= ${n(TARGET_ORDERS_PER_SECOND)} orders/s) is PostgreSQL's; PGlite is shown beside it: ${n(pullRate)} orders/s.`;
  const copyByTable = new Map(r.copy.tables.map((t) => [t.table, t]));
  const tableRows = r.pull.rows.map((t) => {
    const c = copyByTable.get(t.table);
    return `| ${t.table} | ${n(t.rows)} | ${n(t.rows / (r.pull.ms / 1000))} | ${c ? s(c.ms) : ''} | ${c ? n(c.rows / (c.ms / 1000)) : ''} |`;
  });
  const withRules = r.rules > 0 ? ` --rules ${r.rules}` : '';
  return `# Pull benchmark: ${title(r.kind)}, ${n(r.orders)} orders${r.rules > 0 ? `, a ${r.rules}-rule set` : ''}

Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.totalSeconds.toFixed(0)} s in all (\`npm run bench:pull -w bench -- --orders ${r.orders} --db ${r.kind}${withRules}\`).${r.rules > 0 ? ` Every order ran a shipping rule set of ${r.rules} rules (\`bench/src/pull-rules.ts\`) before it was stored; its applications and timeline rows are part of the pull's writes, not of the COPY.` : ''}${r.dryRun ? ` After the pull, the editor's dry-run of the same set over the last ${n(r.dryRun.orders)} orders answered in ${r.dryRun.ms.map((ms) => n(ms)).join(', ')} ms (target <= 2,000 ms).` : ''}

- **Machine:** ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB memory; ${r.machine.os}. 1-minute load average ${r.loadAverage[0].toFixed(1)} before the pull, ${r.loadAverage[1].toFixed(1)} after it, ${r.loadAverage[2].toFixed(1)} after the COPY (other work on the machine slows both sides).
- **Code:** commit ${r.code.commit}${r.code.uncommitted.length ? ` plus uncommitted changes to ${r.code.uncommitted.map((f) => `\`${f}\``).join(', ')}` : ''}; schema up to migration \`${r.code.lastMigration}\`.
- **Software:** Node ${r.machine.node}; ${r.serverVersion}.
- **Pull:** the real server (\`buildApp\`, in-process sync, the real Shopify adapter) on a fresh database, listening on loopback; a tenant provisioned and a Shopify store created through the API, \`GET /call/store/{id}/pullOrders\` timed until the run is \`succeeded\`. The fake Shopify (\`startFakeShopify({ orders: ${r.orders}, costLimit: null })\`: no throttling) runs in a worker thread of the bench process and answered ${n(r.pull.requests)} GraphQL requests; the engine wrote ${n(r.pull.pages)} pages.
- **COPY:** the same rows taken out of the pulled database and loaded into a second fresh database with the server's migrations, as the owner: ${r.copy.method}; ${r.copy.megabytes.toFixed(0)} MB of COPY text, one table at a time, parents first (triggers and indexes as in the pull).

| | seconds | orders/s | rows/s |
| --- | ---: | ---: | ---: |
| pull, end to end (the run itself, queued to finished: ${s(r.pull.runMs)} s) | ${s(r.pull.ms)} | ${n(pullRate)} | ${n(rows / (r.pull.ms / 1000))} |
| bare COPY of the same rows | ${s(r.copy.ms)} | ${n(copyRate)} | ${n(rows / (r.copy.ms / 1000))} |
| **pull / COPY** | **${(r.pull.ms / r.copy.ms).toFixed(1)}x the time** | **${pct(pullRate, copyRate)} of COPY's rate** | |

${verdict}

| table | rows written by the pull | per second of the pull | COPY seconds | COPY rows/s |
| --- | ---: | ---: | ---: | ---: |
${tableRows.join('\n')}
| **all** | **${n(rows)}** | **${n(rows / (r.pull.ms / 1000))}** | **${s(r.copy.ms)}** | **${n(rows / (r.copy.ms / 1000))}** |

Where the pull's time goes. The engine asks for the next page while it writes the current one, so reading and
writing overlap and the pull takes about as long as the longer of the two; the database's own statistics are kept up
by \`ANALYZE\` of the referenced order tables after the first page and each time the tables have doubled until they
count 10,000 orders, then once after the run (not timed: the run is reported finished before it).

${timeSplit(r)}

${cpuNote(r)}

**Shopify's query cost limit.** Shopify refuses any single GraphQL query whose requested cost exceeds 1,000 points, and one order as the adapter selects it (money bags, addresses, customer, shipping line and its first 5 lines) costs 52, so a query takes ${ORDERS_PER_QUERY} orders (\`ORDERS_PER_QUERY\` in \`apps/server/src/integrations/channels/shopify/shopify-queries.ts\`) and a page of up to ${ORDERS_PER_PAGE} orders (\`ORDERS_PER_PAGE\` in \`shopify-adapter.ts\` beside it, one transaction of the engine) is ${Math.floor(ORDERS_PER_PAGE / ORDERS_PER_QUERY)} chained requests, each needing the cursor of the one before: ${n(r.orders)} orders are ~${n(Math.ceil(r.orders / ORDERS_PER_QUERY))} requests (plus one for the rest of the lines of each order with more than 5). Over loopback with no throttling, that many round trips, each answer parsed and mapped, are the pull's reading time. Against the real Shopify the leaky bucket sets the pace instead: a list query requests ${n(r.cost.requested)} points and costs ${n(r.cost.actual)} on average once answered (the fake's figures, by Shopify's formula), so a Standard shop's 100 points/s restore rate lets ~${((ORDERS_PER_QUERY * 100) / r.cost.actual).toFixed(1)} orders/s through: ${n(r.orders)} orders take ~${hours(r, 100)} there and ~${hours(r, 1000)} on Plus (1,000 points/s), whatever our side does.
`;
}

/** The pull benchmark's table of current numbers in docs/PERFORMANCE.md: its header and separator. */
export const CURRENT_HEADER = [
  `| run (its detail) | measured | machine, load average | pull, orders/s (seconds) | bare COPY of the same rows, orders/s | pull / COPY, time | pull >= ${n(TARGET_ORDERS_PER_SECOND)} orders/s on PostgreSQL |`,
  '| --- | --- | --- | ---: | ---: | ---: | --- |',
];

/** This run's row of the current numbers. */
export function currentRow(r: PullReport, link: string): string {
  const pullRate = r.orders / (r.pull.ms / 1000);
  const cells = [
    `[${databaseCell(r.serverVersion)}, ${n(r.orders)} orders${r.rules > 0 ? `, ${r.rules} rules` : ''}](${link})`,
    measuredCell(r.date, r.code),
    machineCell(r.machine, r.loadAverage),
    `${n(pullRate)} (${s(r.pull.ms)} s)`,
    n(r.orders / (r.copy.ms / 1000)),
    `${(r.pull.ms / r.copy.ms).toFixed(1)}x`,
    r.kind === 'postgres' ? (pullRate >= TARGET_ORDERS_PER_SECOND ? 'met' : '**missed**') : "not PGlite's target",
  ];
  return `| ${cells.join(' | ')} |`;
}
