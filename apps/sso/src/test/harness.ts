import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { API_SCOPES } from '@shipdesk/contract';
import { createScratchDatabase } from '@shipdesk/db-kit';
import { buildSso, type BuildSsoOptions, type Sso } from '../app.ts';
import { loadConfig, type SsoConfig } from '../config.ts';
import type { SsoDatabaseTemplates } from './database-templates.ts';

/** The database back ends the suites run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const BACKENDS: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const PUBLIC_URL = 'http://localhost:3000';
export const DEMO_PASSWORD = 'demo-password-for-tests';

export interface TestSso {
  url: string;
  config: SsoConfig;
  sso: Sso;
  dataDir: string;
  stop(): Promise<void>;
}

/** Made once per run by database-templates.ts (the globalSetup); absent when a run has no such setup. */
const templates: SsoDatabaseTemplates | undefined = inject('ssoDatabaseTemplates');

/** Builds the real SSO in-process on a random port, with its own database and data folder. */
export async function startTestSso(
  backend: 'pglite' | 'postgres',
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    /** On PostgreSQL: the address the SSO is given for its scratch database (e.g. through an outage proxy). */
    reachDatabaseAt?: (url: string) => string;
  } & Omit<BuildSsoOptions, 'config'> = {},
): Promise<TestSso> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shipdesk-sso-'));
  // A data folder without a database yet gets a copy of the migrated one; one that has a database keeps it.
  const pgliteFolder = join(dataDir, 'sso-db');
  if (backend === 'pglite' && templates && !existsSync(pgliteFolder)) {
    cpSync(templates.pgliteMigrated, pgliteFolder, { recursive: true });
  }
  const postgres =
    backend === 'postgres'
      ? await createScratchDatabase(process.env.DATABASE_URL!, 'shipdesk_sso_t', templates?.postgresMigrated)
      : undefined;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    SSO_ISSUER: url,
    PUBLIC_URL,
    WEB_ORIGINS: `${PUBLIC_URL},http://127.0.0.1:5173`,
    DATA_DIR: dataDir,
    SHIPDESK_DEMO_PASSWORD: DEMO_PASSWORD,
    ...(postgres ? { DATABASE_URL: options.reachDatabaseAt?.(postgres.url) ?? postgres.url } : {}),
    ...options.env,
  });
  let sso: Sso;
  try {
    sso = await buildSso({ ...options, config, housekeepingIntervalMs: 0 });
  } catch (error) {
    server.close();
    await postgres?.drop();
    throw error;
  }
  server.on('request', sso.handler);
  return {
    url,
    config,
    sso,
    dataDir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sso.close();
      await postgres?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A cookie jar good enough for one host: name -> value, honouring deletion. `headers` go with every request, e.g.
 * `X-Forwarded-For` to act as a given client address (the SSO trusts it when started with SSO_TRUST_PROXY=1).
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string>;

  constructor(headers: Record<string, string> = {}) {
    this.headers = headers;
  }

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val] = attribute.split('=').map((part) => part.trim());
        if (key?.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key?.toLowerCase() === 'expires') return Date.parse(val ?? '') <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) });
    if (this.cookies.size) headers.set('Cookie', this.header());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface AuthorizeRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

export function authorizeUrl(
  t: TestSso,
  params: Record<string, string> = {},
  redirectUri = `${PUBLIC_URL}/`,
): AuthorizeRequest {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const url = new URL('/authorize', t.url);
  url.search = new URLSearchParams({
    client_id: t.config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: API_SCOPES,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    audience: t.config.audience,
    ...params,
  }).toString();
  return { url: url.href, state, nonce, verifier, redirectUri };
}

/** Follows redirects on the SSO until one leaves it (the product's callback) or a page is rendered. */
export async function follow(jar: CookieJar, t: TestSso, start: string, init?: RequestInit): Promise<Response | URL> {
  let response = await jar.fetch(start, init);
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, t.url);
    if (next.origin !== new URL(t.url).origin) return next;
    response = await jar.fetch(next.href);
  }
  throw new Error('too many redirects');
}

export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  return match[1].replace(/&amp;/g, '&');
}

export function postForm(jar: CookieJar, url: string, fields: Record<string, string>): Promise<Response> {
  return jar.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs the whole browser sign-in: authorize, login form, redirects; returns the callback URL with the code. */
export async function signIn(
  t: TestSso,
  jar: CookieJar,
  credentials: { email: string; password: string },
  params: Record<string, string> = {},
): Promise<{ callback: URL; request: AuthorizeRequest }> {
  const request = authorizeUrl(t, params);
  const loginPage = await follow(jar, t, request.url);
  if (loginPage instanceof URL) return { callback: loginPage, request };
  const html = await loginPage.text();
  const submitted = await postForm(jar, new URL(formAction(html), t.url).href, credentials);
  const location = submitted.headers.get('location');
  if (!location) throw new Error(`login refused (${submitted.status}): ${(await submitted.text()).slice(0, 500)}`);
  const callback = await follow(jar, t, new URL(location, t.url).href);
  if (!(callback instanceof URL)) throw new Error(`no callback, got ${callback.status}: ${await callback.text()}`);
  return { callback, request };
}

interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

export async function tokenRequest(t: TestSso, fields: Record<string, string>): Promise<Response> {
  return fetch(new URL('/oauth/token', t.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
    body: new URLSearchParams({ client_id: t.config.clientId, ...fields }).toString(),
  });
}

export async function exchangeCode(t: TestSso, callback: URL, request: AuthorizeRequest): Promise<TokenResponse> {
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  const response = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    code_verifier: request.verifier,
    redirect_uri: request.redirectUri,
  });
  if (response.status !== 200) throw new Error(`token exchange failed ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

export async function accessTokenFor(t: TestSso, credentials: { email: string; password: string }) {
  const jar = new CookieJar();
  const { callback, request } = await signIn(t, jar, credentials);
  return { jar, tokens: await exchangeCode(t, callback, request) };
}

/** The newest message in the outbox addressed to `email`, as raw RFC 822 text. */
export function latestMail(dataDir: string, email: string): string {
  const folder = join(dataDir, 'outbox');
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(`-${email}.eml`))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail for ${email}`);
  return readFileSync(join(folder, last), 'utf8');
}

/** The first link to `path` (followed by a token) in a mail, with quoted-printable soft line breaks undone. */
export function linkFromMail(mail: string, path: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`(http://\\S+${path}/[A-Za-z0-9_-]+)`).exec(body);
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${mail}`);
  return match[1];
}

export function codeFromMail(mail: string): string {
  const match = /^Subject: Your Shipdesk verification code: (\d{6})$/m.exec(mail);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail}`);
  return match[1];
}
