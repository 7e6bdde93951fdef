import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError } from '@shipdesk/db-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS_FILE, DEMO_EMAIL } from '../account/demo-seed.ts';
import { accessTokenFor, startTestSso, type TestSso } from '../test/harness.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

// The lock itself is tested in packages/db-kit; these check what the SSO makes of it.
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
    expect(stderr).toContain('The SSO data folder is in use by another process');
  });

  it('keeps the data and applies SHIPDESK_DEMO_PASSWORD on the next start', async () => {
    await t.stop();
    t = await startTestSso('pglite', { dataDir, env: { SHIPDESK_DEMO_PASSWORD: 'a password from the environment' } });
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: 'a password from the environment' });
    expect(tokens.access_token).toBeTruthy();
  });
});
