import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Static imports and re-exports (not `import type`, not dynamic `import()`), one per match.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The packages' module names (`@mui/material/Button`) that `entries` import statically, following the app's own
 * files (relative and `@/` imports) but not `import()`: what a page loads before it can draw. Used to group chunks
 * only, so a name it misses (an unusual import form) costs a file, never correctness.
 */
export function staticPackageImports(entries: string[], srcRoot: string): Set<string> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => resolve(srcRoot, entry));
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
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
  return packages;
}
