import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { DEFAULT_API_AUDIENCE, DEFAULT_WEB_CLIENT_ID } from '@shipdesk/contract';

/** Everything the server reads from the environment, parsed once. */
export interface ServerConfig {
  host: string;
  port: number;
  logLevel: string;
  /** Embedded database folder (PGlite at `${dataDir}/server-db`); unused when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Base64 of 32 bytes; encrypts stored credentials. Unset: generated once under `dataDir`. */
  secretsKey: string | undefined;
  /** Mail over SMTP (a nodemailer URL). Unset: every mail is an `.eml` file in `${dataDir}/outbox`. */
  smtpUrl: string | undefined;
  /** The sender of the mails the server sends (return labels to buyers). */
  mailFrom: string;
  publicUrl: string;
  webOrigins: string[];
  oidcIssuer: string;
  oidcClientId: string;
  oidcAudience: string;
  ssoUrl: string;
  supportUrl: string;
  providerUrl: string;
  /** Built web app; the server runs API-only when the folder is missing. */
  webDist: string;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  trustProxy: boolean;
  /** Connect the seeded demo organisation to a demo Shopify store served in this process (SHIPDESK_DEMO=off: no). */
  demo: boolean;
  /**
   * Hosts (`host` or `host:port`) on loopback or a private network that stores and carriers may still be reached at:
   * an operator's own services. Everything else must be a public address.
   */
  outboundAllowHosts: string[];
  /**
   * What this instance does (SERVER_ROLE, docs/scale-out.md): `all` serves HTTP and realtime and runs the background
   * jobs; `api` serves and only sends jobs; `worker` runs the jobs and schedules and serves only health checks.
   */
  role: ServerRole;
  /**
   * Run the background jobs and the schedules in this instance (pg-boss workers). false (JOBS=off, or
   * SERVER_ROLE=api): this instance only sends jobs, and an instance that runs them takes them.
   */
  jobs: boolean;
  /** Redis for realtime across instances (the socket.io Redis adapter) instead of PostgreSQL's LISTEN/NOTIFY. */
  redisUrl: string | undefined;
  /**
   * The expiry of a pull's slice job (s): a slice still running this long after it started (its worker killed or cut
   * off) is taken over by another worker, which flags the store; slices end after a third of it.
   */
  syncStallSeconds: number;
  /** The expiry of a label batch's slice job (s): a stopped worker's slice is resumed by another after this long. */
  labelBatchStaleSeconds: number;
  /**
   * How often an idle worker asks each queue for work it was not woken for: jobs whose time came (a retry's backoff,
   * a tracking push's next attempt), a wake-up lost with a connection (s). Sending a job wakes the workers at once.
   */
  jobsPollSeconds: number;
  /** A block of the event loop this long makes `/healthz` report the process as not live (s). */
  eventLoopLimitSeconds: number;
  /** How often an instance reads the access revocations (deactivated users) that other instances recorded. */
  revocationRefreshMs: number;
  /** The BigCommerce marketplace app (install flow, docs/stores.md); unset: the install callbacks answer 503. */
  bigcommerce: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    loginUrl: string;
    apiUrl: string | undefined;
  };
  /**
   * QZ Tray signing (docs/printing.md): the site's certificate and its private key, PEM text. Unset: the print
   * routes answer 404 `printing_not_configured` and QZ Tray asks the person to allow each connection.
   */
  qzCertificate: string | undefined;
  qzPrivateKey: string | undefined;
  /**
   * Metrics (docs/OPERATIONS.md): METRICS_TOKEN serves `/metrics` on the app's port to `Authorization: Bearer
   * <token>` only; METRICS_PORT serves it on a listener of its own at METRICS_HOST (default 127.0.0.1). Neither: none.
   */
  metrics: {
    token: string | undefined;
    port: number | undefined;
    host: string;
    /** How long one read of the job queues serves the scrapes that follow (default 5 s; the tests shorten it). */
    cacheMs?: number;
  };
}

const SERVER_ROLES = ['all', 'api', 'worker'] as const;
type ServerRole = (typeof SERVER_ROLES)[number];

