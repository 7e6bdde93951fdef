import type { CodeState } from './bench-results.ts';
import type { Machine } from './machine.ts';

/** The address-checks benchmark's results file (address-checks.ts), in Markdown. */

export interface PullResult {
  /** Asked for until seen finished (bench clock). */
  ms: number;
  /** The run itself, queued to finished (database clock). */
  runSeconds: number;
  database: string;
  /** The first check written, seconds after the pull's run was queued (null: none). */
  firstCheckSeconds: number | null;
  /** Check rows (any status) when the pull was seen finished: more than 0, a sweep's job worked during the pull. */
  checkRowsAtEnd: number;
}

export interface FedexResult {
  pull: PullResult;
  finished: boolean;
  /** From the pull's start until no open order waits for its check (polled every 200 ms). */
  doneMs: number;
  /** Seconds after the pull's run was queued: first and last check written, and the pull's end (database clock). */
  times: { first: number; last: number; pullEnd: number };
  /** The app was ready (its first sweep sent) this long before the pull started; later sweeps every 15 s. */
  sweepOffsetMs: number;
  open: number;
  waiting: number;
  statuses: Record<string, number>;
  distinctAddresses: number;
  resolveCalls: number;
  fakeAddressCalls: number;
  addressesAsked: number;
  cacheRows: number;
  quotaUsed: number;
  tokenCalls: number;
  allCalls: number;
  tooMany: number;
  otherErrors: number;
  mostIn10sResolve: number;
  mostIn10sAll: number;
  callSpanMs: number;
  /** Summed time of the address calls, from the request to the end of FedEx's answer. */
  carrierMs: number;
  mostInFlight: number;
  /** Addresses asked in more than one call. */
  askedAgain: number;
}

export interface UspsResult {
  pull: PullResult;
  watchMs: number;
  open: number;
  waiting: number;
  statuses: Record<string, number>;
  addressCalls: number;
  addressCallsAnswered: number;
  tokenCalls: number;
  allCalls: number;
  tooMany: number;
  quotaUsed: number;
  windowLeftSeconds: number;
  pendingRows: number;
  pendingAtWindowEnd: number;
  pendingAddresses: number;
  /** Distinct addresses sent (or to be sent) to USPS: every check but the format-only ones (abroad). */
  uspsAddresses: number;
  callsPerHour: number;
}

export interface AddressBenchReport {
  orders: number;
  seed: number;
  date: string;
  code: CodeState;
  machine: Machine;
  loadAverage: number[];
  totalSeconds: number;
  command: string;
  fedex: FedexResult | null;
  usps: UspsResult | null;
  /** Without a carrier account: the first run and the last. */
  baseline: PullResult[];
}

