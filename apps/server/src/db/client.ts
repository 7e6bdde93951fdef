import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  openDatabase as openKitDatabase,
  type Database as KitDatabase,
  type Executor as KitExecutor,
  type TransactionOptions,
} from '@shipdesk/db-kit';
import * as schema from './schema/index.ts';
import { APP_ROLE, TENANT_SETTING } from './schema/tenancy.ts';

type Schema = typeof schema;
/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Executor = KitExecutor<Schema>;

export const MIGRATIONS: MigrationConfig = {
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
  // Its own table: the SSO may migrate the same database (schema `sso`) with Drizzle's default table.
  migrationsSchema: 'drizzle',
  migrationsTable: 'server_migrations',
};

/** What PGlite loads for the migrations (a PostgreSQL server has its contrib installed): the search's unaccent (0016). */
export const PGLITE_EXTENSIONS = { unaccent };

export interface Database extends KitDatabase<Schema> {
  /** True when the database answers and every committed migration is applied. */
  isReady(): Promise<boolean>;
  /**
   * Runs `fn` in a transaction as the RLS role with `app.tenant_id` set: the only way to tenant data. `readOnly` for
   * reads that answer a request: PostgreSQL refuses writes in it, and the answer does not wait for COMMIT.
   */
  withTenant<T>(tenantId: string, fn: (tx: Executor) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Errors of idle pooled connections (server restart, admin shutdown); without a listener they crash the process. */
  onIdleError?: (error: Error) => void;
}

// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK_KEY = 7_305_118_201;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await openKitDatabase({
    ...options,
    name: 'server',
    schema,
    migrations: MIGRATIONS,
    advisoryLockKey: MIGRATION_LOCK_KEY,
    pgliteExtensions: PGLITE_EXTENSIONS,
  });
  const { db } = database;
  const latest = readMigrationFiles(MIGRATIONS).at(-1)?.folderMillis ?? 0;
  return {
    ...database,
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
    withTenant(tenantId, fn, options) {
      // set_config('role', ..., true) is SET LOCAL ROLE (the same setting, checked alike); one statement for both.
      return database.transaction(
        sql`SELECT set_config('role', ${APP_ROLE}, true), set_config(${TENANT_SETTING}, ${tenantId}, true)`,
        (tx) => fn(tx as unknown as Executor),
        options,
      );
    },
  };
}
