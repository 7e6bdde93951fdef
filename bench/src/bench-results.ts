import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Machine } from './machine.ts';

/**
 * What both benchmarks (run.ts, pull.ts) record about a run and where they put it: the run's whole detail in a file of
 * its own under bench/results/, and its headline numbers as one row of a current-numbers table in
 * docs/PERFORMANCE.md. Earlier runs' files are never rewritten: they are the history the current numbers replace.
 */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DEFAULT_RESULTS_DIR = 'bench/results';
const DEFAULT_SUMMARY_DOC = 'docs/PERFORMANCE.md';

export type Benchmark = 'orders' | 'pull';
export type DatabaseKind = 'postgres' | 'pglite';

export interface CodeState {
  commit: string;
  uncommitted: string[];
  lastMigration: string;
}

/** Which server code and schema a run measured: the commit, uncommitted server files, the last migration. */
export function codeState(): CodeState {
  // Not trimmed: a porcelain line starts with a space when the change is unstaged.
  const git = (...a: string[]) => {
    try {
      return execFileSync('git', a, { cwd: repoRoot, encoding: 'utf8' });
    } catch {
      return '';
    }
  };
  const journal = JSON.parse(
    readFileSync(join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  return {
    commit: git('rev-parse', '--short', 'HEAD').trim() || 'unknown',
    uncommitted: git('status', '--porcelain', '--', 'apps/server/src', 'packages')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3)),
    lastMigration: journal.entries.at(-1)?.tag ?? 'none',
  };
}

/** The benchmarks' `--results` and `--doc` options: paths relative to the repository root; `--doc none` for no table. */
export function outputPaths(results: string | undefined, doc: string | undefined) {
  return {
    resultsDir: resolve(repoRoot, results ?? DEFAULT_RESULTS_DIR),
    summaryDoc: doc === 'none' ? null : resolve(repoRoot, doc ?? DEFAULT_SUMMARY_DOC),
  };
}

// The cells both benchmarks' rows of the current numbers start with.

export function databaseCell(serverVersion: string): string {
  const postgres = /PostgreSQL ([\d.]+)/.exec(serverVersion)?.[1] ?? 'unknown';
  const pglite = /PGlite ([\d.]+)/.exec(serverVersion)?.[1];
  return pglite ? `PGlite ${pglite} (PostgreSQL ${postgres})` : `PostgreSQL ${postgres}`;
}

export function measuredCell(date: string, code: CodeState): string {
  const changes = code.uncommitted.length > 0 ? ' with uncommitted changes' : '';
  return `${date.slice(0, 16).replace('T', ' ')} UTC, commit ${code.commit}${changes}`;
}

export function machineCell(machine: Machine, loadAverage: readonly number[]): string {
  const load = `${Math.min(...loadAverage).toFixed(1)}-${Math.max(...loadAverage).toFixed(1)}`;
  return `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${load}`;
}

const sizeTag = (orders: number) =>
  orders % 1_000_000 === 0 ? `${orders / 1_000_000}m` : orders % 1000 === 0 ? `${orders / 1000}k` : String(orders);
const sizeOf = (tag: string) => Number(tag.replace(/k$/, '000').replace(/m$/, '000000'));

/**
 * `<benchmark>-<YYYY-MM-DD>-<HHMM>-<database>-<size>.md`, UTC: a benchmark's runs list in the order they ran, and the
 * name alone says which row of the current numbers a run belongs to.
 */
function resultFileName(benchmark: Benchmark, date: string, kind: DatabaseKind, orders: number): string {
  const minute = date.slice(0, 16).replace(':', '').replace('T', '-');
  return `${benchmark}-${minute}-${kind}-${sizeTag(orders)}.md`;
}

const RESULT_FILE = /^(orders|pull)-\d{4}-\d\d-\d\d-\d{4}-(postgres|pglite)-(\d+[km]?)(?:-\d+)?\.md$/;

/** The database and size a results file (or a link to one) is about, as `postgres-1000000`. */
function runKey(fileName: string): string | null {
  const match = RESULT_FILE.exec(basename(fileName));
  return match ? `${match[2]}-${sizeOf(match[3]!)}` : null;
}

/** A path as the log shows it: from the repository root when inside it. */
const shown = (path: string) => (relative(repoRoot, path).startsWith('..') ? path : relative(repoRoot, path));

/** Formatted by the repository's Prettier when it can be loaded, so a run leaves `prettier --check` clean. */
async function formatted(path: string, text: string, log: (message: string) => void): Promise<string> {
  try {
    const prettier = await import('prettier');
    return await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
  } catch (error) {
    log(`${shown(path)} left unformatted (${String(error)}): run npx prettier --write on it`);
    return text;
  }
}

