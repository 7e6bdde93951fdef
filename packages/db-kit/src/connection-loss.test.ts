import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';
import { openDatabase, type Database } from './database.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/**
 * What a failover, a restart or an idle-connection killer does to the pool: PostgreSQL ends every session of the
 * database at once, checked-out and idle, pipelined or not. PostgreSQL only (PGlite has no sessions to end); without
 * DATABASE_URL the vitest config leaves this file out.
 */
const adminUrl = process.env.DATABASE_URL!;

const writes = pgTable('kit_writes', { id: serial('id').primaryKey(), name: text('name').notNull().unique() });
const schema = { writes };

const dir = mkdtempSync(join(tmpdir(), 'shipdesk-db-kit-loss-'));

function writeMigrations(): MigrationConfig {
  const folder = join(dir, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_writes', breakpoints: true }],
    }),
  );
  writeFileSync(
    join(folder, '0000_writes.sql'),
    'CREATE TABLE "kit_writes" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL UNIQUE);',
  );
  return { migrationsFolder: folder, migrationsSchema: 'drizzle', migrationsTable: 'kit_migrations' };
}

/** Fails instead of waiting forever: a query that never settles is the bug these tests look for. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `attempt`'s answer once it succeeds, tried for at most 1 s. Right after a termination an attempt may still fail:
 * an idle pooled connection whose session was ended can be handed out before its notice is read. Such a failure must
 * say the database was unavailable.
 */
async function answersAgain<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + 1_000;
  for (;;) {
    try {
      return await within(attempt(), 1_000, 'an attempt');
    } catch (error) {
      if (!isDatabaseUnavailable(error) || performance.now() > deadline) throw error;
      await pause(10);
    }
  }
}

