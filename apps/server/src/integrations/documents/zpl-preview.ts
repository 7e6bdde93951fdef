import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http-errors.ts';
import { ZPL_PREVIEW_LIMITS, zplPreviewProblem } from './zpl-preview-limits.ts';
import type { RenderAnswer, RenderMessage } from './zpl-preview-worker.ts';

/**
 * ZPL drawn as a PNG on the server, for previews of thermal labels (ours and the carriers'). The renderer is
 * zpl-renderer-js (Zebrash in WebAssembly), run in a worker thread that starts with the first preview (half a second
 * or so: 9 MB of script to load and a module to compile) and stops after a minute without one, giving back most of
 * its memory. A server that never previews never loads it. A render takes 80 to 150 ms, one at a time, off the
 * server's own thread.
 *
 * The renderer is shared by every organisation, so it is guarded: ZPL beyond `ZPL_PREVIEW_LIMITS` never reaches it,
 * a render has a time limit (5 s; real labels take a tenth of a second), and previews wait in one queue per
 * organisation, served in turn: the queue whose preview started longest ago goes next, so another organisation's
 * preview waits for at most one render of each organisation ahead of it, however many they queued.
 *
 * Zebrash reads `\&` as a line break in any field (printers do only inside `^FB`), so such text previews on two
 * lines; the printer prints it as written.
 */

interface ZplPreviewOptions {
  /** Label width in printer dots (default 812: 4 in at 203 dpi). */
  widthDots?: number;
  /** Label height in printer dots (default 1218: 6 in at 203 dpi). */
  heightDots?: number;
  /** Printer resolution in dots per millimetre: 6 (152 dpi), 8 (203 dpi, default), 12 (300 dpi) or 24 (600 dpi). */
  dpmm?: 6 | 8 | 12 | 24;
  /** Longest render for this preview (default: the settings' time limit). */
  timeoutMs?: number;
  /**
   * Whose preview it is, the organisation for a label: queues take turns, and each may have `waitingPerQueue`
   * waiting. Without one, the drawing is the server's own (the built-in carrier's PNG labels, of our own ZPL, bought
   * 8 at a time by each batch): it takes its turn in one queue held only to `waitingInAll`.
   */
  queue?: string;
}

interface ZplPreviewSettings {
  /** Longest render; the renderer is stopped and started again after a render that takes longer. */
  timeLimitMs: number;
  /** Previews one queue (organisation) may have waiting; more are refused until they are done. */
  waitingPerQueue: number;
  /** Previews waiting in all queues together. */
  waitingInAll: number;
}

const DEFAULT_SETTINGS: ZplPreviewSettings = { timeLimitMs: 5_000, waitingPerQueue: 6, waitingInAll: 64 };
let settings: ZplPreviewSettings = { ...DEFAULT_SETTINGS };
const IDLE_MS = 60_000;
const SERVER_QUEUE = '';

/**
 * A preview that cannot be given: 422 when the ZPL itself cannot be previewed (`zpl_not_previewable`), 502 when the
 * renderer failed or ran out of time (`zpl_renderer_failed`, `zpl_preview_timeout`), 503 when previews are busy
 * (`zpl_previews_busy`). Each says why in words a seller can read.
 */
export class ZplPreviewError extends HttpError {
  constructor(statusCode: 422 | 502 | 503, message: string, reason: string) {
    super(statusCode, message, { reason });
    this.name = 'ZplPreviewError';
  }
}

const notPreviewable = (why: string) =>
  new ZplPreviewError(422, `This label cannot be previewed: ${why}.`, 'zpl_not_previewable');
const busy = (message: string) => new ZplPreviewError(503, message, 'zpl_previews_busy');
const rendererFailed = (message: string) => new ZplPreviewError(502, message, 'zpl_renderer_failed');

/** The renderer's own words, without the prefixes that say nothing to a seller. */
function rendererWords(error: string): string {
  const words = error.replace(/^(?:(?:unexpected error|error rendering|failed to draw zpl element):\s*)+/i, '').trim();
  return words.length > 160 ? `${words.slice(0, 157)}...` : words;
}

interface Job {
  queue: string;
  message: RenderMessage;
  timeoutMs: number;
  resolve: (png: Uint8Array) => void;
  reject: (error: Error) => void;
}

const waiting = new Map<string, Job[]>();
let waitingCount = 0;
/** When each queue with work had its last preview started: the one started longest ago (or never) goes next. */
const lastStarted = new Map<string, number>();
let starts = 0;
let worker: Worker | null = null;
let active: { job: Job; timer: NodeJS.Timeout } | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;

/** Changes the settings (tests shorten the time limit); returns the ones before. */
export function configureZplPreview(change: Partial<ZplPreviewSettings>): ZplPreviewSettings {
  const before = settings;
  settings = { ...settings, ...change };
  return before;
}

/** What is rendering and what waits, per queue (for tests and operators). */
export function zplPreviewQueues(): { active: string | null; waiting: Record<string, number> } {
  const counts: Record<string, number> = {};
  for (const [queue, jobs] of waiting) counts[queue] = jobs.length;
  return { active: active?.job.queue ?? null, waiting: counts };
}

