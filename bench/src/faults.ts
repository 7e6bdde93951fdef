import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { startFaultProxy, type FaultCounts, type Faults } from './fault-proxy.ts';
import { describeMachine } from './machine.ts';
import { postgresOwner } from './pull-copy.ts';
import { freshTarget, startShop } from './pull-harness.ts';
import { labelScenario, type LabelOutcome } from './faults-labels.ts';

/**
 * The fault benchmark: a store pull from the fake Shopify through a proxy that holds answers back, cuts connections
 * in the middle of an answer and resets them (fault-proxy.ts), on PostgreSQL. For each kind of fault: the pull
 * completes or fails visibly (its run says so, with the error), what it stored is whole (every order with its lines
 * and shipping address) and never twice; then the same pull without faults brings every order, still once each.
 * Writes bench/results/faults-<date>-<time>.md (docs/RELIABILITY.md).
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '2000' },
    /** Orders of the label batch scenarios (0: none). */
    labels: { type: 'string', default: '200' },
    'database-url': { type: 'string' },
    results: { type: 'string' },
    seed: { type: 'string', default: '7' },
  },
});

const log = (message: string) => console.log(`[faults] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SCENARIOS: Array<{ name: string; faults: Faults }> = [
  { name: 'every answer held back 50-400 ms', faults: { delayMs: [50, 400] } },
  { name: 'one request in 4 cut mid-answer', faults: { cutRate: 0.25 } },
  { name: 'one request in 4 reset', faults: { resetRate: 0.25 } },
  { name: 'all three at once', faults: { delayMs: [0, 200], cutRate: 0.15, resetRate: 0.15 } },
  { name: 'every request reset (the shop unreachable)', faults: { resetRate: 1 } },
];

interface Outcome {
  scenario: string;
  faulty: { state: string; ordersNew: number; error: string | null; seconds: number };
  counts: FaultCounts;
  after: { state: string; ordersNew: number };
  stored: number;
  distinct: number;
  incomplete: number;
}

interface RunRow {
  state: string;
  orders_new: number;
  error: string | null;
  seconds: string | null;
}

async function scenario(name: string, faults: Faults, orders: number, adminUrl: string): Promise<Outcome> {
  const shop = await startShop(orders, Number(args.seed));
  const proxy = await startFaultProxy(shop.url, Number(args.seed));
  const target = await freshTarget('postgres', adminUrl, 'faults');
  const idp = await fakeIdentityProvider();
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      host: '127.0.0.1',
      port: 0,
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      secretsKey: randomBytes(32).toString('base64'),
      oidcIssuer: FAKE_ISSUER,
      oidcAudience: FAKE_AUDIENCE,
      webDist: join(target.dataDir, 'no-web-build'),
      rateLimitMax: 1_000_000_000,
      jobs: true,
      demo: false,
      outboundAllowHosts: [new URL(proxy.url).host],
    },
    jwks: idp.jwks,
    logger: false,
  });
  const owner = await postgresOwner(target.databaseUrl!);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await mintAccessToken({ tenantId: randomUUID(), roleId: Role.Admin, expiresIn: 3600 });
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
      name: 'Fault bench shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'fault-bench.myshopify.com', apiBaseUrl: proxy.url },
      credentials: { accessToken: shop.accessToken },
    });
    const pull = async (): Promise<RunRow> => {
      const run = await api('GET', `/call/store/${String(store.id)}/pullOrders`);
      for (;;) {
        const [row] = await owner.rows<RunRow>(
          `SELECT state, orders_new, error, extract(epoch FROM finished_at - queued_at) AS seconds
           FROM sync_runs WHERE id = $1`,
          [Number(run.id)],
        );
        if (row && row.state !== 'queued' && row.state !== 'running') return row;
        await sleep(100);
      }
    };

    proxy.set(faults);
    log(`${name}: pulling ${orders} orders through the faults`);
    const faulty = await pull();
    const counts = { ...proxy.counts };
    log(`  ${faulty.state}, ${faulty.orders_new} new${faulty.error ? `: ${faulty.error.slice(0, 120)}` : ''}`);
    proxy.set({});
    const after = await pull();
    log(`  then without faults: ${after.state}, ${after.orders_new} new`);
    const [stored] = await owner.rows<{ n: string; ids: string; incomplete: string }>(
      `SELECT count(*) AS n, count(DISTINCT (store_id, external_id)) AS ids,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
                                  OR NOT EXISTS (SELECT 1 FROM order_addresses a
                                                 WHERE a.order_id = o.id AND a.type = 'shipping')) AS incomplete
       FROM orders o`,
    );
    return {
      scenario: name,
      faulty: {
        state: faulty.state,
        ordersNew: faulty.orders_new,
        error: faulty.error,
        seconds: Number(faulty.seconds ?? 0),
      },
      counts,
      after: { state: after.state, ordersNew: after.orders_new },
      stored: Number(stored!.n),
      distinct: Number(stored!.ids),
      incomplete: Number(stored!.incomplete),
    };
  } finally {
    await app.close().catch(() => undefined);
    await owner.close();
    await proxy.close();
    await shop.close();
    await target.drop();
  }
}

async function main() {
  const orders = Number(args.orders);
  if (!Number.isInteger(orders) || orders < 1) throw new Error(`--orders must be a positive integer`);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const code = codeState();
  const outcomes: Outcome[] = [];
  for (const { name, faults } of SCENARIOS) outcomes.push(await scenario(name, faults, orders, adminUrl));
  const labelOrders = Number(args.labels);
  const labelOutcomes: LabelOutcome[] = [];
  for (const { name, faults } of labelOrders > 0 ? SCENARIOS : []) {
    log(`${name}: a batch of ${labelOrders} labels through the faults`);
    labelOutcomes.push(await labelScenario(name, faults, labelOrders, adminUrl, Number(args.seed)));
    const last = labelOutcomes.at(-1)!;
    log(`  items ${JSON.stringify(last.items)}, ${last.retried} bought again, ${last.sold} sold by USPS`);
    for (const r of last.reasons) log(`    ${r.batch}: ${r.count} x ${r.message}`);
  }
  const labelTable = [
    '| faults | connections; answer chunks held back / requests cut / reset | batch items | unconfirmed, settled by asking USPS | bought again after | active labels (orders with two / none) | sold by USPS | held |',
    '| --- | --- | --- | ---: | ---: | --- | ---: | --- |',
    ...labelOutcomes.map(
      (o) =>
        `| ${o.scenario} | ${o.counts.connections}: ${o.counts.delayed} / ${o.counts.cut} / ${o.counts.reset} | ${Object.entries(
          o.items,
        )
          .map(([status, n]) => `${n} ${status}`)
          .join(
            ', ',
          )}${o.failedWithoutReason ? ` (${o.failedWithoutReason} failed without a reason)` : ''} | ${o.settled} | ${o.retried} | ${o.activeLabels} (${o.ordersWithTwo} / ${o.ordersWithout}) | ${o.sold} | ${o.held ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');

  const held = (o: Outcome) =>
    o.stored === orders &&
    o.distinct === orders &&
    o.incomplete === 0 &&
    o.after.state === 'succeeded' &&
    (o.faulty.state === 'succeeded' || (o.faulty.state === 'failed' && Boolean(o.faulty.error)));
  const table = [
    '| faults | connections; answer chunks held back / requests cut / reset | pull under faults | then without | orders stored (distinct) | incomplete | held |',
    '| --- | --- | --- | --- | ---: | ---: | --- |',
    ...outcomes.map(
      (o) =>
        `| ${o.scenario} | ${o.counts.connections}: ${o.counts.delayed} / ${o.counts.cut} / ${o.counts.reset} | ${o.faulty.state}, ${o.faulty.ordersNew} new in ${o.faulty.seconds.toFixed(1)} s${o.faulty.error ? ` ("${o.faulty.error.slice(0, 80).replace(/\|/g, '/')}")` : ''} | ${o.after.state}, ${o.after.ordersNew} new | ${o.stored} (${o.distinct}) | ${o.incomplete} | ${held(o) ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
  const machine = describeMachine();
  const date = new Date().toISOString();
  const text = `# Fault benchmark: a store pull through a misbehaving network, PostgreSQL

Run ${date.slice(0, 16).replace('T', ' ')} UTC (\`bench/src/faults.ts\`), ${orders.toLocaleString('en-US')} orders from the fake Shopify per scenario, each on a fresh database.

- **Machine:** ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}.
- **Code:** commit ${code.commit}${code.uncommitted.length ? ` with ${code.uncommitted.length} uncommitted files` : ''}; last migration ${code.lastMigration}.
- **Held** means: the pull under faults ended succeeded, or failed with its error recorded; the pull after it, without faults, succeeded; every order is stored once, with its lines and shipping address.

## A store pull

${table}

## A label batch (${labelOrders.toLocaleString('en-US')} paid orders, the fake USPS behind the proxy)

**Held** means: every order ends with exactly one active label (the batch under faults, then the orders it left
without one bought again without faults), every failed item says why, and USPS sold as many labels as are kept.

${labelOutcomes.length ? labelTable : 'Not run (`--labels 0`).'}
`;
  console.log(`\n${table}\n\n${labelTable}\n`);
  log(`written to ${await writeResultFile(`faults-${fileMinute(date)}`, text, args.results, log)}`);
  if (!outcomes.every(held) || !labelOutcomes.every((o) => o.held)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
