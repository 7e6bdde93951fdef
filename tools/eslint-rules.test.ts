import { dirname, join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../eslint.config.js';
import { matches, root } from './eslint-layers.js';

/**
 * Every rule of eslint.config.js that keeps the layout true is shown refusing a violation: one small fixture per zone
 * of `shipdesk/layers` (per target, per forbidden folder, per forbidden package), per pattern of every block that
 * restricts imports, and per file set held to `max-lines` or `max-lines-per-function`, each linted with the whole
 * config at a path inside what it guards. The fixtures are generated from the config, so a new zone or block gets its
 * own; one the generator cannot make fails here, and so does a fixture a later block silences (flat config replaces a
 * rule's options per block).
 */

interface Fixture {
  /** What the fixture shows, e.g. `shipdesk/layers: ./bench imports ./apps/server/src`. */
  name: string;
  filePath: string;
  code: string;
  ruleId: string;
  /** The message the report must carry, when the rule's message is ours. */
  message?: string;
}

type RuleEntry = Linter.RuleEntry | undefined;
type Block = Linter.Config;

interface Zone {
  target: string | string[];
  from?: string | string[];
  except?: string | string[];
  packages?: string[];
  message: string;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const optionsOf = (entry: RuleEntry): unknown[] => (Array.isArray(entry) ? entry.slice(1) : []);
const isOff = (entry: RuleEntry) => {
  const level = Array.isArray(entry) ? entry[0] : entry;
  return level === 'off' || level === 0;
};

/** A file inside a zone path or a files glob: each `**` and `*` becomes `fixture`; a folder gets `fixture/fixture.ts`. */
function fileInside(pattern: string): string {
  const path = pattern
    .replace(/^\.\//, '')
    .replace(/\{([^,}]+)[^}]*\}/g, '$1')
    .replace(/\*\*/g, 'fixture')
    .replace(/\*/g, 'fixture');
  return /\.[a-z]+$/.test(path) ? path : `${path}/fixture/fixture.ts`;
}

/** The specifier a file at `from` would write for the file `to` (both repository-relative). */
function specifierFor(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** A package name a pattern such as `@fastify/*` refuses. */
const packageFor = (pattern: string) => pattern.replace(/\*\*/g, 'fixture').replace(/\*/g, 'fixture');

function layerFixtures(zones: Zone[]): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const zone of zones) {
    if (asList(zone.from).length === 0 && asList(zone.packages).length === 0) {
      throw new Error(`zone for ${String(zone.target)} forbids nothing: no fixture can show it`);
    }
    for (const target of asList(zone.target)) {
      const filePath = fileInside(target);
      for (const from of asList(zone.from)) {
        const imported = fileInside(from);
        if (asList(zone.except).some((e) => matches(join(root, imported), e))) {
          throw new Error(`no fixture for ${target} importing ${from}: ${imported} is one of the zone's exceptions`);
        }
        const specifier = specifierFor(filePath, imported);
        fixtures.push({
          name: `shipdesk/layers: ${target} imports ${from}`,
          filePath,
          code: `import { fixture } from '${specifier}';\nexport const used = fixture;\n`,
          ruleId: 'shipdesk/layers',
          message: `"${specifier}": ${zone.message}`,
        });
      }
      for (const pattern of asList(zone.packages)) {
        const specifier = packageFor(pattern);
        fixtures.push({
          name: `shipdesk/layers: ${target} imports the package ${pattern}`,
          filePath,
          code: `import { fixture } from '${specifier}';\nexport const used = fixture;\n`,
          ruleId: 'shipdesk/layers',
          message: `"${specifier}": ${zone.message}`,
        });
      }
    }
  }
  return fixtures;
}

type RestrictedImports = {
  paths?: Array<string | { name: string; importNames?: string[] }>;
  patterns?: Array<string | { group?: string[]; regex?: string; importNames?: string[] }>;
};

