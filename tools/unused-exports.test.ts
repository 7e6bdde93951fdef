import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeUnused, findUnusedExports, PRODUCT_ROOTS, unusedExports, type Resolve } from './unused-exports.ts';

/**
 * No product exports a name that nobody imports: a dead export is either dead code or a name its file keeps to
 * itself (`node tools/unused-exports.ts` lists them).
 */
const CHECKED_ROOTS = PRODUCT_ROOTS;

/** Relative specifiers between fixture files, with or without `.ts`. */
const resolveFixture =
  (files: Record<string, string>): Resolve =>
  (from, specifier) => {
    if (!specifier.startsWith('.')) return null;
    const target = posix.join(posix.dirname(from), specifier);
    return [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => candidate in files) ?? null;
  };

const unusedIn = (files: Record<string, string>, options: { entryPoints?: string[] } = {}) =>
  describeUnused(
    findUnusedExports(
      Object.entries(files).map(([file, text]) => ({ file, text })),
      { reported: (file) => file.startsWith('src/'), resolve: resolveFixture(files), ...options },
    ),
  );

describe('unused exports', () => {
  it('reports a name nobody imports, and says whether its file uses it', () => {
    expect(
      unusedIn({
        'src/a.ts': [
          'export const used = 1;',
          'export const dead = 2;',
          'export interface Props { x: number }',
          'export function make(p: Props) { return p; }',
          'export default function () {}',
          'const api = { useOne: () => 1, useTwo: () => 2 };',
          'export const { useOne, useTwo } = api;',
        ].join('\n'),
        'src/b.ts': "import { used, make, useOne } from './a';\nexport const b = used + make({ x: 1 }).x + useOne();",
        'src/b.test.ts': "import { b } from './b';\nexport const fromTest = b;",
      }),
    ).toEqual([
      'src/a.ts:2 dead',
      'src/a.ts:3 Props (used in its file: drop `export`)',
      'src/a.ts:5 default',
      'src/a.ts:7 useTwo',
    ]);
  });

  it('counts imports from tests and from outside the products, and types as much as values', () => {
    expect(
      unusedIn({
        'src/a.ts': 'export type T = number;\nexport const forTests = 1;\nexport const forTools = 2;\n',
        'src/a.test.ts': "import { forTests, type T } from './a';\nconst t: T = forTests;",
        'tools/check.ts': "import { forTools } from '../src/a';",
      }),
    ).toEqual([]);
  });

  it('follows re-exports: an index passes on the uses of the names it gives, and is no use by itself', () => {
    expect(
      unusedIn({
        'src/lib/one.ts': 'export const viaIndex = 1;\nexport const onlyReexported = 2;\nexport const direct = 3;',
        'src/lib/two.ts': 'export const starred = 1;\nexport const starredDead = 2;',
        'src/lib/index.ts': [
          "export { viaIndex, onlyReexported, direct } from './one';",
          "export * from './two';",
          "import { direct as again } from './one';",
          'export { again };',
        ].join('\n'),
        'src/app.ts': "import { viaIndex, starred, again } from './lib';\nexport default [viaIndex, starred, again];",
      }),
      // app.ts's default export, and index.ts's `direct`: one.ts's `direct` is imported directly by index.ts
    ).toEqual([
      'src/app.ts:2 default',
      'src/lib/index.ts:1 direct (re-export)',
      'src/lib/index.ts:1 onlyReexported (re-export)',
      'src/lib/one.ts:2 onlyReexported',
      'src/lib/two.ts:2 starredDead',
    ]);
  });

  it('reads namespace imports, import() and import types by the names taken from them', () => {
    expect(
      unusedIn({
        'src/a.ts': 'export const read = 1;\nexport const notRead = 2;',
        'src/b.ts': 'export const passedWhole = 1;\nexport const alsoWhole = 2;',
        'src/lazy.ts': 'export function Page() {}\nexport function Other() {}\nexport type Shape = {};\n',
        'src/dialog.ts': 'export default function Dialog() {}\nexport const unused = 1;',
        'src/user.ts': [
          "import * as a from './a';",
          "import * as b from './b';",
          'use(a.read, b);',
          "const page = lazy(() => import('./lazy').then((m) => ({ default: m.Page })));",
          "const dialog = lazy(() => import('./dialog'));",
          "type S = import('./lazy').Shape;",
        ].join('\n'),
      }),
    ).toEqual(['src/a.ts:2 notRead', 'src/dialog.ts:2 unused', 'src/lazy.ts:2 Other']);
  });

  it('leaves out entry points and test files', () => {
    expect(
      unusedIn(
        { 'src/main.ts': 'export const started = 1;', 'src/x.test.ts': 'export const helper = 1;' },
        { entryPoints: ['src/main.ts'] },
      ),
    ).toEqual([]);
  });

  it(`finds none in ${CHECKED_ROOTS.join(', ')}`, () => {
    expect(describeUnused(unusedExports(CHECKED_ROOTS))).toEqual([]);
  });
});
