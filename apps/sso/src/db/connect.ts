import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireFileLock } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS: MigrationConfig = {
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
  migrationsSchema: 'sso',
  migrationsTable: '__drizzle_migrations',
};

// Any constant works; it only has to be the same in every SSO process sharing a PostgreSQL database.
const BOOTSTRAP_LOCK_KEY = 5_305_118_777;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `fn` (migrations, key generation, demo seed) while no other SSO process does the same: an advisory lock on
   * PostgreSQL; on PGlite the data-folder lock already guarantees a single process.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Errors of idle pooled connections (a restarted server, a terminated backend); without a listener they crash. */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onIdleError ?? (() => undefined))
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireFileLock(join(dataDir, 'sso-db.lock'));
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: join(dataDir, 'sso-db') });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    exclusive: (fn) => fn(),
    migrate: () => migratePglite(db as never, MIGRATIONS),
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(url: string, onIdleError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async exclusive(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [BOOTSTRAP_LOCK_KEY]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [BOOTSTRAP_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    migrate: () => migratePg(db as never, MIGRATIONS),
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
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
