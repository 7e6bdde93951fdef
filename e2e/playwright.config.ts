import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The product is started once for the whole run, on its embedded default (PGlite) in a fresh data folder,
// exactly as a newcomer starts it. Workers inherit these variables from the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'shipdesk-e2e-'));
// Ports vary with the process so two runs on one machine (a developer's and CI's) do not collide.
const basePort = 20_000 + (process.pid % 5_000) * 2;
process.env.E2E_PORT ??= String(basePort);
process.env.E2E_SSO_PORT ??= String(basePort + 1);
// The demo's fake USPS on a known port: tests/orders/parcel-journey.spec.ts moves its clock (/_fake/clock on the fake).
process.env.E2E_DEMO_USPS_PORT ??= String(basePort + 10_000);
process.env.E2E_PASSWORD ??= 'e2e-Demo-password-1';

const port = process.env.E2E_PORT;
const ssoPort = process.env.E2E_SSO_PORT;
const baseURL = `http://localhost:${port}`;
const root = resolve(import.meta.dirname, '..');
const { DATABASE_URL: _ignored, ...inherited } = process.env;

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? join(root, 'test-results', 'e2e.json') }],
  ],
  use: {
    baseURL,
    // Traces keep the DOM snapshots of a failed test; the screencast frames (screenshots) would cost a third of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node ${join(root, 'scripts', 'start.mjs')}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...(inherited as Record<string, string>),
      SHIPDESK_SKIP_PREPARE: '1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: port,
      SSO_PORT: ssoPort,
      PUBLIC_URL: baseURL,
      SSO_ISSUER: `http://localhost:${ssoPort}`,
      SHIPDESK_DEMO_PASSWORD: process.env.E2E_PASSWORD,
      SHIPDESK_DEMO_USPS_PORT: process.env.E2E_DEMO_USPS_PORT,
      // Every spec's browser comes from 127.0.0.1: the per-address limit (600 a minute) is one seller's, and the
      // suite is many sellers at once (the limit itself is tested in apps/server).
      RATE_LIMIT_MAX: '3000',
    },
  },
});
