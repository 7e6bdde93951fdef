import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite belongs to one process: two processes on one data folder get no error and corrupt it.
 * This lock file refuses a second start; a lock left by a process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database is in use by another process (pid ${pid}, lock ${lockPath}). ` +
        'PGlite allows one process per data folder: stop the other process, use another DATA_DIR, ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lockPath: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number'
      ? { pid: info.pid, host: String(info.host), startedAt: String(info.startedAt) }
      : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(lockPath: string): DataDirLock {
  const mine: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      return {
        release() {
          if (readLock(lockPath)?.pid === process.pid) unlinkSync(lockPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockPath);
      // Same host and the holder still runs (and is not us reopening in-process): refuse.
      if (holder && holder.host === mine.host && isRunning(holder.pid)) {
        throw new DataDirLockedError(lockPath, holder.pid);
      }
      // Stale (crashed holder) or unreadable: take it over and retry once.
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not acquire the data folder lock ${lockPath}`);
}
