import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@shipdesk/contract';
import { AUDIENCE, mintToken, testIdp, type TokenOptions } from '../../test/app-helper.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

/** One server process of the cluster. */
export interface Instance {
  name: string;
  url: string;
  pid: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the process to end; its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

interface ApiAnswer {
  status: number;
  body: { data?: Record<string, unknown>; reason?: string; message?: string };
}

/**
 * Several real server processes on one PostgreSQL database, with what they share: one token issuer (which also
 * answers the SSO's user-management call, so a deactivation can go through the API), one SECRETS_KEY, and
 * settings short enough for a test (revocation refresh, sync stall).
 */
export interface ServerCluster {
  issuerUrl: string;
  /** How often the instances read the revocations that others recorded (ms). */
  revocationRefreshMs: number;
  start(name: string, role: 'all' | 'api' | 'worker'): Promise<Instance>;
  token(options: Partial<TokenOptions>): Promise<string>;
  api(instance: Instance, method: string, path: string, token: string, body?: object): Promise<ApiAnswer>;
  socket(instance: Instance, token: string): Promise<Socket>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

export async function serverCluster(
  databaseUrl: string,
  options: { tenantId: string; revocationRefreshMs: number; syncStallSeconds: number; jobsPollSeconds: number },
): Promise<ServerCluster> {
  const idp = await testIdp();
  let issuerUrl = '';
  const issuer: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    const userPath = /^\/api\/organization\/users\/([^/?]+)$/.exec(req.url ?? '');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
    } else if (req.method === 'PUT' && userPath) {
      // The SSO's answer to an Admin changing a user: the user as it now stands.
      void readBody(req).then((text) => {
        const change = JSON.parse(text) as { status?: string; roleId?: number };
        const user = {
          id: decodeURIComponent(userPath[1]!),
          email: 'erin@example.com',
          name: 'Erin',
          roleId: change.roleId ?? 2,
          status: change.status ?? 'active',
          lastLoginAt: null,
          invitedAt: null,
          createdAt: new Date().toISOString(),
        };
        res.end(JSON.stringify({ code: 200, success: true, data: { user } }));
      });
    } else res.end(JSON.stringify({ keys: [idp.publicJwk] }));
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  const secretsKey = randomBytes(32).toString('base64');
  const folders: string[] = [];
  const processes: ChildProcess[] = [];
  const sockets: Socket[] = [];

  return {
    issuerUrl,
    revocationRefreshMs: options.revocationRefreshMs,

    async start(name, role) {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), `shipdesk-cluster-${name}-`));
      folders.push(dataDir);
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        env: {
          ...process.env,
          SERVER_ROLE: role,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SECRETS_KEY: secretsKey,
          OIDC_ISSUER: issuerUrl,
          OIDC_AUDIENCE: AUDIENCE,
          SSO_URL: issuerUrl,
          LOG_LEVEL: 'error',
          WEB_DIST: join(dataDir, 'no-web'),
          SHIPDESK_DEMO: 'off',
          OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
          RATE_LIMIT_MAX: '100000',
          REVOCATION_REFRESH_MS: String(options.revocationRefreshMs),
          SYNC_STALL_SECONDS: String(options.syncStallSeconds),
          JOBS_POLL_SECONDS: String(options.jobsPollSeconds),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      processes.push(child);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const ready = await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        if (child.exitCode !== null || i >= 600) throw new Error(`server ${name} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return {
        name,
        url,
        pid: child.pid!,
        exited,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      };
    },

    token: (extra) => mintToken({ tenantId: options.tenantId, issuer: issuerUrl, ...extra }),

    async api(instance, method, path, token, body) {
      const res = await fetch(`${instance.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
    },

    async socket(instance, token) {
      const socket = connect(instance.url, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        query: { token },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
      return socket;
    },

    async close() {
      for (const socket of sockets) socket.disconnect();
      for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all(
        processes.map((child) =>
          child.exitCode === null && child.signalCode === null
            ? new Promise((resolve) => child.once('exit', resolve))
            : undefined,
        ),
      );
      issuer.close();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