const n = (value: number) => value.toLocaleString('en-US');
const s = (ms: number) => (ms / 1000).toFixed(1);
const statuses = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${status} ${n(count)}`)
    .join(', ');

function fedexSection(r: FedexResult, orders: number): string[] {
  const perCall = r.resolveCalls > 0 ? r.addressesAsked / r.resolveCalls : 0;
  return [
    '## FedEx account (1,400 calls per 10 s)',
    '',
    '|                                                                        | value |',
    '| ---------------------------------------------------------------------- | ----: |',
    `| pull, end to end | ${s(r.pull.ms)} s (run ${r.pull.runSeconds.toFixed(1)} s) |`,
    `| **every open order checked, from the pull's start** | **${r.finished ? `${s(r.doneMs)} s` : `not finished after ${s(r.doneMs)} s (${n(r.waiting)} waiting)`}** |`,
    `| first / last check written, after the pull's run was queued (the pull ended at ${r.times.pullEnd.toFixed(1)} s) | ${r.times.first.toFixed(1)} s / ${r.times.last.toFixed(1)} s |`,
    `| orders pulled / open orders with a ship-to (the ones checked) | ${n(orders)} / ${n(r.open)} |`,
    `| distinct addresses among them (address key) | ${n(r.distinctAddresses)} |`,
    `| **calls to FedEx address validation** (proxy; the fake counted ${n(r.fakeAddressCalls)}) | **${n(r.resolveCalls)}** |`,
    `| addresses asked in them (${perCall.toFixed(1)} per call, at most 100) | ${n(r.addressesAsked)} |`,
    `| open orders per address asked (the cache and one call per address within a batch) | ${(r.open / Math.max(1, r.addressesAsked)).toFixed(2)} |`,
    `| answers cached (address_check_cache rows, corrections also under their corrected key) | ${n(r.cacheRows)} |`,
    `| token calls / all requests to FedEx (the connection test included) | ${n(r.tokenCalls)} / ${n(r.allCalls)} |`,
    `| **most calls in any 10 s** (sliding): address validation / every FedEx request | **${n(r.mostIn10sResolve)}** / ${n(r.mostIn10sAll)} (limit 1,400) |`,
    `| first to last address call; the calls' own time summed (FedEx's answers); most in flight at once | ${s(r.callSpanMs)} s; ${s(r.carrierMs)} s; ${r.mostInFlight} |`,
    `| addresses asked in more than one call | ${n(r.askedAgain)} |`,
    `| **429s received** | **${n(r.tooMany)}** (other errors: ${n(r.otherErrors)}) |`,
    `| budget used in the account's last window (address_check_quotas.used) | ${n(r.quotaUsed)} |`,
    `| checks by status | ${statuses(r.statuses)} |`,
    '',
  ];
}

function uspsSection(r: UspsResult): string[] {
  const hours = r.uspsAddresses / r.callsPerHour;
  const raised = (perHour: number) => `${(r.uspsAddresses / perHour).toFixed(1)} h at ${n(perHour)} an hour`;
  return [
    `## USPS account (default ${r.callsPerHour} calls an hour), watched ${s(r.watchMs)} s after the pull`,
    '',
    '|                                                                        | value |',
    '| ---------------------------------------------------------------------- | ----: |',
    `| pull, end to end | ${s(r.pull.ms)} s (run ${r.pull.runSeconds.toFixed(1)} s) |`,
    `| **address calls to USPS** (must be at most ${r.callsPerHour}) | **${n(r.addressCalls)}** (answered ${n(r.addressCallsAnswered)}) |`,
    `| token calls / all requests to USPS (the connection test included) | ${n(r.tokenCalls)} / ${n(r.allCalls)} |`,
    `| **429s received** (the fake's quota: 60 requests an hour) | **${n(r.tooMany)}** |`,
    `| budget used in the window (address_check_quotas.used); the window ends in | ${n(r.quotaUsed)}; ${(r.windowLeftSeconds / 60).toFixed(1)} min |`,
    `| open orders with a ship-to / still waiting at the end | ${n(r.open)} / ${n(r.waiting)} |`,
    `| **orders pending** / of them with next_at = the window's end | **${n(r.pendingRows)}** / ${n(r.pendingAtWindowEnd)} |`,
    `| distinct addresses pending | ${n(r.pendingAddresses)} |`,
    `| distinct addresses USPS is asked about in all (US; abroad is format-only without another account) | ${n(r.uspsAddresses)} |`,
    `| **projected time for all at ${r.callsPerHour} an hour** | **${hours.toFixed(1)} h (${(hours / 24).toFixed(1)} days)** |`,
    `| with addressChecksPerHour raised (once USPS raises the app's quota) | ${raised(1_000)}; ${raised(10_000)} |`,
    `| checks by status | ${statuses(r.statuses)} |`,
    '',
  ];
}

