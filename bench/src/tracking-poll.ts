import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';
import { ms, summarise } from './stats.ts';
import {
  cloneLabels,
  connectAccount,
  postgresCpuSeconds,
  shipOne,
  startTrackingApp,
  type TrackingBenchApp,
} from './tracking-bench-app.ts';
import { ACCOUNTS, type FakesMessage, type PollCarrier } from './tracking-fakes.ts';
import { renderPoll, type CarrierRun, type WindowRun } from './tracking-poll-report.ts';

/**
 * The tracking-poll benchmark (docs/PERFORMANCE.md, "Tracking"): `--parcels` standing labels in flight (100,000), a
 * third each on a USPS, a UPS and a FedEx account, on a fresh PostgreSQL database, tracked by the server's own sweep
 * and checks against the fakes (tracking-fakes.ts, in a worker thread). The app runs without its job workers: the
 * bench calls the sweep and works the `tracking-check` jobs it sends (2 at a time, as the queue does), so that it can
 * drive time: after each carrier window it moves the account's budget window and its parcels' due times back by one
 * window, and the fake's clock on by one. Measured: the sweep's due query with every parcel due, then per carrier and
 * window the calls made (against the budget), parcels checked, wall time, the server thread's and PostgreSQL's CPU.
 * A step is one budget window, or one minute (one sweep) when the window is shorter (FedEx's 10 s).
 *
 *   node bench/src/tracking-poll.ts [--parcels 100000] [--usps-windows 3] [--ups-windows 5] [--fedex-windows 2]
 */

const { values: args } = parseArgs({
  options: {
    parcels: { type: 'string', default: '100000' },
    'usps-windows': { type: 'string', default: '3' },
    'ups-windows': { type: 'string', default: '5' },
    'fedex-windows': { type: 'string', default: '2' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    results: { type: 'string' },
  },
});
const PARCELS = Number(args.parcels);
/** The sweep's schedule (tracking-jobs.ts) and how many parcels one sweep reads (tracking-service.ts). */
const SWEEP_EVERY_SECONDS = 60;
const log = (message: string) => console.log(`[tracking-poll] ${message}`);

const SERVICES: Record<PollCarrier, string> = { usps: 'PRIORITY_MAIL', ups: '03', fedex: 'FEDEX_2_DAY' };
/** The default budgets (docs/tracking.md): calls per window, window seconds, numbers per call. */
export const BUDGETS: Record<PollCarrier, { calls: number; windowSeconds: number; perCall: number }> = {
  usps: { calls: 30, windowSeconds: 3600, perCall: 35 },
  ups: { calls: 60, windowSeconds: 60, perCall: 1 },
  fedex: { calls: 1_400, windowSeconds: 10, perCall: 30 },
};

/** A message to the fakes, without its id (each member of the union on its own). */
type Ask = FakesMessage extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

function startFakes() {
  const worker = new Worker(new URL('./tracking-fakes.ts', import.meta.url));
  let next = 1;
  const waiting = new Map<number, (value: Record<string, unknown>) => void>();
  worker.on('message', (message: { id?: number; kind?: string }) => {
    if (message.id !== undefined) waiting.get(message.id)?.(message as Record<string, unknown>);
  });
  const ready = new Promise<Record<PollCarrier, string>>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { kind?: string; urls?: Record<PollCarrier, string> }) => {
      if (m.kind === 'ready') resolve(m.urls!);
    });
  });
  const ask = <T>(message: Ask) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, (value) => resolve(value as T));
      worker.postMessage({ ...message, id });
    });
  return {
    ready,
    ask,
    calls: async () => (await ask<{ calls: Record<PollCarrier, number> }>({ kind: 'calls' })).calls,
    cpu: async () => (await ask<{ seconds: number }>({ kind: 'cpu' })).seconds,
    close: async () => {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('close');
      await exited;
    },
  };
}

const threadCpu = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1e6;
};

/** Works every queued `tracking-check` job through the server's own check, 2 at a time; answers parcels checked. */
async function workChecks(run: TrackingBenchApp): Promise<{ jobs: number; parcels: number }> {
  let jobs = 0;
  let parcels = 0;
  for (;;) {
    const queued = await run.owner.query<{ id: string; data: { tenantId: string; labelIds: number[] } }>(
      "SELECT id, data FROM pgboss.job WHERE name = 'tracking-check' AND state = 'created' ORDER BY created_on LIMIT 200",
    );
    if (queued.rows.length === 0) return { jobs, parcels };
    const rows = [...queued.rows];
    const lane = async () => {
      for (let job = rows.shift(); job; job = rows.shift()) {
        await run.app.tracking.check(job.data.tenantId, job.data.labelIds);
        parcels += job.data.labelIds.length;
        jobs++;
      }
    };
    await Promise.all([lane(), lane()]);
    await run.owner.query('DELETE FROM pgboss.job WHERE id = ANY($1::uuid[])', [queued.rows.map((r) => r.id)]);
  }
}

