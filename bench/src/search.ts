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
 * The search benchmark: the order list's search by words (docs/orders.md, "Search") at 1,000,000 orders on
 * PostgreSQL, through the real list route over loopback (HTTP, token, validation, the counts and the page), for the
 * searches a seller types: a last name, a city, a postal code, an order number, a SKU prefix, a tracking number and
 * two words. The terms are read from the generated data of the biggest tenant. Writes
 * bench/results/search-<date>-<time>-postgres-<size>.md with every statement's plan, and prints the table.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    tenants: { type: 'string', default: '10' },
    seed: { type: 'string', default: '20251121' },
    days: { type: 'string', default: '730' },
    end: { type: 'string' },
    iterations: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '100' },
    results: { type: 'string' },
    'database-url': { type: 'string' },
    /** A database loaded by an earlier run (`--keep`), used as it is. */
    use: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const SEARCH_TARGET_P99_MS = 10;
const log = (message: string) => console.log(`[search] ${message}`);
const int = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
};

interface Term {
  key: string;
  label: string;
  text: string;
}

/** What a seller would type, taken from the tenant's orders (as the owner: no row-level security). */
async function pickTerms(query: (text: string, params: unknown[]) => Promise<unknown[][]>, tenantId: string) {
  const one = async (text: string) => (await query(text, [tenantId]))[0] ?? [];
  const [name, city, postal] = await one(
    `SELECT o.customer_name, a.city, a.postal_code FROM orders o
       JOIN order_addresses a ON a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping'
     WHERE o.tenant_id = $1 AND o.customer_email NOT LIKE '%@marketplace.amazon.com'
     ORDER BY o.id DESC OFFSET 50 LIMIT 1`,
  );
  const [number] = await one(
    `SELECT order_number FROM orders WHERE tenant_id = $1 ORDER BY id DESC OFFSET 500 LIMIT 1`,
  );
  const [sku] = await one(`SELECT sku FROM order_lines WHERE tenant_id = $1 ORDER BY id DESC OFFSET 700 LIMIT 1`);
  const [tracking] = await one(
    `SELECT tracking_number FROM deliveries WHERE tenant_id = $1 AND tracking_number IS NOT NULL
     ORDER BY id DESC OFFSET 300 LIMIT 1`,
  );
  const [first = '', last = ''] = String(name).split(' ');
  const terms: Term[] = [
    { key: 'last-name', label: 'a last name', text: last },
    { key: 'city', label: 'a city', text: String(city) },
    { key: 'postal-code', label: 'a postal code', text: String(postal) },
    { key: 'order-number', label: 'an order number', text: String(number) },
    { key: 'sku-prefix', label: 'a SKU prefix', text: String(sku).slice(0, -1) },
    { key: 'tracking', label: 'a tracking number', text: String(tracking) },
    { key: 'two-words', label: 'two words (first and last name)', text: `${first} ${last}` },
  ];
  return terms;
}

const listPath = (text: string) =>
  `/api/v1/orders?${new URLSearchParams({ size: '10', page: '1', hide: '0', filters: JSON.stringify({ search: text }), order: 'id desc' })}`;

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
    const terms = await pickTerms(query, biggest);
    const [[serverVersion]] = (await query('SELECT version()')) as [[string]];
    log(`biggest tenant ${tenant.name}: ${tenantOrders.toLocaleString('en-US')} orders`);
    route = await startListRoute({ databaseUrl, runner, tenantId: biggest, user: tenant.users[0]! });
    const get = route.get;

    // Each term once, checked: it finds orders, and the answer is what the service answers.
    const answers = new Map<string, OrderList>();
    for (const term of terms) {
      const res = await get(listPath(term.text));
      if (res.status !== 200) throw new Error(`${term.text}: ${res.status} ${res.body.slice(0, 300)}`);
      const list = (JSON.parse(res.body) as { data: OrderList }).data;
      if (list.rows.length === 0) throw new Error(`"${term.text}" (${term.label}) found nothing`);
      answers.set(term.key, list);
      log(
        `${term.label}: "${term.text}", ${list.total.toLocaleString('en-US')}${list.totalIsEstimate ? ' (estimated)' : ''} orders`,
      );
    }

    // Warm-up, then the terms in turn, 10 requests each per round, so that a burst of other work lands on all alike.
    for (let i = 0; i < warmup; i++) for (const term of terms) await get(listPath(term.text));
    const samples = new Map<string, number[]>(terms.map((t) => [t.key, []]));
    const loadBefore = os.loadavg()[0]!;
    for (let round = 0; round < iterations / 10; round++) {
      for (const term of terms) {
        for (let i = 0; i < 10; i++) {
          const t0 = performance.now();
          await get(listPath(term.text));
          samples.get(term.key)!.push(performance.now() - t0);
        }
      }
    }
    const loadAfter = os.loadavg()[0]!;

    // The statements each search runs, recorded from the server's service, with their plans.
    const plans = new Map<string, string[]>();
    for (const term of terms) {
      const filters = JSON.stringify({ search: term.text });
      plans.set(term.key, await route.plans({ size: 10, page: 1, hide: 0, order: 'id desc', filters }));
    }

    const results = terms.map((term) => ({
      term,
      stats: summarise(samples.get(term.key)!),
      list: answers.get(term.key)!,
    }));
    const machine = describeMachine();
    const date = new Date().toISOString();
    const worst = Math.max(...results.map((r) => r.stats.p99));
    const table = [
      '| search | typed | orders found | p50 ms | p95 ms | p99 ms | max ms |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(
        ({ term, stats: s, list }) =>
          `| ${term.label} | \`${term.text}\` | ${list.total.toLocaleString('en-US')}${list.totalIsEstimate ? ' (estimate)' : ''} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`,
      ),
    ].join('\n');
    const detail = `# Search benchmark: PostgreSQL, ${orders.toLocaleString('en-US')} orders

Run ${date.slice(0, 16).replace('T', ' ')} UTC, ${((performance.now() - started) / 1000).toFixed(0)} s in all (\`bench/src/search.ts\`).

- **Machine:** ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}.
- **Load average (1 min):** ${loadBefore.toFixed(2)} before the timed requests, ${loadAfter.toFixed(2)} after.
- **Code:** commit ${code.commit}${code.uncommitted.length ? `, with uncommitted changes to ${code.uncommitted.join(', ')}` : ''}; last migration ${code.lastMigration}.
- **Database:** ${serverVersion}.
- **Data:** ${orders.toLocaleString('en-US')} orders over ${ds.tenants.length} tenants (seed ${ds.options.seed}); the biggest tenant, ${tenant.name}, has ${tenantOrders.toLocaleString('en-US')} and is the one searched.
- **Method:** \`GET /api/v1/orders?size=10&page=1&hide=0&filters={"search":...}&order=id desc\` over a kept-alive loopback connection (node:http), body read to the end; ${warmup} warm-up rounds of every search, then ${iterations} requests of each, in rounds of 10 per search.

## Latency (target: p99 <= ${SEARCH_TARGET_P99_MS} ms; slowest p99 ${ms(worst)} ms: ${worst <= SEARCH_TARGET_P99_MS ? 'met' : '**missed**'})

${table}

## Statements and plans

${results
  .map(
    ({ term }) =>
      `### ${term.label}: \`${term.text}\`\n\n${plans
        .get(term.key)!
        .map((p) => `\`\`\`text\n${p}\n\`\`\``)
        .join('\n\n')}`,
  )
  .join('\n\n')}
`;
    console.log(`\n${table}\n`);
    const file = await writeListReport('search', date, orders, detail, args.results);
    log(`detail written to ${file}`);
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
