import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { createScratchDatabase, type ScratchDatabase } from '@shipdesk/db-kit';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.ts';
import { JOBS_SCHEMA } from '../src/plugins/jobs.ts';

/**
 * What every suite would otherwise make again and again: a PGlite cluster (initdb, seconds of WebAssembly), and the
 * database with every migration applied and the job queue's schema (pg-boss's own, as it makes it on a first start).
 * Made once per run (the server project's globalSetup), then copied per suite by app-helper.ts: a copy is the same
 * database a suite would have made itself, in a fraction of the time.
 */

/** The migrations, then pg-boss's tables as its first start would create them (several statements: PGlite's exec). */
async function migrateWithJobs(database: Database): Promise<void> {
  await database.migrate();
  const client = (database.db as unknown as { $client: { exec?(text: string): Promise<unknown> } }).$client;
  const plans = PgBoss.getConstructionPlans(JOBS_SCHEMA);
  if (client.exec) await client.exec(plans);
  else await database.db.execute(sql.raw(plans));
}
export interface DatabaseTemplates {
  /** A PGlite `server-db` folder as PGlite first creates it: no table yet. */
  pgliteEmpty: string;
  /** A PGlite `server-db` folder with every migration applied. */
  pgliteMigrated: string;
  /** A PostgreSQL database with every migration applied, to be used as `CREATE DATABASE … TEMPLATE`. */
  postgresMigrated?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'shipdesk-server-templates-'));
  let postgres: ScratchDatabase | undefined;
  const teardown = async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
  try {
    const templates: DatabaseTemplates = {
      pgliteEmpty: join(folder, 'empty', 'server-db'),
      pgliteMigrated: join(folder, 'migrated', 'server-db'),
    };
    const makePostgres = async () => {
      if (!process.env.DATABASE_URL) return;
      postgres = await createScratchDatabase(process.env.DATABASE_URL, 'shipdesk_template');
      const database = await openDatabase({ databaseUrl: postgres.url, dataDir: folder });
      try {
        await migrateWithJobs(database);
      } finally {
        await database.close();
      }
      templates.postgresMigrated = new URL(postgres.url).pathname.slice(1);
    };
    const makePglite = async () => {
      mkdirSync(join(folder, 'empty'));
      await (await PGlite.create({ dataDir: templates.pgliteEmpty })).close();
      const database = await openDatabase({ dataDir: join(folder, 'migrated') });
      try {
        await migrateWithJobs(database);
      } finally {
        await database.close();
      }
    };
    await Promise.all([makePglite(), makePostgres()]);
    project.provide('databaseTemplates', templates);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
