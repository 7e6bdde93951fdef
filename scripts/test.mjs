#!/usr/bin/env node
// `npm test`: every check of the project, in the order that fails fastest.
// Lint and format, type checks, unit and integration tests (PGlite always; PostgreSQL too when DATABASE_URL is set),
// the web build, then the end-to-end tests in Chromium against the started product.
// It closes with one "N passed, N failed" line summing the vitest and Playwright results.
import { spawn, spawnSync } from 'node:child_process';
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

// The static checks run at once (each is one process, mostly on one core; their outputs are printed whole as each
// ends); every later step runs alone, its output live.
const stages = [
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['typecheck', 'npm', ['run', 'typecheck']],
  ],
  [
    [
      'unit+integration',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    ],
  ],
  [['build', 'npm', ['run', 'build']]],
  [
    [
      'e2e',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
    ],
  ],
];

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** One step with its output live; its name when it failed. */
function runAlone([name, cmd, args, extraEnv]) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  return result.status === 0 ? null : name;
}

/** Several steps at once, each one's output printed whole when it ends; the first that failed, by name. */
async function runTogether(steps) {
  const failed = await Promise.all(
    steps.map(
      ([name, cmd, args, extraEnv]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(cmd, args, {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, ...extraEnv },
          });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            console.log(`\n=== ${name} ===`);
            process.stdout.write(Buffer.concat(output));
            console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
            resolve(code === 0 ? null : name);
          });
        }),
    ),
  );
  return failed.find(Boolean) ?? null;
}

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
for (const stage of stages) {
  const chosen = stage.filter(([name]) => !only.length || only.includes(name));
  if (chosen.length === 0) continue;
  failedStep = chosen.length === 1 ? runAlone(chosen[0]) : await runTogether(chosen);
  if (failedStep) break;
}

const { passed, failed } = counts();
console.log(failedStep ? `\nFailed at step: ${failedStep}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
