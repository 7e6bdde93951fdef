import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { logSerializers } from './log-serializers.ts';
import { logMixin } from './request-context.ts';

/**
 * What no log line may hold, whoever writes it: credentials (headers, tokens, keys, passwords, a store's secrets)
 * and a person's contact details. The serializers already leave headers and query strings out of request lines;
 * these paths catch the same things when code logs an object that carries them (pino's `redact`, one level deep).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'req.query.token',
  'req.query.access_token',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  ...[
    'authorization',
    'cookie',
    'password',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'apiKey',
    'secret',
    'clientSecret',
    'credentials',
    'privateKey',
    'email',
    'phone',
    'address',
    'shipTo',
    'billTo',
  ].flatMap((field) => [field, `*.${field}`]),
];

const CENSOR = '[redacted]';

type LoggerOption = NonNullable<FastifyServerOptions['logger']>;

/**
 * Every logger of the app (the process's, a test's) gets the serializers, the redaction and the job's request id;
 * what the caller passes adds to them.
 */
export function withLogDefaults(logger: LoggerOption): FastifyServerOptions['logger'] {
  const options = typeof logger === 'object' ? logger : {};
  const given = options.redact;
  const paths = Array.isArray(given) ? given : (given?.paths ?? []);
  return {
    ...options,
    redact: { paths: [...new Set([...REDACTED_PATHS, ...paths])], censor: CENSOR },
    mixin: options.mixin ?? logMixin,
    serializers: { ...logSerializers, ...options.serializers },
  };
}

/** Routes an operator does not want a line per request for: the checks a balancer and a scraper make, the SPA files. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics', '/*', '/']);

/**
 * Whether a finished request is routine (logged at debug): a health check, a scrape or a static file that went
 * well, or the SPA's page answered for a deep link. A failure of any of them stays at info.
 */
export function isRoutineRequest(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 400) return false;
  const route = request.routeOptions.url;
  if (route !== undefined) return QUIET_ROUTES.has(route);
  const type = reply.getHeader('content-type');
  return request.method === 'GET' && typeof type === 'string' && type.startsWith('text/html');
}
