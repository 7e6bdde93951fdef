import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';

type DrizzleSchema = Record<string, unknown>;

/** The database or a transaction: both drivers share this Drizzle surface, so queries are written once. */
export type Executor<TSchema extends DrizzleSchema> = PgDatabase<
  PgQueryResultHKT,
  TSchema,
  ExtractTablesWithRelations<TSchema>
>;

export interface TransactionOptions {
  /**
   * `BEGIN READ ONLY`: the database refuses any write in it. On PostgreSQL it is also `REPEATABLE READ`: all its
   * statements read one snapshot, so an answer built from several reads never mixes what another transaction
   * committed between them (a parcel's new events beside its old status); a read-only transaction at that level never
   * fails to serialize. The answer is given without waiting for COMMIT (a read-only transaction has nothing to make
   * durable); the connection goes back to the pool after it. PGlite runs one transaction at a time.
   */
  readOnly?: boolean;
}

/** The service owning the database: its PGlite folder is `${name}-db`, its lock file `${name}-db.lock`. */
type ServiceName = 'server' | 'sso';

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
  /**
   * Runs `fn` in a transaction whose first statement is `first` (e.g. the settings of a tenant's context): committed
   * when `fn` resolves, rolled back when it throws. On PostgreSQL, BEGIN and `first` are sent without waiting for
   * their answers, so they reach the server with `fn`'s first statement in one round trip instead of three, and
   * statements `fn` starts together (Promise.all) share a round trip too (the pool's clients pipeline).
   */
  transaction<T>(first: SQL, fn: (tx: Executor<TSchema>) => Promise<T>, options?: TransactionOptions): Promise<T>;
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
  /** PGlite: the contrib extensions its migrations create (a PostgreSQL server has them installed). */
  pgliteExtensions?: Extensions;
}

/** What differs between the two drivers; everything else is shared in `wrap`. */
interface Driver<TSchema extends DrizzleSchema> {
  kind: Database<TSchema>['kind'];
  db: Executor<TSchema>;
  applyMigrations(): Promise<void>;
  transaction: Database<TSchema>['transaction'];
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
    client = await PGlite.create({ dataDir: join(dataDir, `${name}-db`), extensions: options.pgliteExtensions });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Executor<TSchema>,
    applyMigrations: () => migratePglite(db, migrations),
    // In-process: no round trips to save.
    transaction: (first, fn, options = {}) =>
      db.transaction(
        async (tx) => {
          await tx.execute(first);
          return fn(tx as unknown as Executor<TSchema>);
        },
        options.readOnly ? { accessMode: 'read only' } : undefined,
      ),
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
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Pipelined clients send a query without waiting for the answer to the one before; used one query at a time they
    // behave as before.
    pipeline: true,
    // Without probes, a connection silently dropped by a firewall or an idle-connection killer is only noticed by
    // the next query sent on it, which then waits for TCP to give up.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // The pool drops the broken connection and opens a new one on the next query.
  pool.on('error', options.onIdleError ?? (() => undefined));
  const lost = guardConnections(pool);
  const db = drizzlePg({ client: pool, schema });
  const dialect = new PgDialect();
  const relations = { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
  const connections = new WeakMap<
    pg.PoolClient,
    { queries: pg.PoolClient; tx: NodePgTransaction<TSchema, typeof relations.schema> }
  >();
  return {
    kind: 'postgres',
    db: db as unknown as Executor<TSchema>,
    applyMigrations: () => migratePg(db, migrations),
    async transaction<T>(
      first: SQL,
      fn: (tx: Executor<TSchema>) => Promise<T>,
      options: TransactionOptions = {},
    ): Promise<T> {
      const client = await pool.connect();
      let connection = connections.get(client);
      if (!connection) {
        const queries = callbackQueries(client);
        // What drizzle's own `transaction` builds, minus its awaited BEGIN (nested `tx.transaction` still uses
        // savepoints). It holds nothing but the connection, which serves one transaction at a time: built once each.
        const session = new NodePgSession(queries, dialect, relations);
        connection = { queries, tx: new NodePgTransaction(dialect, session, relations) };
        connections.set(client, connection);
      }
      const { queries, tx } = connection;
      const opening = dialect.sqlToQuery(first);
      writeTogether(client);
      // Both are on the wire before `fn` sends anything, in this order.
      const opened = Promise.all([
        queries.query(options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN'),
        queries.query(opening.sql, opening.params),
      ]);
      opened.catch(() => undefined); // answered below, whichever way `fn` ends
      let result: T;
      try {
        result = await fn(tx as unknown as Executor<TSchema>);
        await opened;
        if (options.readOnly) {
          // Nothing to make durable (PostgreSQL refuses any write in it): answer now, and hand the connection back
          // once COMMIT is through, so the next transaction on it cannot start inside this one.
          queries.query('COMMIT').then(
            () => client.release(),
            () => client.release(true),
          );
          return result;
        }
        await queries.query('COMMIT');
      } catch (error) {
        // When the transaction could not open, what `fn` met is only a consequence.
        const openingError: unknown = await opened.then(
          () => undefined,
          (e: unknown) => e,
        );
        // A connection that cannot roll back is discarded rather than handed to the next request mid-transaction.
        const broken = await queries.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw openingError ?? error;
      }
      client.release();
      return result;
    },
    async lock(fn) {
      const conn = await pool.connect();
      let broken = false;
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [advisoryLockKey]);
        const result = await fn();
        // The session held the lock: once it is gone, another process may have been inside at the same time, and
        // the caller must hear it rather than believe it ran alone.
        const cause = lost.get(conn);
        if (cause) throw new Error('The connection holding the advisory lock was lost while it was held', { cause });
        return result;
      } finally {
        // Unlocking fails only on a broken connection: discarding it ends the session, which frees the lock as well.
        await conn.query('SELECT pg_advisory_unlock($1)', [advisoryLockKey]).catch(() => (broken = true));
        conn.release(broken);
      }
    },
    end: () => pool.end(),
  };
}

