/** The little the SSO logs: one JSON line per event on stdout/stderr, or nothing in tests. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function serialise(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
    ]),
  );
}

export function jsonLogger(name = 'sso'): Logger {
  const write = (level: string, stream: NodeJS.WriteStream, message: string, fields?: Record<string, unknown>) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, name, message, ...serialise(fields) })}\n`);
  return {
    info: (message, fields) => write('info', process.stdout, message, fields),
    warn: (message, fields) => write('warn', process.stderr, message, fields),
    error: (message, fields) => write('error', process.stderr, message, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
