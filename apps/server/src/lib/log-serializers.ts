import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What a log line may say about a request: its route, never its query string, which can carry an access token
 * (`?access_token=`, the realtime handshake's `?token=`) or a customer's search text.
 */
function requestSerializer(request: FastifyRequest) {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? url : `${url.slice(0, query)}?…`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

interface QueryFailure {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** Fields of a PostgreSQL error that repeat the row's values (`detail`: "Key (name)=(Acme) already exists"). */
const VALUE_FIELDS = ['detail', 'where', 'internalQuery', 'query', 'params', 'parameters'] as const;

/**
 * pino's error serializer, minus what a failed statement carries: its SQL text with every parameter (a tenant id,
 * a customer's name and address) in the message, the stack and the error's own fields. What is left says which
 * statement kind failed and why (PostgreSQL's code and message), which is what an operator needs.
 */
function errorSerializer(error: Error): SerializedError {
  const failure = error as Error & QueryFailure;
  if (failure.query === undefined && failure.params === undefined) return scrub(stdSerializers.err(error));
  const cause = failure.cause instanceof Error ? failure.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const verb = typeof failure.query === 'string' ? (/^\s*(\w+)/.exec(failure.query)?.[1] ?? '').toUpperCase() : '';
  // A data exception (class 22) quotes the value it could not take: `invalid input syntax for type bigint: "..."`.
  const reason = typeof code === 'string' && code.startsWith('22') ? cause!.message.split(':')[0] : cause?.message;
  const message = `Failed ${verb || 'database'} statement: ${reason ?? 'no cause given'}`;
  const stackFrames = (failure.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized = {
    type: failure.name,
    message,
    code,
    stack: [`${failure.name}: ${message}`, ...stackFrames].join('\n'),
  } as unknown as SerializedError;
  // As pino's own serializer keeps it: for code that reads it, never written to the log.
  Object.defineProperty(serialized, 'raw', { value: error, enumerable: false });
  return serialized;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

function scrub(serialized: SerializedError): SerializedError {
  const out = { ...serialized } as SerializedError;
  for (const field of VALUE_FIELDS) delete out[field];
  return out;
}

export const logSerializers = { req: requestSerializer, err: errorSerializer };
