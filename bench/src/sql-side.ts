import type { PGlite } from '@electric-sql/pglite';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Executor } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { APP_ROLE, TENANT_SETTING } from '../../apps/server/src/db/schema/index.ts';

/** One SQL statement as the server sends it: text and parameters. */
export interface Statement {
  text: string;
  params: unknown[];
}

export interface QueryResult {
  fields: string[];
  rows: unknown[][];
}

/** Runs statements straight on the database, without the server: the "bare SQL" side of each comparison. */
export interface SqlRunner {
  query(text: string, params?: unknown[]): Promise<QueryResult>;
  close(): Promise<void>;
}

export function postgresRunner(databaseUrl: string): SqlRunner {
  // Pipelined like the server's pool: statements started together share a round trip; awaited one by one they do not.
  const client = new pg.Client({ connectionString: databaseUrl, pipeline: true });
  const connected = client.connect();
  return {
    async query(text, params = []) {
      await connected;
      // The callback form, as the server's transactions use it (db-kit): pg's promise form leaves garbage that minor
      // collections promote, and this process is the server's too.
      const result = await new Promise<pg.QueryResult>((resolve, reject) =>
        client.query({ text, values: params, rowMode: 'array' }, (error: Error | undefined, answer: pg.QueryResult) =>
          error ? reject(error) : resolve(answer),
        ),
      );
      return { fields: result.fields.map((f) => f.name), rows: result.rows as unknown[][] };
    },
    close: () => client.end(),
  };
}

export function pgliteRunner(client: PGlite): SqlRunner {
  return {
    async query(text, params = []) {
      const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
      return { fields: result.fields.map((f) => f.name), rows: result.rows };
    },
    close: async () => undefined,
  };
}

/** Statements that open the tenant's context; the rest is the work of the request. */
export const isTenantSetup = (s: Statement) => /^(begin|commit|SET LOCAL ROLE|SELECT set_config)/i.test(s.text);

/**
 * A `Database` for the server's own services whose every statement is recorded, so the bench knows exactly what SQL
 * a request runs. `withTenant` sends what the one of apps/server/src/db/client.ts sends (the role and the tenant
 * setting in one statement, in a transaction), though not pipelined: the order of the statements is what counts here.
 * `run.ts` checks that replaying the recorded statements returns the rows the API answers.
 */
export function recordingDatabase(target: { databaseUrl: string } | { pglite: PGlite }) {
  let recording: Statement[] | null = null;
  const logger: Logger = {
    logQuery(text, params) {
      recording?.push({ text, params: [...params] });
    },
  };
  const pool =
    'databaseUrl' in target ? new pg.Pool({ connectionString: target.databaseUrl, max: 1, pipeline: true }) : null;
  const db = (pool
    ? drizzlePg({ client: pool, schema, logger })
    : drizzlePglite({ client: (target as { pglite: PGlite }).pglite, schema, logger })) as unknown as Executor;
  const database = {
    kind: pool ? 'postgres' : 'pglite',
    db,
    withTenant<T>(tenantId: string, fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT set_config('role', ${APP_ROLE}, true), set_config(${TENANT_SETTING}, ${tenantId}, true)`,
        );
        return fn(tx as unknown as Executor);
      });
    },
  } as unknown as Database;
  return {
    database,
    /** Runs `fn` and returns the statements it sent (without BEGIN/COMMIT: replays add their own). */
    async record(fn: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await fn();
        return recording.filter((s) => !/^(begin|commit)$/i.test(s.text.trim()));
      } finally {
        recording = null;
      }
    },
    close: async () => {
      await pool?.end();
    },
  };
}