function startWorker(): Worker {
  const started = new Worker(new URL('./zpl-preview-worker.ts', import.meta.url));
  started.on('message', (answer: RenderAnswer) => {
    if (worker !== started || active?.job.message.id !== answer.id) return;
    if ('png' in answer) return finish((job) => job.resolve(answer.png));
    const why = answer.fatal
      ? 'drawing it stopped the ZPL renderer'
      : `the ZPL renderer could not draw it (${rendererWords(answer.error)})`;
    // A runtime that died with this render is replaced before the next one.
    if (answer.fatal) retire(started);
    finish((job) => job.reject(notPreviewable(why)));
  });
  started.on('error', (error) =>
    lost(started, rendererFailed(`The label preview failed (${error.message}); try again`)),
  );
  started.on('exit', () =>
    lost(started, rendererFailed('The label preview failed: the ZPL renderer stopped; try again')),
  );
  return started;
}

/** Ends the active job with `settle`, forgets the queue's turn when it has nothing more waiting, and goes on. */
function finish(settle: (job: Job) => void): void {
  if (!active) return;
  const { job, timer } = active;
  active = null;
  clearTimeout(timer);
  if (!waiting.has(job.queue)) lastStarted.delete(job.queue);
  settle(job);
  next();
}

function retire(gone: Worker): void {
  if (worker !== gone) return;
  worker = null;
  void gone.terminate();
}

/** `gone` failed or hung: its job fails, and the waiting jobs go on with a new worker. */
function lost(gone: Worker, error: Error): void {
  if (worker !== gone) return;
  retire(gone);
  finish((job) => job.reject(error));
}

/** The first job of the queue whose last preview started longest ago; ties go to the queue that asked first. */
function takeNext(): Job | undefined {
  let chosen: string | undefined;
  for (const queue of waiting.keys()) {
    if (chosen === undefined || (lastStarted.get(queue) ?? 0) < (lastStarted.get(chosen) ?? 0)) chosen = queue;
  }
  if (chosen === undefined) return undefined;
  const jobs = waiting.get(chosen)!;
  const job = jobs.shift()!;
  if (jobs.length === 0) waiting.delete(chosen);
  waitingCount -= 1;
  starts += 1;
  lastStarted.set(chosen, starts);
  return job;
}

/** Sends the next job; with none, the worker stops holding the process open and stops after a quiet minute. */
function next(): void {
  if (active) return;
  const job = takeNext();
  if (!job) {
    if (worker) {
      worker.unref();
      idle = setTimeout(() => void stopZplRenderer(), IDLE_MS);
      idle.unref();
    }
    return;
  }
  if (idle) clearTimeout(idle);
  idle = null;
  const current = (worker ??= startWorker());
  current.ref();
  const seconds = job.timeoutMs / 1000;
  const timer = setTimeout(
    () =>
      lost(
        current,
        new ZplPreviewError(
          502,
          `The label preview took longer than ${seconds} s and was stopped; try again, or download the label`,
          'zpl_preview_timeout',
        ),
      ),
    job.timeoutMs,
  );
  active = { job, timer };
  current.postMessage(job.message);
}

/**
 * The first label of `zpl` as a PNG (8-bit grayscale), `widthDots` x `heightDots` pixels: 812 x 1218 for a 4x6 label
 * at 203 dpi unless told otherwise. Rejects with a `ZplPreviewError`: ZPL beyond `ZPL_PREVIEW_LIMITS` or that the
 * renderer cannot draw (422), a render over the time limit or a failed renderer (502), a queue already full (503).
 */
export async function zplToPng(zpl: string, options: ZplPreviewOptions = {}): Promise<Uint8Array> {
  const widthDots = options.widthDots ?? 812;
  const heightDots = options.heightDots ?? 1218;
  const dpmm = options.dpmm ?? 8;
  const { labelDots, labelArea } = ZPL_PREVIEW_LIMITS;
  for (const dots of [widthDots, heightDots]) {
    if (!Number.isInteger(dots) || dots < 1 || dots > labelDots)
      throw notPreviewable(`no label is ${dots} dots wide or high (a preview draws 1 to ${labelDots} dots)`);
  }
  if (widthDots * heightDots > labelArea)
    throw notPreviewable(`a label of ${widthDots} x ${heightDots} dots is larger than a preview draws`);
  const problem = zplPreviewProblem(zpl);
  if (problem) throw notPreviewable(problem);

  const queue = options.queue ?? SERVER_QUEUE;
  const queued = waiting.get(queue)?.length ?? 0;
  if (queue !== SERVER_QUEUE && queued >= settings.waitingPerQueue)
    throw busy(`${queued} label previews are already waiting for your organisation; try again when they are shown`);
  if (waitingCount >= settings.waitingInAll) throw busy('Label previews are busy; try again in a moment');
  const message: RenderMessage = {
    id: nextId++,
    zpl,
    widthMm: widthDots / dpmm,
    heightMm: heightDots / dpmm,
    dpmm,
  };
  return new Promise<Uint8Array>((resolve, reject) => {
    const job: Job = { queue, message, timeoutMs: options.timeoutMs ?? settings.timeLimitMs, resolve, reject };
    const jobs = waiting.get(queue);
    if (jobs) jobs.push(job);
    else waiting.set(queue, [job]);
    waitingCount += 1;
    next();
  });
}

/** Stops the renderer now, failing what it had still to do (it starts again on the next preview). */
export async function stopZplRenderer(): Promise<void> {
  const current = worker;
  worker = null;
  if (idle) clearTimeout(idle);
  idle = null;
  const stopped = () => busy('The label preview was stopped; try again');
  if (active) {
    clearTimeout(active.timer);
    active.job.reject(stopped());
    active = null;
  }
  for (const jobs of waiting.values()) for (const job of jobs) job.reject(stopped());
  waiting.clear();
  waitingCount = 0;
  lastStarted.clear();
  if (current) await current.terminate();
}
