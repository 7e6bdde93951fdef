import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * The pull benchmark's yardstick: what the pull wrote, taken out with COPY TO and put into an empty database of the
 * same schema with COPY FROM, as the owner (row-level security does not apply to the table owner). PostgreSQL through
 * pg-copy-streams, PGlite through its `/dev/blob` COPY.
 */

/** The tables a pull writes, parents before children. */
export const PULL_TABLES = [
  'orders',
  'order_lines',
  'order_addresses',
  'deliveries',
  'delivery_lines',
  'order_events',
] as const;
/** Rows the order tables point at; copied untimed before the measured COPY. */
export const PARENT_TABLES = ['tenants', 'stores'] as const;

/** PGlite is handed the COPY text about this much at a time (as the orders bench loads it). */
const CHUNK_CHARS = 16 * 1024 * 1024;

export interface TableDump {
  table: string;
  columns: string[];
  rows: number;
  bytes: number;
  /** COPY text, whole rows per chunk. */
  chunks: string[];
}

export interface TableCopy {
  table: string;
  rows: number;
  ms: number;
}

/** A database as its owner: plain queries and COPY both ways. */
export interface OwnerSql {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  copyOut(table: string, columns: string[]): Promise<string>;
  copyIn(table: string, columns: string[], chunks: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function postgresOwner(url: string): Promise<OwnerSql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let closed: Promise<void> | undefined;
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    async copyOut(table, columns) {
      const parts: Buffer[] = [];
      const stream = client.query(copyTo(`COPY ${table} (${columns.join(', ')}) TO STDOUT WITH (FORMAT text)`));
      for await (const part of stream) parts.push(part as Buffer);
      return Buffer.concat(parts).toString('utf8');
    },
    async copyIn(table, columns, chunks) {
      await pipeline(
        Readable.from(chunks),
        client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text)`)),
      );
    },
    close: () => (closed ??= client.end()),
  };
}

/** `close` is the caller's: the PGlite belongs to the server app or to the database opened for the copy. */
export function pgliteOwner(client: PGlite): OwnerSql {
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    async copyOut(table, columns) {
      const result = await client.query(`COPY ${table} (${columns.join(', ')}) TO '/dev/blob' WITH (FORMAT text)`);
      return result.blob ? await result.blob.text() : '';
    },
    async copyIn(table, columns, chunks) {
      for (const chunk of chunks) {
        await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT text)`, [], {
          blob: new Blob([chunk]),
        });
      }
    },
    close: async () => undefined,
  };
}

/** COPY text cut into pieces of about CHUNK_CHARS at row ends (a raw newline only ever ends a row in COPY text). */
export function splitRows(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    if (end < text.length) {
      const newline = text.indexOf('\n', end - 1);
      end = newline < 0 ? text.length : newline + 1;
    }
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/** The stored columns (not the generated ones, which COPY FROM computes). */
async function columnsOf(db: OwnerSql, table: string): Promise<string[]> {
  const found = await db.rows<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  if (found.length === 0) throw new Error(`no table ${table}`);
  return found.map((c) => c.column_name);
}

export async function dumpTables(db: OwnerSql, tables: readonly string[]): Promise<TableDump[]> {
  const dumps: TableDump[] = [];
  for (const table of tables) {
    const columns = await columnsOf(db, table);
    const text = await db.copyOut(table, columns);
    let rows = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) rows += 1;
    dumps.push({ table, columns, rows, bytes: Buffer.byteLength(text), chunks: splitRows(text) });
  }
  return dumps;
}

/** Loads the dumps one table at a time, each COPY its own statement, timed per table. */
export async function loadDumps(db: OwnerSql, dumps: readonly TableDump[]): Promise<TableCopy[]> {
  const copies: TableCopy[] = [];
  for (const dump of dumps) {
    const started = performance.now();
    await db.copyIn(dump.table, dump.columns, dump.chunks);
    copies.push({ table: dump.table, rows: dump.rows, ms: performance.now() - started });
  }
  return copies;
}