/**
 * A benchmark's results file `<stem>.md` under bench/results (or `folder`), formatted with Prettier; a file of the same
 * name already there gets a suffix. Answers the path as the log shows it.
 */
export async function writeResultFile(
  stem: string,
  text: string,
  folder: string | undefined,
  log: (message: string) => void,
): Promise<string> {
  const dir = resolve(repoRoot, folder ?? 'bench/results');
  mkdirSync(dir, { recursive: true });
  let path = join(dir, `${stem}.md`);
  for (let i = 2; existsSync(path); i++) path = join(dir, `${stem}-${i}.md`);
  writeFileSync(path, await formatted(path, text, log), { flag: 'wx' });
  return shown(path);
}

/** `2026-11-26T11:32:…` as `2026-11-26-1132`, the time part of results file names. */
export const fileMinute = (iso: string) => iso.slice(0, 16).replace(':', '').replace('T', '-');

/** Writes a run's detail to a new file; a run in the same minute as an earlier one of its kind gets a suffix. */
async function writeNewFile(dir: string, name: string, text: string, log: (message: string) => void) {
  mkdirSync(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const path = join(dir, n === 1 ? name : name.replace(/\.md$/, `-${n}.md`));
    if (existsSync(path)) continue;
    writeFileSync(path, await formatted(path, text, log), { flag: 'wx' });
    return path;
  }
}

const linkTargets = (line: string) => [...line.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((m) => m[1]!);

/**
 * Sets this run's row in the table between `<!-- bench:current <benchmark> -->` and its closing marker: the row whose
 * first link names a results file of the same database and size is replaced, or the row is added. Rows sort
 * PostgreSQL first, then by size, biggest first; a row that links no results file stays, after them. The header is
 * the code's. Null when the document has no such table.
 */
function setCurrentRow(doc: string, benchmark: Benchmark, header: readonly string[], row: string, key: string) {
  const start = `<!-- bench:current ${benchmark} -->`;
  const end = `<!-- /bench:current ${benchmark} -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) return null;
  const lines = doc
    .slice(from + start.length, to)
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .slice(2);
  const keyed = new Map<string, string>();
  const other: string[] = [];
  for (const line of lines) {
    const k = linkTargets(line).map(runKey)[0];
    if (k) keyed.set(k, line);
    else other.push(line);
  }
  keyed.set(key, row);
  const order = (k: string) => [k.startsWith('postgres') ? 0 : 1, -Number(k.split('-')[1])];
  const sorted = [...keyed].sort(([a], [b]) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]!;
  });
  const table = [...header, ...sorted.map(([, line]) => line), ...other].join('\n');
  return `${doc.slice(0, from)}${start}\n\n${table}\n\n${doc.slice(to)}`;
}

export interface Publication {
  benchmark: Benchmark;
  kind: DatabaseKind;
  orders: number;
  /** The run's date as its report gives it, ISO 8601 UTC. */
  date: string;
  /** The results file's Markdown. */
  detail: string;
  /** The current-numbers table's header and separator lines. */
  header: readonly string[];
  /** The run's row, given the link from the summary document to its results file. */
  row: (link: string) => string;
  resultsDir: string;
  /** Null: print the row instead of writing it. */
  summaryDoc: string | null;
  log: (message: string) => void;
}

/** Writes the run's results file, then its row of the current numbers (or prints it when there is no table). */
export async function publishRun(p: Publication): Promise<void> {
  const file = await writeNewFile(p.resultsDir, resultFileName(p.benchmark, p.date, p.kind, p.orders), p.detail, p.log);
  p.log(`detail written to ${shown(file)}`);
  const docDir = p.summaryDoc ? dirname(p.summaryDoc) : join(repoRoot, dirname(DEFAULT_SUMMARY_DOC));
  const row = p.row(relative(docDir, file).split(sep).join('/'));
  const doc = p.summaryDoc && existsSync(p.summaryDoc) ? readFileSync(p.summaryDoc, 'utf8') : null;
  const updated = doc === null ? null : setCurrentRow(doc, p.benchmark, p.header, row, runKey(file)!);
  if (p.summaryDoc && updated !== null) {
    writeFileSync(p.summaryDoc, await formatted(p.summaryDoc, updated, p.log));
    p.log(`current numbers (${p.kind}, ${p.orders} orders) updated in ${shown(p.summaryDoc)}`);
    return;
  }
  const where = p.summaryDoc
    ? `${shown(p.summaryDoc)} has no <!-- bench:current ${p.benchmark} --> table`
    : 'no summary document (--doc none)';
  p.log(`${where}; the row of this run, under its table's header:\n\n${[...p.header, row].join('\n')}\n`);
}
