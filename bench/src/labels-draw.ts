import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
// A dev tool may reach into the server: the built-in carrier's own drawing is what is measured.
import type { LabelRequest, ShipmentAddress } from '../../apps/server/src/integrations/carriers/carrier-types.ts';
import { drawLocalLabel } from '../../apps/server/src/integrations/carriers/local/local-adapter.ts';
import { profileCpu, type CallFrame, type CpuShare } from './labels-profile.ts';

/**
 * The built-in carrier's drawing alone: `drawLocalLabel` in a loop on one thread, PDF and ZPL apart, after a warm-up.
 * Run on its own (`node src/labels-draw.ts --json`) it prints its result as JSON, so the labels benchmark can run it
 * pinned to one core (`taskset -c 1`). A last, profiled pass says where a PDF label's time goes.
 */

export interface DrawRound {
  labels: number;
  ms: number;
  perSecond: number;
}

export interface DrawFormat {
  format: 'pdf' | 'zpl';
  warmup: number;
  rounds: DrawRound[];
  /** Bytes of one label (they differ by a few bytes with the address and the reference). */
  bytesMin: number;
  bytesMax: number;
}

export interface DrawResult {
  formats: DrawFormat[];
  /** Where a PDF label's CPU time goes, from a sampled profile of `profiledLabels` labels. */
  pdfCosts: CpuShare[];
  profiledLabels: number;
  /** The CPUs this process may run on, as Linux reports them (`Cpus_allowed_list`). */
  cpus: string;
}

const WAREHOUSE: ShipmentAddress = {
  name: 'Northloop Supply',
  company: 'Northloop Supply',
  street1: '400 Industrial Way',
  street2: null,
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  country: 'US',
  phone: '614-555-0134',
  email: null,
  residential: false,
};

/** The i-th label of the loop: another customer, reference and idempotency key each time (so another tracking number). */
export function labelRequest(i: number, format: 'pdf' | 'zpl'): LabelRequest {
  return {
    from: WAREHOUSE,
    to: {
      name: `Customer ${i} Lovelace`,
      company: null,
      street1: `${12 + (i % 900)} St James Square`,
      street2: i % 3 === 0 ? `Apt ${i % 40}` : null,
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
      phone: null,
      email: null,
      residential: true,
    },
    parcel: { weightGrams: 900, lengthIn: 8, widthIn: 6, heightIn: 4, packageType: 'PACKAGE' },
    shipDate: '2026-11-26',
    reference: `#${100000 + i}`,
    serviceCode: 'LOCAL_NEXT_DAY',
    format,
    idempotencyKey: `bench-label-${i}`,
  };
}

async function drawRound(format: 'pdf' | 'zpl', from: number, labels: number, sizes: number[]): Promise<DrawRound> {
  const started = performance.now();
  for (let i = from; i < from + labels; i++)
    sizes.push((await drawLocalLabel(labelRequest(i, format))).document.length);
  const ms = performance.now() - started;
  return { labels, ms, perSecond: labels / (ms / 1000) };
}

/** The parts of the PDF drawing, by the first of these functions found on a sample's stack (innermost first). */
const PARTS: Array<{ part: string; matches: (f: CallFrame) => boolean }> = [
  { part: 'QR code matrix (bwip-js)', matches: (f) => f.functionName === 'qrMatrix' },
  { part: 'Code 128 bars (bwip-js)', matches: (f) => f.functionName === 'code128Widths' },
  {
    part: "new pdfkit document (parses Helvetica-Bold's metrics each time)",
    matches: (f) => f.functionName === 'PDFDocument' && f.url.includes('pdfkit'),
  },
  { part: 'layout (text fitted with the font metrics)', matches: (f) => f.functionName === 'localLabelLayout' },
  { part: 'text drawn (pdfkit)', matches: (f) => f.functionName === 'text' && f.url.includes('pdfkit') },
  { part: 'rectangles and fills (pdfkit)', matches: (f) => f.functionName === 'draw' && f.url.includes('local') },
  { part: 'writing the document (pdfkit end)', matches: (f) => f.functionName === 'end' && f.url.includes('pdfkit') },
  { part: 'garbage collection', matches: (f) => f.functionName === '(garbage collector)' },
];

async function profilePdf(from: number, labels: number): Promise<CpuShare[]> {
  const [, shares] = await profileCpu(
    () => drawRound('pdf', from, labels, []),
    (stack) => {
      // The profiler's own answer at the end is not the drawing's.
      if (stack.some((f) => f.functionName === 'post' && f.url.includes('inspector'))) return null;
      for (const frame of stack) {
        const found = PARTS.find((p) => p.matches(frame));
        if (found) return found.part;
      }
      return 'other (tracking number, streams, buffers, promises)';
    },
  );
  return shares;
}

function cpusAllowed(): string {
  try {
    return /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function measureDrawing(options: { pdf: number; zpl: number; rounds: number }): Promise<DrawResult> {
  const formats: DrawFormat[] = [];
  let next = 0;
  for (const format of ['pdf', 'zpl'] as const) {
    const labels = format === 'pdf' ? options.pdf : options.zpl;
    const warmup = Math.max(100, Math.round(labels / 10));
    const sizes: number[] = [];
    // The first label loads pdfkit and the font metrics; the warm-up lets V8 optimise the drawing.
    await drawRound(format, next, warmup, sizes);
    next += warmup;
    const rounds: DrawRound[] = [];
    for (let r = 0; r < options.rounds; r++) {
      rounds.push(await drawRound(format, next, labels, sizes));
      next += labels;
    }
    formats.push({
      format,
      warmup,
      rounds,
      bytesMin: sizes.reduce((a, b) => Math.min(a, b)),
      bytesMax: sizes.reduce((a, b) => Math.max(a, b)),
    });
  }
  const profiledLabels = Math.max(200, Math.round(options.pdf / 3));
  const pdfCosts = await profilePdf(next, profiledLabels);
  return { formats, pdfCosts, profiledLabels, cpus: cpusAllowed() };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      pdf: { type: 'string', default: '3000' },
      zpl: { type: 'string', default: '60000' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  });
  const result = await measureDrawing({
    pdf: Number(values.pdf),
    zpl: Number(values.zpl),
    rounds: Number(values.rounds),
  });
  if (values.json) process.stdout.write(JSON.stringify(result));
  else console.dir(result, { depth: 4 });
}
