import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The process's memory while something runs: `process.memoryUsage()` every 50 ms (a timer of the same event loop, so
 * a sample waits for the work in hand to yield; the longest gap is reported), with the peak of each figure and the
 * baseline taken just before, after a full garbage collection.
 */

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  /** Memory of Buffers and other objects outside V8's heap (label documents are Buffers). */
  external: number;
}

export interface MemoryProfile {
  baseline: MemoryFigures;
  peak: MemoryFigures;
  /** Peaks of the first and the last quarter of the samples: equal when memory stays flat. */
  firstQuarterPeak: MemoryFigures;
  lastQuarterPeak: MemoryFigures;
  samples: number;
  longestGapMs: number;
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const figures = (): MemoryFigures => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};

const peakOf = (samples: readonly MemoryFigures[]): MemoryFigures =>
  samples.reduce(
    (peak, s) => ({
      rss: Math.max(peak.rss, s.rss),
      heapUsed: Math.max(peak.heapUsed, s.heapUsed),
      external: Math.max(peak.external, s.external),
    }),
    { rss: 0, heapUsed: 0, external: 0 },
  );

/** Runs `work` while sampling; answers its result and the memory it took. */
export async function sampleMemory<T>(work: () => Promise<T>, everyMs = 50): Promise<[T, MemoryProfile]> {
  collect();
  const baseline = figures();
  const samples: MemoryFigures[] = [baseline];
  let last = performance.now();
  let longestGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    samples.push(figures());
  }, everyMs);
  try {
    const result = await work();
    samples.push(figures());
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    return [
      result,
      {
        baseline,
        peak: peakOf(samples),
        firstQuarterPeak: peakOf(samples.slice(0, quarter)),
        lastQuarterPeak: peakOf(samples.slice(-quarter)),
        samples: samples.length,
        longestGapMs,
      },
    ];
  } finally {
    clearInterval(timer);
  }
}

export const mib = (bytes: number) => bytes / 1024 ** 2;
