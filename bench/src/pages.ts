import os from 'node:os';
import { parseArgs } from 'node:util';
import type { OrderList } from '@shipdesk/contract';
import { codeState } from './bench-results.ts';
import { planDataset } from './generate.ts';
import { startListRoute, writeListReport, type ListRoute } from './list-route.ts';
import { loadPostgres } from './load.ts';
import { describeMachine } from './machine.ts';
import { postgresRunner } from './sql-side.ts';
import { ms, summarise } from './stats.ts';

/**
 * The deep-page benchmark: a typed-in page number of the order list at any depth (docs/orders.md, "Any page") at
 * 1,000,000 orders on PostgreSQL, through the real list route over loopback, for the biggest tenant: page 1, then
 * pages typed in at growing depth, and the last page, in the "all orders" list and the Sales Order tab. Target: each
 * within twice page 1. Writes bench/results/pages-<date>-<time>-postgres-<size>.md with every statement's plan.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    tenants: { type: 'string', default: '10' },
    seed: { type: 'string', default: '20251121' },
    days: { type: 'string', default: '730' },
    end: { type: 'string' },
    iterations: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '50' },
    results: { type: 'string' },
    'database-url': { type: 'string' },
    /** A database loaded by an earlier run (`--keep` of this or the search benchmark), used as it is. */
    use: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const log = (message: string) => console.log(`[pages] ${message}`);
const int = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
};

interface Case {
  key: string;
  list: string;
  label: string;
  query: { size: number; page?: number; last?: 1; hide: 0 | 1; order: 'id desc'; filters: string };
}

