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
import { ensureInstalled, ensureNode } from './lib/prepare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'shipdesk-test-'));
const vitestReport = join(reports, 'vitest.json');
const e2eReport = join(reports, 'playwright.json');
const only = process.argv.slice(2);

await ensureNode();
ensureInstalled(root, process.env);
if (!only.length || only.includes('e2e')) ensureChromium();

/**
 * The browser tests drive the machine's Chromium (Playwright never downloads its own): installed from Debian's
 * packages when this runs as root on a machine with apt, otherwise named before anything runs.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (canInstall) {
    console.log('The end-to-end tests need Chromium: installing the Debian package "chromium"...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync(chromium)) return;
  }
  console.error(
    `The end-to-end tests need Chromium at ${chromium}: install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary. Run the other steps with: node scripts/test.mjs lint ' +
      'format typecheck unit+integration build',
  );
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
