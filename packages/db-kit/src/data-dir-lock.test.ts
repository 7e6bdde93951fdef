import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

/** A pid that certainly belongs to no live process: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const holderOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { pid: number; host: string };

describe('PGlite data-folder lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shipdesk-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first runs, naming the service, and frees on release', () => {
    const path = join(dir, 'a.lock');
    const lock = acquireDataDirLock(path, 'SSO');
    expect(holderOf(path)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => acquireDataDirLock(path, 'SSO')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(path, 'SSO')).toThrow(
      `The SSO data folder is in use by another process (pid ${process.pid}, lock file ${path}). ` +
        'PGlite allows one process per data folder: stop the other SSO, use another DATA_DIR, ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    lock.release();
    lock.release();
    expect(existsSync(path)).toBe(false);
    acquireDataDirLock(path, 'SSO').release();
  });

  it('refuses a lock held by another live process', () => {
    const path = join(dir, 'b.lock');
    // The test runner's parent process outlives this test.
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: new Date().toISOString() }));
    expect(() => acquireDataDirLock(path, 'server')).toThrow(/in use by another process \(pid \d+/);
    // A bare pid (the format the SSO used to write) is honoured too.
    writeFileSync(path, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(path, 'server')).toThrow(DataDirLockedError);
    rmSync(path);
  });

  it('takes over a lock left by a process that is gone', () => {
    const path = join(dir, 'c.lock');
    writeFileSync(path, JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: new Date(0).toISOString() }));
    const lock = acquireDataDirLock(path, 'server');
    expect(holderOf(path).pid).toBe(process.pid);
    lock.release();

    writeFileSync(path, `${deadPid()}\n`);
    acquireDataDirLock(path, 'server').release();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    const path = join(dir, 'd.lock');
    writeFileSync(path, 'garbage');
    acquireDataDirLock(path, 'server').release();
    writeFileSync(path, '');
    acquireDataDirLock(path, 'server').release();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over a lock with our pid written before this process started (a restarted container)', () => {
    const path = join(dir, 'e.lock');
    writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date(0).toISOString() }));
    const lock = acquireDataDirLock(path, 'server');
    expect(() => acquireDataDirLock(path, 'server')).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock written on another host, whose pid means nothing here', () => {
    const path = join(dir, 'f.lock');
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: `${hostname()}-old`, startedAt: '' }));
    acquireDataDirLock(path, 'server').release();
  });

  it('leaves a lock alone on release once another process has taken it over', () => {
    const path = join(dir, 'g.lock');
    const lock = acquireDataDirLock(path, 'server');
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: new Date().toISOString() }));
    lock.release();
    expect(holderOf(path).pid).toBe(process.ppid);
    rmSync(path);
  });
});
