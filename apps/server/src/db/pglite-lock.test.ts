import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './pglite-lock.ts';
import { openDatabase } from './client.ts';

const dir = mkdtempSync(join(tmpdir(), 'shipdesk-lock-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PGlite data folder lock', () => {
  it('refuses a second holder while the first runs, and frees on release', () => {
    const path = join(dir, 'a.lock');
    const lock = acquireDataDirLock(path);
    expect(() => acquireDataDirLock(path)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(path)).toThrow(/one process per data folder/);
    lock.release();
    expect(existsSync(path)).toBe(false);
    acquireDataDirLock(path).release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const path = join(dir, 'b.lock');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(gone.stdout.toString());
    writeFileSync(path, JSON.stringify({ pid: deadPid, host: hostname(), startedAt: new Date(0).toISOString() }));
    const lock = acquireDataDirLock(path);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const path = join(dir, 'c.lock');
    writeFileSync(path, 'garbage');
    acquireDataDirLock(path).release();
  });

  it('keeps a second database from opening the same folder', async () => {
    const dataDir = join(dir, 'data');
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });
});
