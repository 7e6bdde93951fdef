import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** Raised when another live process holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(lockPath: string, pid: number) {
    super(
      `The SSO data folder is in use by another process (pid ${pid}, lock file ${lockPath}). ` +
        'PGlite belongs to one process: stop the other SSO, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

export interface FileLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes an exclusive lock file holding this process id. Two PGlite instances on one folder corrupt it silently, so a
 * lock held by a live process (this one included) is refused; one left by a dead process is taken over.
 */
export function acquireFileLock(path: string): FileLock {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(path);
      if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(path, holder);
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    let released = false;
    return {
      path,
      release() {
        if (released) return;
        released = true;
        if (readPid(path) === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        }
      },
    };
  }
  throw new Error(`Could not take the lock file ${path}`);
}
