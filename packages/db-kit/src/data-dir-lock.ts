import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite belongs to one process: two processes on one data folder get no error and leave it unreadable.
 * A lock file beside the folder refuses a second start; a lock left by a process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly lockPath: string;
  /** `service` names the process in the message a person reads, e.g. 'server' or 'SSO'. */
  constructor(service: string, lockPath: string, pid: number) {
    super(
      `The ${service} data folder is in use by another process (pid ${pid}, lock file ${lockPath}). ` +
        `PGlite allows one process per data folder: stop the other ${service}, use another DATA_DIR, ` +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.lockPath = lockPath;
  }
}

interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

interface LockInfo {
  pid: number;
  /** Absent in a bare-pid lock file. */
  host?: string;
  startedAt?: string;
}

// A lock carrying our own pid but written before this process started comes from an earlier process that had the
// same pid (a restarted container numbers its processes alike). The margin absorbs rounding of `uptime`.
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000 - 1000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder named by the lock file, or null when it cannot be read (gone, empty, garbage). */
function readLock(lockPath: string): LockInfo | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch {
    return null;
  }
  // A bare pid, as earlier versions of the SSO wrote it.
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const info = JSON.parse(text) as Partial<LockInfo>;
    if (!Number.isSafeInteger(info.pid) || info.pid! <= 0) return null;
    return {
      pid: info.pid!,
      ...(typeof info.host === 'string' ? { host: info.host } : {}),
      ...(typeof info.startedAt === 'string' ? { startedAt: info.startedAt } : {}),
    };
  } catch {
    return null;
  }
}

function holdsLock(holder: LockInfo, host: string): boolean {
  // Written on another host (a recreated container): its pid says nothing here, and PGlite is not shared across hosts.
  if (holder.host !== undefined && holder.host !== host) return false;
  if (holder.pid === process.pid) {
    // This process (a second open in-process is refused too) unless the lock predates it.
    return !(holder.startedAt && Date.parse(holder.startedAt) < PROCESS_STARTED_MS);
  }
  return isRunning(holder.pid);
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Takes the lock file at `lockPath` for this process, or throws `DataDirLockedError` naming `service` when a live
 * process holds it.
 */
export function acquireDataDirLock(lockPath: string, service: string): DataDirLock {
  const mine = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockPath);
      if (holder && holdsLock(holder, mine.host)) throw new DataDirLockedError(service, lockPath, holder.pid);
      // Stale (its process is gone) or unreadable: take it over and try again.
      unlinkIfPresent(lockPath);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(mine));
    } catch (error) {
      closeSync(fd);
      unlinkIfPresent(lockPath);
      throw error;
    }
    closeSync(fd);
    let released = false;
    return {
      path: lockPath,
      release() {
        if (released) return;
        released = true;
        const holder = readLock(lockPath);
        if (holder?.pid === mine.pid && holder.startedAt === mine.startedAt) unlinkIfPresent(lockPath);
      },
    };
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}
