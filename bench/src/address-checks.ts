import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  checkCounts,
  FEDEX_THROTTLE,
  pullOrders,
  startAddressRun,
  statusCounts,
  type AddressRun,
  type PullTiming,
} from './address-checks-app.ts';
import { mostInFlight, mostInWindow, type ProxiedCall } from './address-checks-proxy.ts';
import { renderAddressBench, type FedexResult, type PullResult, type UspsResult } from './address-checks-report.ts';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';

/**
 * The address-checks benchmark (docs/address-checks.md): the real server pulls a fake Shopify shop of N orders (10,000
 * by default) into a fresh PostgreSQL database and checks every open order's ship-to in the background, within the
 * carrier's rate limit. Three runs, each on its own database: a FedEx account (fake FedEx throttled as FedEx documents:
 * 1,400 calls per 10 s), timed until no check is left to do; a USPS account (its default 30 calls an hour, the fake
 * USPS's quota on), watched for a minute after the pull; and no carrier account (first and last), for the pull's
 * time. The fake carriers sit behind a recording proxy (address-checks-proxy.ts): every call, its time and its status.
 * Writes bench/results/addresses-<date>-<time>.md.
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    /** How long the USPS run is watched after its pull (its window stays the real hour). */
    'usps-seconds': { type: 'string', default: '60' },
    /** The most the FedEx run may take before it is reported unfinished. */
    'timeout-seconds': { type: 'string', default: '300' },
    /** Runs to leave out, comma-separated: fedex, usps, none. */
    skip: { type: 'string', default: '' },
    results: { type: 'string' },
  },
});

