import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { planDataset } from './generate.ts';
import { loadPostgres } from './load.ts';
import { describeMachine } from './machine.ts';
import { postgresOwner } from './pull-copy.ts';
import { issuer, startServer } from './load-servers.ts';

/**
 * The load benchmark (docs/RELIABILITY.md): many clients at once for a while against real server processes on one
 * PostgreSQL, on the order list and on a write (adding a note), with one instance and then two (each client bound to
 * one instance, half the clients on each, as a load balancer spreading connections would). Records errors, latency
 * percentiles and throughput, and checks every acknowledged note is stored. The load generator (autocannon), the
 * servers and PostgreSQL share this machine's cores: read the figures with that in mind.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    'database-url': { type: 'string' },
    results: { type: 'string' },
  },
});

const log = (message: string) => console.log(`[load] ${message}`);

interface Measured {
  route: string;
  instances: number;
  requests: number;
  perSecond: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

/** `connections` clients for `seconds` on `urls` (split evenly), all at once; their results added up. */
async function hammer(
  urls: string[],
  route: { label: string; method: 'GET' | 'POST'; path: string; body?: string },
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const runs = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${route.path}`,
        method: route.method,
        headers,
        body: route.body,
        connections: Math.round(connections / urls.length),
        duration: seconds,
      }),
    ),
  );
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    route: route.label,
    instances: urls.length,
    requests,
    perSecond: requests / seconds,
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    // The slower instance's percentiles (the clients of each instance are measured apart).
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    max: Math.max(...runs.map((r) => r.latency.max)),
  };
}

async function main() {
  const connections = Number(args.connections);
  const seconds = Number(args.seconds);
  const orders = Number(args.orders);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const code = codeState();
  const end = new Date();
  const ds = planDataset({ orders, tenants: 10, seed: 20251121, end, days: 730 });
  const loaded = await loadPostgres(ds, adminUrl, log);
  const databaseUrl = loaded.databaseUrl!;
  const owner = await postgresOwner(databaseUrl);
  const idp = await issuer();
  const secretsKey = randomBytes(32).toString('base64');
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  const results: Measured[] = [];
  try {
    const [top] = await owner.rows<{ tenant_id: string; n: string }>(
      'SELECT tenant_id, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    );
    const tenant = ds.tenants.find((t) => t.id === top!.tenant_id)!;
    const [order] = await owner.rows<{ id: string }>(
      'SELECT id FROM orders WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1',
      [tenant.id],
    );
    const token = await idp.token(tenant.id, tenant.users[0]!);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const routes = [
      { label: 'the order list, page 1', method: 'GET' as const, path: '/api/v1/orders?size=10&page=1&hide=0' },
      {
        label: 'adding a note (a write)',
        method: 'POST' as const,
        path: '/api/v1/orderNotes',
        body: JSON.stringify({ order_id: order!.id, note: `Load test ${randomUUID().slice(0, 8)}` }),
      },
    ];
    servers.push(await startServer(databaseUrl, idp.url, secretsKey));
    servers.push(await startServer(databaseUrl, idp.url, secretsKey));
    for (const count of [1, 2]) {
      for (const route of routes) {
        const notesBefore = Number((await owner.rows<{ n: string }>('SELECT count(*) AS n FROM order_notes'))[0]!.n);
        log(
          `${route.label}: ${connections} clients for ${seconds} s on ${count} instance(s), load ${os.loadavg()[0]!.toFixed(1)}`,
        );
        const measured = await hammer(
          servers.slice(0, count).map((s) => s.url),
          route,
          headers,
          connections,
          seconds,
        );
        if (route.method === 'POST') {
          const stored = Number((await owner.rows<{ n: string }>('SELECT count(*) AS n FROM order_notes'))[0]!.n);
          // Every acknowledged note is stored (autocannon counts answers; a 2xx is an acknowledgement).
          const acknowledged = measured.requests - measured.non2xx - measured.errors;
          if (stored - notesBefore < acknowledged) {
            throw new Error(`${acknowledged} notes acknowledged, ${stored - notesBefore} stored`);
          }
        }
        log(
          `  ${measured.requests} requests, ${measured.perSecond.toFixed(0)}/s, errors ${measured.errors}, non-2xx ${measured.non2xx}, p99 ${measured.p99} ms`,
        );
        results.push(measured);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    await idp.close();
    await owner.close();
    await loaded.drop();
  }

  const machine = describeMachine();
  const date = new Date().toISOString();
  const table = [
    '| route | instances | requests | per second | errors | non-2xx | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.route} | ${r.instances} | ${r.requests.toLocaleString('en-US')} | ${r.perSecond.toFixed(0)} | ${r.errors} | ${r.non2xx} | ${r.p50} | ${r.p99} | ${r.max} |`,
    ),
  ].join('\n');
  const text = `# Load benchmark: ${connections} clients for ${seconds} s, PostgreSQL

Run ${date.slice(0, 16).replace('T', ' ')} UTC (\`bench/src/load-http.ts\`).

- **Machine:** ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}. The load generator (autocannon), the server processes and PostgreSQL all run on it.
- **Code:** commit ${code.commit}${code.uncommitted.length ? ` with ${code.uncommitted.length} uncommitted files` : ''}; last migration ${code.lastMigration}.
- **Data:** ${orders.toLocaleString('en-US')} orders over 10 tenants; the biggest tenant's Admin is the client.
- **Method:** autocannon, ${connections} connections kept busy for ${seconds} s, split evenly over the instances (each connection bound to one, as a load balancer spreading connections does); percentiles are the slower instance's. Every acknowledged note was checked stored.

${table}
`;
  console.log(`\n${table}\n`);
  log(`written to ${await writeResultFile(`load-${fileMinute(date)}`, text, args.results, log)}`);
  if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
