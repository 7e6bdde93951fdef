import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../test/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * A server started with the demo off loads no fake: the demo store, and the fake Shopify it runs on, come in by
 * dynamic import only when the demo is on. Checked on the modules the started process really loaded.
 */
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const RECORDER = fileURLToPath(new URL('../../test/record-loaded-modules.mjs', import.meta.url));
const FAKES = fileURLToPath(new URL('../../../../packages/fakes/', import.meta.url));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Starts the server until it is ready, stops it, and answers the files it loaded. */
async function loadedBy(env: Record<string, string>): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-demo-loading-'));
  folders.push(dataDir);
  // The database the server would make of the empty folder, already made (test/database-templates.ts): the start
  // loads the same modules, without seconds of PGlite initdb and migrations.
  const template = inject('databaseTemplates')?.pgliteMigrated;
  if (template) cpSync(template, join(dataDir, 'server-db'), { recursive: true });
  const log = join(dataDir, 'modules.log');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', RECORDER, SERVER_ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'error',
      SHIPDESK_MODULE_LOG: log,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The demo, when on, is imported after listen: give it the moment it takes.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((url) => fileURLToPath(url))
    : [];
}

describe('loading the demo', () => {
  it('loads no fake module when SHIPDESK_DEMO=off, and the fake Shopify when the demo is on', async () => {
    const off = await loadedBy({ SHIPDESK_DEMO: 'off' });
    expect(off.some((file) => file.endsWith('/server.ts'))).toBe(true);
    expect(off.filter((file) => file.startsWith(FAKES))).toEqual([]);
    expect(off.filter((file) => file.includes('/demo/'))).toEqual([]);

    const on = await loadedBy({ SHIPDESK_DEMO: 'on' });
    expect(on.some((file) => file.startsWith(FAKES))).toBe(true);
  });
});
