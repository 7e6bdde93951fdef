import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS_FILE, DEMO_EMAIL } from '../account/demo-seed.ts';
import { accessTokenFor, startTestSso, type TestSso } from '../test/harness.ts';
import { acquireFileLock, DataDirLockedError } from './lock.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A pid that certainly belongs to no live process: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('PGlite data-folder lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shipdesk-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a lock held by a live process and takes over a stale one', () => {
    const path = join(dir, 'a.lock');
    const lock = acquireFileLock(path);
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireFileLock(path)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path)).toBe(false);

    writeFileSync(path, `${deadPid()}\n`);
    const takenOver = acquireFileLock(path);
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    takenOver.release();
  });
});

describe('embedded start-up', () => {
  let t: TestSso;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-sso-start-'));
    t = await startTestSso('pglite', { dataDir, env: { SHIPDESK_DEMO_PASSWORD: '' } });
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates the demo password once and keeps it in demo-credentials.json (0600)', async () => {
    const file = join(dataDir, DEMO_CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const credentials = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(credentials).toMatchObject({ email: DEMO_EMAIL, organization: 'Demo Company' });
    expect(credentials.password!.length).toBeGreaterThanOrEqual(12);
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: credentials.password! });
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses a second SSO on the same data folder, in-process and as a process (exit code 1)', async () => {
    await expect(startTestSso('pglite', { dataDir })).rejects.toThrow(DataDirLockedError);

    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, SSO_PORT: '0', DATABASE_URL: '', SSO_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('in use by another process');
  });

  it('keeps the data and applies SHIPDESK_DEMO_PASSWORD on the next start', async () => {
    await t.stop();
    t = await startTestSso('pglite', { dataDir, env: { SHIPDESK_DEMO_PASSWORD: 'a password from the environment' } });
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: 'a password from the environment' });
    expect(tokens.access_token).toBeTruthy();
  });
});
