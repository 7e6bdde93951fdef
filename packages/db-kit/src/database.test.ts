import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase, type OpenDatabaseOptions } from './database.ts';
import { createScratchDatabase } from './scratch-database.ts';

const items = pgTable('kit_items', { id: serial('id').primaryKey(), name: text('name').notNull().unique() });
const schema = { items };

const dir = mkdtempSync(join(tmpdir(), 'shipdesk-db-kit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-migration folder in drizzle-kit's layout (journal + SQL). */
function writeMigrations(): MigrationConfig {
  const folder = join(dir, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_items', breakpoints: true }],
    }),
  );
  writeFileSync(
    join(folder, '0000_items.sql'),
    'CREATE TABLE "kit_items" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL UNIQUE);',
  );
  return { migrationsFolder: folder, migrationsSchema: 'drizzle', migrationsTable: 'kit_migrations' };
}
const migrations = writeMigrations();

interface Backend {
  name: 'pglite' | 'postgres';
  /** Options for a fresh, empty database; `drop` removes it. */
  create(): Promise<{ options: OpenDatabaseOptions<typeof schema>; drop(): Promise<void> }>;
}

function optionsFor(dataDir: string, databaseUrl?: string): OpenDatabaseOptions<typeof schema> {
  return { databaseUrl, dataDir, name: 'server', schema, migrations, advisoryLockKey: 4_242_001 };
}

