/**
 * Deterministic randomness for the generator: sfc32 seeded through splitmix32 (fast, 128-bit state, passes
 * PractRand far beyond what a benchmark draws), plus a stateless integer hash for values that must be the same
 * every time they are derived (a repeat customer's name and address).
 */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.#a = mix();
    this.#b = mix();
    this.#c = mix();
    this.#d = mix();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t = (((a + b) >>> 0) + d) >>> 0;
    this.#d = (d + 1) >>> 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) >>> 0;
    this.#c = ((c << 21) | (c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** [0, 1) */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index into a table of cumulative weights (see `cumulative`). */
  weighted(cum: Float64Array): number {
    const x = this.next() * cum[cum.length - 1]!;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cum[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Skewed towards 0: `floor(n * u^power)`, a cheap Zipf-like popularity. */
  skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** power));
  }

  /** `digits` random decimal digits. */
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(this.uint32() % 10);
    return s;
  }

  /** A random UUID (version 4 layout). */
  uuid(): string {
    const hex = Array.from({ length: 4 }, () => this.uint32().toString(16).padStart(8, '0')).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

export function cumulative(weights: readonly number[]): Float64Array {
  const cum = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cum[i] = sum;
  });
  return cum;
}

/** A stateless 32-bit hash of a few integers (murmur3 finaliser over a running mix). */
export function hash(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v >>> 0), 0x01000193) >>> 0;
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d) >>> 0;
    h ^= h >>> 12;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
