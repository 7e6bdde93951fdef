#!/usr/bin/env node
// The one command of the Quick start: installs what is missing, builds the web app when its sources changed,
// starts the SSO and the server (which serves the web app), prints where to sign in, and starts either again if it
// crashes.
// Plain JavaScript on purpose: it runs before dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, ensureNode, ensureWebBuilt } from './lib/prepare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };

await ensureNode();
if (env.SHIPDESK_SKIP_PREPARE !== '1') {
  ensureInstalled(root, env);
  ensureWebBuilt(root, env);
}

const dataDir = resolve(root, env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });
const port = Number(env.PORT ?? 3000);
const ssoPort = Number(env.SSO_PORT ?? 3001);
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
const issuer = env.SSO_ISSUER ?? env.OIDC_ISSUER ?? `http://localhost:${ssoPort}`;
Object.assign(env, {
  DATA_DIR: dataDir,
  PORT: String(port),
  SSO_PORT: String(ssoPort),
  PUBLIC_URL: publicUrl,
  SSO_ISSUER: issuer,
  OIDC_ISSUER: env.OIDC_ISSUER ?? issuer,
  WEB_ORIGINS: env.WEB_ORIGINS ?? publicUrl,
});

// A crashed SSO or server is started again after a pause that doubles from 1 s to 30 s, back to 1 s once an
// incarnation has run for a minute. One that keeps failing before it ever answers (a locked data folder, a port in
// use, a bad setting) is not going to start by itself: after 5 such failures within a minute, everything stops.
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
const START_FAILURES_LIMIT = 5;
const START_FAILURES_WINDOW_MS = 60_000;
const READY_WITHIN_MS = 120_000;
// Once ready, each service is asked `/healthz` every LIVENESS_PROBE_SECONDS (and given as long to answer). A process
// that does not answer, or that says it is not live (the server's event loop was held: docs/OPERATIONS.md), that many
// times in a row is hung, not crashed: it is killed and started again like a crashed one.
const LIVENESS_PROBE_MS = wholeNumber('LIVENESS_PROBE_SECONDS', 5) * 1000;
const LIVENESS_FAILURES = wholeNumber('LIVENESS_FAILURES', 3);

