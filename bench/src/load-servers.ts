import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role } from '@shipdesk/contract';

/** What the load benchmarks share (load-http.ts, load-outage.ts): server processes and the issuer they trust. */

const SERVER_ENTRY = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));
const AUDIENCE = 'https://api.shipdesk.local';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** An OpenID issuer the server processes trust: its discovery document and keys, and tokens signed with them. */
export async function issuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'load-key-1', alg: 'RS256', use: 'sig' };
  let url = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      res.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/jwks` }));
    else res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = async (tenantId: string, user: { email: string; subject: string }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: user.email, [CLAIM_ORG_ID]: tenantId, [CLAIM_ROLE_ID]: Role.Admin })
      .setProtectedHeader({ alg: 'RS256', kid: 'load-key-1', typ: 'at+jwt' })
      .setIssuer(url)
      .setAudience(AUDIENCE)
      .setSubject(user.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + 3 * 3600)
      .sign(privateKey);
  };
  return { url, token, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** A server process (SERVER_ROLE=all) on the database; resolves once it answers /readyz. */
export async function startServer(databaseUrl: string, issuerUrl: string, secretsKey: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-load-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
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
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || i > 600) throw new Error('a server process did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