const backends: Backend[] = [
  {
    name: 'pglite',
    async create() {
      const dataDir = mkdtempSync(join(dir, 'data-'));
      return { options: optionsFor(dataDir), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  backends.push({
    name: 'postgres',
    async create() {
      const scratch = await createScratchDatabase(adminUrl, 'shipdesk_kit_t');
      return { options: optionsFor(mkdtempSync(join(dir, 'unused-')), scratch.url), drop: scratch.drop };
    },
  });
}

describe.each(backends)('openDatabase on $name', (backend) => {
  let fresh: Awaited<ReturnType<Backend['create']>>;
  beforeAll(async () => {
    fresh = await backend.create();
  });
  afterAll(() => fresh?.drop());

  it('migrates (again without effect), queries, pings and closes once', async () => {
    const database = await openDatabase(fresh.options);
    expect(database.kind).toBe(backend.name);
    await database.migrate();
    await database.migrate();
    await database.db.insert(items).values({ name: 'first' });
    expect(await database.db.select({ name: items.name }).from(items)).toEqual([{ name: 'first' }]);
    await database.ping();
    await Promise.all([database.close(), database.close()]);
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });

  it('runs migrate() inside exclusive() without waiting for itself', async () => {
    const database = await openDatabase(fresh.options);
    try {
      const result = await database.exclusive(async () => {
        await database.migrate();
        return database.exclusive(async () => 'nested');
      });
      expect(result).toBe('nested');
    } finally {
      await database.close();
    }
  });

  it('keeps the data across a reopen', async () => {
    const database = await openDatabase(fresh.options);
    try {
      expect(await database.db.select({ name: items.name }).from(items)).toEqual([{ name: 'first' }]);
    } finally {
      await database.close();
    }
  });

  it('runs a transaction after its first statement, commits it, and rolls back what throws', async () => {
    const database = await openDatabase(fresh.options);
    try {
      const setting = sql`SELECT set_config('kit.note', 'opened', true)`;
      const seen = await database.transaction(setting, async (tx) => {
        // Started together: on PostgreSQL they share a round trip, and each gets its own answer.
        const [note, inserted] = await Promise.all([
          tx.execute(sql`SELECT current_setting('kit.note') AS note`),
          tx.insert(items).values({ name: 'in a transaction' }).returning({ name: items.name }),
        ]);
        return { note: (note as unknown as { rows: Array<{ note: string }> }).rows[0]!.note, inserted };
      });
      expect(seen).toEqual({ note: 'opened', inserted: [{ name: 'in a transaction' }] });

      await expect(
        database.transaction(setting, async (tx) => {
          await tx.insert(items).values({ name: 'rolled back' });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A savepoint inside: its failure is undone, the rest commits.
      await database.transaction(setting, async (tx) => {
        await tx.insert(items).values({ name: 'outer' });
        await tx
          .transaction(async (inner) => {
            await inner.insert(items).values({ name: 'inner' });
            throw new Error('inner only');
          })
          .catch(() => undefined);
      });
      const names = (await database.db.select({ name: items.name }).from(items)).map((r) => r.name);
      expect(names).toContain('in a transaction');
      expect(names).toContain('outer');
      expect(names).not.toContain('rolled back');
      expect(names).not.toContain('inner');
      // The setting was local to each transaction.
      const after = await database.db.execute(sql`SELECT current_setting('kit.note', true) AS note`);
      expect((after as unknown as { rows: Array<{ note: string | null }> }).rows[0]!.note ?? '').toBe('');
    } finally {
      await database.close();
    }
  });

  it('reports a transaction that cannot open, and its connection serves the next one', async () => {
    const database = await openDatabase(fresh.options);
    try {
      await expect(
        database.transaction(sql`SELECT no_such_function()`, (tx) => tx.execute(sql`SELECT 1`)),
      ).rejects.toThrow(/no_such_function/);
      for (let i = 0; i < 12; i++) {
        const answer = await database.transaction(sql`SELECT 1`, (tx) => tx.execute(sql`SELECT ${i}::int AS n`));
        expect((answer as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(i);
      }
    } finally {
      await database.close();
    }
  });

  it('refuses writes in a read-only transaction, and read-only answers come back right, many at a time', async () => {
    const database = await openDatabase(fresh.options);
    try {
      await expect(
        database.transaction(sql`SELECT 1`, (tx) => tx.insert(items).values({ name: 'no' }), { readOnly: true }),
      ).rejects.toSatisfy(
        // read_only_sql_transaction, as PostgreSQL reports it (Drizzle wraps it in its own error).
        (error: { code?: string; cause?: { code?: string } }) => (error.cause ?? error).code === '25006',
      );
      const reads = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          database.transaction(
            sql`SELECT set_config('kit.note', ${String(i)}, true)`,
            async (tx) => {
              const result = await tx.execute(sql`SELECT current_setting('kit.note') AS note`);
              return (result as unknown as { rows: Array<{ note: string }> }).rows[0]!.note;
            },
            { readOnly: true },
          ),
        ),
      );
      expect(reads).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
      // Writes still work after, on the same connections.
      await database.transaction(sql`SELECT 1`, (tx) => tx.insert(items).values({ name: 'after reads' }));
      expect(await database.db.select({ name: items.name }).from(items).where(eq(items.name, 'after reads'))).toEqual([
        { name: 'after reads' },
      ]);
    } finally {
      await database.close();
    }
  });

  if (backend.name === 'postgres') {
    it('answers a read-only transaction from one snapshot: a commit made meanwhile is not half seen', async () => {
      const database = await openDatabase(fresh.options);
      try {
        const count = async (tx: Parameters<Parameters<typeof database.transaction>[1]>[0]) =>
          (await tx.select({ id: items.id }).from(items)).length;
        const [before, after] = await database.transaction(
          sql`SELECT 1`,
          async (tx) => {
            const first = await count(tx);
            // Another connection writes and commits between the two reads of this one.
            await database.transaction(sql`SELECT 1`, (other) => other.insert(items).values({ name: 'meanwhile' }));
            return [first, await count(tx)];
          },
          { readOnly: true },
        );
        expect(after).toBe(before);
        // The write is there for the next transaction.
        expect(await database.transaction(sql`SELECT 1`, count, { readOnly: true })).toBe(before + 1);
      } finally {
        await database.close();
      }
    });
  }

  if (backend.name === 'pglite') {
    it('holds the data folder: a second open is refused until the first closes', async () => {
      const lockFile = join(fresh.options.dataDir, 'server-db.lock');
      const first = await openDatabase(fresh.options);
      expect(existsSync(lockFile)).toBe(true);
      const second = openDatabase(fresh.options);
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(second).rejects.toThrow(/^The server data folder is in use by another process/);
      // Another service has its own folder and lock beside it.
      const sso = await openDatabase({ ...fresh.options, name: 'sso' });
      await sso.close();
      await first.close();
      expect(existsSync(lockFile)).toBe(false);
      const again = await openDatabase(fresh.options);
      await again.close();
    });
  }

  if (backend.name === 'postgres') {
    it('lets one process at a time into exclusive(), and migrations from several starts take turns', async () => {
      const a = await openDatabase(fresh.options);
      const b = await openDatabase(fresh.options);
      try {
        const order: string[] = [];
        let releaseA!: () => void;
        const aHolding = new Promise<void>((resolve) => {
          void a.exclusive(async () => {
            order.push('a in');
            resolve();
            await new Promise<void>((release) => (releaseA = release));
            order.push('a out');
          });
        });
        await aHolding;
        const bDone = b.exclusive(async () => {
          order.push('b in');
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(order).toEqual(['a in']);
        releaseA();
        await bDone;
        expect(order).toEqual(['a in', 'a out', 'b in']);
        await Promise.all([a.migrate(), b.migrate()]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }
});