function wholeNumber(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of 1 or more, got "${raw}"`);
    process.exit(1);
  }
  return n;
}

const services = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const running = [];
  for (const service of services) {
    clearTimeout(service.restartTimer);
    if (service.child) running.push(service.child);
  }
  for (const child of running) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 10_000);
  deadline.unref();
  Promise.all(
    running.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null,
    ),
  ).then(() => process.exit(code));
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `url` answers 2xx; resolves `false` as soon as `child` has exited or Shipdesk is stopping. */
async function answers(url, child) {
  while (child.exitCode === null && child.signalCode === null && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await pause(250);
  }
  return false;
}

/** One liveness probe: a failure is no answer in time, or an answer that says the process is not live. */
async function live(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(LIVENESS_PROBE_MS) });
    if (res.ok) return { live: true };
    const body = await res.json().catch(() => ({}));
    // A 503 of an unreachable database is not a hung process: restarting it would not bring the database back.
    return body.status === 'not live' ? { live: false, why: body.reason ?? 'it says it is not live' } : { live: true };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { live: false, why: timedOut ? `no answer within ${LIVENESS_PROBE_MS / 1000} s` : 'no answer' };
  }
}

/** Probes `child` at `url` until it exits; kills it after LIVENESS_FAILURES failed probes in a row. */
async function watchLiveness(name, url, child) {
  let failures = 0;
  while (child.exitCode === null && child.signalCode === null && !stopping) {
    const started = Date.now();
    const probe = await live(url);
    if (child.exitCode !== null || child.signalCode !== null || stopping) return;
    failures = probe.live ? 0 : failures + 1;
    if (failures >= LIVENESS_FAILURES) {
      console.error(`${name} is hung (${probe.why}, ${failures} times in a row); killing it.`);
      child.kill('SIGKILL');
      return;
    }
    await pause(Math.max(0, LIVENESS_PROBE_MS - (Date.now() - started)));
  }
}

/**
 * Runs `script` and keeps it running: started again when it exits unexpectedly, or when it hangs (its `liveUrl`
 * stops answering). Returns a promise of its first readiness (`readyUrl` answering), rejected when it gives up.
 */
function supervise(name, script, readyUrl, liveUrl) {
  const service = { child: null, restartTimer: undefined };
  services.push(service);
  let delay = FIRST_RESTART_DELAY_MS;
  let everReady = false;
  const startFailures = [];
  let settleFirst;
  const firstReady = new Promise((resolve, reject) => (settleFirst = { resolve, reject }));

  const start = () => {
    const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    service.child = child;
    const startedAt = Date.now();
    let ready = false;
    child.once('exit', (code, signal) => {
      service.child = null;
      if (stopping) return;
      const how = signal ?? `exit ${code}`;
      // Exiting cleanly, or on the signals a person stops it with, is a stop asked for: as before, all stops.
      if (code === 0 || signal === 'SIGINT' || signal === 'SIGTERM') {
        console.error(`${name} stopped (${how}); stopping Shipdesk.`);
        stopAll(code ?? 0);
        return;
      }
      if (!ready) {
        const now = Date.now();
        startFailures.push(now);
        while (now - startFailures[0] > START_FAILURES_WINDOW_MS) startFailures.shift();
        if (startFailures.length >= START_FAILURES_LIMIT) {
          const message = `${name} failed ${startFailures.length} times within a minute before it was ready (last: ${how}); stopping Shipdesk.`;
          console.error(message);
          settleFirst.reject(new Error(message));
          stopAll(1);
          return;
        }
      }
      if (Date.now() - startedAt >= STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
      console.error(`${name} stopped unexpectedly (${how}); starting it again in ${delay / 1000} s.`);
      service.restartTimer = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    });
    void answers(readyUrl, child).then((answered) => {
      if (!answered) return;
      ready = true;
      startFailures.length = 0;
      if (everReady) console.error(`${name} is running again.`);
      everReady = true;
      settleFirst.resolve();
      void watchLiveness(name, liveUrl, child);
    });
  };
  start();
  return firstReady;
}

async function readyWithin(name, url, firstReady) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} was not ready at ${url} within 120 s`)), READY_WITHIN_MS);
  });
  try {
    await Promise.race([firstReady, late]);
  } finally {
    clearTimeout(timer);
  }
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  const ssoReady = `${issuer}/healthz`;
  await readyWithin('SSO', ssoReady, supervise('SSO', join(root, 'apps', 'sso', 'src', 'main.ts'), ssoReady, ssoReady));
  const serverReady = `http://127.0.0.1:${port}/readyz`;
  await readyWithin(
    'Server',
    serverReady,
    supervise(
      'Server',
      join(root, 'apps', 'server', 'src', 'server.ts'),
      serverReady,
      `http://127.0.0.1:${port}/healthz`,
    ),
  );
} catch (error) {
  if (!stopping) console.error(error instanceof Error ? error.message : error);
  stopAll(1);
}

if (!stopping) {
  const credentialsFile = join(dataDir, 'demo-credentials.json');
  const stored = existsSync(credentialsFile) ? JSON.parse(readFileSync(credentialsFile, 'utf8')) : {};
  const email = stored.email ?? 'admin@example.com';
  const password = env.SHIPDESK_DEMO_PASSWORD ?? stored.password ?? '(set by SHIPDESK_DEMO_PASSWORD)';
  const database = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`;
  console.log(
    [
      '',
      '  Shipdesk is running.',
      '',
      `  Open      ${publicUrl}`,
      `  E-mail    ${email}`,
      `  Password  ${password}`,
      `  Database  ${database}`,
      `  Sign-in   ${issuer}`,
      '',
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}
