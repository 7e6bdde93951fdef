import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DASHBOARD_PERIODS } from '@shipdesk/contract';
import { mintAccessToken } from '@shipdesk/fakes';
import { Role } from '@shipdesk/contract';
// A dev tool may reach into the server: the dashboard's own windows and the app's role read the plans as it runs them.
import { dashboardWindows } from '../../apps/server/src/features/dashboard/index.ts';
import { APP_ROLE, TENANT_SETTING } from '../../apps/server/src/db/schema/index.ts';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import { ms, summarise, type Stats } from './stats.ts';
import { cloneLabels, shipOne, startTrackingApp, type TrackingBenchApp } from './tracking-bench-app.ts';

/**
 * The dashboard's delivery tiles at scale (docs/PERFORMANCE.md, "Tracking"): one tenant with `--labels` standing
 * labels (100,000) over the last 60 days, three carrier events each (300,000), 70% delivered (one in five after the
 * promised day), 5% with an exception; `GET /call/dashboard/{period}` and `/call/quickDashboard/{period}` timed
 * through HTTP on loopback, and the tiles' two queries (`parcelCounts`) explained as the server runs them (the app's
 * role, the tenant's setting). `--compare` first drops the tiles' two indexes (migration 0030) and measures without
 * them, then makes them again and measures as migrated.
 *
 *   node bench/src/tracking-dashboard.ts [--labels 100000] [--iterations 30] [--compare]
 */

const { values: args } = parseArgs({
  options: {
    labels: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '30' },
    compare: { type: 'boolean', default: false },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    results: { type: 'string' },
  },
});
const LABELS = Number(args.labels);
const ITERATIONS = Number(args.iterations);
const log = (message: string) => console.log(`[tracking-dashboard] ${message}`);

/** The tiles' two indexes as migration 0030 makes them (dropped and made again by `--compare`). */
const TILE_INDEXES = [
  `CREATE INDEX shipping_labels_delivered_at_idx ON shipping_labels (tenant_id, parcel_status_at)
     WHERE status = 'active' AND parcel_status = 'delivered'`,
  `CREATE INDEX tracking_events_exception_at_idx ON tracking_events (tenant_id, at) WHERE status = 'exception'`,
];
const TILE_INDEX_NAMES = ['shipping_labels_delivered_at_idx', 'tracking_events_exception_at_idx'];

function get(agent: http.Agent, port: number, path: string, token: string): Promise<number> {
  return new Promise((done, fail) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      })
      .on('error', fail);
  });
}

async function seed(run: TrackingBenchApp) {
  const template = await shipOne(run, 'local', 'LOCAL_NEXT_DAY');
  const numbers = Array.from({ length: LABELS }, (_, i) => `BENCH${String(i).padStart(9, '0')}`);
  // Bought over the last 60 days; 70% delivered 1-4 days on, one in five of them after the promised day.
  const bought = `now() - make_interval(mins => ((g::bigint * 86413) % (60 * 24 * 60))::int)`;
  await cloneLabels(run, template.labelId, numbers, {
    created_at: bought,
    parcel_status: `CASE WHEN g % 10 < 7 THEN 'delivered' WHEN g % 20 = 7 THEN 'exception' ELSE 'in_transit' END`,
    parcel_status_at: `${bought} + make_interval(hours => 24 + g % 72)`,
    parcel_expected: `to_char(${bought} + interval '2 days' - CASE WHEN g % 5 = 0 THEN interval '2 days' ELSE interval '0 days' END, 'YYYY-MM-DD')`,
    parcel_next_at: `CASE WHEN g % 10 < 7 THEN NULL ELSE now() + interval '6 hours' END`,
  });
  await run.owner.query(
    `INSERT INTO tracking_events (tenant_id, label_id, key, at, status, code, description, location, source)
     SELECT l.tenant_id, l.id, 'bench-' || k, l.created_at + make_interval(hours => k * 12),
       CASE k WHEN 1 THEN 'label_created' WHEN 2 THEN 'in_transit'
         ELSE CASE l.parcel_status WHEN 'delivered' THEN 'delivered' WHEN 'exception' THEN 'exception' ELSE 'in_transit' END END,
       'E' || k, 'Bench event ' || k, 'AUSTIN TX', 'poll'
     FROM shipping_labels l, generate_series(1, 3) k WHERE l.tenant_id = $1 AND l.id <> $2`,
    [run.tenantId, template.labelId],
  );
  await run.owner.query('VACUUM (ANALYZE) shipping_labels, tracking_events');
}

async function timeRoutes(run: TrackingBenchApp, token: string) {
  const agent = new http.Agent({ keepAlive: true });
  const out: Array<{ path: string; stats: Stats }> = [];
  for (const route of ['dashboard', 'quickDashboard']) {
    for (const period of DASHBOARD_PERIODS) {
      const path = `/call/${route}/${encodeURIComponent(period)}`;
      for (let i = 0; i < 5; i++) await get(agent, run.port, path, token);
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now();
        const status = await get(agent, run.port, path, token);
        if (status !== 200) throw new Error(`${path}: ${status}`);
        samples.push(performance.now() - started);
      }
      out.push({ path, stats: summarise(samples) });
    }
  }
  agent.destroy();
  return out;
}