const here = fileURLToPath(new URL('.', import.meta.url));
const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function int(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** PEM text from the environment; `\n` written as two characters (one-line variables) becomes a line break. */
function pem(raw: string | undefined): string | undefined {
  const text = raw?.replace(/\\n/g, '\n').trim();
  return text ? `${text}\n` : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const publicUrl = trimSlash(env.PUBLIC_URL || 'http://localhost:3000');
  const oidcIssuer = trimSlash(env.OIDC_ISSUER || 'http://localhost:3001');
  const ssoUrl = trimSlash(env.SSO_URL || oidcIssuer);
  return {
    host: env.HOST || '127.0.0.1',
    port: int('PORT', env.PORT, 3000),
    logLevel: env.LOG_LEVEL || 'info',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Shipdesk <no-reply@shipdesk.local>',
    publicUrl,
    webOrigins: (env.WEB_ORIGINS || publicUrl)
      .split(',')
      .map((o) => trimSlash(o.trim()))
      .filter(Boolean),
    oidcIssuer,
    oidcClientId: env.OIDC_CLIENT_ID || DEFAULT_WEB_CLIENT_ID,
    oidcAudience: env.OIDC_AUDIENCE || DEFAULT_API_AUDIENCE,
    ssoUrl,
    // The bundled SSO hosts the support request form; with another identity provider set SUPPORT_URL.
    supportUrl: env.SUPPORT_URL || `${ssoUrl}/support`,
    providerUrl: env.PROVIDER_URL || publicUrl,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    rateLimitMax: int('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 600),
    rateLimitWindowMs: int('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    outboundAllowHosts: (env.OUTBOUND_ALLOW_HOSTS || '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    ...roleOf(env),
    redisUrl: env.REDIS_URL || undefined,
    demo: env.SHIPDESK_DEMO !== 'off',
    syncStallSeconds: int('SYNC_STALL_SECONDS', env.SYNC_STALL_SECONDS, 60) || 60,
    labelBatchStaleSeconds: int('LABEL_BATCH_STALE_SECONDS', env.LABEL_BATCH_STALE_SECONDS, 120) || 120,
    // LABELS_POLL_SECONDS is its name from when only the labels work polled; a day at most (pg-boss's own limit).
    jobsPollSeconds: Math.min(
      int('JOBS_POLL_SECONDS', env.JOBS_POLL_SECONDS ?? env.LABELS_POLL_SECONDS, 5) || 5,
      86_400,
    ),
    eventLoopLimitSeconds: int('EVENT_LOOP_LIMIT_SECONDS', env.EVENT_LOOP_LIMIT_SECONDS, 10) || 10,
    revocationRefreshMs: int('REVOCATION_REFRESH_MS', env.REVOCATION_REFRESH_MS, 5_000) || 5_000,
    bigcommerce: {
      clientId: env.BIGCOMMERCE_CLIENT_ID || undefined,
      clientSecret: env.BIGCOMMERCE_CLIENT_SECRET || undefined,
      loginUrl: trimSlash(env.BIGCOMMERCE_LOGIN_URL || 'https://login.bigcommerce.com'),
      apiUrl: env.BIGCOMMERCE_API_URL ? trimSlash(env.BIGCOMMERCE_API_URL) : undefined,
    },
    ...qzSigning(env),
    metrics: {
      token: metricsToken(env.METRICS_TOKEN),
      port: env.METRICS_PORT ? int('METRICS_PORT', env.METRICS_PORT, 0) : undefined,
      host: env.METRICS_HOST || '127.0.0.1',
    },
  };
}

function qzSigning(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'qzCertificate' | 'qzPrivateKey'> {
  const qzCertificate = pem(env.QZ_CERTIFICATE);
  const qzPrivateKey = pem(env.QZ_PRIVATE_KEY);
  if (Boolean(qzCertificate) !== Boolean(qzPrivateKey)) {
    throw new Error('QZ_CERTIFICATE and QZ_PRIVATE_KEY are set together, or neither');
  }
  return { qzCertificate, qzPrivateKey };
}

/** SERVER_ROLE: `api` and `worker` split one product over several processes, which needs a shared PostgreSQL. */
function roleOf(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'role' | 'jobs'> {
  const role = (env.SERVER_ROLE || 'all').trim().toLowerCase();
  if (!(SERVER_ROLES as readonly string[]).includes(role)) {
    throw new Error(`SERVER_ROLE must be one of ${SERVER_ROLES.join(', ')}, got "${env.SERVER_ROLE}"`);
  }
  if (role !== 'all' && !env.DATABASE_URL) {
    throw new Error(
      `SERVER_ROLE=${role} needs DATABASE_URL (a shared PostgreSQL): the embedded database belongs to one process`,
    );
  }
  if (role === 'worker' && env.JOBS === 'off') throw new Error('SERVER_ROLE=worker runs the jobs: leave JOBS unset');
  return { role: role as ServerRole, jobs: role !== 'api' && env.JOBS !== 'off' };
}

/** A token an operator's scraper sends: long enough not to be guessed. */
function metricsToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  return raw;
}
