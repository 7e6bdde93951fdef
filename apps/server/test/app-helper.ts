import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createScratchDatabase } from '@shipdesk/db-kit';
import type { FastifyInstance } from 'fastify';
import { Role, type RoleId } from '@shipdesk/contract';
import {
  FAKE_AUDIENCE,
  FAKE_ISSUER,
  fakeIdentityProvider,
  mintAccessToken,
  type AccessTokenOptions,
} from '@shipdesk/fakes';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import type { DatabaseTemplates } from './database-templates.ts';
import { loadConfig, type ServerConfig } from '../src/config.ts';

/** The identity provider of the tests: the fake one, under the names the tests use. */
export {
  FAKE_AUDIENCE as AUDIENCE,
  FAKE_ISSUER as ISSUER,
  fakeIdentityProvider as testIdp,
  mintAccessToken as mintToken,
  type AccessTokenOptions as TokenOptions,
} from '@shipdesk/fakes';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database; `cleanup` removes it. */
  create(): Promise<{ config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>; cleanup(): Promise<void> }>;
  /** A fresh database with every migration applied (what the app makes of an empty one at its start). */
  createMigrated(): Promise<{ config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>; cleanup(): Promise<void> }>;
}

/** Made once per run by database-templates.ts (the globalSetup); absent when a run has no such setup. */
const templates: DatabaseTemplates | undefined = inject('databaseTemplates');

/** A PGlite data folder, holding a copy of `template` (a `server-db` folder) when there is one. */
function pgliteDatabase(template: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-server-test-'));
  if (template) cpSync(template, join(dataDir, 'server-db'), { recursive: true });
  return {
    config: { dataDir, databaseUrl: undefined },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const pgliteBackend: Backend = {
  name: 'pglite',
  create: async () => pgliteDatabase(templates?.pgliteEmpty),
  createMigrated: async () => pgliteDatabase(templates?.pgliteMigrated),
};

function postgresBackend(adminUrl: string): Backend {
  const database = async (template: string | undefined) => {
    const scratch = await createScratchDatabase(adminUrl, 'shipdesk_t', template);
    const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-server-test-'));
    return {
      config: { dataDir, databaseUrl: scratch.url },
      cleanup: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      },
    };
  };
  return {
    name: 'postgres',
    create: () => database(undefined),
    createMigrated: () => database(templates?.postgresMigrated),
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (a fresh database per suite). */
export const backends: Backend[] = [
  pgliteBackend,
  ...(process.env.DATABASE_URL ? [postgresBackend(process.env.DATABASE_URL)] : []),
];

export interface TestContext {
  app: FastifyInstance;
  config: ServerConfig;
  /** Authorization header for a user of `tenantId` with `roleId`. */
  auth(tenantId: string, roleId?: RoleId, extra?: Partial<AccessTokenOptions>): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const newTenantId = () => randomUUID();

/** Builds the real app on a fresh database of `backend`, with the in-test identity provider. */
export async function buildTestApp(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  appOptions: Pick<BuildAppOptions, 'adapters' | 'adapterOptions' | 'logger' | 'carrierAdapters'> = {},
): Promise<TestContext> {
  const idp = await fakeIdentityProvider();
  const db = await backend.createMigrated();
  const config: ServerConfig = {
    ...loadConfig({}),
    oidcIssuer: FAKE_ISSUER,
    oidcAudience: FAKE_AUDIENCE,
    webDist: join(db.config.dataDir, 'no-web-build'),
    // The real queue (pg-boss on the suite's database), as in production; its idle workers look every second.
    jobs: true,
    jobsPollSeconds: 1,
    // The fakes listen on loopback; the egress tests build an app without this.
    outboundAllowHosts: ['127.0.0.1', 'localhost', '::1'],
    ...db.config,
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, jwks: idp.jwks, ...appOptions });
    beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await db.cleanup();
    throw error;
  }
  return {
    app,
    config,
    auth: async (tenantId, roleId = Role.Admin, extra = {}) => ({
      authorization: `Bearer ${await mintAccessToken({ tenantId, roleId, ...extra })}`,
    }),
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}