function pullSection(r: AddressBenchReport): string[] {
  const rows: Array<[string, PullResult]> = [];
  if (r.fedex) rows.push(['FedEx account (checks running)', r.fedex.pull]);
  if (r.usps) rows.push(['USPS account (checks running)', r.usps.pull]);
  r.baseline.forEach((p, i) => rows.push([`no carrier account, run ${i === 0 ? 'first' : 'last'}`, p]));
  if (rows.length === 0) return [];
  const overlap = (p: PullResult) =>
    p.checkRowsAtEnd > 0
      ? `${n(p.checkRowsAtEnd)} (a sweep's job worked during the pull)`
      : `0; first check ${p.firstCheckSeconds === null ? 'none' : `${p.firstCheckSeconds.toFixed(1)} s`}`;
  return [
    '## The pull with and without the account',
    '',
    'Each run on its own fresh database, in this order: no account, FedEx, USPS, no account again. The last column says',
    'whether the checks ran during the pull: check rows when the pull ended, and when the first check was written (after',
    "the pull's run was queued).",
    '',
    "| run | pull, end to end (s) | the run, queued to finished (s) | orders/s | check rows at the pull's end |",
    '| --- | -------------------: | ------------------------------: | -------: | ---------------------------- |',
    ...rows.map(
      ([name, p]) =>
        `| ${name} | ${s(p.ms)} | ${p.runSeconds.toFixed(1)} | ${n(Math.round(r.orders / (p.ms / 1000)))} | ${overlap(p)} |`,
    ),
    '',
  ];
}

function fedexReading(f: FedexResult): string {
  const waitForSweep = f.times.first - f.times.pullEnd;
  const working = f.times.last - f.times.first;
  const when =
    waitForSweep >= 0
      ? `The first check came ${waitForSweep.toFixed(1)} s after the pull ended (the sweep runs every 15 s and found the orders then)`
      : `The first check came ${(-waitForSweep).toFixed(1)} s before the pull ended (a sweep fell during it)`;
  const again =
    f.askedAgain > 0
      ? ` ${n(f.askedAgain)} addresses were asked in two calls (answers not yet cached when another batch asked).`
      : '';
  return (
    `- **FedEx:** ${f.finished ? `every one of the ${n(f.open)} open orders was checked ${s(f.doneMs)} s after the pull started` : `${n(f.waiting)} of ${n(f.open)} open orders were still waiting after ${s(f.doneMs)} s`}, ` +
    `with ${n(f.resolveCalls)} calls for ${n(f.addressesAsked)} addresses (${(f.open / Math.max(1, f.addressesAsked)).toFixed(2)} orders per address asked).${again} ` +
    `${when}; the checks then took ${working.toFixed(1)} s, of which FedEx's answers were ${s(f.carrierMs)} s (at most ` +
    `${f.mostInFlight} call in flight): the rest is the server's own work (claims, cache reads, one write per order and per ` +
    `address). The busiest 10 s held ${n(f.mostIn10sResolve)} address calls, ${((f.mostIn10sResolve / 1_400) * 100).toFixed(1)}% of ` +
    `FedEx's 1,400; ${n(f.tooMany)} 429s. At up to 100 addresses a call FedEx's throttle is far from what limits a pull of this size.`
  );
}