const pathOf = (q: Case['query']) =>
  `/api/v1/orders?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

/** Page 1, pages typed in at growing depth and the last page, of a list of `total` orders. */
function casesOf(list: string, filters: Record<string, string>, total: number): Case[] {
  const size = 10;
  const pages = Math.ceil(total / size);
  const query = { size, hide: 1 as const, order: 'id desc' as const, filters: JSON.stringify(filters) };
  const typed = [100, 5001, Math.floor(pages / 2), pages - 1]
    .filter((p, i, all) => p > 1 && all.indexOf(p) === i)
    .sort((a, b) => a - b);
  return [
    { key: `${list}-1`, list, label: 'page 1', query: { ...query, page: 1 } },
    ...typed.map((page) => ({
      key: `${list}-${page}`,
      list,
      label: `page ${page.toLocaleString('en-US')} (typed)`,
      query: { ...query, page },
    })),
    { key: `${list}-last`, list, label: `last page (${pages.toLocaleString('en-US')})`, query: { ...query, last: 1 } },
  ];
}

async function main() {
  const code = codeState();
  const orders = int('orders', args.orders);
  const iterations = int('iterations', args.iterations);
  const warmup = int('warmup', args.warmup);
  const today = new Date();
  const end = args.end
    ? new Date(`${args.end}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const started = performance.now();
  const ds = planDataset({
    orders,
    tenants: int('tenants', args.tenants),
    seed: int('seed', args.seed),
    end,
    days: int('days', args.days),
  });
  const loaded = args.use ? null : await loadPostgres(ds, adminUrl, log);
  const databaseUrl = args.use ?? loaded!.databaseUrl!;
  const runner = postgresRunner(databaseUrl);
  let route: ListRoute | null = null;
  try {
    const query = async (text: string, params: unknown[] = []) => (await runner.query(text, params)).rows;
    const [[biggest, tenantOrders]] = (await query(
      'SELECT tenant_id, count(*)::int FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    )) as [[string, number]];
    const tenant = ds.tenants.find((t) => t.id === biggest) ?? ds.tenants[0]!;
    const [[serverVersion]] = (await query('SELECT version()')) as [[string]];
    route = await startListRoute({ databaseUrl, runner, tenantId: biggest, user: tenant.users[0]! });
    const get = async (c: Case) => {
      const res = await route!.get(pathOf(c.query));
      if (res.status !== 200) throw new Error(`${c.key}: ${res.status} ${res.body.slice(0, 300)}`);
      return (JSON.parse(res.body) as { data: OrderList }).data;
    };
    const totals = async (filters: Record<string, string>) =>
      (
        await get({
          key: 'total',
          list: '',
          label: '',
          query: { size: 10, page: 1, hide: 1, order: 'id desc', filters: JSON.stringify(filters) },
        })
      ).total;
    const cases = [
      ...casesOf('All orders', {}, await totals({})),
      ...casesOf('Sales Order tab', { orderStatus: 'eq@Sales Order' }, await totals({ orderStatus: 'eq@Sales Order' })),
    ];
    log(`biggest tenant ${tenant.name}: ${tenantOrders.toLocaleString('en-US')} orders; ${cases.length} pages`);

    // Each page once, checked: a full page of rows, numbered as asked.
    for (const c of cases) {
      const list = await get(c);
      if (list.rows.length === 0) throw new Error(`${c.key}: no rows`);
      if (c.query.page && list.page !== c.query.page) throw new Error(`${c.key}: answered page ${list.page}`);
    }
    for (let i = 0; i < warmup; i++) for (const c of cases) await get(c);
    const samples = new Map<string, number[]>(cases.map((c) => [c.key, []]));
    const loadBefore = os.loadavg()[0]!;
    for (let round = 0; round < iterations / 10; round++) {
      for (const c of cases) {
        for (let i = 0; i < 10; i++) {
          const t0 = performance.now();
          await get(c);
          samples.get(c.key)!.push(performance.now() - t0);
        }
      }
    }
    const loadAfter = os.loadavg()[0]!;
    const plans = new Map<string, string[]>();
    for (const c of cases) plans.set(c.key, await route.plans(c.query));

    const stats = new Map(cases.map((c) => [c.key, summarise(samples.get(c.key)!)]));
    const first = (c: Case) => stats.get(`${c.list}-1`)!;
    const ratio = (c: Case, key: 'p50' | 'p99') => stats.get(c.key)![key] / first(c)[key];
    const deep = cases.filter((c) => c.query.page !== 1);
    const worst = Math.max(...deep.map((c) => ratio(c, 'p50')));
    const table = [
      '| list | page | p50 ms | p95 ms | p99 ms | max ms | p50 / page 1 | p99 / page 1 |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...cases.map((c) => {
        const s = stats.get(c.key)!;
        const r = c.query.page === 1 ? '' : `${ratio(c, 'p50').toFixed(2)} | ${ratio(c, 'p99').toFixed(2)}`;
        return `| ${c.list} | ${c.label} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${r || ' | '} |`;
      }),
    ].join('\n');
    const machine = describeMachine();
    const date = new Date().toISOString();
    const detail = `# Deep-page benchmark: PostgreSQL, ${orders.toLocaleString('en-US')} orders

Run ${date.slice(0, 16).replace('T', ' ')} UTC, ${((performance.now() - started) / 1000).toFixed(0)} s in all (\`bench/src/pages.ts\`).

- **Machine:** ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}.
- **Load average (1 min):** ${loadBefore.toFixed(2)} before the timed requests, ${loadAfter.toFixed(2)} after.
- **Code:** commit ${code.commit}${code.uncommitted.length ? `, with uncommitted changes to ${code.uncommitted.join(', ')}` : ''}; last migration ${code.lastMigration}.
- **Database:** ${serverVersion}.
- **Data:** ${orders.toLocaleString('en-US')} orders over ${ds.tenants.length} tenants (seed ${ds.options.seed}); the biggest tenant, ${tenant.name}, has ${tenantOrders.toLocaleString('en-US')} and is the one listed.
- **Method:** \`GET /api/v1/orders?size=10&page=N&hide=1&order=id desc\` (and \`last=1\` for the last page) over a kept-alive loopback connection (node:http), body read to the end; ${warmup} warm-up rounds of every page, then ${iterations} requests of each, in rounds of 10 per page.

## Latency (target: a typed page within 2x page 1; worst p50 ratio ${worst.toFixed(2)}: ${worst <= 2 ? 'met' : '**missed**'})

${table}

## Statements and plans

${cases
  .map(
    (c) =>
      `### ${c.list}, ${c.label}\n\n${plans
        .get(c.key)!
        .map((p) => `\`\`\`text\n${p}\n\`\`\``)
        .join('\n\n')}`,
  )
  .join('\n\n')}
`;
    console.log(`\n${table}\n`);
    log(`detail written to ${await writeListReport('pages', date, orders, detail, args.results)}`);
  } finally {
    await route?.close();
    await runner.close();
    if (loaded && !args.keep) await loaded.drop();
    else if (loaded) log(`kept ${loaded.databaseUrl} (use it again with --use)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