async function main() {
  const machine = describeMachine();
  const code = codeState();
  const date = new Date().toISOString();
  const loads = [os.loadavg()[0]!];
  const fakes = startFakes();
  const urls = await fakes.ready;
  const run = await startTrackingApp({
    adminUrl: args['database-url']!,
    tag: 'trackpollbench',
    jobs: false,
    outboundAllowHosts: Object.values(urls).map((u) => new URL(u).host),
  });
  const pgSeen = new Map<number, number>();
  let peakRss = 0;
  let peakHeap = 0;
  const sampleMemory = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  try {
    const accounts = {
      usps: await connectAccount(
        run,
        'usps',
        { ...ACCOUNTS.usps.account, clientId: ACCOUNTS.usps.clientId, apiBaseUrl: urls.usps },
        { clientSecret: ACCOUNTS.usps.clientSecret },
      ),
      ups: await connectAccount(
        run,
        'ups',
        { clientId: ACCOUNTS.ups.clientId, accountNumber: ACCOUNTS.ups.accountNumber, apiBaseUrl: urls.ups },
        { clientSecret: ACCOUNTS.ups.clientSecret },
      ),
      fedex: await connectAccount(
        run,
        'fedex',
        { clientId: ACCOUNTS.fedex.clientId, accountNumber: ACCOUNTS.fedex.accountNumber, apiBaseUrl: urls.fedex },
        { clientSecret: ACCOUNTS.fedex.clientSecret },
      ),
    };
    const carriers: PollCarrier[] = ['usps', 'ups', 'fedex'];
    const perCarrier = Math.floor(PARCELS / carriers.length);
    const seedStarted = performance.now();
    for (const carrier of carriers) {
      const template = await shipOne(run, carrier, SERVICES[carrier], accounts[carrier]);
      const stem = template.trackingNumber.slice(0, -7);
      const numbers = Array.from({ length: perCarrier }, (_, i) => `${stem}${String(i + 1).padStart(7, '0')}`).filter(
        (n) => n !== template.trackingNumber,
      );
      // Bought 0-27 hours ago (on their journeys: label created, in transit, out for delivery); none due yet.
      const agoHours = numbers.map((_, i) => (i + 1) % 28);
      await fakes.ask({ kind: 'clone', carrier, template: template.trackingNumber, numbers, agoHours });
      await cloneLabels(run, template.labelId, numbers, {
        created_at: `now() - make_interval(hours => g % 28)`,
        parcel_next_at: `now() + interval '1000 days'`,
      });
      await run.owner.query("UPDATE shipping_labels SET parcel_next_at = now() + interval '1000 days' WHERE id = $1", [
        template.labelId,
      ]);
      log(`${carrier}: ${numbers.length} labels`);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await run.owner.query('VACUUM (ANALYZE) shipping_labels');

    // Every parcel due at once (a start, or the morning after an outage): the sweep's query and one whole sweep.
    await run.owner.query(
      `UPDATE shipping_labels SET parcel_next_at = now() - make_interval(secs => (id % 3600)::int) WHERE carrier <> 'local'`,
    );
    await run.owner.query('VACUUM (ANALYZE) shipping_labels');
    const due = `SELECT tenant_id, carrier, carrier_account_id, id FROM shipping_labels
      WHERE status = 'active' AND parcel_next_at <= now() AND carrier <> 'local' ORDER BY parcel_next_at LIMIT 5000`;
    const dueTimes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      await run.owner.query(due);
      if (i > 0) dueTimes.push(performance.now() - started);
    }
    const plan = (await run.owner.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${due}`)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    const dueCount = Number(
      (
        await run.owner.query<{ n: string }>(
          "SELECT count(*) AS n FROM shipping_labels WHERE parcel_next_at <= now() AND carrier <> 'local'",
        )
      ).rows[0]!.n,
    );
    const sweepStarted = performance.now();
    const firstSweepCalls = await run.app.tracking.sweep();
    const firstSweepMs = performance.now() - sweepStarted;
    // Back to nothing due, no budget spent, no check queued.
    await run.owner.query("DELETE FROM pgboss.job WHERE name = 'tracking-check'");
    await run.owner.query('DELETE FROM tracking_quotas');
    await run.owner.query(
      "UPDATE shipping_labels SET parcel_next_at = now() + interval '1000 days' WHERE carrier <> 'local'",
    );
    log(`due query with ${dueCount} due: p50 ${ms(summarise(dueTimes).p50)} ms; one sweep ${ms(firstSweepMs)} ms`);

    const runs: CarrierRun[] = [];
    for (const carrier of ['fedex', 'ups', 'usps'] as const) {
      const budget = BUDGETS[carrier];
      const windows = Number(args[`${carrier}-windows`]);
      // The sweep runs once a minute: a window shorter than that (FedEx's 10 s) gets one sweep per minute.
      const stepSeconds = Math.max(budget.windowSeconds, SWEEP_EVERY_SECONDS);
      const sweepsPerStep = budget.windowSeconds <= SWEEP_EVERY_SECONDS ? 1 : Infinity;
      await run.owner.query(
        `UPDATE shipping_labels SET parcel_next_at = now() - make_interval(secs => (id % 600)::int) WHERE carrier = $1`,
        [carrier],
      );
      const steps: WindowRun[] = [];
      let checkedTotal = 0;
      for (let w = 0; w < windows; w++) {
        const calls0 = (await fakes.calls())[carrier];
        const cpu0 = threadCpu();
        const pg0 = await postgresCpuSeconds(run.owner, pgSeen);
        const fake0 = await fakes.cpu();
        const started = performance.now();
        let sweeps = 0;
        let jobs = 0;
        let parcels = 0;
        for (;;) {
          const sent = await run.app.tracking.sweep();
          sweeps++;
          const worked = await workChecks(run);
          jobs += worked.jobs;
          parcels += worked.parcels;
          sampleMemory();
          if (sent === 0 || sweeps >= sweepsPerStep) break;
        }
        const wallMs = performance.now() - started;
        const quota = await run.owner.query<{ used: number }>(
          'SELECT used FROM tracking_quotas WHERE carrier_account_id = $1',
          [accounts[carrier]],
        );
        checkedTotal += parcels;
        steps.push({
          window: w + 1,
          stepSeconds,
          calls: (await fakes.calls())[carrier] - calls0,
          quotaUsed: quota.rows[0]?.used ?? 0,
          jobs,
          parcels,
          sweeps,
          wallMs,
          serverCpu: threadCpu() - cpu0,
          postgresCpu: (await postgresCpuSeconds(run.owner, pgSeen)) - pg0,
          fakeCpu: (await fakes.cpu()) - fake0,
        });
        log(
          `${carrier} window ${w + 1}: ${steps.at(-1)!.calls} calls, ${parcels} parcels in ${(wallMs / 1000).toFixed(1)} s`,
        );
        // One step on: the budget's window and every due time (the leases too) move back, the carrier's clock on.
        await run.owner.query(
          `UPDATE tracking_quotas SET window_started_at = window_started_at - make_interval(secs => $1) WHERE carrier_account_id = $2`,
          [stepSeconds, accounts[carrier]],
        );
        await run.owner.query(
          `UPDATE shipping_labels SET parcel_next_at = parcel_next_at - make_interval(secs => $1)
           WHERE carrier = $2 AND parcel_next_at IS NOT NULL`,
          [stepSeconds, carrier],
        );
        await fakes.ask({ kind: 'advance', carrier, hours: stepSeconds / 3600 });
        loads.push(os.loadavg()[0]!);
      }
      const statuses = await run.owner.query<{ parcel_status: string; n: string }>(
        `SELECT parcel_status, count(*) AS n FROM shipping_labels WHERE carrier = $1 AND parcel_checked_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
        [carrier],
      );
      const events = await run.owner.query<{ n: string }>(
        'SELECT count(*) AS n FROM tracking_events e JOIN shipping_labels l ON l.tenant_id = e.tenant_id AND l.id = e.label_id WHERE l.carrier = $1',
        [carrier],
      );
      runs.push({
        carrier,
        parcels: perCarrier,
        budget,
        windows: steps,
        checked: checkedTotal,
        events: Number(events.rows[0]!.n),
        statuses: Object.fromEntries(statuses.rows.map((r) => [r.parcel_status, Number(r.n)])),
      });
      // Out of the way of the next carrier's run.
      await run.owner.query(
        `UPDATE shipping_labels SET parcel_next_at = now() + interval '1000 days' WHERE carrier = $1 AND parcel_next_at IS NOT NULL`,
        [carrier],
      );
    }
    const report = renderPoll({
      date,
      machine,
      code,
      postgres: run.postgres,
      parcels: perCarrier * 3,
      seedSeconds,
      loads,
      dueCount,
      dueTimes: summarise(dueTimes),
      plan,
      firstSweepMs,
      firstSweepCalls,
      runs,
      peakRssMiB: peakRss / 1024 ** 2,
      peakHeapMiB: peakHeap / 1024 ** 2,
    });
    console.log(report);
    const file = await writeResultFile(
      `tracking-poll-${fileMinute(date)}-postgres-${PARCELS}`,
      report,
      args.results,
      log,
    );
    log(`written to ${file}`);
  } finally {
    await run.close();
    await fakes.close();
  }
}

await main();