/** The tiles' two statements for `period`, explained inside the tenant's context as the server runs them. */
async function explain(run: TrackingBenchApp, period: (typeof DASHBOARD_PERIODS)[number]) {
  const w = dashboardWindows(period, new Date(), 'UTC');
  const p = (d: Date) => `'${d.toISOString()}'::timestamptz`;
  const both = (c: string) =>
    `${c} >= ${p(w.compared.from)} AND ${c} < ${p(w.current.to)} AND (${c} < ${p(w.compared.to)} OR ${c} >= ${p(w.current.from)})`;
  const day = `to_char(l.parcel_status_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const statements = {
    delivered: `SELECT l.parcel_status_at >= ${p(w.current.from)} AS current,
        count(*) FILTER (WHERE l.parcel_expected IS NULL OR ${day} <= l.parcel_expected) AS on_time,
        count(*) FILTER (WHERE ${day} > l.parcel_expected) AS late
      FROM shipping_labels l WHERE l.tenant_id = '${run.tenantId}' AND l.status = 'active'
        AND l.parcel_status = 'delivered' AND ${both('l.parcel_status_at')} GROUP BY 1`,
    exceptions: `SELECT e.at >= ${p(w.current.from)} AS current, count(DISTINCT e.label_id) AS n
      FROM tracking_events e WHERE e.tenant_id = '${run.tenantId}' AND e.status = 'exception'
        AND ${both('e.at')} GROUP BY 1`,
  };
  const client = await run.owner.connect();
  const plans: Record<string, string> = {};
  try {
    for (const [name, text] of Object.entries(statements)) {
      await client.query('BEGIN');
      await client.query(`SET LOCAL ROLE ${APP_ROLE}`);
      await client.query(`SELECT set_config('${TENANT_SETTING}', $1, true)`, [run.tenantId]);
      for (let i = 0; i < 3; i++) await client.query(text);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`);
      await client.query('COMMIT');
      plans[name] = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
  } finally {
    client.release();
  }
  return plans;
}

const execution = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';

async function round(run: TrackingBenchApp, token: string, name: string) {
  const routes = await timeRoutes(run, token);
  const plans: Record<string, Record<string, string>> = {};
  for (const period of DASHBOARD_PERIODS) plans[period] = await explain(run, period);
  const table = routes.map(
    (r) => `| ${r.path} | ${r.stats.n} | ${ms(r.stats.p50)} | ${ms(r.stats.p95)} | ${ms(r.stats.max)} |`,
  );
  const sqlRows = DASHBOARD_PERIODS.map(
    (period) => `| ${period} | ${execution(plans[period]!.delivered!)} | ${execution(plans[period]!.exceptions!)} |`,
  );
  return `## ${name}

| request | n | p50 ms | p95 ms | max ms |
| --- | ---: | ---: | ---: | ---: |
${table.join('\n')}

The tiles' two statements (EXPLAIN ANALYZE execution time, ms, in the tenant's context):

| period | delivered (shipping_labels) | exceptions (tracking_events) |
| --- | ---: | ---: |
${sqlRows.join('\n')}

Plans for This Month:

\`\`\`
${plans['This Month']!.delivered}

${plans['This Month']!.exceptions}
\`\`\`
`;
}

async function main() {
  const machine = describeMachine();
  const code = codeState();
  const date = new Date().toISOString();
  const loadBefore = os.loadavg();
  const run = await startTrackingApp({ adminUrl: args['database-url']!, tag: 'trackdashbench', jobs: false });
  try {
    log(`seeding ${LABELS} labels and ${LABELS * 3} events`);
    const started = performance.now();
    await seed(run);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await mintAccessToken({ tenantId: run.tenantId, roleId: Role.Admin, expiresIn: 3600 });
    const sections: string[] = [];
    if (args.compare) {
      for (const name of TILE_INDEX_NAMES) await run.owner.query(`DROP INDEX ${name}`);
      await run.owner.query('ANALYZE shipping_labels, tracking_events');
      sections.push(await round(run, token, "Without the tiles' indexes (before migration 0030)"));
      for (const statement of TILE_INDEXES) await run.owner.query(statement);
      await run.owner.query('ANALYZE shipping_labels, tracking_events');
    }
    sections.push(await round(run, token, "As migrated (with the tiles' indexes, migration 0030)"));
    const report = `# Dashboard delivery tiles benchmark, ${date.slice(0, 16).replace('T', ' ')} UTC

- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}
- 1-minute load average: ${loadBefore[0]!.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (shared machine)
- Code: commit ${code.commit}${code.uncommitted.length ? ` with ${code.uncommitted.length} uncommitted server/package files (other work in progress)` : ''}; last migration ${code.lastMigration}
- Database: ${run.postgres}, fresh, on the same machine
- Dataset: one tenant, ${LABELS} standing labels bought over 60 days, 3 events each; 70% delivered, 5% exception
- Requests: ${ITERATIONS} sequential after 5 warm-up, kept-alive loopback, Admin token

${sections.join('\n')}
${args.compare ? `The tiles' indexes:\n\n\`\`\`sql\n${TILE_INDEXES.join(';\n')};\n\`\`\`\n` : ''}`;
    console.log(report);
    const file = await writeResultFile(
      `tracking-dashboard-${fileMinute(date)}-postgres-${LABELS}`,
      report,
      args.results,
      log,
    );
    log(`written to ${file}`);
  } finally {
    await run.close();
  }
}

await main();
