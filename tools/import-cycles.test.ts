import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, type ImportEdge, type ImportGraph } from './import-graph.ts';

/**
 * No module of the repository imports itself back through others when it runs. A runtime cycle makes the order in
 * which modules start depend on which one is loaded first (a `const` read before it is set, a class that is still
 * undefined). Imports of types only are erased before the code runs and are left out, and so is `import()`, which
 * loads when called.
 */
const runs = (edge: ImportEdge) => !edge.typeOnly && !edge.dynamic;

describe('import cycles', () => {
  it('finds a cycle, through any number of files, and none through type imports or import()', () => {
    const edge = (to: string, kind: Partial<ImportEdge> = {}): ImportEdge => ({
      to,
      typeOnly: false,
      dynamic: false,
      ...kind,
    });
    const graph: ImportGraph = new Map([
      ['a.ts', [edge('b.ts')]],
      ['b.ts', [edge('c.ts')]],
      ['c.ts', [edge('a.ts'), edge('d.ts')]],
      ['d.ts', [edge('e.ts', { typeOnly: true })]],
      ['e.ts', [edge('d.ts'), edge('f.ts', { dynamic: true })]],
      ['f.ts', [edge('e.ts'), edge('f.ts')]],
    ]);
    expect(findCycles(graph, runs)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['f.ts', 'f.ts'],
    ]);
    expect(findCycles(graph, () => true).map((c) => c.join(' -> '))).toEqual([
      'a.ts -> b.ts -> c.ts -> a.ts',
      'd.ts -> e.ts -> d.ts',
    ]);
  });

  it('has none among the sources of every part', () => {
    const graph = importGraph();
    // The graph is real: every part is in it, and each way of naming a file resolves (relative with and without an
    // extension, the web's `@/`, the workspace packages).
    expect(graph.size).toBeGreaterThan(800);
    const edges = (file: string) => (graph.get(file) ?? []).map((e) => e.to);
    expect(edges('apps/server/src/app.ts')).toContain('apps/server/src/config.ts');
    expect(edges('apps/server/src/app.ts')).toContain('packages/db-kit/src/index.ts');
    expect(edges('apps/web/src/main.tsx')).toContain('apps/web/src/app/providers.tsx');
    expect(edges('apps/web/src/app/bootstrap.ts')).toContain('apps/web/src/config/app-config.ts');
    expect(edges('apps/web/src/lib/new-build.ts')).toContain('apps/web/src/lib/storage/session-storage.ts');
    expect([...graph.values()].flat().filter((e) => e.to === 'packages/contract/src/index.ts').length).toBeGreaterThan(
      200,
    );
    expect(findCycles(graph, runs).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
