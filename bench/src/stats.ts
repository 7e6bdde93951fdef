export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles of durations in milliseconds. */
export function summarise(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    max: sorted.at(-1)!,
  };
}

export const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : 'n/a');
