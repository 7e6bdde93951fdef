import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { Role } from '@shipdesk/contract';
import { AUDIENCE, mintToken, testIdp } from './app-helper.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/**
 * The real server as a child process on PostgreSQL, for the tests that kill it with SIGKILL mid-work and start it
 * again on the same database and data folder: its own token issuer, a fixed port per test process, and an API
 * caller for one tenant.
 */
export interface KillableServer {
  start(extraEnv?: Record<string, string>): Promise<void>;
  kill(): Promise<void>;
  api(
    method: string,
    path: string,
    body?: object,
  ): Promise<{ status: number; body: { data: Record<string, unknown> } }>;
  close(): Promise<void>;
}

export async function killableServer(databaseUrl: string, tenant: string): Promise<KillableServer> {
  const idp = await testIdp();
  let issuerUrl = '';
  const issuer: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
    } else res.end(JSON.stringify({ keys: [idp.publicJwk] }));
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-sigkill-'));
  const secretsKey = randomBytes(32).toString('base64');
  const port = 20_000 + ((process.pid * 7) % 9_000);
  let server: ChildProcess | null = null;

  return {
    async start(extraEnv = {}) {
      server = spawn(process.execPath, [SERVER_ENTRY], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SECRETS_KEY: secretsKey,
          OIDC_ISSUER: issuerUrl,
          OIDC_AUDIENCE: AUDIENCE,
          LOG_LEVEL: 'error',
          WEB_DIST: join(dataDir, 'no-web'),
          SHIPDESK_DEMO: 'off',
          // The fakes listen on loopback.
          OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
          ...extraEnv,
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
    },
    async kill() {
      const running = server;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGKILL');
      await new Promise((resolve) => running.once('exit', resolve));
    },
    async api(method, path, body) {
      const token = await mintToken({ tenantId: tenant, roleId: Role.Admin, issuer: issuerUrl });
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    },
    async close() {
      server?.kill('SIGKILL');
      issuer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
