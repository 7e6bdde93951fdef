import type { Context, Middleware, Next } from 'koa';

/** A small exact-path router: the SSO has a handful of routes and oidc-provider owns the rest of the URL space. */
type Handler = (ctx: Context) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

export class Router {
  readonly #routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.#routes.push({ method, pattern: new RegExp(`^${source}$`), keys, handler });
    return this;
  }

  get(path: string, handler: Handler): this {
    return this.on('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.on('POST', path, handler);
  }

  middleware(): Middleware {
    return async (ctx: Context, next: Next) => {
      let pathMatched = false;
      for (const route of this.#routes) {
        const match = route.pattern.exec(ctx.path);
        if (!match) continue;
        pathMatched = true;
        const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
        if (route.method !== method) continue;
        ctx.params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')]));
        await route.handler(ctx);
        return;
      }
      if (pathMatched && ctx.method !== 'OPTIONS') {
        ctx.status = 405;
        ctx.body = { code: 405, success: false, message: 'Method not allowed' };
        return;
      }
      await next();
    };
  }
}

declare module 'koa' {
  interface DefaultContext {
    params: Record<string, string>;
  }
}

/** A failure answered as the `{ code, success: false, message, errors? }` envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** Said on a page when the database cannot be reached: the request is fine, and the next try may well work. */
export const UNAVAILABLE_PAGE_MESSAGE =
  'The sign-in service cannot reach its database just now. Please try again in a moment.';

/** What every request that needed an unreachable database answers: 503, try again in a second. */
export const databaseUnavailable = () =>
  new HttpError(503, 'The sign-in service cannot reach its database; try again', undefined, { 'Retry-After': '1' });

/** An HTML page of the SSO (forms, messages): never cached, since it may carry a form token or a person's data. */
export function sendPage(ctx: Context, body: string, status = 200): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export function ok(ctx: Context, data: unknown, status = 200): void {
  ctx.status = status;
  ctx.body = { code: status, success: true, data };
}

const MAX_BODY_BYTES = 64 * 1024;

async function readRaw(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON object body; anything else is a 400. */
export async function readJson(ctx: Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) throw new HttpError(415, 'Send the request body as application/json');
  const raw = await readRaw(ctx);
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** Reads an HTML form post (application/x-www-form-urlencoded). */
export async function readForm(ctx: Context): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) return {};
  return Object.fromEntries(new URLSearchParams(await readRaw(ctx)));
}

/** CORS for the JSON API the web app calls from its own origin; preflights are answered here. */
export function cors(allowedOrigins: readonly string[], paths: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async (ctx, next) => {
    if (!paths.some((path) => ctx.path === path || ctx.path.startsWith(`${path}/`))) return next();
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    const permitted = origin !== '' && allowed.has(origin);
    if (permitted) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      if (permitted) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        ctx.set('Access-Control-Max-Age', '600');
      }
      ctx.status = 204;
      return;
    }
    return next();
  };
}

export function clientIp(ctx: Context): string {
  return ctx.ip || ctx.req.socket.remoteAddress || 'unknown';
}
