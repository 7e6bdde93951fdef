import { createServer } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startFakeUsps } from '@shipdesk/fakes';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import { ms, summarise } from './stats.ts';
import { cloneLabels, connectAccount, shipOne, startTrackingApp } from './tracking-bench-app.ts';
import type { PushLoad, PushLoadResult } from './tracking-push-load.ts';

/**
 * The tracking-push benchmark (docs/PERFORMANCE.md, "Tracking"): the real server on a fresh PostgreSQL database with
 * its jobs on, a USPS account subscribed to pushes through the fake USPS (the secret is the one the fake keeps),
 * `--parcels` standing labels, and USPS-signed pushes POSTed to the real listener at `--rate` a second for `--seconds`
 * from a worker thread (tracking-push-load.ts), 2% of them sent twice. Measured: the listener's answers (rate, p50,
 * p99), the backlog each second (pushes in `tracking-push-event` jobs not yet done: the listener stores the pushes of
 * one group commit as one job), how long until every event is recorded, and that none is lost (tracking_events rows
 * == distinct events sent) and each duplicate is kept once.
 *
 *   node bench/src/tracking-push.ts [--rate 1000] [--seconds 30] [--parcels 1000] [--drain-seconds 240]
 */

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '30' },
    parcels: { type: 'string', default: '1000' },
    'drain-seconds': { type: 'string', default: '240' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    results: { type: 'string' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PARCELS = Number(args.parcels);
const log = (message: string) => console.log(`[tracking-push] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const USPS = {
  clientId: 'bench-usps-client',
  clientSecret: 'bench-usps-secret-0000000000',
  account: { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' },
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function main() {
  const machine = describeMachine();
  const code = codeState();
  const date = new Date().toISOString();
  const usps = await startFakeUsps({ ...USPS, accounts: [USPS.account], quota: null });
  const port = await freePort();
  const run = await startTrackingApp({
    adminUrl: args['database-url']!,
    tag: 'trackpushbench',
    jobs: true,
    port,
    outboundAllowHosts: [new URL(usps.url).host],
  });
  try {
    const accountId = await connectAccount(
      run,
      'usps',
      { ...USPS.account, clientId: USPS.clientId, apiBaseUrl: usps.url },
      { clientSecret: USPS.clientSecret },
    );
    const push = await run.api('POST', `/call/carriers/${accountId}/trackingPush`, {});
    const [subscription] = [...usps.trackingPushes.subscriptions.values()];
    if (push.status !== 'active' || !subscription) throw new Error(`the push is ${String(push.status)}`);
    const template = await shipOne(run, 'usps', 'PRIORITY_MAIL', accountId);
    const numbers = Array.from({ length: PARCELS }, (_, i) => `9400100000${String(i).padStart(12, '0')}`);
    await cloneLabels(run, template.labelId, numbers);
    log(`${PARCELS} USPS labels; pushing ${RATE} a second for ${SECONDS} s to ${String(push.listenerUrl)}`);
    const count = async () =>
      Number(
        (
          await run.owner.query<{ n: string }>(
            "SELECT count(*) AS n FROM tracking_events WHERE tenant_id = $1 AND source = 'push'",
            [run.tenantId],
          )
        ).rows[0]!.n,
      );
    const backlog = async () =>
      Number(
        (
          await run.owner.query<{ n: string }>(
            `SELECT coalesce(sum(CASE WHEN data ? 'pushes' THEN jsonb_array_length(data->'pushes') ELSE 1 END), 0) AS n
             FROM pgboss.job WHERE name = 'tracking-push-event' AND state IN ('created', 'retry', 'active')`,
          )
        ).rows[0]!.n,
      );
    const before = await count();
    const load: PushLoad = {
      url: String(push.listenerUrl),
      secret: subscription.secret,
      subscriptionId: subscription.subscriptionId,
      numbers,
      total: RATE * SECONDS,
      rate: RATE,
      duplicateEvery: 50,
      firstEventAt: Date.now() - 3 * 3_600_000,
    };
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const worker = new Worker(new URL('./tracking-push-load.ts', import.meta.url), { workerData: load });
    const finished = new Promise<PushLoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    let result: PushLoadResult | null = null;
    void finished.then((r) => (result = r));
    const series: Array<{ second: number; recorded: number; backlog: number }> = [];
    const drainMs = Number(args['drain-seconds']) * 1000;
    let sentEnd = 0;
    for (;;) {
      await sleep(1000);
      const recorded = (await count()) - before;
      const waiting = await backlog();
      const second = Math.round((performance.now() - started) / 1000);
      series.push({ second, recorded, backlog: waiting });
      if (second % 5 === 0) log(`${second} s: ${recorded} recorded, ${waiting} waiting`);
      if (result && !sentEnd) sentEnd = performance.now();
      const done = result as PushLoadResult | null;
      if (done && recorded >= done.distinct && waiting === 0) break;
      if (sentEnd && performance.now() - sentEnd > drainMs) break;
    }
    const endedAt = performance.now();
    const jobs = {
      n: Number(
        (
          await run.owner.query<{ n: string }>(
            "SELECT count(*) AS n FROM pgboss.job WHERE name = 'tracking-push-event' AND created_on >= now() - make_interval(secs => $1)",
            [Math.ceil((endedAt - started) / 1000) + 5],
          )
        ).rows[0]!.n,
      ),
    };
    const cpu = process.cpuUsage(cpuBefore);
    const out = (await finished) as PushLoadResult;
    const recorded = (await count()) - before;
    const latency = summarise(out.latencies);
    const accepted = out.statuses['200'] ?? 0;
    const maxBacklog = Math.max(...series.map((s) => s.backlog));
    const allIn = series.find((s) => s.recorded >= out.distinct);
    const ingest = series.length > 1 ? series.at(-1)!.recorded / ((endedAt - started) / 1000) : 0;
    const peakPerSecond = Math.max(
      ...series.map((s, i) => (i === 0 ? s.recorded : s.recorded - series[i - 1]!.recorded)),
    );
    const report = `# Tracking pushes benchmark, ${date.slice(0, 16).replace('T', ' ')} UTC

- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}
- 1-minute load average: ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (shared machine)
- Code: commit ${code.commit}${code.uncommitted.length ? ` with ${code.uncommitted.length} uncommitted server/package files (other work in progress)` : ''}; last migration ${code.lastMigration}
- Database: ${run.postgres}, fresh, on the same machine; the server's jobs on (tracking-push-event: 4 at a time, each
  job the pushes of one group commit of the listener)
- Load: ${out.distinct + out.duplicates} USPS-signed pushes (one event each) at ${RATE} a second for ${SECONDS} s, open loop,
  from a worker thread of the server's process; ${out.duplicates} of them an earlier push sent again; ${PARCELS} parcels
- Sending took ${out.seconds.toFixed(1)} s (${out.lateSends} pushes left more than 50 ms late: the generator fell behind)
- Process CPU from the first push to the end: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${((endedAt - started) / 1000).toFixed(0)} s

| listener | value |
| --- | ---: |
| pushes answered 200 | ${accepted} of ${out.distinct + out.duplicates} (${JSON.stringify(out.statuses)}) |
| accepted per second | ${(accepted / out.seconds).toFixed(0)} |
| answer p50 / p95 / p99 / max ms | ${ms(latency.p50)} / ${ms(latency.p95)} / ${ms(latency.p99)} / ${ms(latency.max)} |

| recording | value |
| --- | ---: |
| distinct events sent | ${out.distinct} |
| tracking_events rows (push) | ${recorded} |
| not recorded when the run stopped | ${out.distinct - recorded}${recorded < out.distinct ? ` (the backlog still held ${series.at(-1)!.backlog} jobs: not lost, not yet worked)` : ''} |
| nothing lost, each duplicate kept once | ${recorded === out.distinct ? 'yes' : recorded > out.distinct ? 'NO: more rows than events' : 'not known (the backlog was not drained)'} |
| largest backlog (pushes in jobs not done) | ${maxBacklog} |
| jobs for the run's pushes (pushes a job) | ${jobs.n} (${jobs.n > 0 ? ((out.distinct + out.duplicates) / jobs.n).toFixed(1) : '-'}) |
| every event recorded after | ${allIn ? `${allIn.second} s` : `not within ${args['drain-seconds']} s of the last push`} |
| events recorded per second (overall, best second) | ${ingest.toFixed(0)}, ${peakPerSecond} |

Each second: recorded events, and pushes in jobs waiting or running.

| s | recorded | backlog |
| ---: | ---: | ---: |
${series.map((s) => `| ${s.second} | ${s.recorded} | ${s.backlog} |`).join('\n')}
`;
    console.log(report);
    const file = await writeResultFile(`tracking-push-${fileMinute(date)}-postgres-${RATE}`, report, args.results, log);
    log(`written to ${file}`);
  } finally {
    await run.close();
    await usps.close();
  }
}

await main();
