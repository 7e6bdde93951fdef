import type { LabelBatch, LabelBatchDetail } from '@shipdesk/contract';
import { backendCpu, cpuBetween } from './pull-harness.ts';
import type { Bench, OptionsKind } from './labels-app.ts';
import { sampleMemory, type MemoryProfile } from './labels-memory.ts';
import {
  placeOf,
  profileCpu,
  tableWrites,
  writesBetween,
  type CallFrame,
  type CpuShare,
  type TableWrites,
} from './labels-profile.ts';

/**
 * One label batch end to end, as a seller runs it: `POST /call/labelBatches` (202), the batch worked to its end by
 * the server's job queue (its `label-batch` job, worked in this process), then its merged document downloaded over
 * loopback. Checked: every order has exactly one label and its
 * tracking push is queued. Timed on the side: the carrier's purchases, the tenant transactions and the CPU of the
 * server's thread, the fake carrier's thread and (PostgreSQL) the database's backends.
 */

export interface BatchRun {
  orders: number;
  concurrency: number;
  /** POST to the batch done. */
  purchaseMs: number;
  bought: number;
  failed: number;
  /** The first reasons orders failed for, when some did. */
  failures: string[];
  /** Orders with exactly one label; labels whose tracking push is queued. */
  ordersWithOneLabel: number;
  pushesQueued: number;
  /** Labels recorded as insured and signed for by an adult (what the `options` and `cheapest` rules ask). */
  labelsWithOptions: number;
  /** What the rules asked of every order (labels-app.ts OptionsKind). */
  options: OptionsKind;
  /** Summed over the purchases (they overlap by the concurrency). */
  carrierMs: number;
  /** The carrier's rate quotes during the batch (a rule's "cheapest of"): summed time and count. */
  quoteMs: number;
  quotes: number;
  transactionMs: number;
  transactions: number;
  /** Statements sent to PostgreSQL (BEGIN and COMMIT included); null on PGlite. */
  statements: number | null;
  serverCpuSeconds: number;
  carrierCpuSeconds: number | null;
  databaseCpuSeconds: number | null;
  /** The merged PDF's download. */
  documentMs: number;
  documentBytes: number;
  documentPages: number;
  memory: { batch: MemoryProfile; document: MemoryProfile } | null;
  /**
   * With the memory: what one round of the batch's loop costs in the database once every item is bought (its two
   * counts and its look for the next items, which reads past the bought ones), ms of execution (EXPLAIN ANALYZE).
   */
  roundCost: { probeMs: number; nextItemsMs: number } | null;
  /** A profiled run: where the server's thread spent its CPU, and the rows written (PostgreSQL). */
  profile: {
    byPlace: CpuShare[];
    byServerCode: CpuShare[];
    writes: TableWrites[] | null;
  } | null;
}

const DRAWING = 'drawing the label (built-in carrier: pdfkit, bwip-js)';

/**
 * A sample's part twice: by where its innermost frame's code lives (a package, a server file, Node), and by the
 * innermost JavaScript function (V8's built-ins, such as JSON or RegExp, counted in the function that called them).
 * The drawing is one part in both; the profiler's own work is left out.
 */
function serverParts(stack: readonly CallFrame[]): string | null {
  if (stack.some((f) => f.url === 'node:inspector')) return null;
  if (stack.some((f) => f.functionName === 'drawLocalLabel')) return `${DRAWING}\t${DRAWING}`;
  const leaf = stack[0]!;
  if (leaf.functionName === '(garbage collector)') return 'garbage collection\tgarbage collection';
  const node = /^node:(?:internal\/)?([a-z_]+)/.exec(leaf.url);
  const place = node ? `Node: ${node[1]}` : placeOf(leaf);
  const js = stack.find((f) => f.url !== '');
  if (!js) return `${place}\tV8`;
  const where = placeOf(js);
  const file = where.startsWith('server: ') ? where.slice('server: '.length) : `${where}: ${js.url.split('/').at(-1)}`;
  return `${place}\t${js.functionName || '(anonymous)'} (${file})`;
}

function split(shares: CpuShare[], index: 0 | 1): CpuShare[] {
  const sums = new Map<string, number>();
  for (const { part, share } of shares) {
    const key = part.split('\t')[index]!;
    sums.set(key, (sums.get(key) ?? 0) + share);
  }
  return [...sums].map(([part, share]) => ({ part, share })).sort((a, b) => b.share - a.share);
}

/** Counts the pages of a PDF as it streams past, holding none of it. */
function pageCounter() {
  let carry = '';
  let pages = 0;
  return {
    add(chunk: Uint8Array) {
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      // A page object, not the page tree (/Pages); a match that ended in the carried tail was counted already.
      for (const match of text.matchAll(/\/Type\s*\/Page[^s\w]/g)) {
        if (match.index + match[0].length > carry.length) pages++;
      }
      carry = text.slice(-32);
    },
    pages: () => pages,
  };
}