describe('a PostgreSQL database whose sessions are terminated', () => {
  let scratch: ScratchDatabase;
  let admin: pg.Client;
  let database: Database<typeof schema>;
  const migrations = writeMigrations();
  // The process must outlive every termination: an unhandled 'error' event would land here first.
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  const idleErrors: Error[] = [];

  /** Ends every session of the test database, as `pg_terminate_backend` from an operator or a failover does. */
  async function terminateAll(): Promise<number> {
    const result = await admin.query<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [new URL(scratch.url).pathname.slice(1)],
    );
    return Number(result.rows[0]!.n);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl, 'shipdesk_kit_loss');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await admin?.end();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    database = await openDatabase({
      databaseUrl: scratch.url,
      dataDir: join(dir, 'unused'),
      name: 'server',
      schema,
      migrations,
      advisoryLockKey: 4_242_002,
      onIdleError: (error) => idleErrors.push(error),
    });
    await database.migrate();
  });
  afterEach(async () => {
    await within(database.close(), 5_000, 'close()');
    expect(uncaught).toEqual([]);
  });

  it('keeps answering under concurrent reads and writes across 5 rounds, and keeps every acknowledged write', async () => {
    type Op = { startedAt: number; endedAt: number; ok: boolean };
    const ops: Op[] = [];
    const failures: unknown[] = [];
    const acknowledged: string[] = [];
    let stop = false;
    let sequence = 0;

    // Every path that takes a connection: db-kit's pipelined transaction (read-write and read-only), Drizzle's own
    // transaction (a checked-out client) and a plain pool query.
    const kinds = [
      async (name: string) => {
        await database.transaction(sql`SELECT set_config('kit.note', ${name}, true)`, async (tx) => {
          await Promise.all([tx.insert(writes).values({ name }), tx.execute(sql`SELECT pg_sleep(0.002)`)]);
        });
        acknowledged.push(name);
      },
      async () => {
        await database.transaction(sql`SELECT 1`, (tx) => tx.select().from(writes).limit(5), { readOnly: true });
      },
      async (name: string) => {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_sleep(0.002)`);
          await tx.insert(writes).values({ name });
        });
        acknowledged.push(name);
      },
      async () => {
        await database.db.select().from(writes).limit(5);
      },
    ];

    const worker = async (w: number) => {
      while (!stop) {
        const n = sequence++;
        const startedAt = performance.now();
        try {
          await within(kinds[(n + w) % kinds.length]!(`w${n}`), 10_000, `operation ${n}`);
          ops.push({ startedAt, endedAt: performance.now(), ok: true });
        } catch (error) {
          ops.push({ startedAt, endedAt: performance.now(), ok: false });
          failures.push(error);
          // A pause like a client's retry, so a dead pool is not spun on.
          await pause(5);
        }
      }
    };
    const workers = Array.from({ length: 24 }, (_, w) => worker(w));

    const terminations: Array<{ at: number; ended: number }> = [];
    await pause(300);
    for (let round = 0; round < 5; round++) {
      const at = performance.now();
      terminations.push({ at, ended: await terminateAll() });
      await pause(400);
    }
    stop = true;
    await Promise.all(workers);
    // Every connection is back in the pool: none is kept by a holder that never heard its session end.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    for (let i = 0; i < 50 && pool.idleCount < pool.totalCount; i++) await pause(20);
    expect({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }).toEqual({
      checkedOut: 0,
      waiting: 0,
    });
    // Each round ended sessions that were in use, and requests failed with it: the rounds did hit the pool.
    for (const { ended } of terminations) expect(ended).toBeGreaterThan(0);
    expect(failures.length).toBeGreaterThan(0);
    // Every failure says the connection was lost (a 503 for the caller), none is a corrupted pipeline's answer.
    const unexplained = failures.filter((error) => !isDatabaseUnavailable(error));
    expect(unexplained).toEqual([]);
    // Answers again within 1 s of each termination: the first operation started after it that succeeded.
    for (const { at } of terminations) {
      const recovered = ops.filter((op) => op.ok && op.startedAt >= at).map((op) => op.endedAt);
      expect(recovered.length).toBeGreaterThan(0);
      expect(Math.min(...recovered) - at).toBeLessThan(1_000);
    }
    // Nothing acknowledged is missing.
    const stored = new Set((await database.db.select({ name: writes.name }).from(writes)).map((row) => row.name));
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });

  it('rejects every query still in a pipeline when its connection dies, and the next transaction works', async () => {
    let sent = 0;
    const attempt = database.transaction(sql`SELECT 1`, async (tx) => {
      // The first holds the connection while the others wait behind it on the wire.
      const queries = [
        tx.execute(sql`SELECT pg_sleep(5)`),
        ...Array.from({ length: 30 }, (_, i) => tx.execute(sql`SELECT ${i}::int AS n`)),
      ];
      sent = queries.length;
      const settled = await within(Promise.allSettled(queries), 5_000, 'the pipelined queries');
      expect(settled.every((result) => result.status === 'rejected')).toBe(true);
      throw (settled[0] as PromiseRejectedResult).reason;
    });
    const outcome = within(attempt, 5_000, 'the transaction').then(
      () => new Error('the transaction succeeded'),
      (e: unknown) => e,
    );
    await pause(200);
    expect(await terminateAll()).toBeGreaterThan(0);
    const error = await outcome;
    expect(sent).toBe(31);
    expect(isDatabaseUnavailable(error)).toBe(true);

    expect(
      await answersAgain(() => database.transaction(sql`SELECT 1`, (tx) => tx.execute(sql`SELECT 42 AS n`))),
    ).toMatchObject({ rows: [{ n: 42 }] });
  });

  it('fails exclusive() whose lock connection died, and the lock is free for the next one', async () => {
    const attempt = database.exclusive(async () => {
      await pause(200);
      return 'done';
    });
    const outcome = within(attempt, 5_000, 'exclusive()').then(
      () => new Error('exclusive() succeeded'),
      (e: unknown) => e,
    );
    await pause(100);
    expect(await terminateAll()).toBeGreaterThan(0);
    const error = await outcome;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await answersAgain(() => database.exclusive(async () => 'again'))).toBe('again');
  });

  it('drops idle connections that were terminated, reporting them, and opens new ones', async () => {
    await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const before = idleErrors.length;
    expect(await terminateAll()).toBeGreaterThan(0);
    await pause(100);
    expect(idleErrors.length).toBeGreaterThan(before);
    expect(idleErrors.slice(before).every((error) => isDatabaseUnavailable(error))).toBe(true);
    await within(database.ping(), 2_000, 'ping()');
  });
});
