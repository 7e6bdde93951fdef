import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The little HTTP server under every fake platform (tests and the demo, never the product's code paths): routing by
 * method and path pattern, a log of what was asked, and faults queued by a test (429 with the platform's headers,
 * 500, a hang past the client's timeout, malformed JSON) that answer the next matching requests instead of the fake.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Raw body text. */
  body: string;
  params: Record<string, string>;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are; undefined = empty body. */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers (until the server closes): the client's timeout fires. */
  | { kind: 'hang' }
  | { kind: 'malformed' };

export interface FakeHttpServer {
  url: string;
  port: number;
  /** Every request received, oldest first. */
  readonly requests: FakeRequest[];
  /** The next `times` requests whose path matches answer with the fault instead (default: every path). */
  fail(fault: Fault, options?: { times?: number; path?: RegExp }): void;
  /** Answers every request this much later (a slow platform, or a long pull to interrupt). */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
}

export class FakeRouter {
  private readonly routes: Route[] = [];

  /** `path` with `:name` segments, e.g. `/stores/:hash/v2/orders/:id`. */
  on(method: string, path: string, handler: FakeHandler): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  match(method: string, path: string): { handler: FakeHandler; params: Record<string, string> } | null {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1]!)));
      return { handler: route.handler, params };
    }
    return null;
  }
}

function send(res: ServerResponse, reply: FakeReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body: string | undefined;
  if (reply.body !== undefined) {
    if (typeof reply.body === 'string') body = reply.body;
    else {
      body = JSON.stringify(reply.body);
      headers['content-type'] ??= 'application/json; charset=utf-8';
    }
  }
  res.writeHead(reply.status, headers);
  res.end(body);
}

export async function startFakeHttpServer(
  router: FakeRouter,
  options: { port?: number; notFound?: (request: FakeRequest) => FakeReply } = {},
): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = [];
  const faults: Array<{ fault: Fault; times: number; path: RegExp | undefined }> = [];
  const hanging = new Set<ServerResponse>();
  let latencyMs = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        params: {},
      };
      requests.push(request);

      const queued = faults.find((f) => !f.path || f.path.test(request.path));
      if (queued) {
        queued.times -= 1;
        if (queued.times <= 0) faults.splice(faults.indexOf(queued), 1);
        const { fault } = queued;
        if (fault.kind === 'hang') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if (fault.kind === 'malformed') {
          return send(res, {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"orders": [{"id": ',
          });
        }
        return send(res, { status: fault.status, headers: fault.headers, body: fault.body });
      }

      const matched = router.match(request.method, request.path);
      if (!matched) {
        return send(res, options.notFound?.(request) ?? { status: 404, body: { error: 'Not Found' } });
      }
      request.params = matched.params;
      const wait = latencyMs > 0 ? new Promise((r) => setTimeout(r, latencyMs)) : Promise.resolve();
      wait
        .then(() => matched.handler(request))
        .then(
          (reply) => send(res, reply),
          (error: unknown) => send(res, { status: 500, body: { error: String(error) } }),
        );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    fail(fault, { times = 1, path } = {}) {
      faults.push({ fault, times, path });
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
