#!/usr/bin/env node
// `npm test`: every check of the project, in the order that fails fastest.
// Lint and format, type checks, unit and integration tests (PGlite always; PostgreSQL too when DATABASE_URL is set),
// the web build, then the end-to-end tests in Chromium against the started product.
// It closes with one "N passed, N failed" line summing the vitest and Playwright results.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion, ensureInstalled } from './lib/prepare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'shipdesk-test-'));
const vitestReport = join(reports, 'vitest.json');
const e2eReport = join(reports, 'playwright.json');
const only = process.argv.slice(2);

checkNodeVersion();
ensureInstalled(root, process.env);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium) && (!only.length || only.includes('e2e'))) {
  console.error(`The end-to-end tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`);
  process.exit(1);
}

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  [
    'unit+integration',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npm', ['run', 'build']],
  ['e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport }],
];

function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  }
  if (existsSync(e2eReport)) {
    const s = JSON.parse(readFileSync(e2eReport, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
  }
  return { passed, failed };
}

let failedStep = null;
for (const [name, cmd, args, extraEnv] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed } = counts();
console.log(failedStep ? `\nFailed at step: ${failedStep}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
