import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One engine for background work (docs/decisions.md, "Background work"): every job, retry, schedule and takeover is
 * pg-boss's, through the shared layer in plugins/background.ts. No feature keeps a timer loop of its own: this scan of
 * the server's sources fails naming the file and line of a new `setInterval`. Allowed: the engine's layer (its
 * `everyInstance` tasks) and the event-loop watchdog, which measures the loop itself and runs no work.
 */

const SRC = join(import.meta.dirname, '..');
const ALLOWED = new Set(['plugins/background.ts', 'features/health/event-loop-watchdog.ts']);

/** The source without its comments (a comment may name setInterval), strings kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Lines of `text` that start a timer loop: `setInterval`, called or imported (node:timers, node:timers/promises). */
function timerLoops(text: string): number[] {
  const code = withoutComments(text);
  const lines: number[] = [];
  for (const match of code.matchAll(/\bsetInterval\b/g)) lines.push(code.slice(0, match.index).split('\n').length);
  return lines;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('background work runs on the one engine', () => {
  it('finds a timer loop in a sample, called or imported, and not one named in a comment', () => {
    const sample = [
      'export function startMonitor() {',
      '  // setInterval would be wrong here; a pg-boss schedule is right',
      '  const timer = setInterval(() => void poll(), 10_000);',
      '  /* not setInterval( either */',
      '}',
      "import { setInterval as every } from 'node:timers/promises';",
      'const url = "http://example.com"; globalThis.setInterval(tick, 5);',
    ].join('\n');
    expect(timerLoops(sample)).toEqual([3, 6, 7]);
  });

  it('has no setInterval in the server outside the engine and the event-loop watchdog', () => {
    const found = sources(SRC).flatMap((path) => {
      const file = relative(SRC, path).split(sep).join('/');
      return timerLoops(readFileSync(path, 'utf8')).map((line) => `${file}:${line}`);
    });
    const outside = found.filter((place) => !ALLOWED.has(place.split(':')[0]!));
    expect(outside).toEqual([]);
    // The scan reads the real files: the allowed ones are found (a scan that reads nothing would pass anything).
    expect(new Set(found.map((place) => place.split(':')[0]))).toEqual(ALLOWED);
  });
});
