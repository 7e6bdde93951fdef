import { Agent, createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A recording HTTP proxy between the server and a fake carrier (address-checks.ts): every request passes through
 * unchanged and is logged with when it was sent, its path and the status the carrier answered. The fakes count the
 * calls that reach an API, not the 429s their gateways answer before it, nor when each call came: this log has both.
 */

export interface ProxiedCall {
  /** `performance.now()` when the request reached the proxy. */
  at: number;
  method: string;
  path: string;
  status: number;
  /** From the request's arrival to the end of the carrier's answer. */
  ms: number;
  /** The request's body (the addresses asked, for FedEx's batch call). */
  body: string;
}

export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`: the carrier account's API address. */
  url: string;
  readonly calls: readonly ProxiedCall[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const calls: ProxiedCall[] = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://proxy.local').pathname;
      const upstream = forward(
        { host: hostname, port: Number(port), method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          const status = answer.statusCode ?? 0;
          const call = { at, method: req.method ?? 'GET', path, status, ms: 0, body: body.toString() };
          calls.push(call);
          answer.on('end', () => (call.ms = performance.now() - at));
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        calls.push({ at, method: req.method ?? 'GET', path, status: 502, ms: performance.now() - at, body: '' });
        res.writeHead(502).end(String(error));
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/** The most calls whose times fall in any window of `windowMs` (a sliding window over the sorted times). */
export function mostInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to]! - sorted[from]! >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

/** The most calls in flight at once (a call is in flight from its arrival until its answer ended). */
export function mostInFlight(calls: readonly ProxiedCall[]): number {
  const edges = calls.flatMap((c) => [
    { at: c.at, step: 1 },
    { at: c.at + c.ms, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const edge of edges) {
    now += edge.step;
    most = Math.max(most, now);
  }
  return most;
}