function reading(r: AddressBenchReport): string[] {
  const lines: string[] = [];
  if (r.fedex) lines.push(fedexReading(r.fedex));
  const u = r.usps;
  if (u) {
    lines.push(
      `- **USPS:** ${n(u.addressCalls)} address calls in the window (${u.addressCalls <= u.callsPerHour ? 'within' : 'OVER'} the ${u.callsPerHour} an hour), ` +
        `${n(u.tooMany)} 429s; ${n(u.pendingRows)} orders wait, ${n(u.pendingAtWindowEnd)} of them due when the hour's window ends. ` +
        `${n(u.uspsAddresses)} distinct US addresses at ${u.callsPerHour} an hour is ${(u.uspsAddresses / u.callsPerHour).toFixed(0)} hours ` +
        `(${(u.uspsAddresses / u.callsPerHour / 24).toFixed(1)} days) for a ${n(r.orders)}-order pull: with USPS's default quota the checks ` +
        `of a big pull are a trickle. addressChecksPerHour raises the budget, once USPS has raised the app's quota (their default ` +
        `is about 60 requests an hour for all its APIs, tokens and labels included).`,
    );
  }
  const withAccount = [r.fedex?.pull, u?.pull].filter((p): p is PullResult => Boolean(p));
  if (r.baseline.length > 0 && withAccount.length > 0) {
    const base = r.baseline.reduce((sum, p) => sum + p.ms, 0) / r.baseline.length;
    const overlapped = [...withAccount, ...r.baseline].some((p) => p.checkRowsAtEnd > 0);
    lines.push(
      `- **The pull:** ${withAccount.map((p) => `${s(p.ms)} s`).join(' and ')} with an account against ` +
        `${r.baseline.map((p) => `${s(p.ms)} s`).join(' and ')} without (${withAccount.map((p) => `${(p.ms / base).toFixed(2)}x`).join(', ')} ` +
        'their mean). ' +
        (overlapped
          ? 'In at least one run the checks worked while the pull ran (table above): they shared the machine with it. '
          : 'In no run did the checks start before the pull ended (the next sweep came after it), so they did not ' +
            'compete with these pulls: the spread between the pulls is the machine (other work on its 2 cores: load ' +
            `average ${Math.min(...r.loadAverage).toFixed(1)}-${Math.max(...r.loadAverage).toFixed(1)}). `) +
        "The orders' writers do not wait for the checks: a check is the sweep's and the job queue's work.",
    );
  }
  return lines;
}

export function renderAddressBench(r: AddressBenchReport): string {
  const changes =
    r.code.uncommitted.length > 0
      ? ` plus uncommitted changes to ${r.code.uncommitted.map((f) => `\`${f}\``).join(', ')}`
      : '';
  const database = r.fedex?.pull.database ?? r.usps?.pull.database ?? r.baseline[0]?.database ?? 'unknown';
  return [
    `# Address checks benchmark: ${n(r.orders)} orders pulled, FedEx and USPS budgets`,
    '',
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.totalSeconds.toFixed(0)} s in all (\`${r.command}\`).`,
    '',
    `- **Machine:** ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB memory; ${r.machine.os}. ` +
      `1-minute load average ${r.loadAverage.map((l) => l.toFixed(1)).join(', ')} (before each run and at the end; other work shares the machine).`,
    `- **Code:** commit ${r.code.commit}${changes}; schema up to migration \`${r.code.lastMigration}\`.`,
    `- **Software:** Node ${r.machine.node}; ${database}.`,
    `- **Setup:** each run on a fresh PostgreSQL database: the real server (\`buildApp\`, jobs on: the pull, the ` +
      `\`address-check-sweep\` every 15 s and the tenant's \`address-checks\` job), a tenant with its ship-from address, ` +
      `one carrier account added and verified through the API, and a Shopify store pulling the fake shop of ` +
      `${n(r.orders)} orders (seed ${r.seed}; about a third of orders from returning customers, so addresses repeat) ` +
      `with \`GET /call/store/{id}/pullOrders\`. The fake FedEx (throttle 1,400 requests per 10 s, fixed windows) or ` +
      `the fake USPS (its quota on: 60 requests an hour) sits behind a recording proxy that logs every request's time, ` +
      `path and status. The app's budgets are the adapters' own (FedEx 100 addresses a call, 1,400 calls per 10 s; ` +
      `USPS 1 a call, 30 an hour, a real 3,600 s window).`,
    '',
    ...(r.fedex ? fedexSection(r.fedex, r.orders) : []),
    ...(r.usps ? uspsSection(r.usps) : []),
    ...pullSection(r),
    '## Reading',
    '',
    ...reading(r),
    '',
  ].join('\n');
}
