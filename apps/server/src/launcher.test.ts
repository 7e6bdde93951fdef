import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../test/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The launcher (`npm start`) keeps the SSO and the server running: a child killed with SIGKILL (no shutdown code
 * runs, its PGlite lock file stays behind) is started again and answers, one that stops answering its liveness probe
 * is killed and started again, and one that cannot start gives up instead of looping. On the embedded default (PGlite), as a newcomer runs it; each test takes 15-30 s.
 */
const LAUNCHER = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function answers(url: string, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return true;
    await pause(200);
  }
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Launched {
  child: ChildProcess;
  dataDir: string;
  port: number;
  ssoPort: number;
  /** What the launcher itself printed (the children's JSON log lines left out). */
  said(): string;
  /** Whether the launcher printed `text` within `ms`. */
  says(text: string, ms: number): Promise<boolean>;
  exited: Promise<number | null>;
}

const launched: Launched[] = [];
afterEach(async () => {
  for (const { child, exited, dataDir } of launched.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, pause(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function launch(extraEnv: Record<string, string> = {}): Promise<Launched> {
  const [port, ssoPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-launcher-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [LAUNCHER], {
    env: {
      ...inherited,
      SHIPDESK_SKIP_PREPARE: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      SSO_PORT: String(ssoPort),
      PUBLIC_URL: `http://localhost:${port}`,
      SSO_ISSUER: `http://localhost:${ssoPort}`,
      SHIPDESK_DEMO_PASSWORD: 'launcher-Demo-password-1',
      SHIPDESK_DEMO: 'off',
      LOG_LEVEL: 'error',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const run: Launched = {
    child,
    dataDir,
    port,
    ssoPort,
    said: () =>
      output
        .split('\n')
        .filter((line) => !line.startsWith('{'))
        .join('\n'),
    async says(text, ms) {
      const deadline = Date.now() + ms;
      while (!run.said().includes(text) && Date.now() < deadline) await pause(100);
      return run.said().includes(text);
    },
    exited,
  };
  launched.push(run);
  return run;
}

/** The pid a service wrote into its PGlite lock file. */
function lockHolder(dataDir: string, service: 'server' | 'sso'): number {
  return (JSON.parse(readFileSync(join(dataDir, `${service}-db.lock`), 'utf8')) as { pid: number }).pid;
}

async function killHard(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && isRunning(pid); i++) await pause(50);
  expect(isRunning(pid)).toBe(false);
}

describe('the launcher', () => {
  it('starts a child killed with SIGKILL again, on its stale lock, restarts a hung one, and still stops on SIGTERM', async () => {
    const run = await launch({ LIVENESS_PROBE_SECONDS: '1', LIVENESS_FAILURES: '3' });
    const readyz = `http://127.0.0.1:${run.port}/readyz`;
    const healthz = `http://127.0.0.1:${run.ssoPort}/healthz`;
    expect(await answers(readyz, 90_000), run.said()).toBe(true);
    expect(await run.says('Shipdesk is running.', 5_000), run.said()).toBe(true);

    const server = lockHolder(run.dataDir, 'server');
    await killHard(server);
    // Its lock file is left behind, naming a process that is gone.
    expect(lockHolder(run.dataDir, 'server')).toBe(server);
    expect(await answers(readyz, 60_000), run.said()).toBe(true);
    expect(lockHolder(run.dataDir, 'server')).not.toBe(server);
    expect(run.said()).toContain('Server stopped unexpectedly (SIGKILL); starting it again in 1 s.');
    // The launcher sees it on its own next look, a moment later.
    expect(await run.says('Server is running again.', 5_000), run.said()).toBe(true);

    const sso = lockHolder(run.dataDir, 'sso');
    await killHard(sso);
    expect(await answers(healthz, 60_000), run.said()).toBe(true);
    expect(lockHolder(run.dataDir, 'sso')).not.toBe(sso);
    expect(run.said()).toContain('SSO stopped unexpectedly (SIGKILL); starting it again in 1 s.');
    // Still served while the SSO came back.
    expect(await answers(readyz, 1_000)).toBe(true);

    // A hung server (stopped, so it never answers again, as a loop held for good) is killed and started again.
    const hung = lockHolder(run.dataDir, 'server');
    process.kill(hung, 'SIGSTOP');
    expect(
      await run.says('Server is hung (no answer within 1 s, 3 times in a row); killing it.', 15_000),
      run.said(),
    ).toBe(true);
    expect(await answers(readyz, 60_000), run.said()).toBe(true);
    expect(isRunning(hung)).toBe(false);
    expect(lockHolder(run.dataDir, 'server')).not.toBe(hung);

    const children = [lockHolder(run.dataDir, 'server'), lockHolder(run.dataDir, 'sso')];
    run.child.kill('SIGTERM');
    expect(await Promise.race([run.exited, pause(15_000).then(() => 'still running')])).toBe(0);
    expect(children.filter(isRunning)).toEqual([]);
    // Both closed their databases: the lock files are gone.
    expect(existsSync(join(run.dataDir, 'server-db.lock'))).toBe(false);
    expect(existsSync(join(run.dataDir, 'sso-db.lock'))).toBe(false);
  }, 180_000);

  it('stops everything when a child keeps failing before it is ready', async () => {
    // A setting the SSO refuses at start: it can never come up, however often it is started.
    const run = await launch({ SUPPORT_EMAIL: 'not-an-address' });
    const code = await Promise.race([run.exited, pause(90_000).then(() => 'still running')]);
    expect(code, run.said()).toBe(1);
    const said = run.said();
    for (const delay of [1, 2, 4, 8]) expect(said).toContain(`starting it again in ${delay} s.`);
    expect(said).toContain('SSO failed 5 times within a minute before it was ready');
    // The server was never started.
    expect(said).not.toContain('Server');
  }, 120_000);
});
