import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
// A dev tool may reach into the server: the schema and migrations are applied by the server's own code.
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { STORED_SEARCH_VECTOR_SQL } from '../../apps/server/src/features/orders/index.ts';
import { ORDER_TABLES, copyChunks, type Dataset, type OrderTable } from './generate.ts';

export interface TableLoad {
  table: string;
  rows: number;
  ms: number;
}

export interface LoadedDatabase {
  kind: 'postgres' | 'pglite';
  /** PostgreSQL: the bench database's URL. */
  databaseUrl: string | undefined;
  /** PGlite: the data folder (`${dataDir}/server-db`); PostgreSQL: an empty folder for the server's files. */
  dataDir: string;
  databaseName: string;
  /** `COPY` (PostgreSQL, pg-copy-streams) or `COPY FROM '/dev/blob'` (PGlite). */
  method: string;
  migrateMs: number;
  tables: TableLoad[];
  copyMs: number;
  vacuumMs: number;
  /** Drops the database (or removes the PGlite folder). */
  drop(): Promise<void>;
}

type Log = (message: string) => void;

/** The small parent tables (tenants, users, stores) as parameterised INSERTs. */
function parentInserts(ds: Dataset): Array<{ text: string; values: unknown[] }> {
  const out: Array<{ text: string; values: unknown[] }> = [];
  for (const t of ds.tenants) {
    out.push({
      text: 'INSERT INTO tenants (id, name, time_zone, created_at) VALUES ($1, $2, $3, $4)',
      values: [t.id, t.name, t.timeZone, t.createdAt],
    });
    for (const u of t.users) {
      out.push({
        text: 'INSERT INTO users (tenant_id, issuer, subject, email, role_id, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6)',
        values: [t.id, 'http://localhost:3001', u.subject, u.email, u.roleId, ds.options.end.toISOString()],
      });
    }
    for (const s of t.stores) {
      out.push({
        text: 'INSERT INTO stores (tenant_id, id, name, source_type, status, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        values: [t.id, s.id, s.name, s.sourceType, 'active', s.createdAt],
      });
    }
  }
  return out;
}

const IDENTITY_TABLES = ['stores', 'orders', 'order_lines', 'deliveries', 'order_events'];
const setvalSql = (table: string) =>
  `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 1))`;
const ALL_TABLES = ['tenants', 'users', 'stores', ...ORDER_TABLES.map((t) => t.table)];

function rowCounter(table: OrderTable) {
  const counter = {
    rows: 0,
    count: (order: Parameters<NonNullable<Parameters<typeof copyChunks>[3]>>[0]) => {
      counter.rows += table === 'orders' ? 1 : order[table].length;
    },
  };
  return counter;
}

const copySql = (table: string, columns: readonly string[]) =>
  `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text)`;

/**
 * The search vector of every order (COPY leaves it empty), as the migration that added it fills it: the app writes
 * it with each order (apps/server/src/features/orders/order-search.ts).
 */
async function fillSearch(query: (text: string) => Promise<unknown>, log: Log): Promise<void> {
  const started = performance.now();
  await query(`UPDATE orders o SET search_vector = ${STORED_SEARCH_VECTOR_SQL}`);
  const ms = performance.now() - started;
  log(`  orders.search_vector: filled in ${(ms / 1000).toFixed(1)} s`);
}

/**
 * A fresh database `shipdesk_bench_<timestamp>` on the server of `adminUrl`, migrated by the server's own code,
 * filled with COPY as the owner (row-level security does not apply to the table owner), then VACUUM ANALYZE so the
 * visibility map and statistics are what autovacuum leaves on a settled table.
 */
export async function loadPostgres(ds: Dataset, adminUrl: string, log: Log): Promise<LoadedDatabase> {
  const databaseName = `shipdesk_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.href;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-bench-'));
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  try {
    log(`database ${databaseName}: applying the server's migrations`);
    let started = performance.now();
    const database = await openDatabase({ databaseUrl, dataDir });
    await database.migrate();
    await database.close();
    const migrateMs = performance.now() - started;

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const q of parentInserts(ds)) await client.query(q.text, q.values);
      const tables: TableLoad[] = [];
      const copyStarted = performance.now();
      for (const { table, columns } of ORDER_TABLES) {
        started = performance.now();
        const counter = rowCounter(table);
        await pipeline(
          Readable.from(copyChunks(ds, table, 2000, counter.count)),
          client.query(copyFrom(copySql(table, columns))),
        );
        const ms = performance.now() - started;
        tables.push({ table, rows: counter.rows, ms });
        log(`  ${table}: ${counter.rows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(1)} s`);
      }
      const copyMs = performance.now() - copyStarted;
      await fillSearch((text) => client.query(text), log);
      for (const table of IDENTITY_TABLES) await client.query(setvalSql(table));
      started = performance.now();
      for (const table of ALL_TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
      const vacuumMs = performance.now() - started;
      log(`  VACUUM ANALYZE in ${(vacuumMs / 1000).toFixed(1)} s`);
      return {
        kind: 'postgres',
        databaseUrl,
        dataDir,
        databaseName,
        method: 'COPY ... FROM STDIN (pg-copy-streams), one table at a time, parents first',
        migrateMs,
        tables,
        copyMs,
        vacuumMs,
        drop,
      };
    } finally {
      await client.end();
    }
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}

/**
 * The same rows into an embedded PGlite under a fresh folder, through PGlite's `COPY ... FROM '/dev/blob'`
 * (the COPY text of about 16 MB at a time handed over as a Blob).
 */
export async function loadPglite(ds: Dataset, log: Log): Promise<LoadedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-bench-pglite-'));
  const drop = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    log(`PGlite at ${dataDir}/server-db: applying the server's migrations`);
    let started = performance.now();
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const migrateMs = performance.now() - started;
      const client = (database.db as unknown as { $client: PGlite }).$client;
      for (const q of parentInserts(ds)) await client.query(q.text, q.values);
      const tables: TableLoad[] = [];
      const copyStarted = performance.now();
      const BLOB_CHARS = 16 * 1024 * 1024;
      for (const { table, columns } of ORDER_TABLES) {
        started = performance.now();
        const counter = rowCounter(table);
        let parts: string[] = [];
        let size = 0;
        const flush = async () => {
          if (parts.length === 0) return;
          await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT text)`, [], {
            blob: new Blob(parts),
          });
          parts = [];
          size = 0;
        };
        for (const chunk of copyChunks(ds, table, 2000, counter.count)) {
          parts.push(chunk);
          size += chunk.length;
          if (size >= BLOB_CHARS) await flush();
        }
        await flush();
        const ms = performance.now() - started;
        tables.push({ table, rows: counter.rows, ms });
        log(`  ${table}: ${counter.rows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(1)} s`);
      }
      const copyMs = performance.now() - copyStarted;
      await fillSearch((text) => client.query(text), log);
      for (const table of IDENTITY_TABLES) await client.query(setvalSql(table));
      started = performance.now();
      for (const table of ALL_TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
      const vacuumMs = performance.now() - started;
      log(`  VACUUM ANALYZE in ${(vacuumMs / 1000).toFixed(1)} s`);
      return {
        kind: 'pglite',
        databaseUrl: undefined,
        dataDir,
        databaseName: `${dataDir}/server-db`,
        method: "COPY ... FROM '/dev/blob' (PGlite's blob COPY), ~16 MB of COPY text per statement",
        migrateMs,
        tables,
        copyMs,
        vacuumMs,
        drop,
      };
    } finally {
      // Frees the folder's lock so the server app can open it.
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}
