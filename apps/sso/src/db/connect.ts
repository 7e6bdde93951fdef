import { fileURLToPath } from 'node:url';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { openDatabase as openKitDatabase, type Database as KitDatabase, type Executor } from '@shipdesk/db-kit';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Db = Executor<Schema>;
export type Database = KitDatabase<Schema>;

const MIGRATIONS: MigrationConfig = {
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
  migrationsSchema: 'sso',
  migrationsTable: '__drizzle_migrations',
};

// Any constant works; it only has to be the same in every SSO process sharing a PostgreSQL database.
const BOOTSTRAP_LOCK_KEY = 5_305_118_777;

interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Errors of idle pooled connections (a restarted server, a terminated backend); without a listener they crash. */
  onIdleError?: (error: Error) => void;
}

/** The SSO's database; `exclusive` guards its bootstrap (migrations, key generation, demo seed) across processes. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return openKitDatabase({
    ...options,
    name: 'sso',
    schema,
    migrations: MIGRATIONS,
    advisoryLockKey: BOOTSTRAP_LOCK_KEY,
  });
}

/** PostgreSQL's unique-violation code, as raised by node-postgres and PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint))
      );
    }
    current = candidate.cause;
  }
  return false;
}
