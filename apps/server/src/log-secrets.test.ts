import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../test/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, DEFAULT_API_AUDIENCE, DEFAULT_WEB_CLIENT_ID } from '@shipdesk/contract';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';

/**
 * What the product writes to its logs during a real session, on the launcher (`npm start`: the SSO and the server as
 * a newcomer runs them, embedded database): sign in with the demo password through the SSO's own form, connect a
 * store with its credentials, pull its orders through the job queue, create an API key and use it, scrape the
 * metrics. Then the logs are searched for every secret and every customer's e-mail the session handled.
 */
const LAUNCHER = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A browser's sign-in, over HTTP: authorize (PKCE), the SSO's login form, the code exchanged for tokens. */
async function signIn(sso: string, publicUrl: string, email: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return response;
  };
  /** Follows redirects on the SSO; answers the page it stops on, or the address that leaves it. */
  const follow = async (response: Response): Promise<Response | URL> => {
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (!location) return response;
      const next = new URL(location, sso);
      if (next.origin !== new URL(sso).origin) return next;
      response = await send(next.href);
    }
    throw new Error('too many redirects');
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${publicUrl}/`;
  const authorize = new URL('/authorize', sso);
  authorize.search = new URLSearchParams({
    client_id: DEFAULT_WEB_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: API_SCOPES,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    audience: DEFAULT_API_AUDIENCE,
  }).toString();
  const page = await follow(await send(authorize.href));
  if (page instanceof URL) throw new Error(`no login page: ${page.href}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no login form: ${html.slice(0, 300)}`);
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const submitted = await send(new URL(action, sso).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, email, password }).toString(),
  });
  const callback = await follow(submitted);
  if (!(callback instanceof URL)) throw new Error(`sign-in refused (${callback.status})`);
  const token = await fetch(new URL('/oauth/token', sso), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
    body: new URLSearchParams({
      client_id: DEFAULT_WEB_CLIENT_ID,
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

describe('the logs of a real session', () => {
  let child: ChildProcess;
  let exited: Promise<unknown>;
  let output = '';
  let shop: FakeShopify;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-log-secrets-'));
  const metricsToken = randomBytes(24).toString('hex');
  const storeToken = `shpat_${randomBytes(16).toString('hex')}`;
  const storeSecret = `shpss_${randomBytes(16).toString('hex')}`;
  let base = '';
  let publicUrl = '';
  let ssoUrl = '';

  beforeAll(async () => {
    shop = await startFakeShopify({ orders: 40, accessToken: storeToken, clientSecret: storeSecret, costLimit: null });
    const [port, ssoPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    publicUrl = `http://localhost:${port}`;
    ssoUrl = `http://localhost:${ssoPort}`;
    const { DATABASE_URL: _ignored, SHIPDESK_DEMO_PASSWORD: _chosen, ...inherited } = process.env;
    child = spawn(process.execPath, [LAUNCHER], {
      env: {
        ...inherited,
        SHIPDESK_SKIP_PREPARE: '1',
        DATA_DIR: dataDir,
        PORT: String(port),
        SSO_PORT: String(ssoPort),
        PUBLIC_URL: publicUrl,
        SSO_ISSUER: ssoUrl,
        SHIPDESK_DEMO: 'off',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: metricsToken,
        OUTBOUND_ALLOW_HOSTS: new URL(shop.url).host,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 600 && !output.includes('Shipdesk is running.'); i++) await pause(200);
    expect(output).toContain('Shipdesk is running.');
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no password, store credential, token, API key or customer e-mail', { timeout: 180_000 }, async () => {
    // The first start chose the demo password; the launcher printed it for the person who started it (spec).
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      email: string;
      password: string;
    };
    const accessToken = await signIn(ssoUrl, publicUrl, demo.email, demo.password);
    const api = async (method: string, path: string, body?: object, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, text: await response.text() };
    };
    expect((await api('POST', '/call/verifyNewUserRegister')).status).toBe(200);

    const created = await api('POST', '/api/v1/stores', {
      name: 'Log test shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'log-test.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: storeToken, clientSecret: storeSecret },
    });
    expect(created.status, created.text).toBe(201);
    const storeId = (JSON.parse(created.text) as { data: { id: string } }).data.id;
    const pullRequestId = `pull-${randomBytes(8).toString('hex')}`;
    const pull = await api('GET', `/call/store/${storeId}/pullOrders`, undefined, { 'x-request-id': pullRequestId });
    expect(pull.status, pull.text).toBe(202);

    const rotated = await api('POST', '/call/apiKey/rotate');
    expect(rotated.status, rotated.text).toBe(200);
    const apiKey = (JSON.parse(rotated.text) as { data: { key: string } }).data.key;
    for (let i = 0; i < 300; i++) {
      const runs = await api('GET', `/call/store/${storeId}/syncRuns`, undefined, {
        authorization: `Bearer ${apiKey}`,
      });
      expect(runs.status, runs.text).toBe(200);
      if (/"state":"succeeded"/.test(runs.text)) break;
      await pause(200);
    }
    const listed = await api('GET', '/api/v1/orders?size=100', undefined, { authorization: `Bearer ${apiKey}` });
    expect(listed.status, listed.text).toBe(200);
    const customerEmails = [...new Set(listed.text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [])];
    expect(customerEmails.length).toBeGreaterThan(5);

    // Routine requests, which must not fill the log at info: health, readiness, metrics, the web app's files.
    await fetch(`${base}/healthz`);
    await fetch(`${base}/readyz`);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/shipdesk_sync_orders_imported_total\{channel="shopify",kind="new"\} [1-9]/);
    const asset = existsSync(join(WEB_DIST, 'assets')) ? readdirSync(join(WEB_DIST, 'assets'))[0] : undefined;
    if (asset) expect((await fetch(`${base}/assets/${asset}`)).status).toBe(200);
    if (existsSync(join(WEB_DIST, 'index.html'))) {
      expect((await fetch(`${base}/orders`, { headers: { accept: 'text/html' } })).status).toBe(200);
    }

    child.kill('SIGTERM');
    await Promise.race([exited, pause(20_000)]);

    const structured = output.split('\n').filter((line) => line.startsWith('{'));
    const logs = structured.join('\n');
    expect(structured.length).toBeGreaterThan(10);
    // The grep can see them: the password is in the launcher's banner, the rest went through the server.
    expect(output).toContain(`Password  ${demo.password}`);
    const secrets = { password: demo.password, storeToken, storeSecret, apiKey, accessToken, metricsToken };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(logs.includes(secret), `${name} is in the logs`).toBe(false);
      // Nor a recognisable part of it (a prefix logged "for debugging").
      expect(logs.includes(secret.slice(0, 16)), `the start of ${name} is in the logs`).toBe(false);
    }
    const leaked = customerEmails.filter((email) => logs.includes(email));
    expect(leaked).toEqual([]);

    const lines = structured.map(
      (line) => JSON.parse(line) as { level: number | string; msg?: string; [k: string]: unknown },
    );
    const info = lines.filter((line) => typeof line.level === 'number' && line.level >= 30);
    const urls = info.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain(`/call/store/${storeId}/pullOrders`);
    for (const routine of ['/healthz', '/readyz', '/metrics', '/assets/', '/orders']) {
      expect(
        urls.filter((url) => url!.startsWith(routine)),
        routine,
      ).toEqual([]);
    }
    // The pull ran as a job in the worker; its lines name the request that started it.
    expect(lines.find((line) => line.msg === 'sync run finished')).toMatchObject({ reqId: pullRequestId });
  });
});
