import { parseArgs } from 'node:util';
import { generateAmazonOrders, startFakeAmazon } from '@shipdesk/fakes';
import { createChannelAdapter, QuotaWait } from '../../apps/server/src/features/stores/index.ts';
import { codeState, fileMinute, writeResultFile } from './bench-results.ts';
import { describeMachine } from './machine.ts';

/**
 * The Amazon pull benchmark (docs/PERFORMANCE.md, "Amazon pull"): the real Amazon adapter reads `--orders` orders
 * through Orders v2026-01-01 searchOrders from the fake Amazon, which enforces Amazon's usage plan (0.0056 a second,
 * burst 20) as a token bucket. Time is simulated: every wait the adapter would sleep, and every QuotaWait that would
 * end a pull's slice and send the next one for later, moves one clock that both sides read, so two days of Amazon's
 * quota take seconds here. Measured: calls by operation, 429s (none expected: the pacer keeps to the plan), the
 * slices handed on for the quota, the simulated time from the first call to the last page, and the real CPU the
 * adapter spent reading and mapping the pages.
 *
 *   node bench/src/amazon-pull.ts [--orders 100000]
 */

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    results: { type: 'string' },
  },
});
const ORDERS = Number(args.orders);
const log = (message: string) => console.log(`[amazon-pull] ${message}`);

const CREDENTIALS = {
  clientId: 'amzn1.application-oa2-client.bench',
  clientSecret: 'cs-bench',
  refreshToken: 'Atzr|b',
};
const SEARCH = /^\/orders\/2026-01-01\/orders$/;

function hours(ms: number): string {
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

async function main() {
  if (!Number.isInteger(ORDERS) || ORDERS < 1)
    throw new Error(`--orders must be a positive integer, got ${args.orders}`);
  const started = new Date();
  let clock = Date.parse('2026-12-01T00:00:00.000Z');
  const now = () => clock;
  log(`generating ${ORDERS} orders`);
  const fake = await startFakeAmazon({
    ...CREDENTIALS,
    orders: generateAmazonOrders(ORDERS, { seed: 30 }),
    // Amazon's documented plans; the fake answers 429 QuotaExceeded past them, on the same simulated clock.
    burst: 20,
    now,
  });
  let slept = 0;
  let throttled = 0;
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 429) throttled++;
    return response;
  };
  const adapter = createChannelAdapter(
    'AmazonSP',
    {
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    },
    {
      http: {
        now,
        fetch: counting,
        sleep: async (ms) => {
          slept += ms;
          clock += ms;
        },
      },
    },
  )!;

  const first = clock;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  let pageToken: string | null = null;
  let pages = 0;
  let read = 0;
  let handedOn = 0;
  let quotaMs = 0;
  const seen = new Set<string>();
  do {
    try {
      const page = await adapter.listOrders({ updatedSince: '2020-01-01T00:00:00.000Z', pageToken });
      pages++;
      read += page.orders.length;
      for (const order of page.orders) seen.add(order.externalId);
      pageToken = page.nextPageToken;
      if (pages % 100 === 0) log(`${pages} pages, ${read} orders, simulated ${hours(clock - first)}`);
    } catch (error) {
      if (!(error instanceof QuotaWait)) throw error;
      // A pull's slice would end here and its next slice be sent for when the quota allows.
      handedOn++;
      quotaMs += error.waitMs;
      clock += error.waitMs;
    }
  } while (pageToken);
  const wallMs = performance.now() - wall;
  const used = process.cpuUsage(cpu);
  const simulatedMs = clock - first;

  const searches = fake.requests.filter((request) => SEARCH.test(request.path)).length;
  const other = fake.requests.length - searches;
  await fake.close();

  const machine = describeMachine();
  const code = codeState();
  const expectedMs = Math.max(0, searches - 20) * (1000 / 0.0056);
  const lines = [
    `# Amazon pull, ${ORDERS.toLocaleString('en-US')} orders, ${started.toISOString()}`,
    '',
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}.`,
    `Code: ${code.commit}${code.uncommitted.length > 0 ? ' (with uncommitted changes)' : ''}.`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| orders read (distinct) | ${read} (${seen.size}) |`,
    `| pages | ${pages} |`,
    `| searchOrders calls | ${searches} |`,
    `| other calls (token) | ${other} |`,
    `| 429 QuotaExceeded answers | ${throttled} |`,
    `| slices handed on for the quota | ${handedOn} (waits ${hours(quotaMs)}) |`,
    `| waits slept inside a call | ${hours(slept)} |`,
    `| simulated time, first call to last page | ${hours(simulatedMs)} |`,
    `| the plan's floor: (calls - burst 20) / 0.0056 a second | ${hours(expectedMs)} |`,
    `| real time of the run (adapter + fake, one process) | ${(wallMs / 1000).toFixed(1)} s |`,
    `| CPU (user + system, both sides) | ${((used.user + used.system) / 1e6).toFixed(1)} s |`,
  ];
  const text = lines.join('\n') + '\n';
  console.log(text);
  const path = await writeResultFile(
    `amazon-pull-${fileMinute(started.toISOString())}-${ORDERS}`,
    text,
    args.results,
    log,
  );
  log(`results in ${path}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
