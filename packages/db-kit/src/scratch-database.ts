import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** `adminUrl` with the new database's name as its path. */
  url: string;
  /** Drops the database, closing what is still connected to it. */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const PLAIN_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * For test suites: a new database `${prefix}_<random>` on the PostgreSQL server of `adminUrl` (a role that may
 * create databases), so suites never share state and can run against any server. Empty, or a copy of the database
 * `template` (one nobody is connected to, e.g. a migrated database made once per run).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  if (!PLAIN_NAME.test(prefix)) throw new Error(`Not a plain database name prefix: ${prefix}`);
  if (template !== undefined && !PLAIN_NAME.test(template)) throw new Error(`Not a plain database name: ${template}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