function restrictedImportFixtures(ruleId: string, block: Block, entry: RuleEntry): Fixture[] {
  const specifiers: string[] = [];
  for (const option of optionsOf(entry)) {
    if (typeof option === 'string') {
      specifiers.push(option);
      continue;
    }
    const { paths = [], patterns = [] } = option as RestrictedImports;
    for (const path of paths) {
      if (typeof path !== 'string' && path.importNames) throw new Error(`${ruleId}: no fixture for importNames`);
      specifiers.push(typeof path === 'string' ? path : path.name);
    }
    for (const pattern of patterns) {
      if (typeof pattern === 'string') specifiers.push(packageFor(pattern));
      else if (pattern.group && !pattern.importNames) specifiers.push(...pattern.group.map(packageFor));
      else throw new Error(`${ruleId}: no fixture for the pattern ${JSON.stringify(pattern)}`);
    }
  }
  const files = asList(block.files).flat() as string[];
  if (files.length === 0) throw new Error(`${ruleId} for every file: give the block files so fixtures can be placed`);
  return files.flatMap((glob) =>
    specifiers.map((specifier) => ({
      name: `${ruleId}: ${glob} imports ${specifier}`,
      filePath: fileInside(glob),
      code: `import { fixture } from '${specifier}';\nexport const used = fixture;\n`,
      ruleId,
    })),
  );
}

