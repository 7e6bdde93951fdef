import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeState } from './bench-results.ts';
import type { CarrierKind, DatabaseKind } from './labels-app.ts';
import type { BatchRun } from './labels-batch.ts';
import type { DrawResult } from './labels-draw.ts';
import { mib, type MemoryFigures, type MemoryProfile } from './labels-memory.ts';
import type { Machine } from './machine.ts';

/** The labels benchmark's results file: bench/results/labels-<YYYY-MM-DD>-<HHMM>.md (UTC), never overwritten. */

export interface LabelsReport {
  date: string;
  seconds: number;
  machine: Machine;
  code: CodeState;
  /** 1-minute load averages at the start and after each phase. */
  loads: number[];
  serverVersions: Partial<Record<DatabaseKind, string>>;
  drawing: DrawResult;
  drawCommand: string;
  batches: Array<{ kind: DatabaseKind; carrier: CarrierKind; ordersMs: number; run: BatchRun }>;
  memoryRuns: BatchRun[];
  /** The profiled batches (built-in carrier, the first concurrency asked for), one per database. */
  profiled: Array<{ kind: DatabaseKind; run: BatchRun }>;
}

export const TARGETS = { pdfPerSecond: 500, zplPerSecond: 20_000, batchSeconds: 10 } as const;

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const s = (ms: number) => n(ms / 1000, 2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const CARRIER = { local: 'built-in', usps: 'fake USPS' } as const;
const DATABASE = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const endToEndMs = (run: BatchRun) => run.purchaseMs + run.documentMs;
const RULES = {
  plain: 'none',
  options: 'every order insured for its total, adult signature',
  cheapest:
    'the same, and "the cheapest of" USPS Ground Advantage, Priority Mail and Priority Mail Express (the batch quotes each order\'s three services, with the options, before buying)',
  international:
    'none; every order to Toronto with a customs declaration drafted from its products (built-in carrier: LOCAL_INTERNATIONAL and its CN 22 page, merged after each label; USPS: Priority Mail International, its CN 22/23 in the label)',
} as const;

function drawingSection(r: LabelsReport): string[] {
  const lines = [
    '## Drawing on one core',
    '',
    `\`${r.drawCommand}\` (from \`bench/\`; CPUs allowed: ${r.drawing.cpus}): \`drawLocalLabel\` in a loop, one label ` +
      'after the other, another customer, reference and tracking number each time, after a warm-up.',
    '',
    '| format | warm-up | labels/s per round | median | one label | target | |',
    '| --- | ---: | --- | ---: | ---: | ---: | --- |',
  ];
  for (const f of r.drawing.formats) {
    const rates = f.rounds.map((round) => round.perSecond);
    const target = f.format === 'pdf' ? TARGETS.pdfPerSecond : TARGETS.zplPerSecond;
    const rounds = f.rounds.map((round) => `${n(round.perSecond)} (${n(round.labels)} in ${s(round.ms)} s)`);
    lines.push(
      `| ${f.format.toUpperCase()} | ${n(f.warmup)} | ${rounds.join(', ')} | ${n(median(rates))} | ` +
        `${n(f.bytesMin / 1000, 1)}-${n(f.bytesMax / 1000, 1)} kB | >= ${n(target)} | ${verdict(median(rates) >= target)} |`,
    );
  }
  const pdf = r.drawing.formats.find((f) => f.format === 'pdf');
  if (pdf) {
    const msPerLabel = 1000 / median(pdf.rounds.map((round) => round.perSecond));
    lines.push(
      '',
      `Where a PDF label's ${n(msPerLabel, 2)} ms go (a sampled CPU profile of ${n(r.drawing.profiledLabels)} more ` +
        "labels; each sample counted in the first of these parts on its stack; the milliseconds are the share of the label's time above):",
      '',
      '| part | share | ms per label |',
      '| --- | ---: | ---: |',
      ...r.drawing.pdfCosts.map((c) => `| ${c.part} | ${n(c.share * 100, 1)}% | ${n(c.share * msPerLabel, 2)} |`),
    );
  }
  return lines;
}

function batchSection(r: LabelsReport): string[] {
  const size = r.batches[0]?.run.orders ?? 0;
  const lines = [
    `## Batches of ${n(size)} orders`,
    '',
    `Each run: ${n(size)} paid orders made through the API (create, approve, pay; 16 at a time), moved to a Shopify store ` +
      'by SQL so their labels queue a tracking push (after an untimed batch of 100 that warms the server up), then ' +
      "timed: `POST /call/labelBatches` (202) until the server's job queue has worked the batch to its end (its " +
      '`label-batch` job, in the same process; the tracking pushes stay queued: their queue is not worked), then ' +
      '`GET /call/labelBatches/{id}/document` read to its end over loopback. Concurrency is the purchases in flight ' +
      'per batch (8, the default; each concurrency on a server of its own). The fake USPS runs in a worker thread.',
    '',
    `Rules: ${Object.entries(RULES)
      .map(([kind, words]) => `**${kind}**: ${words}`)
      .join('; ')}. "insured + signed" counts the labels recorded with an insured value and an adult signature.`,
    '',
    '| database | carrier | rules | concurrency | purchase, s | labels/s | document, s | document, MiB (pages) | end to end, s | <= 10 s (PostgreSQL) | orders with one label | pushes queued | insured + signed |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const { kind, carrier, run } of r.batches) {
    const total = endToEndMs(run);
    lines.push(
      `| ${DATABASE[kind]} | ${CARRIER[carrier]} | ${run.options} | ${run.concurrency} | ${s(run.purchaseMs)} | ` +
        `${n(run.bought / (run.purchaseMs / 1000))} | ${s(run.documentMs)} | ${n(mib(run.documentBytes), 1)} ` +
        `(${n(run.documentPages)}) | ${s(total)} | ${kind === 'postgres' ? verdict(total <= TARGETS.batchSeconds * 1000) : ''} | ` +
        `${n(run.ordersWithOneLabel)} of ${n(run.orders)} | ${n(run.pushesQueued)} | ${n(run.labelsWithOptions)} |`,
    );
  }
  const failures = r.batches.filter((b) => b.run.failed > 0);
  for (const { kind, carrier, run } of failures) {
    lines.push('', `${DATABASE[kind]}, ${CARRIER[carrier]}: ${run.failed} failed (${run.failures.join('; ')}).`);
  }
  lines.push(
    '',
    'Where the purchase time goes, per label (milliseconds; the carrier and transaction times are summed over the ' +
      "purchases, which overlap by the concurrency; CPU of the server's main thread, which on PGlite includes the " +
      "database; of the fake carrier's thread; of PostgreSQL's backends):",
    '',
    '| database | carrier | rules | concurrency | wall | carrier call | quotes (count) | transactions (count) | statements | server CPU | database CPU | carrier CPU | making the orders, s |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const { kind, carrier, run, ordersMs } of r.batches) {
    const per = (value: number | null) => (value === null ? '' : n(value / run.bought, 2));
    lines.push(
      `| ${DATABASE[kind]} | ${CARRIER[carrier]} | ${run.options} | ${run.concurrency} | ${per(run.purchaseMs)} | ` +
        `${per(run.carrierMs)} | ${per(run.quoteMs)} (${n(run.quotes / run.bought, 1)}) | ` +
        `${per(run.transactionMs)} (${n(run.transactions / run.bought, 1)}) | ` +
        `${run.statements === null ? '' : n(run.statements / run.bought, 1)} | ${per(run.serverCpuSeconds * 1000)} | ` +
        `${per(run.databaseCpuSeconds === null ? null : run.databaseCpuSeconds * 1000)} | ` +
        `${per(run.carrierCpuSeconds === null ? null : run.carrierCpuSeconds * 1000)} | ${s(ordersMs)} |`,
    );
  }
  return lines;
}

const figures = (m: MemoryFigures, base?: MemoryFigures) => {
  const cell = (key: keyof MemoryFigures) =>
    base ? `${n(mib(m[key]))} (+${n(mib(m[key] - base[key]))})` : n(mib(m[key]));
  return `${cell('rss')} | ${cell('heapUsed')} | ${cell('external')}`;
};

function profileSection(r: LabelsReport): string[] {
  if (r.profiled.length === 0) return [];
  const lines = [
    '## Where a label of the batch goes',
    '',
    `One more batch of ${n(r.profiled[0]!.run.orders)} orders per database with the built-in carrier, ` +
      `${r.profiled[0]!.run.concurrency} in flight, under ` +
      "the sampling profiler (which slows it). On PostgreSQL the server's thread and the database's backends share " +
      "the 2 cores; PGlite runs in the server's thread.",
  ];
  for (const { kind, run } of r.profiled) {
    const p = run.profile!;
    const cpuMs = (run.serverCpuSeconds * 1000) / run.bought;
    const shares = (title: string, rows: typeof p.byPlace) => [
      `| ${title} | share | ms per label |`,
      '| --- | ---: | ---: |',
      ...rows.slice(0, 10).map((c) => `| ${c.part} | ${n(c.share * 100, 1)}% | ${n(c.share * cpuMs, 2)} |`),
    ];
    const database =
      run.databaseCpuSeconds === null
        ? ''
        : ` and ${n((run.databaseCpuSeconds * 1000) / run.bought, 1)} ms in PostgreSQL's backends`;
    const statements =
      run.statements === null
        ? ''
        : `, ${n(run.statements / run.bought, 1)} statements (node-postgres queries, BEGIN and COMMIT included)`;
    lines.push(
      '',
      `**${DATABASE[kind]}**: ${s(run.purchaseMs)} s, ${n(run.purchaseMs / run.bought, 1)} ms per label; per label ` +
        `${n(cpuMs, 1)} ms of CPU on the server's thread${database}, ${n(run.transactions / run.bought, 1)} tenant ` +
        `transactions${statements}.`,
      '',
      ...shares("server thread's CPU, by where the code lives (the drawing as one part)", p.byPlace),
      '',
      ...shares(
        "the same samples by function (V8's built-ins counted in the function that called them)",
        p.byServerCode,
      ),
    );
    if (p.writes) {
      lines.push(
        '',
        "Rows written per label, by table (PostgreSQL's statistics; triggers' writes included):",
        '',
        '| table | inserted | updated | deleted |',
        '| --- | ---: | ---: | ---: |',
        ...p.writes
          .slice(0, 12)
          .map(
            (w) =>
              `| ${w.table} | ${n(w.inserted / run.bought, 2)} | ${n(w.updated / run.bought, 2)} | ${n(w.deleted / run.bought, 2)} |`,
          ),
      );
    }
  }
  return lines;
}

function memorySection(r: LabelsReport): string[] {
  if (r.memoryRuns.length === 0) return [];
  const lines = [
    '## Memory',
    '',
    "The process's `process.memoryUsage()` every 50 ms (baseline after a full garbage collection, just before) during " +
      'batches with the built-in carrier on PostgreSQL (the database in its own processes), 8 purchases in flight, ' +
      'and during their merged PDF download (server and client in this process; the client counts the bytes and ' +
      'keeps none). MiB; in brackets the growth over the baseline.',
    '',
    '| labels | phase | baseline RSS / heap / external | peak RSS | peak heap used | peak external | peak RSS, first / last quarter of the samples | samples (longest gap, ms) |',
    '| ---: | --- | --- | ---: | ---: | ---: | --- | ---: |',
  ];
  const row = (run: BatchRun, phase: string, m: MemoryProfile) =>
    `| ${n(run.bought)} | ${phase} | ${figures(m.baseline).replaceAll(' |', ' /')} | ${figures(m.peak, m.baseline)} | ` +
    `${n(mib(m.firstQuarterPeak.rss))} / ${n(mib(m.lastQuarterPeak.rss))} | ${n(m.samples)} (${n(m.longestGapMs)}) |`;
  for (const run of r.memoryRuns) {
    lines.push(row(run, `batch, ${s(run.purchaseMs)} s`, run.memory!.batch));
    lines.push(
      row(run, `merged PDF, ${s(run.documentMs)} s, ${n(mib(run.documentBytes), 1)} MiB`, run.memory!.document),
    );
  }
  lines.push(
    '',
    "The same batches' pace, and what the reads of one round of the batch loop (8 items) cost in the database at " +
      'its end, when they have the most items to pass by (EXPLAIN ANALYZE, median of 5):',
    '',
    "| labels | purchase, s | labels/s | server CPU, ms per label | database CPU, ms per label | a round at the end: open-item probe + next items, ms | the rounds' reads, estimated, s |",
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const run of r.memoryRuns) {
    const cost = run.roundCost!;
    // At most what the end costs, every round.
    const estimate = (run.bought / run.concurrency) * (cost.probeMs + cost.nextItemsMs);
    lines.push(
      `| ${n(run.bought)} | ${s(run.purchaseMs)} | ${n(run.bought / (run.purchaseMs / 1000))} | ` +
        `${n((run.serverCpuSeconds * 1000) / run.bought, 1)} | ${n(((run.databaseCpuSeconds ?? 0) * 1000) / run.bought, 1)} | ` +
        `${n(cost.probeMs, 2)} + ${n(cost.nextItemsMs, 2)} | ${s(estimate)} |`,
    );
  }
  const [small, large] = [r.memoryRuns[0]!, r.memoryRuns.at(-1)!];
  if (small !== large) {
    const growth = (run: BatchRun) => run.memory!.document.peak.rss - run.memory!.document.baseline.rss;
    const perLabel = (growth(large) - growth(small)) / (large.bought - small.bought);
    lines.push(
      '',
      `The merged PDF's peak RSS over its baseline grows from ${n(mib(growth(small)))} MiB (${n(small.bought)} labels) to ` +
        `${n(mib(growth(large)))} MiB (${n(large.bought)}): ${n(perLabel / 1024, 1)} KiB per label more, against ` +
        `${n(large.documentBytes / large.bought / 1024, 1)} KiB of PDF per label.`,
    );
  }
  return lines;
}

export function renderLabels(r: LabelsReport): string {
  const m = r.machine;
  const changes = r.code.uncommitted.length ? `, with ${r.code.uncommitted.length} uncommitted server files` : '';
  const versions = Object.values(r.serverVersions).join('; ');
  return [
    '# Labels benchmark',
    '',
    `${r.date.slice(0, 16).replace('T', ' ')} UTC, commit ${r.code.commit}${changes}; ${m.cpuModel}, ${m.cores} cores, ` +
      `${m.memoryGiB} GiB, ${m.os}, Node ${m.node}; ${versions}. The machine is shared: 1-minute load average ` +
      `${n(Math.min(...r.loads), 1)}-${n(Math.max(...r.loads), 1)} over the run (${r.loads.map((l) => n(l, 2)).join(', ')} ` +
      `at the start and after each phase). The whole run took ${n(r.seconds)} s.`,
    '',
    `Targets: >= ${n(TARGETS.pdfPerSecond)} PDF and >= ${n(TARGETS.zplPerSecond)} ZPL labels/s per core drawn by the ` +
      `built-in carrier; a batch of 1,000 orders end to end in <= ${TARGETS.batchSeconds} s with the built-in carrier; ` +
      'memory flat during a 5,000-label batch.',
    '',
    ...drawingSection(r),
    '',
    ...batchSection(r),
    '',
    ...profileSection(r),
    '',
    ...memorySection(r),
    '',
  ].join('\n');
}

/** Writes the report to a new file of the results folder (a second run in the same minute gets `-2`). */
export async function writeLabelsReport(date: string, text: string, folder: string | undefined): Promise<string> {
  const dir = resolve(repoRoot, folder ?? 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stem = `labels-${date.slice(0, 16).replace(':', '').replace('T', '-')}`;
  let path = join(dir, `${stem}.md`);
  for (let i = 2; existsSync(path); i++) path = join(dir, `${stem}-${i}.md`);
  let body = text;
  try {
    const prettier = await import('prettier');
    body = await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
  } catch {
    // Left as written: `npx prettier --write` formats it.
  }
  writeFileSync(path, body, { flag: 'wx' });
  return relative(repoRoot, path).startsWith('..') ? path : relative(repoRoot, path);
}