/** The execution time of a statement, median of 5 (EXPLAIN ANALYZE, as the owner). */
async function executionMs(bench: Bench, text: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const plan = await bench.owner.rows<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${text}`, params);
    const line = plan.map((row) => row['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
    times.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1]));
  }
  return times.sort((a, b) => a - b)[2]!;
}

/**
 * The reads of a round of the batch's loop (label-batches-repository.ts: `refresh` looks for one open item,
 * `openItems` takes the next `concurrency`), timed once every item is bought, when they have the most to pass by.
 */
async function roundCost(bench: Bench, batchId: string, concurrency: number) {
  const params = [bench.tenantId, Number(batchId)];
  const open = (limit: number) =>
    executionMs(
      bench,
      `SELECT * FROM label_batch_items WHERE tenant_id = $1 AND batch_id = $2 AND status IN ('queued', 'buying')
       ORDER BY position LIMIT ${limit}`,
      params,
    );
  return { probeMs: await open(1), nextItemsMs: await open(concurrency) };
}

async function download(bench: Bench, batchId: string) {
  const started = performance.now();
  const res = await fetch(`${bench.base}/call/labelBatches/${batchId}/document`, { headers: bench.headers });
  if (res.status !== 200 || !res.body) throw new Error(`the batch document answered ${res.status}`);
  const counter = pageCounter();
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    counter.add(chunk);
  }
  return { ms: performance.now() - started, bytes, pages: counter.pages() };
}

/** A batch of `orderIds`, bought with the bench's server's concurrency (`bench.concurrency`). */
export async function runBatch(
  bench: Bench,
  orderIds: readonly number[],
  options: { memory?: boolean; profile?: boolean } = {},
): Promise<BatchRun> {
  const { concurrency } = bench;
  // PostgreSQL's table statistics come late (see tableWrites): read before the CPU, whose backends may close meanwhile.
  const writesBefore = options.profile && bench.kind === 'postgres' ? await tableWrites(bench.owner) : null;
  const carrierBefore = { ...bench.carrierTimer };
  const quotesBefore = { ...bench.quoteTimer };
  const transactionsBefore = { ...bench.transactionTimer };
  const statementsBefore = bench.statements();
  const databaseCpuBefore = bench.kind === 'postgres' ? await backendCpu(bench.owner) : null;
  const carrierCpuBefore = bench.usps ? await bench.usps.cpu() : null;
  const serverCpuBefore = process.threadCpuUsage();

  const purchase = async () => {
    const started = performance.now();
    const batch = await bench.api<LabelBatch>(
      'POST',
      '/call/labelBatches',
      { event: 'shipLabel', orderIds: orderIds.map(String) },
      202,
    );
    await bench.batchDone(batch.id);
    return { batch, ms: performance.now() - started };
  };
  let purchased: Awaited<ReturnType<typeof purchase>>;
  let shares: CpuShare[] | null = null;
  let batchMemory: MemoryProfile | null = null;
  if (options.profile) [purchased, shares] = await profileCpu(purchase, serverParts);
  else if (options.memory) [purchased, batchMemory] = await sampleMemory(purchase);
  else purchased = await purchase();
  const { batch, ms: purchaseMs } = purchased;

  const serverCpu = process.threadCpuUsage(serverCpuBefore);
  const databaseCpuSeconds = databaseCpuBefore ? cpuBetween(databaseCpuBefore, await backendCpu(bench.owner)) : null;
  const carrierCpuSeconds = bench.usps ? (await bench.usps.cpu()) - carrierCpuBefore! : null;
  const statements = bench.kind === 'postgres' ? bench.statements() - statementsBefore : null;
  const carrierMs = bench.carrierTimer.ms - carrierBefore.ms;
  const transactionMs = bench.transactionTimer.ms - transactionsBefore.ms;
  const transactions = bench.transactionTimer.calls - transactionsBefore.calls;
  const profile: BatchRun['profile'] = shares && {
    byPlace: split(shares, 0),
    byServerCode: split(shares, 1),
    writes: writesBefore ? writesBetween(writesBefore, await tableWrites(bench.owner)) : null,
  };

  const detail = await bench.api<LabelBatchDetail>('GET', `/call/labelBatches/${batch.id}`);
  if (detail.batch.status !== 'done') throw new Error(`batch ${batch.id} ended ${detail.batch.status}`);
  const [labels] = await bench.owner.rows<{ one: string; pending: string; optioned: string }>(
    `SELECT count(*) FILTER (WHERE n = 1) AS one, coalesce(sum(pending), 0) AS pending,
       coalesce(sum(optioned), 0) AS optioned FROM (
       SELECT o.id, count(l.id) AS n, count(l.id) FILTER (WHERE l.tracking_push_status = 'pending') AS pending,
         count(l.id) FILTER (WHERE l.insured_value IS NOT NULL AND l.signature = 'adult') AS optioned
       FROM orders o LEFT JOIN shipping_labels l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
       WHERE o.tenant_id = $1 AND o.id = ANY($2::bigint[]) GROUP BY o.id) per_order`,
    [bench.tenantId, orderIds],
  );

  const cost = options.memory ? await roundCost(bench, batch.id, concurrency) : null;
  const [document, documentMemory] = options.memory
    ? await sampleMemory(() => download(bench, batch.id))
    : [await download(bench, batch.id), null];

  return {
    orders: orderIds.length,
    concurrency,
    purchaseMs,
    bought: detail.batch.bought,
    failed: detail.batch.failed,
    failures: [...new Set(detail.items.flatMap((i) => (i.status === 'failed' && i.message ? [i.message] : [])))].slice(
      0,
      3,
    ),
    ordersWithOneLabel: Number(labels!.one),
    pushesQueued: Number(labels!.pending),
    labelsWithOptions: Number(labels!.optioned),
    options: bench.options,
    carrierMs,
    quoteMs: bench.quoteTimer.ms - quotesBefore.ms,
    quotes: bench.quoteTimer.calls - quotesBefore.calls,
    transactionMs,
    transactions,
    statements,
    serverCpuSeconds: (serverCpu.user + serverCpu.system) / 1e6,
    carrierCpuSeconds,
    databaseCpuSeconds,
    documentMs: document.ms,
    documentBytes: document.bytes,
    documentPages: document.pages,
    memory: batchMemory && documentMemory ? { batch: batchMemory, document: documentMemory } : null,
    roundCost: cost,
    profile,
  };
}
