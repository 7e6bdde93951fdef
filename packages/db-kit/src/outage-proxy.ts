import { createServer, Socket, type Server } from 'node:net';

/**
 * For test suites: a TCP proxy in front of a PostgreSQL server that a test can cut, so the database refuses new
 * connections and drops the open ones, as when it is stopped or its host is gone, without touching the real server
 * that other suites use. `restore` listens again on the same port.
 */
export interface OutageProxy {
  /** `databaseUrl` with the proxy's host and port. */
  url: string;
  /** Any database URL of the same server, through the proxy. */
  via(databaseUrl: string): string;
  /** Closes the listening socket (new connections are refused) and destroys every open connection. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startOutageProxy(databaseUrl: string): Promise<OutageProxy> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    const started = createServer((client) => {
      const upstream = new Socket();
      const end = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on('error', end).on('close', end);
      }
      upstream.connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.listen(port, '127.0.0.1', () => resolve());
    });
    port = (started.address() as { port: number }).port;
    server = started;
  };

  const cut = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of open) socket.destroy();
    open.clear();
    await closed;
  };

  await listen();
  const via = (url: string) => {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    return proxied.href;
  };
  return { url: via(databaseUrl), via, cut, restore: () => (server ? Promise.resolve() : listen()), close: cut };
}
