import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role, type RoleId } from '@shipdesk/contract';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type ServerConfig } from '../src/config.ts';

export const ISSUER = 'https://sso.test.shipdesk.local';
export const AUDIENCE = 'https://api.shipdesk.local';
const KID = 'test-key-1';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database; `cleanup` removes it. */
  create(): Promise<{ config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>; cleanup(): Promise<void> }>;
}

const pgliteBackend: Backend = {
  name: 'pglite',
  async create() {
    const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-server-test-'));
    return {
      config: { dataDir, databaseUrl: undefined },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgresBackend(adminUrl: string): Backend {
  return {
    name: 'postgres',
    async create() {
      const database = await createScratchDatabase(adminUrl, 'shipdesk_t');
      const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-server-test-'));
      return {
        config: { dataDir, databaseUrl: database.url },
        cleanup: async () => {
          rmSync(dataDir, { recursive: true, force: true });
          await database.drop();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (a fresh database per suite). */
export const backends: Backend[] = [
  pgliteBackend,
  ...(process.env.DATABASE_URL ? [postgresBackend(process.env.DATABASE_URL)] : []),
];

/** The in-test identity provider: an RSA key, its JWKS and a token minter. */
export interface TestIdp {
  privateKey: CryptoKey;
  publicJwk: JWK;
  jwks: ReturnType<typeof createLocalJWKSet>;
}

let idpPromise: Promise<TestIdp> | undefined;
export function testIdp(): Promise<TestIdp> {
  idpPromise ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    return { privateKey, publicJwk, jwks: createLocalJWKSet({ keys: [publicJwk] }) };
  })();
  return idpPromise;
}

export interface TokenOptions {
  tenantId: string;
  roleId?: RoleId | number | string | null;
  email?: string | null;
  sub?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: number;
  /** Seconds from now for `iat` (default 0). */
  issuedIn?: number;
  notBefore?: number;
  key?: CryptoKey | Uint8Array;
  alg?: string;
  extraClaims?: Record<string, unknown>;
}

/** An access token as the SSO would issue it; every field can be bent to test refusals. */
export async function mintToken(options: TokenOptions): Promise<string> {
  const idp = await testIdp();
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { ...options.extraClaims };
  if (options.email !== null) claims.email = options.email ?? `user-${options.tenantId.slice(0, 8)}@example.com`;
  if (options.tenantId) claims[CLAIM_ORG_ID] = options.tenantId;
  if (options.roleId !== null) claims[CLAIM_ROLE_ID] = options.roleId ?? Role.Admin;
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: KID, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(options.sub ?? `user|${options.tenantId}|${options.roleId ?? Role.Admin}`)
    .setIssuedAt(now + (options.issuedIn ?? 0))
    .setExpirationTime(now + (options.expiresIn ?? 300));
  if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
  return jwt.sign(options.key ?? idp.privateKey);
}

export interface TestContext {
  app: FastifyInstance;
  config: ServerConfig;
  /** Authorization header for a user of `tenantId` with `roleId`. */
  auth(tenantId: string, roleId?: RoleId, extra?: Partial<TokenOptions>): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const newTenantId = () => randomUUID();

/** Builds the real app on a fresh database of `backend`, with the in-test identity provider. */
export async function buildTestApp(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  appOptions: Pick<BuildAppOptions, 'adapters' | 'adapterOptions' | 'logger'> = {},
): Promise<TestContext> {
  const idp = await testIdp();
  const db = await backend.create();
  const config: ServerConfig = {
    ...loadConfig({}),
    oidcIssuer: ISSUER,
    oidcAudience: AUDIENCE,
    webDist: join(db.config.dataDir, 'no-web-build'),
    // Sync runs in-process unless a test asks for the durable queue.
    jobs: false,
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
      authorization: `Bearer ${await mintToken({ tenantId, roleId, ...extra })}`,
    }),
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}
