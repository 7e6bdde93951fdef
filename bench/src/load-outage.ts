import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { planDataset } from './generate.ts';
import { loadPostgres } from './load.ts';
import { issuer, startServer } from './load-servers.ts';
import { describeMachine } from './machine.ts';
import { postgresOwner } from './pull-copy.ts';

/**
 * The outage benchmark (docs/RELIABILITY.md): clients keep adding notes to an order on a server process while
 * PostgreSQL terminates every one of the server's sessions, again and again. For each termination: how long until
 * the requests succeed again (the last failed answer after it), and afterwards, whether every acknowledged note is
 * stored. Target: answering again within 5 s, no acknowledged write lost.
 */

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    every: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    results: { type: 'string' },
  },
});

const log = (message: string) => console.log(`[outage] ${message}`);

async function main() {
  const connections = Number(args.connections);
  const seconds = Number(args.seconds);
  const every = Number(args.every);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const code = codeState();
  const ds = planDataset({ orders: 2000, tenants: 2, seed: 20251121, end: new Date(), days: 60 });
  const loaded = await loadPostgres(ds, adminUrl, log);
  const databaseUrl = loaded.databaseUrl!;
  const owner = await postgresOwner(databaseUrl);
  const idp = await issuer();
  const server = await startServer(databaseUrl, idp.url, randomBytes(32).toString('base64'));
  const terminations: Array<{ at: number; sessions: number }> = [];
  const failures: number[] = [];
  let acknowledged = 0;
  let total = 0;
  let stored: number | undefined;
  try {
    const tenant = ds.tenants[0]!;
    const [order] = await owner.rows<{ id: string }>('SELECT id FROM orders WHERE tenant_id = $1 LIMIT 1', [tenant.id]);
    const token = await idp.token(tenant.id, tenant.users[0]!);
    const marker = randomUUID().slice(0, 8);
    const started = Date.now();
    let finished!: (error: Error | null) => void;
    const done = new Promise<void>((ok, fail) => {
      finished = (error) => (error ? fail(error) : ok());
    });
    const run = autocannon(
      {
        url: `${server.url}/api/v1/orderNotes`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: order!.id, note: `Outage ${marker}` }),
        connections,
        duration: seconds,
      },
      (error) => finished(error ?? null),
    );
    run.on('response', (_client, status) => {
      total += 1;
      if (status >= 200 && status < 300) acknowledged += 1;
      else failures.push(Date.now());
    });
    run.on('reqError', () => failures.push(Date.now()));
    const killer = setInterval(() => {
      void owner
        .rows<{ n: string }>(
          `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        )
        .then(([row]) => {
          terminations.push({ at: Date.now(), sessions: Number(row!.n) });
          log(`terminated ${row!.n} sessions at ${((Date.now() - started) / 1000).toFixed(0)} s`);
        });
    }, every * 1000);
    await done;
    clearInterval(killer);
    const [row] = await owner.rows<{ n: string }>('SELECT count(*) AS n FROM order_notes WHERE note = $1', [
      `Outage ${marker}`,
    ]);
    stored = Number(row!.n);
  } finally {
    await server.stop();
    await idp.close();
    await owner.close();
    await loaded.drop();
  }

  // For each termination, the last failure before the next one: how long the requests kept failing.
  const recoveries = terminations.map((t, i) => {
    const next = terminations[i + 1]?.at ?? Infinity;
    const after = failures.filter((f) => f >= t.at && f < next);
    return {
      sessions: t.sessions,
      failed: after.length,
      seconds: after.length ? (Math.max(...after) - t.at) / 1000 : 0,
    };
  });
  const worst = Math.max(0, ...recoveries.map((r) => r.seconds));
  const machine = describeMachine();
  const date = new Date().toISOString();
  const table = [
    '| termination | sessions ended | requests failed after it | failing for, s |',
    '| ---: | ---: | ---: | ---: |',
    ...recoveries.map((r, i) => `| ${i + 1} | ${r.sessions} | ${r.failed} | ${r.seconds.toFixed(2)} |`),
  ].join('\n');
  const text = `# Outage benchmark: PostgreSQL sessions terminated under load

Run ${date.slice(0, 16).replace('T', ' ')} UTC (\`bench/src/load-outage.ts\`).

- **Machine:** ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}.
- **Code:** commit ${code.commit}${code.uncommitted.length ? ` with ${code.uncommitted.length} uncommitted files` : ''}.
- **Method:** ${connections} autocannon connections adding notes to one order for ${seconds} s on one server process; every ${every} s PostgreSQL terminates all of that database's client sessions (\`pg_terminate_backend\`).

**${total.toLocaleString('en-US')} answers, ${acknowledged.toLocaleString('en-US')} acknowledged, ${(stored ?? 0).toLocaleString('en-US')} notes stored** (acknowledged notes lost: ${Math.max(0, acknowledged - (stored ?? 0))}); the longest the requests kept failing after a termination: ${worst.toFixed(2)} s (target 5 s: ${worst <= 5 ? 'met' : '**missed**'}).

${table}
`;
  console.log(`\n${text}`);
  log(`written to ${await writeResultFile(`outage-${fileMinute(date)}`, text, args.results, log)}`);
  if ((stored ?? 0) < acknowledged || worst > 5) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
