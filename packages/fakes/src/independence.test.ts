import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The fakes stand in front of the adapters they test, so they must not share a line of wire format with them: a
 * wrong status id or signature spelled once and imported by both would pass every test. This keeps every import in
 * packages/fakes/src inside the package, or on the few npm packages a fake needs.
 */

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));
const PACKAGE_ROOT = resolve(SOURCE_ROOT, '..');

/** Bare specifiers a fake may use; tests may also use their runner and the TypeScript scanner below. */
const RUNTIME_PACKAGES = new Set(['jose']);
const TEST_PACKAGES = new Set(['vitest', 'typescript']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier of a file: imports, re-exports, `import()` and `require()`, comments and strings left out. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** Why a specifier leaves the package, or null when it stays inside it. */
function outsideReason(file: string, specifier: string): string | null {
  if (specifier.startsWith('node:')) return null;
  if (specifier.startsWith('@shipdesk/')) return 'imports a workspace package';
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const fromPackage = relative(PACKAGE_ROOT, resolve(dirname(file), specifier));
    const leaves = fromPackage === '..' || fromPackage.startsWith(`..${sep}`) || isAbsolute(fromPackage);
    return leaves ? 'reaches outside packages/fakes' : null;
  }
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  if (RUNTIME_PACKAGES.has(name)) return null;
  if (file.endsWith('.test.ts') && TEST_PACKAGES.has(name)) return null;
  return `imports ${name}, which a fake does not need`;
}

describe('the fakes are independent of what they fake for', () => {
  it('finds the imports it checks', () => {
    expect(
      specifiersOf("import { a } from './a.ts';\n// import b from '../../apps/b.ts';\nexport * from 'x';"),
    ).toEqual(['./a.ts', 'x']);
    expect(outsideReason(join(SOURCE_ROOT, 'shopify', 'x.ts'), '../../../../apps/server/src/y.ts')).toMatch(/outside/);
    expect(outsideReason(join(SOURCE_ROOT, 'x.ts'), '@shipdesk/contract')).toMatch(/workspace/);
    expect(outsideReason(join(SOURCE_ROOT, 'shopify', 'x.ts'), '../http/fake-http.ts')).toBeNull();
  });

  it('imports nothing from outside packages/fakes but node built-ins and jose', () => {
    const files = sourceFiles(SOURCE_ROOT);
    expect(files.length).toBeGreaterThan(10);
    const offences = files.flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const reason = outsideReason(file, specifier);
        return reason ? [`${relative(PACKAGE_ROOT, file)}: '${specifier}' ${reason}`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });
});
