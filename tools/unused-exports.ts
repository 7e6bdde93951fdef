// The exported names of the products' sources that no other file of the repository imports. One syntactic pass over
// every source file (the files and import resolution of import-graph.ts), no type checking: about a second.
//
// A name is used when a file imports it (tests, e2e/, bench/ and tools/ count), takes it from `import()` or
// `import('…').Name` in a type, or reads it from a namespace import (`ns.Name`; any other use of the namespace uses
// every name). A re-export (`export { a } from`, `export * from`, an imported name exported again) is not a use: it
// passes on the uses of the name it gives, so a name that only an index.ts re-exports, and nobody imports from that
// index, is reported where it is declared.
//
// Run `node tools/unused-exports.ts [folder…]` for the list (every product by default).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { fileFor, sourceFiles, toRepoPath } from './import-graph.ts';
import { root } from './eslint-layers.js';

/** The products' source folders whose exports are checked. */
export const PRODUCT_ROOTS = [
  'apps/web/src',
  'apps/server/src',
  'apps/sso/src',
  'packages/contract/src',
  'packages/db-kit/src',
  'packages/fakes/src',
  'packages/mail-kit/src',
];

/** Files that start a program or are a package's public face: loaded without an import, their exports not reported. */
export const ENTRY_POINTS = [
  'apps/web/src/main.tsx', // the page's script (index.html)
  'apps/web/src/app/frame/render-frame.tsx', // the build's render of the frames (apps/web/scripts/render-frames.ts)
  'apps/server/src/server.ts', // `npm start -w apps/server`, and the cluster's and demo tests' child processes
  'apps/sso/src/main.ts', // `npm start -w apps/sso`
  'packages/contract/src/index.ts', // "exports" of each package.json
  'packages/db-kit/src/index.ts',
  'packages/fakes/src/index.ts',
  'packages/mail-kit/src/index.ts',
];

/** Names a tool takes from a file by convention, without importing them (`*`: every name the file exports). */
export const CONVENTIONAL_USES: ReadonlyArray<{ file: string; names: string[]; why: string }> = [
  {
    file: 'apps/server/src/db/schema/index.ts',
    names: ['*'],
    why: 'drizzle-kit reads every table (drizzle.config.ts)',
  },
  { file: 'apps/sso/src/db/schema.ts', names: ['*'], why: 'drizzle-kit reads every table (drizzle.config.ts)' },
  { file: 'apps/sso/src/test/database-templates.ts', names: ['default'], why: 'vitest globalSetup (vitest.config.ts)' },
];

const TEST_FILE = /\.(test|spec)\.(ts|tsx|mts)$/;

export interface UnusedExport {
  /** Repository-relative path of the file that exports the name. */
  file: string;
  name: string;
  /** 1-based line of the declaration, or of the re-export. */
  line: number;
  /** `export { a } from './b'` (or an imported name exported again): the line to delete is the re-export. */
  reexport: boolean;
  /** The file itself refers to the name besides declaring it: drop `export` rather than the declaration. */
  usedInFile: boolean;
}

/** A name a file gives under an export: declared there, or passed on from another file (`*`: its whole namespace). */
type Given =
  { kind: 'declared'; local: string; line: number } | { kind: 'forwarded'; from: string; name: string; line: number };

interface ModuleFacts {
  file: string;
  source: ts.SourceFile;
  exports: Map<string, Given>;
  /** Targets of `export * from`. */
  starFrom: string[];
  /** Names taken from other files (`*`: all of them). */
  uses: Array<{ from: string; name: string }>;
}

/** The repository file (repository-relative) an import in `from` (repository-relative) names, or null. */
export type Resolve = (from: string, specifier: string) => string | null;

const resolveInRepository: Resolve = (from, specifier) => {
  const target = fileFor(join(root, from), specifier);
  return target && toRepoPath(target);
};

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

const moduleName = (name: ts.ModuleExportName) => (ts.isIdentifier(name) ? name.text : name.text);

function bindingNames(name: ts.BindingName, into: ts.Identifier[] = []): ts.Identifier[] {
  if (ts.isIdentifier(name)) into.push(name);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
  return into;
}

/**
 * The names a file's code reads as members or destructures: what `import()` and `typeof import()` may give it.
 * Matched against the exports of the imported file, so a name counts only if that file exports it.
 */
function memberNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) names.add(node.name.text);
    else if (ts.isQualifiedName(node)) names.add(node.right.text);
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
      names.add(node.argumentExpression.text);
    else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) names.add(key.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** `lazy(() => import('./x'))`: React takes the module's default export. */
const isLazyDefault = (call: ts.CallExpression) => {
  const arrow = call.parent;
  if (!arrow || !ts.isArrowFunction(arrow) || arrow.body !== call) return false;
  const outer = arrow.parent;
  return (
    !!outer &&
    ts.isCallExpression(outer) &&
    ((ts.isIdentifier(outer.expression) && outer.expression.text === 'lazy') ||
      (ts.isPropertyAccessExpression(outer.expression) && outer.expression.name.text === 'lazy'))
  );
};

/** What a namespace import `ns` is used for: the names read from it, or `*` when it is passed on whole. */
function namespaceUses(source: ts.SourceFile, local: ts.Identifier): string[] {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node !== local && node.text === local.text) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
      else if (ts.isQualifiedName(parent) && parent.left === node) names.add(parent.right.text);
      else if (
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        ts.isExportSpecifier(parent)
      ) {
        // another thing's member of the same name, or `export { ns }` (a re-export, not a use)
      } else names.add('*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...names];
}

function factsOf(file: string, text: string, resolve: Resolve): ModuleFacts {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const facts: ModuleFacts = { file, source, exports: new Map(), starFrom: [], uses: [] };
  /** Names imported into this file: local name -> where from and under which name (`*` for a namespace). */
  const imported = new Map<string, { from: string; name: string }>();
  /** Names declared at the top of this file: local name -> declaration. */
  const declared = new Map<string, ts.Node>();
  const localExports: Array<{ local: string; exported: string; node: ts.Node }> = [];
  const declare = (name: string, node: ts.Node, local = name) => {
    if (!facts.exports.has(name)) facts.exports.set(name, { kind: 'declared', local, line: lineOf(source, node) });
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (!ts.isStringLiteralLike(statement.moduleSpecifier)) continue;
      const from = resolve(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (!from || !clause) continue;
      if (clause.name) imported.set(clause.name.text, { from, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        // used for the names read from it (`export { ns }` passes it on: a re-export, not a use)
        imported.set(bindings.name.text, { from, name: '*' });
        for (const name of namespaceUses(source, bindings.name)) facts.uses.push({ from, name });
      } else if (bindings) {
        for (const element of bindings.elements) {
          const name = moduleName(element.propertyName ?? element.name);
          imported.set(element.name.text, { from, name });
        }
      }
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier)
          ? resolve(file, statement.moduleSpecifier.text)
          : null;
      const clause = statement.exportClause;
      if (statement.moduleSpecifier) {
        if (!from) continue; // an installed package's names, passed on
        if (!clause) facts.starFrom.push(from);
        else if (ts.isNamespaceExport(clause)) {
          const name = moduleName(clause.name);
          facts.exports.set(name, { kind: 'forwarded', from, name: '*', line: lineOf(source, clause) });
        } else {
          for (const element of clause.elements) {
            const name = moduleName(element.name);
            const original = moduleName(element.propertyName ?? element.name);
            facts.exports.set(name, { kind: 'forwarded', from, name: original, line: lineOf(source, element) });
          }
        }
      } else if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          localExports.push({
            local: moduleName(element.propertyName ?? element.name),
            exported: moduleName(element.name),
            node: element,
          });
        }
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) declare('default', statement);
      continue;
    }
    // Declarations, exported or not (an `export { a }` further down may name them).
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    const asDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
    const names: ts.Identifier[] = [];
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, names);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    ) {
      names.push(statement.name);
    }
    for (const name of names) if (!declared.has(name.text)) declared.set(name.text, statement);
    if (!exported) continue;
    if (asDefault) declare('default', statement);
    else for (const name of names) declare(name.text, statement);
  }

  // `export { a as b }`: a name declared here, or one imported and passed on.
  const passedOn = new Set<string>();
  for (const { local, exported, node } of localExports) {
    const origin = imported.get(local);
    if (origin) {
      facts.exports.set(exported, { kind: 'forwarded', ...origin, line: lineOf(source, node) });
      passedOn.add(local);
    } else declare(exported, declared.get(local) ?? node, local);
  }
  // An imported name is used, unless the file only exports it again (then its uses are those of the export).
  let referenced: Set<string> | undefined;
  for (const [local, origin] of imported) {
    if (origin.name === '*') continue;
    if (passedOn.has(local) && !(referenced ??= referencedNames(source)).has(local)) continue;
    facts.uses.push(origin);
  }

  // `import()` and `typeof import()`: the names the file reads as members or destructures.
  let members: Set<string> | undefined;
  const dynamic = (specifier: ts.Node | undefined, call?: ts.CallExpression) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const from = resolve(file, specifier.text);
    if (!from) return;
    members ??= memberNames(source);
    for (const name of members) facts.uses.push({ from, name });
    if (call && isLazyDefault(call)) facts.uses.push({ from, name: 'default' });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      dynamic(node.arguments[0], node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      if (node.qualifier) {
        let first: ts.EntityName = node.qualifier;
        while (ts.isQualifiedName(first)) first = first.left;
        const from = ts.isStringLiteralLike(node.argument.literal) ? resolve(file, node.argument.literal.text) : null;
        if (from) facts.uses.push({ from, name: first.text });
      } else dynamic(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/**
 * The names a file refers to, besides declaring them, exporting them and naming members: a name exported here and
 * in this set is used by the file itself (recursion counts).
 */
function referencedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName =
        ((ts.isPropertyAccessExpression(parent) ||
          ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isMethodSignature(parent) ||
          ts.isGetAccessor(parent) ||
          ts.isSetAccessor(parent) ||
          ts.isEnumMember(parent) ||
          ts.isJsxAttribute(parent) ||
          ts.isVariableDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isInterfaceDeclaration(parent) ||
          ts.isTypeAliasDeclaration(parent) ||
          ts.isParameter(parent)) &&
          (parent as { name?: ts.Node }).name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        (ts.isBindingElement(parent) && (parent.propertyName === node || parent.name === node)) ||
        ts.isExportSpecifier(parent) ||
        ts.isImportSpecifier(parent);
      if (!isName) names.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

export interface Options {
  /** The files whose exports are reported (repository-relative); the others only import. */
  reported: (file: string) => boolean;
  resolve?: Resolve;
  entryPoints?: readonly string[];
  conventionalUses?: ReadonlyArray<{ file: string; names: string[] }>;
}

/** The unused exports among `files` (repository-relative paths with their text), by file and line. */
export function findUnusedExports(
  files: Iterable<{ file: string; text: string }>,
  { reported, resolve = resolveInRepository, entryPoints = [], conventionalUses = [] }: Options,
): UnusedExport[] {
  const modules = new Map<string, ModuleFacts>();
  for (const { file, text } of files) modules.set(file, factsOf(file, text, resolve));

  const used = new Map<string, Set<string>>(); // file -> names used; '*' for every name
  const pending: Array<{ from: string; name: string }> = [];
  const use = (from: string, name: string) => pending.push({ from, name });
  for (const module of modules.values()) for (const u of module.uses) use(u.from, u.name);
  for (const { file, names } of conventionalUses) for (const name of names) use(file, name);

  while (pending.length > 0) {
    const { from, name } = pending.pop()!;
    const module = modules.get(from);
    if (!module) continue;
    const names = used.get(from) ?? used.set(from, new Set()).get(from)!;
    if (names.has(name) || names.has('*')) continue;
    names.add(name);
    const passOn = (given: Given | undefined) => {
      if (given?.kind === 'forwarded') use(given.from, given.name);
    };
    if (name === '*') {
      for (const given of module.exports.values()) passOn(given);
      for (const star of module.starFrom) use(star, '*'); // `export *` leaves out `default`; close enough
    } else if (module.exports.has(name)) {
      passOn(module.exports.get(name));
    } else if (name !== 'default') {
      for (const star of module.starFrom) use(star, name);
    }
  }

  const entries = new Set(entryPoints);
  const unused: UnusedExport[] = [];
  for (const module of modules.values()) {
    if (!reported(module.file) || entries.has(module.file) || TEST_FILE.test(module.file)) continue;
    const names = used.get(module.file) ?? new Set();
    if (names.has('*')) continue;
    let referenced: Set<string> | undefined;
    for (const [name, given] of module.exports) {
      if (names.has(name)) continue;
      referenced ??= referencedNames(module.source);
      unused.push({
        file: module.file,
        name,
        line: given.line,
        reexport: given.kind === 'forwarded',
        usedInFile: given.kind === 'declared' && given.local !== 'default' && referenced.has(given.local),
      });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name));
}

const under = (folders: readonly string[]) => (file: string) => folders.some((f) => file.startsWith(`${f}/`));

/** The unused exports of the products under `folders` (all of them by default), from every source of the repository. */
export function unusedExports(folders: readonly string[] = PRODUCT_ROOTS): UnusedExport[] {
  const files = sourceFiles().flatMap((path) => {
    try {
      return [{ file: toRepoPath(path), text: readFileSync(path, 'utf8') }];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []; // removed since the folder was read
      throw error;
    }
  });
  return findUnusedExports(files, {
    reported: under(folders),
    entryPoints: ENTRY_POINTS,
    conventionalUses: CONVENTIONAL_USES,
  });
}

/** `file:line name` lines, with what to do about each. */
export const describeUnused = (found: readonly UnusedExport[]) =>
  found.map(
    (u) =>
      `${u.file}:${u.line} ${u.name}` +
      (u.reexport ? ' (re-export)' : u.usedInFile ? ' (used in its file: drop `export`)' : ''),
  );

if (import.meta.main) {
  const folders = process.argv.slice(2).map((f) => f.replace(/\/$/, ''));
  const found = unusedExports(folders.length > 0 ? folders : PRODUCT_ROOTS);
  for (const line of describeUnused(found)) console.log(line);
  console.log(`${found.length} unused export${found.length === 1 ? '' : 's'}`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
