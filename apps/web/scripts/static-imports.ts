import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Static imports and re-exports (not `import type`, not dynamic `import()`), one per match.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
// The names an import of the contract brings (`import { a, b as c, type T } from '@shipdesk/contract'`).
const CONTRACT_IMPORT = /^\s*import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]@shipdesk\/contract['"]/gm;
// A contract file's own exports of values (`export const A`, `export function f`, `export { A, B }`).
const EXPORTED_VALUE = /^export\s+(?:async\s+)?(?:const|let|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
const EXPORTED_LIST = /^export\s+\{([^}]*)\}(?!\s*from)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function namesIn(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

/** Which of the contract's files declares each value it exports (its index re-exports them all). */
function contractExports(contractRoot: string): Map<string, string> {
  const owners = new Map<string, string>();
  if (!existsSync(contractRoot)) return owners;
  for (const name of readdirSync(contractRoot)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === 'index.ts') continue;
    const path = join(contractRoot, name);
    const text = readFileSync(path, 'utf8');
    for (const [, value] of text.matchAll(EXPORTED_VALUE)) if (value) owners.set(value, path);
    for (const [, list] of text.matchAll(EXPORTED_LIST))
      for (const value of namesIn(list ?? '')) owners.set(value, path);
  }
  return owners;
}

/**
 * What `entries` import statically, following the app's own files (relative and `@/` imports) and, by the names
 * imported, the contract's files (packages/contract/src), but not `import()`: what a page loads before it can draw.
 * `files` are those files (absolute paths), `packages` the other packages' module names (`@mui/material/Button`).
 * Used to group chunks only, so a file it misses (an unusual import form) costs a request, never correctness.
 */
export function staticImports(
  entries: string[],
  srcRoot: string,
  contractRoot = resolve(srcRoot, '../../../packages/contract/src'),
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const owners = contractExports(contractRoot);
  const queue = entries.map((entry) => resolve(srcRoot, entry));
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, list] of text.matchAll(CONTRACT_IMPORT)) {
      for (const name of namesIn(list ?? '')) {
        const owner = owners.get(name);
        if (owner) queue.push(owner);
      }
    }
    for (const [, specifier] of text.matchAll(STATIC_IMPORT)) {
      if (!specifier || specifier === '@shipdesk/contract') continue;
      const local = specifier.startsWith('@/')
        ? join(srcRoot, specifier.slice(2))
        : specifier.startsWith('.')
          ? resolve(dirname(file), specifier)
          : null;
      if (local === null) {
        packages.add(specifier);
        continue;
      }
      const found = EXTENSIONS.map((extension) => local + extension).find(
        (path) => existsSync(path) && statSync(path).isFile(),
      );
      if (found) queue.push(found);
    }
  }
  return { files, packages };
}
