import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role, type OrderListQuery } from '@shipdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createOrdersService } from '../../apps/server/src/features/orders/index.ts';
import { fileMinute, writeResultFile } from './bench-results.ts';
import { isTenantSetup, type SqlRunner, type Statement, recordingDatabase } from './sql-side.ts';

/**
 * What the order list's benchmarks share (search.ts, pages.ts): the real server on a loaded database, signed in as a
 * tenant's Admin, asked over a kept-alive loopback connection; the statements one list call runs, with their plans;
 * and the results file.
 */

const ISSUER = 'https://sso.bench.shipdesk.local';
const AUDIENCE = 'https://api.shipdesk.local';

export interface ListRoute {
  /** GET `path` (with its query) as the tenant's Admin: status and body, read to the end. */
  get(path: string): Promise<{ status: number; body: string }>;
  /** Every statement one `service.list` call runs, each with its plan (EXPLAIN ANALYZE, in the tenant's context). */
  plans(query: OrderListQuery): Promise<string[]>;
  close(): Promise<void>;
}

export async function startListRoute(options: {
  databaseUrl: string;
  runner: SqlRunner;
  tenantId: string;
  user: { email: string; subject: string };
}): Promise<ListRoute> {
  const { databaseUrl, runner, tenantId, user } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-bench-list-'));
  const recorder = recordingDatabase({ databaseUrl });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key-1', alg: 'RS256', use: 'sig' };
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      host: '127.0.0.1',
      port: 0,
      databaseUrl,
      dataDir,
      oidcIssuer: ISSUER,
      oidcAudience: AUDIENCE,
      webDist: join(dataDir, 'no-web'),
      rateLimitMax: 1_000_000_000,
    },
    jwks: createLocalJWKSet({ keys: [jwk] }),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ email: user.email, [CLAIM_ORG_ID]: tenantId, [CLAIM_ROLE_ID]: Role.Admin })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench-key-1', typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(user.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(privateKey);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const service = createOrdersService(recorder.database, () => undefined);
  const auth = { tenantId, userId: user.subject, email: user.email, roleId: Role.Admin, issuer: ISSUER };

  return {
    get: (path) =>
      new Promise((done, fail) => {
        http
          .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', fail);
          })
          .on('error', fail);
      }),

    async plans(query) {
      const statements: Statement[] = await recorder.record(() => service.list(auth, query));
      const out: string[] = [];
      await runner.query('begin');
      try {
        for (const s of statements.filter(isTenantSetup)) await runner.query(s.text, s.params);
        for (const s of statements.filter((x) => !isTenantSetup(x))) {
          const explain = /^EXPLAIN/.test(s.text) ? 'EXPLAIN' : 'EXPLAIN (ANALYZE, BUFFERS)';
          const plan = await runner.query(`${explain} ${s.text.replace(/^EXPLAIN \(FORMAT JSON\) /, '')}`, s.params);
          out.push(`${s.text.replace(/\s+/g, ' ').slice(0, 160)}\n\n${plan.rows.map((r) => String(r[0])).join('\n')}`);
        }
      } finally {
        await runner.query('commit');
      }
      return out;
    },

    async close() {
      agent.destroy();
      await app.close().catch(() => undefined);
      await recorder.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `<name>-<YYYY-MM-DD>-<HHMM>-postgres-<size>.md` under bench/results (or `folder`). */
export async function writeListReport(
  name: string,
  date: string,
  orders: number,
  text: string,
  folder: string | undefined,
): Promise<string> {
  const size = orders % 1_000_000 === 0 ? `${orders / 1_000_000}m` : orders % 1000 === 0 ? `${orders / 1000}k` : orders;
  return writeResultFile(`${name}-${fileMinute(date)}-postgres-${size}`, text, folder, console.log);
}
