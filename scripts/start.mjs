#!/usr/bin/env node
// The one command of the Quick start: installs what is missing, builds the web app when its sources changed,
// starts the SSO and the server (which serves the web app) and prints where to sign in.
// Plain JavaScript on purpose: it runs before dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion, ensureInstalled, ensureWebBuilt } from './lib/prepare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };

checkNodeVersion();
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

const children = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 10_000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

function start(name, script) {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping Shipdesk.`);
      stopAll(code || 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, name, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || stopping) throw new Error(`${name} exited before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready at ${url} within 120 s`);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  const sso = start('SSO', join(root, 'apps', 'sso', 'src', 'main.ts'));
  await waitFor(`${issuer}/healthz`, 'SSO', sso);
  const server = start('Server', join(root, 'apps', 'server', 'src', 'server.ts'));
  await waitFor(`http://127.0.0.1:${port}/readyz`, 'Server', server);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
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
