import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { codeState } from './bench-results.ts';
import { OPTIONS_KINDS, paidOrders, startBench, type CarrierKind, type DatabaseKind } from './labels-app.ts';
import { runBatch, type BatchRun } from './labels-batch.ts';
import type { DrawResult } from './labels-draw.ts';
import { mib } from './labels-memory.ts';
import { renderLabels, writeLabelsReport, type LabelsReport } from './labels-report.ts';
import { describeMachine } from './machine.ts';

/**
 * The labels benchmark: (1) the built-in carrier's drawing on one core, PDF and ZPL; (2) a batch of 1,000 paid orders
 * end to end (purchase, documents, merged PDF, tracking pushes queued) with the built-in carrier and the fake USPS
 * over loopback, on PostgreSQL and PGlite, at several batch concurrencies; (3) the process's memory during a
 * 5,000-label batch and its merged document. Writes bench/results/labels-<date>-<time>.md and prints it.
 *
 *   npm run bench:labels -w bench                     # everything (15-20 minutes on 2 cores)
 *   npm run bench:labels -w bench -- --db postgres --carrier local --concurrency 8 --memory-orders 0
 *   node src/labels-draw.ts --pdf 3000 --zpl 60000    # the drawing alone (the bench runs it under taskset -c 1)
 */

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    carrier: { type: 'string', default: 'local,usps' },
    orders: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4,8,16' },
    /**
     * What the tenant's rules ask of every order, one server per kind: plain, options (insured for its total and an
     * adult's signature), cheapest (those and "the cheapest of" three USPS services, quoted per order). Options need
     * a carrier that takes them: the built-in carrier insures nothing, so they run with --carrier usps only.
     * international: every order to Canada with its customs declaration drafted from the products (both carriers).
     */
    options: { type: 'string', default: 'plain' },
    'memory-orders': { type: 'string', default: '5000' },
    'draw-pdf': { type: 'string', default: '3000' },
    'draw-zpl': { type: 'string', default: '60000' },
    'draw-rounds': { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    results: { type: 'string' },
    /** One more batch per database with the built-in carrier, profiled (its CPU, statements and writes). */
    profile: { type: 'boolean', default: true },
  },
});

const log = (message: string) => console.error(`[labels] ${message}`);
const list = <T extends string>(text: string, allowed: readonly T[]): T[] =>
  text.split(',').map((item) => {
    if (!allowed.includes(item as T)) throw new Error(`"${item}" is not one of ${allowed.join(', ')}`);
    return item as T;
  });
const positive = (name: string, text: string | undefined, zero = false): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < (zero ? 0 : 1)) throw new Error(`--${name} must be a whole number: ${text}`);
  return value;
};