const log = (message: string) => console.log(`[addresses] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return value;
}

const FEDEX_RESOLVE = '/address/v1/addresses/resolve';
const USPS_ADDRESS = '/addresses/v3/address';
const isToken = (call: ProxiedCall) => /\/oauth2?\/(v3\/)?token$/.test(call.path);

async function pullResult(run: AddressRun, timing: PullTiming): Promise<PullResult> {
  const { first } = await checkTimes(run);
  return {
    checkRowsAtEnd: timing.checkRowsAtEnd,
    ms: timing.endedAt - timing.startedAt,
    runSeconds: timing.runSeconds,
    database: run.serverVersion,
    firstCheckSeconds: Number.isNaN(first) ? null : first,
  };
}

/** Addresses asked in more than one call (by their text as sent). */
function askedAgain(calls: readonly ProxiedCall[]): number {
  const seen = new Map<string, number>();
  for (const call of calls) {
    const body = JSON.parse(call.body) as { addressesToValidate?: Array<{ address?: unknown }> };
    for (const asked of body.addressesToValidate ?? []) {
      const key = JSON.stringify(asked.address).toUpperCase();
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  return [...seen.values()].filter((count) => count > 1).length;
}

/** Seconds from the pull's run being queued to the first and the last check written (database clock). */
async function checkTimes(run: AddressRun) {
  const [row] = await run.owner.rows<{ first: string | null; last: string | null; pull_end: string | null }>(
    `SELECT extract(epoch FROM min(c.checked_at) - r.queued_at) AS first,
       extract(epoch FROM max(c.checked_at) - r.queued_at) AS last,
       extract(epoch FROM r.finished_at - r.queued_at) AS pull_end
     FROM sync_runs r, address_checks c WHERE r.tenant_id = $1 AND c.tenant_id = $1 AND c.checked_at IS NOT NULL
     GROUP BY r.queued_at, r.finished_at`,
    [run.tenantId],
  );
  return { first: Number(row?.first ?? NaN), last: Number(row?.last ?? NaN), pullEnd: Number(row?.pull_end ?? NaN) };
}

async function distinctKeys(run: AddressRun, where = 'TRUE'): Promise<number> {
  const [row] = await run.owner.rows<{ n: string }>(
    `SELECT count(DISTINCT address_key) AS n FROM address_checks WHERE tenant_id = $1 AND ${where}`,
    [run.tenantId],
  );
  return Number(row!.n);
}

async function fedexRun(orders: number, seed: number, adminUrl: string, timeoutMs: number): Promise<FedexResult> {
  const run = await startAddressRun('fedex', orders, seed, adminUrl);
  try {
    const proxy = run.proxy!;
    log(`FedEx: pulling ${orders.toLocaleString('en-US')} orders`);
    const pull = await pullOrders(run, orders);
    log(`FedEx: pull ${seconds(pull.endedAt - pull.startedAt)}; waiting for every open order's check`);
    let counts = await checkCounts(run);
    let lastLog = performance.now();
    while (counts.waiting > 0 && performance.now() - pull.startedAt < timeoutMs) {
      await sleep(200);
      counts = await checkCounts(run);
      if (performance.now() - lastLog > 5_000) {
        lastLog = performance.now();
        log(`  ${counts.waiting} of ${counts.open} open orders waiting after ${seconds(lastLog - pull.startedAt)}`);
      }
    }
    const doneMs = performance.now() - pull.startedAt;
    // Every request to FedEx, the connection test's token included (FedEx's throttle counts them all).
    const calls = [...proxy.calls];
    const resolves = calls.filter((c) => c.path === FEDEX_RESOLVE);
    const answered = resolves.filter((c) => c.status === 200);
    const addressesAsked = answered.reduce(
      (sum, c) => sum + ((JSON.parse(c.body) as { addressesToValidate?: unknown[] }).addressesToValidate?.length ?? 0),
      0,
    );
    const [quota] = await run.owner.rows<{ used: number }>(
      'SELECT used FROM address_check_quotas WHERE tenant_id = $1',
      [run.tenantId],
    );
    const [cache] = await run.owner.rows<{ n: string }>(
      'SELECT count(*) AS n FROM address_check_cache WHERE tenant_id = $1',
      [run.tenantId],
    );
    const result: FedexResult = {
      pull: await pullResult(run, pull),
      finished: counts.waiting === 0,
      doneMs,
      times: await checkTimes(run),
      sweepOffsetMs: pull.startedAt - run.readyAt,
      open: counts.open,
      waiting: counts.waiting,
      statuses: await statusCounts(run),
      distinctAddresses: await distinctKeys(run),
      resolveCalls: resolves.length,
      fakeAddressCalls: run.fedex!.addressCalls(),
      addressesAsked,
      cacheRows: Number(cache!.n),
      quotaUsed: quota?.used ?? 0,
      tokenCalls: calls.filter(isToken).length,
      allCalls: calls.length,
      tooMany: calls.filter((c) => c.status === 429).length,
      otherErrors: calls.filter((c) => c.status !== 200 && c.status !== 429).length,
      mostIn10sResolve: mostInWindow(
        resolves.map((c) => c.at),
        FEDEX_THROTTLE.windowMs,
      ),
      mostIn10sAll: mostInWindow(
        calls.map((c) => c.at),
        FEDEX_THROTTLE.windowMs,
      ),
      callSpanMs: resolves.length > 1 ? resolves.at(-1)!.at - resolves[0]!.at : 0,
      carrierMs: resolves.reduce((sum, c) => sum + c.ms, 0),
      mostInFlight: mostInFlight(resolves),
      askedAgain: askedAgain(answered),
    };
    log(
      `FedEx: ${result.finished ? 'all checked' : 'NOT finished'} ${seconds(doneMs)} after the pull's start; ` +
        `${result.resolveCalls} calls, ${addressesAsked} addresses, ${result.tooMany} 429s`,
    );
    return result;
  } finally {
    await run.close();
  }
}

