import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A host of a tenant's own that answers far more than any platform would: a body of hundreds of MB (or one that never
 * ends), streamed from one reused buffer so that the test process never holds it, with what was sent counted. Small
 * JSON answers can sit beside it (a token endpoint), so a carrier account can be pointed at it whole.
 */

export interface OversizedRoute {
  status?: number;
  contentType?: string;
  /** Written first: the start of a real answer, e.g. `{"labelImage":"`. */
  head?: string;
  /** Filler bytes after the head (Infinity: the answer never ends). */
  size: number;
  /** Written after the filler, when it ends. */
  tail?: string;
  /** Content-Length says the whole size up front (default: chunked, no length). */
  declareLength?: boolean;
  /** The filler byte (default 'A': valid base64, valid inside a JSON string). */
  fill?: string;
}

export type AnswerRoute = OversizedRoute | { json: unknown; status?: number };

export interface StreamedAnswer {
  path: string;
  /** Bytes handed to the socket so far. */
  sent: number;
  /** The client closed the connection before the answer's end. */
  closedEarly: boolean;
  /** Resolves when the answer ended or its connection closed. */
  done: Promise<void>;
}

export interface OversizedAnswerServer {
  url: string;
  requests: Array<{ method: string; path: string }>;
  answers: StreamedAnswer[];
  /** The requests with this method and path. */
  count(method: string, path: string): number;
  close(): Promise<void>;
}

const CHUNK_BYTES = 1024 * 1024;

async function stream(res: ServerResponse, route: OversizedRoute, answer: StreamedAnswer): Promise<void> {
  const head = Buffer.from(route.head ?? '');
  const tail = Buffer.from(route.tail ?? '');
  const chunk = Buffer.alloc(CHUNK_BYTES, route.fill ?? 'A');
  let closed = false;
  res.on('close', () => {
    closed = true;
    answer.closedEarly = !res.writableFinished;
  });
  res.writeHead(route.status ?? 200, {
    'content-type': route.contentType ?? 'application/json',
    ...(route.declareLength && Number.isFinite(route.size)
      ? { 'content-length': String(head.length + route.size + tail.length) }
      : {}),
  });
  const write = async (piece: Buffer) => {
    answer.sent += piece.length;
    if (res.write(piece)) return;
    await new Promise<void>((resolve) => {
      const go = () => {
        res.off('drain', go);
        res.off('close', go);
        resolve();
      };
      res.on('drain', go);
      res.on('close', go);
    });
  };
  await write(head);
  for (let left = route.size; left > 0 && !closed; left -= chunk.length) {
    await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  }
  if (!closed) res.end(tail);
}

export async function startOversizedAnswerServer(routes: Record<string, AnswerRoute>): Promise<OversizedAnswerServer> {
  const requests: OversizedAnswerServer['requests'] = [];
  const answers: StreamedAnswer[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://answers.local').pathname;
    const method = req.method ?? 'GET';
    requests.push({ method, path });
    req.resume();
    const route = routes[`${method} ${path}`];
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    if ('json' in route) {
      res.writeHead(route.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(route.json));
      return;
    }
    let finish = () => {};
    const answer: StreamedAnswer = { path, sent: 0, closedEarly: false, done: new Promise((r) => (finish = r)) };
    answers.push(answer);
    res.on('close', () => finish());
    void stream(res, route, answer).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answers,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
