import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { Role } from '@shipdesk/contract';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { AUDIENCE, mintToken, newTenantId, testIdp } from '../../../test/app-helper.ts';

/**
 * The issue's reliability test: kill the real server process (SIGKILL, no shutdown code runs) in the middle of a
 * 20,000-order pull, start it again, and the run finishes with every order stored exactly once. PostgreSQL only: a
 * process killed with PGlite's files open is not a state that embedded database promises to recover from, while
 * PostgreSQL does (the server process dies, the database does not). Without DATABASE_URL the vitest config leaves
 * this file out.
 */
const SERVER_ENTRY = fileURLToPath(new URL('../../server.ts', import.meta.url));
const ORDERS = 20_000;

describe('a pull survives SIGKILL of the server (postgres)', () => {
  let shop: FakeShopify;
  let issuer: Server;
  let issuerUrl = '';
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: pg.Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-sigkill-'));
  const secretsKey = randomBytes(32).toString('base64');
  const tenant = newTenantId();
  let server: ChildProcess | null = null;
  let port = 0;

  beforeAll(async () => {
    const idp = await testIdp();
    issuer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
      } else res.end(JSON.stringify({ keys: [idp.publicJwk] }));
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
    shop = await startFakeShopify({ orders: ORDERS, costLimit: null });
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'shipdesk_kill');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    await client?.end();
    await database?.drop();
    await shop?.close();
    issuer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    port = 20_000 + ((process.pid * 7) % 9_000);
    server = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SECRETS_KEY: secretsKey,
        OIDC_ISSUER: issuerUrl,
        OIDC_AUDIENCE: AUDIENCE,
        SYNC_STALL_SECONDS: '3',
        LOG_LEVEL: 'error',
        WEB_DIST: join(dataDir, 'no-web'),
        SHIPDESK_DEMO: 'off',
        // The fake Shopify listens on loopback.
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  async function api(method: string, path: string, body?: object) {
    const token = await mintToken({ tenantId: tenant, roleId: Role.Admin, issuer: issuerUrl });
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  }

  const count = async (storeId: number) =>
    (
      await client.query<{ n: string; distinct_ids: string }>(
        'SELECT count(*) AS n, count(DISTINCT external_id) AS distinct_ids FROM orders WHERE store_id = $1',
        [storeId],
      )
    ).rows[0]!;

  it('finishes the job after a restart with 0 orders lost and 0 duplicated', { timeout: 180_000 }, async () => {
    await start();
    await api('POST', '/call/verifyNewUserRegister');
    const created = await api('POST', '/api/v1/stores', {
      name: 'Big shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'big-shop.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    expect(created.status).toBe(201);
    const storeId = Number(created.body.data.id);

    // Slow the platform a little so the pull is surely mid-way when the process dies.
    shop.setLatency(40);
    expect((await api('GET', `/call/store/${storeId}/pullOrders`)).status).toBe(202);
    for (let i = 0; i < 600 && Number((await count(storeId)).n) < 2_000; i++)
      await new Promise((r) => setTimeout(r, 50));
    const before = Number((await count(storeId)).n);
    expect(before).toBeGreaterThanOrEqual(2_000);
    expect(before).toBeLessThan(ORDERS);

    server!.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    shop.setLatency(0);
    await start();

    let run: { state: string; attempts: number; orders_new: number } | undefined;
    for (let i = 0; i < 1_200; i++) {
      run = (
        await client.query<{ state: string; attempts: number; orders_new: number }>(
          'SELECT state, attempts, orders_new FROM sync_runs WHERE store_id = $1 ORDER BY id DESC LIMIT 1',
          [storeId],
        )
      ).rows[0];
      if (run && run.state !== 'queued' && run.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run).toMatchObject({ state: 'succeeded', orders_new: ORDERS });
    expect(run!.attempts).toBeGreaterThanOrEqual(2);
    expect(await count(storeId)).toEqual({ n: String(ORDERS), distinct_ids: String(ORDERS) });
    const lines = await client.query<{ orphans: string }>(
      `SELECT count(*) AS orphans FROM orders o WHERE o.store_id = $1
         AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id)`,
      [storeId],
    );
    expect(lines.rows[0]!.orphans).toBe('0');
  });
});
