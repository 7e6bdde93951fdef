import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { APP_ROLE, TENANT_SETTING } from './schema/tenancy.ts';
import { acquireDataDirLock } from './pglite-lock.ts';

export type Schema = typeof schema;
/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS: MigrationConfig = {
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
  // Its own table: the SSO may migrate the same database (schema `sso`) with Drizzle's default table.
  migrationsSchema: 'drizzle',
  migrationsTable: 'server_migrations',
};

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Executor;
  /** Applies pending migrations (one process at a time on PostgreSQL: advisory lock). */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  isReady(): Promise<boolean>;
  /** Runs `fn` in a transaction as the RLS role with `app.tenant_id` set: the only way to tenant data. */
  withTenant<T>(tenantId: string, fn: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Errors of idle pooled connections (server restart, admin shutdown); without a listener they crash the process. */
  onIdleError?: (error: Error) => void;
}

// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK_KEY = 7_305_118_201;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onIdleError ?? (() => undefined))
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(join(dataDir, 'server-db.lock'));
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: join(dataDir, 'server-db') });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Executor;
  return common('pglite', db, {
    migrate: () => migratePglite(db as never, MIGRATIONS),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  });
}

async function openPostgres(url: string, onIdleError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The pool drops the broken connection and opens a new one on the next query.
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema }) as unknown as Executor;
  return common('postgres', db, {
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db as never, MIGRATIONS);
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
  });
}

function common(
  kind: Database['kind'],
  db: Executor,
  driver: { migrate(): Promise<void>; close(): Promise<void> },
): Database {
  const expected = readMigrationFiles(MIGRATIONS);
  const latest = expected.at(-1)?.folderMillis ?? 0;
  return {
    kind,
    db,
    migrate: driver.migrate,
    close: driver.close,
    async isReady() {
      try {
        // Both drivers answer `execute` with `{ rows }`.
        const result = (await db.execute(
          sql`SELECT max(created_at) AS last FROM ${sql.identifier(MIGRATIONS.migrationsSchema!)}.${sql.identifier(MIGRATIONS.migrationsTable!)}`,
        )) as unknown as { rows: Array<{ last: string | number | null }> };
        const last = Number(result.rows[0]?.last ?? 0);
        return last >= latest;
      } catch {
        return false;
      }
    },
    withTenant(tenantId, fn) {
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
        await tx.execute(sql`SELECT set_config(${TENANT_SETTING}, ${tenantId}, true)`);
        return fn(tx as unknown as Executor);
      });
    },
  };
}
