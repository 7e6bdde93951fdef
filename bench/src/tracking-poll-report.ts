import type { CodeState } from './bench-results.ts';
import type { Machine } from './machine.ts';
import { ms, type Stats } from './stats.ts';

/** The tracking-poll benchmark's results file (tracking-poll.ts): its numbers and what follows from them. */

export interface WindowRun {
  window: number;
  /** Simulated seconds the step stands for: the budget's window, at least the sweep's minute. */
  stepSeconds: number;
  /** Tracking calls the fake received in the window, and the budget row's `used` at its end. */
  calls: number;
  quotaUsed: number;
  jobs: number;
  parcels: number;
  sweeps: number;
  wallMs: number;
  serverCpu: number;
  postgresCpu: number;
  fakeCpu: number;
}

export interface CarrierRun {
  carrier: string;
  parcels: number;
  budget: { calls: number; windowSeconds: number; perCall: number };
  windows: WindowRun[];
  checked: number;
  events: number;
  statuses: Record<string, number>;
}

interface PollReport {
  date: string;
  machine: Machine;
  code: CodeState;
  postgres: string;
  parcels: number;
  seedSeconds: number;
  loads: number[];
  dueCount: number;
  dueTimes: Stats;
  plan: string;
  firstSweepMs: number;
  firstSweepCalls: number;
  runs: CarrierRun[];
  peakRssMiB: number;
  peakHeapMiB: number;
}

const NAMES: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };
const n0 = (value: number) => Math.round(value).toLocaleString('en-US');
const sum = (runs: readonly WindowRun[], key: keyof WindowRun) => runs.reduce((a, r) => a + r[key], 0);
const hours = (h: number) => (h >= 1 ? `${h.toFixed(1)} h` : `${(h * 60).toFixed(1)} min`);

/** The sweep reads this many due parcels a run, once a minute (tracking-service.ts SWEEP_LIMIT). */
const SWEEP_PER_HOUR = 5_000 * 60;

/** Parcels an hour: what the budget allows, what the sweep reads, what the server did (its wall time), the least. */
export function rates(run: CarrierRun) {
  const { calls, windowSeconds, perCall } = run.budget;
  const byBudget = calls * perCall * (3600 / windowSeconds);
  const wall = sum(run.windows, 'wallMs') / 1000;
  const byServer = wall > 0 ? (run.checked / wall) * 3600 : Infinity;
  return { byBudget, byServer, perHour: Math.min(byBudget, SWEEP_PER_HOUR, byServer) };
}

function carrierSection(run: CarrierRun): string {
  const { byBudget, byServer, perHour } = rates(run);
  const name = NAMES[run.carrier] ?? run.carrier;
  const worst = Math.max(...run.windows.map((w) => Math.max(w.calls, w.quotaUsed)));
  const checked = run.checked || 1;
  const rows = run.windows.map(
    (w) =>
      `| ${w.window} | ${w.stepSeconds} | ${w.calls} | ${w.quotaUsed} | ${run.budget.calls} | ${w.parcels} | ${w.sweeps} | ${(w.wallMs / 1000).toFixed(1)} | ${w.serverCpu.toFixed(1)} | ${w.postgresCpu.toFixed(1)} | ${w.fakeCpu.toFixed(1)} |`,
  );
  return `### ${name}: ${n0(run.parcels)} parcels, budget ${run.budget.calls} calls per ${run.budget.windowSeconds} s, ${run.budget.perCall} per call

| step | simulated s | calls made | budget used | budget | parcels checked | sweeps | wall s | server CPU s | PostgreSQL CPU s | fake CPU s |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

- Calls never above the budget: **${worst <= run.budget.calls ? 'yes' : 'NO'}** (most in a window: ${worst} of ${run.budget.calls}).
- Parcels an hour: ${n0(byBudget)} by the budget, ${n0(SWEEP_PER_HOUR)} by the sweep (5,000 a minute, all carriers); the
  server checked ${n0(byServer)} an hour of its wall time here; so ${n0(perHour)}.
- All ${n0(run.parcels)} asked once in ${hours(run.parcels / perHour)}; at the cadence (in transit: every 8 h) they need
  ${n0(run.parcels / 8)} checks an hour (${(run.parcels / 8 / perHour).toFixed(2)}x what can be done); pushed (once a day):
  ${n0(run.parcels / 24)} an hour (${(run.parcels / 24 / perHour).toFixed(2)}x).
- CPU per 1,000 parcels checked: server thread ${((sum(run.windows, 'serverCpu') / checked) * 1000).toFixed(2)} s, PostgreSQL ${((sum(run.windows, 'postgresCpu') / checked) * 1000).toFixed(2)} s.
- After the run: ${n0(run.checked)} checks, ${n0(run.events)} events stored; statuses of the checked parcels ${JSON.stringify(run.statuses)}.
`;
}

export function renderPoll(r: PollReport): string {
  const usps = r.runs.find((run) => run.carrier === 'usps');
  const uspsRate = usps ? rates(usps).perHour : 0;
  return `# Tracking by polling benchmark, ${r.date.slice(0, 16).replace('T', ' ')} UTC

- Machine: ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB; Node ${r.machine.node}
- 1-minute load average during the run: ${Math.min(...r.loads).toFixed(1)}-${Math.max(...r.loads).toFixed(1)} (shared machine: other engineers' tests ran too)
- Code: commit ${r.code.commit}${r.code.uncommitted.length ? ` with ${r.code.uncommitted.length} uncommitted server/package files (other work in progress)` : ''}; last migration ${r.code.lastMigration}
- Database: ${r.postgres}, fresh, on the same machine
- Dataset: ${n0(r.parcels)} standing labels of one tenant, a third each on USPS, UPS and FedEx accounts (fakes in a worker
  thread, no quota of their own), bought 0-27 hours before on the fakes' clocks; seeded in ${r.seedSeconds.toFixed(0)} s
- Time: the app runs without job workers; the bench calls the sweep until it sends nothing and works the checks it
  queued (2 at a time, as the queue does); then one budget window passes: the account's window and its parcels' due
  times move back one window, the fake's clock on one. Each carrier is run alone (the others not due).
- Memory of the process (server and bench) at most: RSS ${r.peakRssMiB.toFixed(0)} MiB, heap ${r.peakHeapMiB.toFixed(0)} MiB

## The sweep with every parcel due

- ${n0(r.dueCount)} parcels due at once: the due query (5,000 oldest due) p50 ${ms(r.dueTimes.p50)} ms, max ${ms(r.dueTimes.max)} ms (5 runs)
- One whole sweep (read 5,000, budget each account, lease, queue): ${ms(r.firstSweepMs)} ms, ${r.firstSweepCalls} checks queued

\`\`\`
${r.plan}
\`\`\`

## Per carrier

${r.runs.map(carrierSection).join('\n')}
## USPS is the bottleneck

At its default budget of 30 calls an hour of 35 numbers, USPS is asked about at most ${n0(uspsRate)} parcels an hour
(${n0(uspsRate * 24)} a day). ${usps ? `${n0(usps.parcels)} USPS parcels take ${hours(usps.parcels / uspsRate)} to ask about once,` : ''}
while the cadence wants each in-transit parcel every 8 hours. Pushes cut the polling to once a day per parcel, which
fits ${n0(uspsRate * 24)} parcels per USPS account at 30 calls an hour; more needs a higher \`trackingCallsPerHour\`
(USPS grants quota per app on request) or more accounts.
`;
}
