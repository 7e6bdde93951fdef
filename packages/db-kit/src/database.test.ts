import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