function maxLinesFixtures(block: Block, entry: RuleEntry): Fixture[] {
  const [option] = optionsOf(entry) as [number | { max?: number } | undefined];
  const max = typeof option === 'number' ? option : (option?.max ?? 300);
  return (asList(block.files).flat() as string[]).map((glob) => ({
    name: `max-lines ${max}: ${glob}`,
    filePath: fileInside(glob),
    code: Array.from({ length: max + 1 }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n',
    ruleId: 'max-lines',
  }));
}

/** A function of `lines` lines, each one counted by `max-lines-per-function` (no blank line, no comment). */
function longFunction(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`);
  return ['export function fixture(): number {', '  let total = 0;', ...body, '  return total;', '}'].join('\n') + '\n';
}

function maxLinesPerFunctionFixtures(block: Block, entry: RuleEntry): Fixture[] {
  const [option] = optionsOf(entry) as [number | { max?: number } | undefined];
  const max = typeof option === 'number' ? option : (option?.max ?? 50);
  return (asList(block.files).flat() as string[]).map((glob) => ({
    name: `max-lines-per-function ${max}: ${glob}`,
    filePath: fileInside(glob),
    code: longFunction(max + 1),
    ruleId: 'max-lines-per-function',
  }));
}

/** Every fixture the config asks for, block by block. */
function fixturesOf(blocks: Block[]): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const block of blocks) {
    for (const [ruleId, entry] of Object.entries(block.rules ?? {})) {
      if (isOff(entry)) continue;
      if (ruleId === 'shipdesk/layers') {
        const [{ zones = [] } = {}] = optionsOf(entry) as [{ zones?: Zone[] }?];
        fixtures.push(...layerFixtures(zones));
      } else if (ruleId === 'no-restricted-imports' || ruleId === '@typescript-eslint/no-restricted-imports') {
        fixtures.push(...restrictedImportFixtures(ruleId, block, entry));
      } else if (ruleId === 'max-lines') {
        fixtures.push(...maxLinesFixtures(block, entry));
      } else if (ruleId === 'max-lines-per-function') {
        fixtures.push(...maxLinesPerFunctionFixtures(block, entry));
      }
    }
  }
  return fixtures;
}

/** The fixtures that `eslint` does not refuse as they expect, with what it said instead. */
async function unreported(eslint: ESLint, fixtures: Fixture[]): Promise<string[]> {
  const missing: string[] = [];
  for (const fixture of fixtures) {
    const [result] = await eslint.lintText(fixture.code, { filePath: join(root, fixture.filePath) });
    const messages = result?.messages ?? [];
    const found = messages.some(
      (m) => m.ruleId === fixture.ruleId && (fixture.message === undefined || m.message === fixture.message),
    );
    if (!found) {
      const said = messages.map((m) => `${m.ruleId}: ${m.message}`).join('; ') || 'nothing';
      missing.push(`${fixture.name} (${fixture.filePath}): ${said}`);
    }
  }
  return missing;
}

const blocks = config as Block[];

describe('lint rules, each shown refusing a fixture', () => {
  let eslint: ESLint;
  let fixtures: Fixture[];
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
    fixtures = fixturesOf(blocks);
  });

  it('has a fixture for every zone, every restricted import and every size limit', () => {
    const zones = blocks.flatMap(
      (b) => (optionsOf(b.rules?.['shipdesk/layers'])[0] as { zones?: Zone[] } | undefined)?.zones ?? [],
    );
    expect(zones.length).toBeGreaterThan(20);
    // Each zone yields at least one fixture per target (and the generator throws for one it cannot make).
    const layerFixtureCount = fixtures.filter((f) => f.ruleId === 'shipdesk/layers').length;
    expect(layerFixtureCount).toBeGreaterThanOrEqual(zones.reduce((n, z) => n + asList(z.target).length, 0));
    for (const ruleId of ['no-restricted-imports', 'max-lines', 'max-lines-per-function']) {
      expect(
        fixtures.some((f) => f.ruleId === ruleId),
        ruleId,
      ).toBe(true);
    }
  });

  it('refuses every fixture with the rule and the words that guard it', async () => {
    expect(await unreported(eslint, fixtures)).toEqual([]);
  }, 120_000);

  it('notices a later block that replaces a rule for some files: their fixtures go unreported', async () => {
    // The shape of the old mistake: a later block for product code with its own options for a rule the domain had.
    const voiding: Block[] = [
      ...blocks,
      { files: ['apps/server/src/**/*.ts'], rules: { 'shipdesk/layers': ['error', { zones: [] }] } },
      {
        files: ['apps/server/src/**/*.ts'],
        rules: { 'no-restricted-imports': ['error', { paths: ['fixture-only'] }] },
      },
    ];
    const voided = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: voiding });
    const serverFixtures = fixtures.filter((f) => f.filePath.startsWith('apps/server/src/'));
    const missing = await unreported(voided, serverFixtures);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.some((m) => m.startsWith('shipdesk/layers: ./apps/server/src/domain imports'))).toBe(true);
    expect(missing.some((m) => m.startsWith('no-restricted-imports: apps/server/src/**/*.ts'))).toBe(true);
    // Files the voiding blocks do not reach keep every fixture reported.
    const elsewhere = fixtures.filter((f) => f.filePath.startsWith('bench/'));
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(await unreported(voided, elsewhere)).toEqual([]);
  }, 120_000);

  it('holds product files to 400 lines, but not their tests', async () => {
    const long = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    const lint = async (path: string) =>
      (await eslint.lintText(long, { filePath: join(root, path) }))[0]!.messages.map((m) => m.ruleId);
    expect(await lint('apps/server/src/features/fixture/fixture-service.ts')).toContain('max-lines');
    expect(await lint('apps/server/src/features/fixture/fixture-service.test.ts')).not.toContain('max-lines');
  });

  it('holds product functions to 150 lines, but not those of tests', async () => {
    const lint = async (code: string, path: string) =>
      (await eslint.lintText(code, { filePath: join(root, path) }))[0]!.messages.map((m) => m.ruleId);
    const service = 'apps/server/src/features/fixture/fixture-service.ts';
    expect(await lint(longFunction(151), service)).toContain('max-lines-per-function');
    expect(await lint(longFunction(150), service)).not.toContain('max-lines-per-function');
    expect(await lint(longFunction(151), 'apps/server/src/features/fixture/fixture-service.test.ts')).not.toContain(
      'max-lines-per-function',
    );
  });
});
