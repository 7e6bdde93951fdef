import { Worker } from 'node:worker_threads';
import type { RenderAnswer, RenderMessage } from './zpl-preview-worker.ts';

/**
 * ZPL drawn as a PNG on the server, for previews of thermal labels (ours and the carriers'). The renderer is
 * zpl-renderer-js (Zebrash in WebAssembly), run in a worker thread that starts with the first preview (half a second
 * or so: 9 MB of script to load and a module to compile) and stops after a minute without one, giving back most of
 * its memory (about 140 MB while it runs). A server that never previews never loads it. A render takes 80 to 150 ms,
 * one at a time, off the server's own thread.
 *
 * Zebrash reads `\&` as a line break in any field (printers do only inside `^FB`), so such text previews on two
 * lines; the printer prints it as written.
 */

export interface ZplPreviewOptions {
  /** Label width in printer dots (default 812: 4 in at 203 dpi). */
  widthDots?: number;
  /** Label height in printer dots (default 1218: 6 in at 203 dpi). */
  heightDots?: number;
  /** Printer resolution in dots per millimetre: 6 (152 dpi), 8 (203 dpi, default), 12 (300 dpi) or 24 (600 dpi). */
  dpmm?: 6 | 8 | 12 | 24;
  /** Longest wait for one render (default 30 s); the renderer is restarted after a render that takes longer. */
  timeoutMs?: number;
}

/** Larger ZPL is refused: label formats with embedded graphics stay well below it. */
export const ZPL_PREVIEW_MAX_CHARS = 4 * 1024 * 1024;
/** Previews waiting beyond this many are refused until the renderer catches up. */
const MAX_WAITING = 64;
const IDLE_MS = 60_000;
const MAX_DOTS = 8000;

interface Job {
  message: RenderMessage;
  timeoutMs: number;
  resolve: (png: Uint8Array) => void;
  reject: (error: Error) => void;
}

// One worker renders one job at a time; the others wait here, so a job's time limit counts its own render only.
const waiting: Job[] = [];
let worker: Worker | null = null;
let active: { job: Job; timer: NodeJS.Timeout } | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;

function startWorker(): Worker {
  const started = new Worker(new URL('./zpl-preview-worker.ts', import.meta.url));
  started.on('message', (answer: RenderAnswer) => {
    if (worker !== started || active?.job.message.id !== answer.id) return;
    const { job, timer } = active;
    active = null;
    clearTimeout(timer);
    if ('png' in answer) job.resolve(answer.png);
    else job.reject(new Error(`The ZPL could not be rendered: ${answer.error}`));
    next();
  });
  started.on('error', (error) => lost(started, new Error(`The ZPL renderer failed: ${error.message}`)));
  started.on('exit', () => lost(started, new Error('The ZPL renderer stopped')));
  return started;
}

/** `gone` failed or hung: its job fails, and the waiting jobs go on with a new worker. */
function lost(gone: Worker, error: Error): void {
  if (worker !== gone) return;
  worker = null;
  void gone.terminate();
  if (active) {
    clearTimeout(active.timer);
    active.job.reject(error);
    active = null;
  }
  next();
}

/** Sends the next job; with none, the worker stops holding the process open and stops after a quiet minute. */
function next(): void {
  if (active) return;
  const job = waiting.shift();
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
  const timer = setTimeout(
    () => lost(current, new Error('The ZPL renderer took too long and was restarted')),
    job.timeoutMs,
  );
  active = { job, timer };
  current.postMessage(job.message);
}

/**
 * The first label of `zpl` as a PNG (8-bit grayscale), `widthDots` x `heightDots` pixels: 812 x 1218 for a 4x6 label
 * at 203 dpi unless told otherwise. Rejects ZPL the renderer cannot read, ZPL over 4 MB, and a preview asked for
 * while 64 others wait.
 */
export async function zplToPng(zpl: string, options: ZplPreviewOptions = {}): Promise<Uint8Array> {
  const widthDots = options.widthDots ?? 812;
  const heightDots = options.heightDots ?? 1218;
  const dpmm = options.dpmm ?? 8;
  if (zpl.length > ZPL_PREVIEW_MAX_CHARS) throw new RangeError('The ZPL is too large to preview');
  for (const dots of [widthDots, heightDots]) {
    if (!Number.isInteger(dots) || dots < 1 || dots > MAX_DOTS) throw new RangeError(`No label is ${dots} dots`);
  }
  if (waiting.length >= MAX_WAITING) throw new Error('Too many label previews at once; try again shortly');
  const message: RenderMessage = {
    id: nextId++,
    zpl,
    widthMm: widthDots / dpmm,
    heightMm: heightDots / dpmm,
    dpmm,
  };
  return new Promise<Uint8Array>((resolve, reject) => {
    waiting.push({ message, timeoutMs: options.timeoutMs ?? 30_000, resolve, reject });
    next();
  });
}

/** Stops the renderer now, failing what it had still to do (it starts again on the next preview). */
export async function stopZplRenderer(): Promise<void> {
  const current = worker;
  worker = null;
  if (idle) clearTimeout(idle);
  idle = null;
  const error = new Error('The ZPL renderer stopped');
  if (active) {
    clearTimeout(active.timer);
    active.job.reject(error);
    active = null;
  }
  for (const job of waiting.splice(0)) job.reject(error);
  if (current) await current.terminate();
}
