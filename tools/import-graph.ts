// The import graph of the repository's TypeScript sources, and the cycles in it. ESLint sees one file at a time, so
// a cycle rule there re-reads every dependency of every file; one pass over all files here costs about a second.
// Specifiers are resolved as tools/eslint-layers.js resolves them (relative paths, the web's `@/`, the workspace
// packages), then to the file on disk the way TypeScript and Vite find it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { resolveSpecifier, root } from './eslint-layers.js';

/** Where the sources are; everything under them except build output and installed packages. */
export const SOURCE_ROOTS = ['apps', 'packages', 'e2e', 'bench', 'tools'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'results']);
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

export interface ImportEdge {
  /** Repository-relative path of the imported file. */
  to: string;
  /** `import type`, `export type`, or only type specifiers: erased when the file runs. */
  typeOnly: boolean;
  /** `import()`: loaded when called, not when the importing module is. */
  dynamic: boolean;
}

export function sourceFiles(base = root): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(join(dir, entry.name));
      }
    }
  };
  for (const part of SOURCE_ROOTS) if (existsSync(join(base, part))) walk(join(base, part));
  return found;
}

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file an import names, or null for an installed package or a file that is not there. */
export function fileFor(from: string, specifier: string): string | null {
  const target = resolveSpecifier(from, specifier);
  if (!target) return null;
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = target + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isTypeOnlyImport = (node: ts.ImportDeclaration): boolean => {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs it
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
    ? bindings.elements.every((e) => e.isTypeOnly)
    : false;
};

const isTypeOnlyExport = (node: ts.ExportDeclaration): boolean =>
  node.isTypeOnly ||
  (!!node.exportClause &&
    ts.isNamedExports(node.exportClause) &&
    node.exportClause.elements.length > 0 &&
    node.exportClause.elements.every((e) => e.isTypeOnly));

/** The imports of one file, resolved to repository files. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const target = fileFor(file, specifier.text);
    if (target) edges.push({ to: toRepoPath(target), typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyImport(node), false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyExport(node), false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

export const toRepoPath = (file: string) => relative(root, file).split(sep).join('/');

export type ImportGraph = Map<string, ImportEdge[]>;

export function importGraph(files = sourceFiles()): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since the folder was read
      throw error;
    }
    graph.set(toRepoPath(file), importsOf(file, text));
  }
  return graph;
}

/**
 * The cycles of the graph over the edges `follow` keeps: each strongly connected component of more than one file (or
 * a file importing itself), given as one loop through it from its first file by name, e.g. `a.ts -> b.ts -> a.ts`,
 * in the order of those names.
 */
export function findCycles(graph: ImportGraph, follow: (edge: ImportEdge) => boolean): string[][] {
  const next = new Map<string, string[]>();
  for (const [file, edges] of graph) {
    next.set(
      file,
      [...new Set(edges.filter(follow).map((e) => e.to))].filter((to) => graph.has(to)),
    );
  }
  // Tarjan's strongly connected components, iteratively (a deep import chain would overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = next.get(frame.node)!.includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => loopThrough(component, next)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One loop through a strongly connected component, from its first file by name back to it (breadth-first). */
function loopThrough(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const child of next.get(node)!) {
      if (!members.has(child)) continue;
      if (child === start) {
        const path = [start];
        for (let at: string | undefined = node; at && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(child)) {
        cameFrom.set(child, node);
        queue.push(child);
      }
    }
  }
  return [start, start];
}