/**
 * Makes a connection whose session ended harmless to the process and to the pool; returns the error each one ended
 * with. node-postgres emits 'error' on a client whose session ends (a terminated backend, a restart, a reset socket),
 * and the pool listens only while the client is idle in it: on a checked-out client (a transaction, the advisory
 * lock, Drizzle's own `transaction` and migrator) an unheard 'error' is thrown from the socket's event handler and
 * ends the process. node-postgres rejects the client's queries all the same, so listening loses nothing.
 */
function guardConnections(pool: pg.Pool): WeakMap<pg.PoolClient, Error> {
  const lost = new WeakMap<pg.PoolClient, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!lost.has(client)) lost.set(client, error);
    });
  });
  // `pool.query` (the callback form) releases its client on error itself; a checked-out client is its holder's to
  // release, and Drizzle's own `transaction` never does when its BEGIN fails: each terminated session would keep a
  // place in the pool until it is full and every request waits forever. So a checked-out client is given back, as
  // broken, when its session ends, and its holder's later `release` does nothing.
  const connect = (pool.connect as (callback?: unknown) => Promise<pg.PoolClient> | undefined).bind(pool);
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (destroy?: boolean | Error) => {
        if (released) return;
        released = true;
        client.off('error', onError);
        release(destroy);
      };
      const onError = (error: Error) => giveBack(error);
      client.on('error', onError);
      client.release = giveBack;
      return client;
    });
  }) as typeof pool.connect;
  return lost;
}

/**
 * node-postgres' callback form of `query`, as a promise. Its own promise form (`query` without a callback) keeps each
 * query's objects alive through the next minor garbage collection, which then copies and promotes them: measured on
 * `SELECT 1` in a loop, 0.7 KB promoted per query and 2.7 ms per scavenge, against 0.05 KB and 0.3 ms this way. On a
 * server that is most of the slowest percent of short requests.
 */
function callbackQueries(client: pg.PoolClient): pg.PoolClient {
  type Callback = (error: Error | undefined, result: pg.QueryResult) => void;
  const send = client.query.bind(client) as (config: unknown, values: unknown, callback: Callback) => void;
  const query = (config: pg.QueryConfig | string, values?: unknown[]) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      send(config, values, (error, result) => (error ? reject(error) : resolve(result)));
    });
  return { query } as unknown as pg.PoolClient;
}

/**
 * Lets the statements a transaction starts before it first waits (BEGIN, its first statement, what its callback sends
 * at once) leave in one write: node-postgres writes each query on its own, and on a busy machine a write (a system
 * call) costs more than the database needs for a small statement. Written when the queued promise jobs have run.
 */
function writeTogether(client: pg.PoolClient): void {
  // Not in node-postgres' types; without it the queries simply leave one write each.
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  if (!stream?.cork || !stream.uncork) return;
  stream.cork();
  process.nextTick(() => stream.uncork!());
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
    transaction: driver.transaction,
    async ping() {
      await driver.db.execute(sql`SELECT 1`);
    },
    close: () => (closing ??= driver.end()),
  };
}
