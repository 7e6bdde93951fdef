/**
 * SQLSTATEs PostgreSQL sends when it ends the session rather than refusing the statement: the statement may well
 * succeed on a new connection, so the caller is told to try again instead of being told it is wrong.
 */
const SESSION_ENDED_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown, a failover
  '57P02', // crash_shutdown: another backend crashed and the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
]);

/** Socket errors of a connection that was refused, reset or cut, as Node reports them in `code`. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres and its pool give these no code; their wording has been stable across versions.
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

function isUnavailableHere(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Class 08: connection_exception (e.g. 08006 connection_failure).
    if (SESSION_ENDED_CODES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/**
 * True when `error` says the database could not be reached or dropped the connection (a terminated backend, a
 * restart, a failover, a refused or reset socket), not that the statement was wrong: worth a 503 and a retry rather
 * than a 500. Looks through `cause` (Drizzle wraps driver errors) and `errors` (Node's AggregateError of a connect
 * tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableHere(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
