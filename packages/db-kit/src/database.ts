import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';

export type DrizzleSchema = Record<string, unknown>;

/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Executor<TSchema extends DrizzleSchema> = PgDatabase<
  PgQueryResultHKT,
  TSchema,
  ExtractTablesWithRelations<TSchema>
>;

/** The service owning the database: its PGlite folder is `${name}-db`, its lock file `${name}-db.lock`. */
export type ServiceName = 'server' | 'sso';

const SERVICE_LABELS: Record<ServiceName, string> = { server: 'server', sso: 'SSO' };

export interface Database<TSchema extends DrizzleSchema> {
  kind: 'pglite' | 'postgres';
  db: Executor<TSchema>;
  /** Applies pending migrations inside `exclusive`, so concurrent starts on one PostgreSQL database take turns. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other process of this service does the same: an advisory lock on PostgreSQL; on PGlite the
   * data-folder lock already guarantees a single process. Re-entrant: `migrate()` may run inside it.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Ends the pool or closes PGlite and frees its folder; later calls wait for the same close. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions<TSchema extends DrizzleSchema> {
  /** PostgreSQL connection string; without it an embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  name: ServiceName;
  schema: TSchema;
  migrations: MigrationConfig;
  /** Any constant works; it only has to be the same in every process of the service sharing a database. */
  advisoryLockKey: number;
  /** Errors of idle pooled connections (a restarted server, a terminated backend); without a listener they crash. */
  onIdleError?: (error: Error) => void;
}

/** What differs between the two drivers; everything else is shared in `wrap`. */
interface Driver<TSchema extends DrizzleSchema> {
  kind: Database<TSchema>['kind'];
  db: Executor<TSchema>;
  applyMigrations(): Promise<void>;
  lock<T>(fn: () => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export async function openDatabase<TSchema extends DrizzleSchema>(
  options: OpenDatabaseOptions<TSchema>,
): Promise<Database<TSchema>> {
  return wrap(options.databaseUrl ? openPostgres(options.databaseUrl, options) : await openPglite(options));
}

async function openPglite<TSchema extends DrizzleSchema>(
  options: OpenDatabaseOptions<TSchema>,
): Promise<Driver<TSchema>> {
  const { dataDir, name, schema, migrations } = options;
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(join(dataDir, `${name}-db.lock`), SERVICE_LABELS[name]);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: join(dataDir, `${name}-db`) });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Executor<TSchema>,
    applyMigrations: () => migratePglite(db, migrations),
    lock: (fn) => fn(),
    async end() {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

function openPostgres<TSchema extends DrizzleSchema>(
  url: string,
  options: OpenDatabaseOptions<TSchema>,
): Driver<TSchema> {
  const { schema, migrations, advisoryLockKey } = options;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The pool drops the broken connection and opens a new one on the next query.
  pool.on('error', options.onIdleError ?? (() => undefined));
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db: db as unknown as Executor<TSchema>,
    applyMigrations: () => migratePg(db, migrations),
    async lock(fn) {
      const conn = await pool.connect();
      let broken = false;
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [advisoryLockKey]);
        return await fn();
      } finally {
        // Unlocking fails only on a broken connection: discarding it ends the session, which frees the lock as well.
        await conn.query('SELECT pg_advisory_unlock($1)', [advisoryLockKey]).catch(() => (broken = true));
        conn.release(broken);
      }
    },
    end: () => pool.end(),
  };
}

function wrap<TSchema extends DrizzleSchema>(driver: Driver<TSchema>): Database<TSchema> {
  // Marks the async work running inside `exclusive`: a nested call must not wait for the lock it already holds.
  const holding = new AsyncLocalStorage<true>();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> =>
    holding.getStore() ? fn() : driver.lock(() => holding.run(true, fn));
  let closing: Promise<void> | undefined;
  return {
    kind: driver.kind,
    db: driver.db,
    exclusive,
    migrate: () => exclusive(() => driver.applyMigrations()),
    async ping() {
      await driver.db.execute(sql`SELECT 1`);
    },
    close: () => (closing ??= driver.end()),
  };
}
