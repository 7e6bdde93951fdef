import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@shipdesk/db-kit';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.ts';

/**
 * The SSO database with every migration applied, made once per run (the sso project's globalSetup) and copied by
 * harness.ts for each SSO a suite starts: the same database its start would make of an empty one (the keys and the
 * demo are still made by that start), without a PGlite initdb and the migrations every time.
 */
export interface SsoDatabaseTemplates {
  /** A PGlite `sso-db` folder with every migration applied. */
  pgliteMigrated: string;
  /** A PostgreSQL database with every migration applied, to be used as `CREATE DATABASE … TEMPLATE`. */
  postgresMigrated?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    ssoDatabaseTemplates: SsoDatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'shipdesk-sso-templates-'));
  let postgres: ScratchDatabase | undefined;
  const teardown = async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
  const migrated = async (options: { databaseUrl?: string; dataDir: string }) => {
    const database = await openDatabase(options);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  };
  try {
    const templates: SsoDatabaseTemplates = { pgliteMigrated: join(folder, 'sso-db') };
    const makePostgres = async () => {
      if (!process.env.DATABASE_URL) return;
      postgres = await createScratchDatabase(process.env.DATABASE_URL, 'shipdesk_sso_template');
      await migrated({ databaseUrl: postgres.url, dataDir: folder });
      templates.postgresMigrated = new URL(postgres.url).pathname.slice(1);
    };
    await Promise.all([migrated({ dataDir: folder }), makePostgres()]);
    project.provide('ssoDatabaseTemplates', templates);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
