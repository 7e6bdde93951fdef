import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from '@redis/client';

/** Where socket.io rooms live: this process, or every instance through PostgreSQL or Redis. */
export type RealtimeAdapterKind = 'memory' | 'postgres' | 'redis';

interface RealtimeAdapter {
  kind: RealtimeAdapterKind;
  /** Resolves once this instance hears the other instances' broadcasts (its subscription is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface RealtimeAdapterOptions {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}

/** Broadcasts over PostgreSQL's 8,000-byte NOTIFY limit (or holding binary data) go through this table. */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Serialises the instances that create the table at the same moment (a race on the catalogue otherwise). */
const ATTACHMENTS_LOCK = 4_242_017;
const READY_TIMEOUT_MS = 10_000;

const memory: RealtimeAdapter = { kind: 'memory', ready: async () => undefined, close: async () => undefined };

/**
 * Sets the adapter that makes `io`'s rooms span the instances: Redis when REDIS_URL is set, PostgreSQL
 * (LISTEN/NOTIFY) when DATABASE_URL is, and socket.io's in-memory one on the embedded database (one process).
 */
export async function attachRealtimeAdapter(io: Server, options: RealtimeAdapterOptions): Promise<RealtimeAdapter> {
  if (options.redisUrl) return redisAdapter(io, options.redisUrl, options.log);
  if (options.databaseUrl) return postgresAdapter(io, options.databaseUrl, options.log);
  return memory;
}

async function postgresAdapter(io: Server, databaseUrl: string, log: FastifyBaseLogger): Promise<RealtimeAdapter> {
  // Its own small pool: one connection stays LISTENing, the others publish.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, application_name: 'shipdesk-realtime' });
  pool.on('error', (error) => log.warn({ err: error }, 'realtime database connection failed'));
  // Every client listens from the moment it exists. The pool hands a new client out by resolving a promise, and the
  // message ending its session can arrive in the same read as the one that finished connecting it: a listener added
  // after the await comes too late, and the unheard 'error' ends the process. What a held client meets is logged
  // below; the pool logs an idle one's.
  const ended = new WeakMap<pg.PoolClient, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => ended.set(client, error));
    client.once('end', () => ended.set(client, ended.get(client) ?? new Error('the connection ended')));
  });
  const setup = await pool.connect();
  try {
    await setup.query('BEGIN');
    await setup.query('SELECT pg_advisory_xact_lock($1)', [ATTACHMENTS_LOCK]);
    await setup.query(
      `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE}
         (id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`,
    );
    await setup.query('COMMIT');
  } catch (error) {
    await setup.query('ROLLBACK').catch(() => undefined);
    setup.release();
    await pool.end();
    throw error;
  }
  setup.release();

  // The adapter takes one client for LISTEN and never says when it is listening: its LISTEN is watched here.
  let listening!: () => void;
  const listened = new Promise<void>((resolve) => (listening = resolve));
  const watched = {
    query: pool.query.bind(pool),
    async connect() {
      const client = await pool.connect();
      // Its session may have ended before this line ran (see above): given back, and the adapter tries again later.
      const lost = ended.get(client);
      if (lost) {
        client.release(lost);
        throw lost;
      }
      // Held for LISTEN: its errors (a restarted database) are the client's, not the pool's. The adapter opens a new
      // one but never gives the dead one back, which would leak a slot of the pool and keep `pool.end()` waiting.
      client.on('error', (error) => log.warn({ err: error }, 'realtime LISTEN connection failed'));
      const release = client.release.bind(client);
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      };
      client.once('end', () => client.release(new Error('the realtime LISTEN connection ended')));
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const watchedQuery = async (...args: unknown[]) => {
        const result = await query(...args);
        if (typeof args[0] === 'string' && args[0].startsWith('LISTEN ')) listening();
        return result;
      };
      return Object.assign(client, { query: watchedQuery });
    },
  } as unknown as pg.Pool;
  io.adapter(
    createPostgresAdapter(watched, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: (error) => log.warn({ err: error }, 'realtime broadcast failed'),
    }),
  );
  return {
    kind: 'postgres',
    ready: () => withTimeout(listened, 'the realtime LISTEN connection'),
    async close() {
      // Releases the LISTEN connection and stops the attachments clean-up; then the pool goes.
      await io.of('/').adapter.close();
      await pool.end();
    },
  };
}

async function redisAdapter(io: Server, redisUrl: string, log: FastifyBaseLogger): Promise<RealtimeAdapter> {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  pub.on('error', (error: Error) => log.warn({ err: error }, 'realtime Redis connection failed'));
  sub.on('error', (error: Error) => log.warn({ err: error }, 'realtime Redis connection failed'));
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.destroy();
    sub.destroy();
    throw new Error(`Redis at REDIS_URL cannot be reached: ${(error as Error).message}`, { cause: error });
  }
  io.adapter(createRedisAdapter(pub, sub));
  return {
    kind: 'redis',
    // Commands on one connection answer in order: a PING answered means the adapter's SUBSCRIBEs were too.
    ready: () =>
      withTimeout(
        sub.ping().then(() => undefined),
        'the realtime Redis subscription',
      ),
    async close() {
      await io.of('/').adapter.close();
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}

async function withTimeout(promise: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} was not ready within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
