import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What both benchmarks (run.ts, pull.ts) record about a run and how they write it into docs/PERFORMANCE.md. */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

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

/**
 * Writes `section` between the markers `<!-- bench:<kind> <id> -->` and `<!-- /bench:<kind> <id> -->`, replacing
 * what a run of the same kind and id wrote there before, or at the end of the document; `preamble` starts a new one.
 */
export function writeDocSection(path: string, kind: string, id: string, section: string, preamble: string): void {
  const start = `<!-- bench:${kind} ${id} -->`;
  const end = `<!-- /bench:${kind} ${id} -->`;
  const block = `${start}\n${section}\n${end}`;
  let doc = existsSync(path) ? readFileSync(path, 'utf8') : preamble;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length);
  else doc = `${doc.trimEnd()}\n\n${block}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, doc);
}