const adminUrl = args['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databases = list(args.db, ['postgres', 'pglite'] as const);
const carriers = list(args.carrier, ['local', 'usps'] as const);
const orders = positive('orders', args.orders);
const concurrencies = args.concurrency.split(',').map((c) => positive('concurrency', c));
const memoryOrders = positive('memory-orders', args['memory-orders'], true);
const optionKinds = list(args.options, OPTIONS_KINDS);
const loads: number[] = [];
const noteLoad = () => loads.push(os.loadavg()[0]!);

/** The drawing in a process of its own, pinned to CPU 1 when `taskset` is there. */
function measureDrawing(): { result: DrawResult; command: string } {
  const script = fileURLToPath(new URL('./labels-draw.ts', import.meta.url));
  const drawArgs = [
    script,
    '--json',
    '--pdf',
    args['draw-pdf'],
    '--zpl',
    args['draw-zpl'],
    '--rounds',
    args['draw-rounds'],
  ];
  let pinned = true;
  try {
    execFileSync('taskset', ['-c', '1', 'true']);
  } catch {
    pinned = false;
  }
  const [file, fileArgs] = pinned
    ? ['taskset', ['-c', '1', process.execPath, ...drawArgs]]
    : [process.execPath, drawArgs];
  const output = execFileSync(file, fileArgs, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const shown = ['node', 'src/labels-draw.ts', ...drawArgs.slice(1)].join(' ');
  return { result: JSON.parse(output) as DrawResult, command: pinned ? `taskset -c 1 ${shown}` : shown };
}

function logRun(kind: DatabaseKind, carrier: CarrierKind, run: BatchRun) {
  log(
    `  ${kind} ${carrier} ${run.options} x${run.concurrency}: ${run.orders} orders, purchase ${(run.purchaseMs / 1000).toFixed(2)} s ` +
      `(${Math.round(run.bought / (run.purchaseMs / 1000))} labels/s), document ${(run.documentMs / 1000).toFixed(2)} s ` +
      `${mib(run.documentBytes).toFixed(1)} MiB ${run.documentPages} pages; bought ${run.bought}, failed ${run.failed}, ` +
      `one label ${run.ordersWithOneLabel}, pushes queued ${run.pushesQueued}, with options ${run.labelsWithOptions}, ` +
      `quotes ${run.quotes} (${(run.quoteMs / Math.max(1, run.bought)).toFixed(2)} ms per label)` +
      (run.failures.length ? `; failures: ${run.failures.join(' | ')}` : ''),
  );
}

async function main() {
  const started = new Date();
  const code = codeState();
  noteLoad();
  log('drawing on one core');
  const drawing = measureDrawing();
  for (const f of drawing.result.formats) {
    log(`  ${f.format}: ${f.rounds.map((r) => Math.round(r.perSecond)).join(', ')} labels/s (${f.bytesMin} B)`);
  }
  noteLoad();

  const memoryRuns: BatchRun[] = [];
  if (memoryOrders > 0) {
    log(`memory: batches of ${orders} and ${memoryOrders} orders, built-in carrier, PostgreSQL`);
    const bench = await startBench('postgres', 'local', adminUrl);
    try {
      const warm = await paidOrders(bench, Math.min(100, orders));
      await runBatch(bench, warm.ids);
      for (const size of [orders, memoryOrders]) {
        const made = await paidOrders(bench, size);
        log(`  ${size} paid orders in ${(made.ms / 1000).toFixed(1)} s`);
        const run = await runBatch(bench, made.ids, { memory: true });
        logRun('postgres', 'local', run);
        memoryRuns.push(run);
        noteLoad();
      }
    } finally {
      await bench.close();
    }
  }

  const batches: LabelsReport['batches'] = [];
  const profiled: LabelsReport['profiled'] = [];
  let serverVersions: Partial<Record<DatabaseKind, string>> = {};
  for (const kind of databases) {
    for (const carrier of carriers) {
      // One server per concurrency and rule set: the concurrency is the server's own setting for its batches.
      for (const [index, concurrency] of concurrencies.entries()) {
        // The built-in carrier insures nothing: it runs the plain and international batches only.
        const kinds =
          carrier === 'local' ? optionKinds.filter((k) => k === 'plain' || k === 'international') : optionKinds;
        for (const options of kinds) {
          log(`batches: ${kind}, ${carrier}, ${options}, ${concurrency} in flight`);
          const bench = await startBench(kind, carrier, adminUrl, undefined, concurrency, options);
          serverVersions = { ...serverVersions, [kind]: bench.serverVersion };
          try {
            // A first, untimed batch: the server's code paths are compiled and its connections open before the timed one.
            const warm = await paidOrders(bench, Math.min(100, orders));
            await runBatch(bench, warm.ids);
            const made = await paidOrders(bench, orders);
            log(`  ${orders} paid orders in ${(made.ms / 1000).toFixed(1)} s`);
            const run = await runBatch(bench, made.ids);
            logRun(kind, carrier, run);
            batches.push({ kind, carrier, ordersMs: made.ms, run });
            noteLoad();
            if (args.profile && carrier === 'local' && index === 0) {
              const profiledOrders = await paidOrders(bench, orders);
              const profiledRun = await runBatch(bench, profiledOrders.ids, { profile: true });
              logRun(kind, carrier, profiledRun);
              profiled.push({ kind, run: profiledRun });
              noteLoad();
            }
            if (bench.usps) log(`  the fake USPS sold ${await bench.usps.labels()} labels`);
          } finally {
            await bench.close();
          }
        }
      }
    }
  }

  const report: LabelsReport = {
    date: started.toISOString(),
    seconds: (Date.now() - started.getTime()) / 1000,
    machine: describeMachine(),
    code,
    loads,
    serverVersions,
    drawing: drawing.result,
    drawCommand: drawing.command,
    batches,
    memoryRuns,
    profiled,
  };
  const text = renderLabels(report);
  const file = await writeLabelsReport(report.date, text, args.results);
  console.log(text);
  log(`written to ${file}`);
}

await main();
