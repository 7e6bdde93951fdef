import { resolve } from 'node:path';
import { DEFAULT_API_AUDIENCE, DEFAULT_WEB_CLIENT_ID } from '@shipdesk/contract';

/** Everything the SSO reads from the environment, parsed once (README.md lists the variables). */
export interface SsoConfig {
  port: number;
  host: string;
  /** Issuer identifier and the SSO's own public base URL (no trailing slash). */
  issuer: string;
  /** Browser origin of the product (no trailing slash). */
  publicUrl: string;
  /** Origins allowed for CORS, redirect URIs and logout `returnTo`. */
  webOrigins: string[];
  clientId: string;
  audience: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the support page sends requests. */
  supportEmail: string;
  appUrls: { ruleEngine: string; labels: string };
  /** Trust X-Forwarded-* headers (behind a reverse proxy or TLS terminator). */
  trustProxy: boolean;
  accessTokenTtlSeconds: number;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function absoluteUrl(name: string, value: string): string {
  const parsed = URL.parse(value);
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return trimSlash(parsed.href);
}

function origin(name: string, value: string): string {
  const parsed = URL.parse(value.trim());
  if (!parsed || !/^https?:$/.test(parsed.protocol))
    throw new Error(`${name} must list http(s) origins, got "${value}"`);
  return parsed.origin;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

function mailbox(name: string, value: string): string {
  const trimmed = value.trim();
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(trimmed))
    throw new Error(`${name} must be an e-mail address, got "${value}"`);
  return trimmed;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  // 0 lets the system pick a free port (tests).
  if (!Number.isSafeInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`SSO_PORT must be a port number, got "${value}"`);
  }
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): SsoConfig {
  const listenPort = port(env.SSO_PORT, 3001);
  const issuer = absoluteUrl('SSO_ISSUER', env.SSO_ISSUER || `http://localhost:${listenPort}`);
  const publicUrl = absoluteUrl('PUBLIC_URL', env.PUBLIC_URL || 'http://localhost:3000');
  const webOrigins = (env.WEB_ORIGINS || publicUrl)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => origin('WEB_ORIGINS', value));
  if (!webOrigins.includes(new URL(publicUrl).origin)) webOrigins.unshift(new URL(publicUrl).origin);
  return {
    port: listenPort,
    host: env.SSO_HOST || '0.0.0.0',
    issuer,
    publicUrl,
    webOrigins: [...new Set(webOrigins)],
    clientId: env.OIDC_CLIENT_ID || DEFAULT_WEB_CLIENT_ID,
    audience: env.OIDC_AUDIENCE || DEFAULT_API_AUDIENCE,
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.SSO_DATABASE_URL || env.DATABASE_URL || undefined,
    demoPassword: env.SHIPDESK_DEMO_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Shipdesk <no-reply@shipdesk.local>',
    supportEmail: mailbox('SUPPORT_EMAIL', env.SUPPORT_EMAIL || 'support@example.com'),
    appUrls: {
      ruleEngine: env.APP_URL_RULE_ENGINE || `${publicUrl}/ship_rule`,
      // Multi-carrier labels are bought in this app: its carrier accounts, unless a separate app is configured.
      labels: env.APP_URL_LABELS || `${publicUrl}/settings/carriers`,
    },
    trustProxy: flag(env.SSO_TRUST_PROXY) ?? issuer.startsWith('https:'),
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 3600),
  };
}