async function uspsRun(orders: number, seed: number, adminUrl: string, watchMs: number): Promise<UspsResult> {
  const run = await startAddressRun('usps', orders, seed, adminUrl);
  try {
    const proxy = run.proxy!;
    log(`USPS: pulling ${orders.toLocaleString('en-US')} orders`);
    const pull = await pullOrders(run, orders);
    log(`USPS: pull ${seconds(pull.endedAt - pull.startedAt)}; watching the checks for ${seconds(watchMs)}`);
    const until = pull.endedAt + watchMs;
    while (performance.now() < until) {
      await sleep(Math.min(10_000, until - performance.now()));
      const counts = await checkCounts(run);
      const asked = proxy.calls.filter((c) => c.path === USPS_ADDRESS).length;
      log(`  ${asked} address calls, ${counts.waiting} of ${counts.open} open orders waiting`);
    }
    const calls = [...proxy.calls];
    const addressCalls = calls.filter((c) => c.path === USPS_ADDRESS);
    const counts = await checkCounts(run);
    const [quota] = await run.owner.rows<{ used: number; window_left: string; window_seconds: string }>(
      `SELECT used, extract(epoch FROM window_started_at + interval '3600 seconds' - now()) AS window_left,
         extract(epoch FROM now() - window_started_at) AS window_seconds
       FROM address_check_quotas WHERE tenant_id = $1`,
      [run.tenantId],
    );
    const [pending] = await run.owner.rows<{ n: string; at_window_end: string; keys: string }>(
      `SELECT count(*) AS n,
         count(*) FILTER (WHERE abs(extract(epoch FROM c.next_at - (q.window_started_at + interval '3600 seconds'))) < 1)
           AS at_window_end,
         count(DISTINCT c.address_key) AS keys
       FROM address_checks c JOIN address_check_quotas q ON q.tenant_id = c.tenant_id
       WHERE c.tenant_id = $1 AND c.status = 'pending'`,
      [run.tenantId],
    );
    const result: UspsResult = {
      pull: await pullResult(run, pull),
      watchMs,
      open: counts.open,
      waiting: counts.waiting,
      statuses: await statusCounts(run),
      addressCalls: addressCalls.length,
      addressCallsAnswered: addressCalls.filter((c) => c.status === 200 || c.status === 404).length,
      tokenCalls: calls.filter(isToken).length,
      allCalls: calls.length,
      tooMany: calls.filter((c) => c.status === 429).length,
      quotaUsed: quota?.used ?? 0,
      windowLeftSeconds: Number(quota?.window_left ?? NaN),
      pendingRows: Number(pending!.n),
      pendingAtWindowEnd: Number(pending!.at_window_end),
      pendingAddresses: Number(pending!.keys),
      uspsAddresses: await distinctKeys(run, "status <> 'format_only'"),
      callsPerHour: 30,
    };
    log(
      `USPS: ${result.addressCalls} address calls in ${seconds(pull.endedAt - pull.startedAt + watchMs)}; ` +
        `${result.pendingRows} orders pending (${result.pendingAddresses} addresses), ${result.tooMany} 429s`,
    );
    return result;
  } finally {
    await run.close();
  }
}

async function pullOnly(orders: number, seed: number, adminUrl: string): Promise<PullResult> {
  const run = await startAddressRun('none', orders, seed, adminUrl);
  try {
    log(`no account: pulling ${orders.toLocaleString('en-US')} orders`);
    const pull = await pullResult(run, await pullOrders(run, orders));
    log(`no account: pull ${seconds(pull.ms)}`);
    return pull;
  } finally {
    await run.close();
  }
}

async function main() {
  const started = performance.now();
  const code = codeState();
  const orders = positive('orders', args.orders);
  const seed = positive('seed', args.seed);
  const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const skip = new Set(args.skip.split(',').filter(Boolean));
  const loadAverage = [os.loadavg()[0]!];
  // The pull without an account first and last: two readings of the machine's own spread around the runs with one.
  const baseline = skip.has('none') ? [] : [await pullOnly(orders, seed, adminUrl)];
  loadAverage.push(os.loadavg()[0]!);
  const fedex = skip.has('fedex')
    ? null
    : await fedexRun(orders, seed, adminUrl, positive('timeout-seconds', args['timeout-seconds']) * 1000);
  loadAverage.push(os.loadavg()[0]!);
  const usps = skip.has('usps')
    ? null
    : await uspsRun(orders, seed, adminUrl, positive('usps-seconds', args['usps-seconds']) * 1000);
  loadAverage.push(os.loadavg()[0]!);
  if (!skip.has('none')) baseline.push(await pullOnly(orders, seed, adminUrl));
  loadAverage.push(os.loadavg()[0]!);
  const date = new Date().toISOString();
  const text = renderAddressBench({
    orders,
    seed,
    date,
    code,
    machine: describeMachine(),
    loadAverage,
    totalSeconds: (performance.now() - started) / 1000,
    command: `npm run bench:addresses -w bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    fedex,
    usps,
    baseline,
  });
  const path = await writeResultFile(`addresses-${fileMinute(date)}`, text, args.results, log);
  console.log(`\n${text}`);
  log(`written to ${path}`);
}

await main();
