import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Where the fake Shippo's label_url points: Shippo hands out links to its file store (pre-signed, no Shippo token),
 * so the files are served by a listener of their own, apart from the API, as the bytes they are. It logs what was
 * asked (a test can see that no Shippo token went with it) and can fail the next downloads with a 5xx.
 */

interface FakeLabelFileRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakeLabelFiles {
  /** The store's base URL, without a trailing slash. */
  readonly url: string;
  readonly requests: FakeLabelFileRequest[];
  put(name: string, bytes: Buffer, contentType: string): string;
  /** The next `times` downloads answer `status` (default 503). */
  fail(times?: number, status?: number): void;
  close(): Promise<void>;
}

export async function startFakeLabelFiles(): Promise<FakeLabelFiles> {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: FakeLabelFileRequest[] = [];
  let failures: { times: number; status: number } = { times: 0, status: 503 };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://files.local').pathname;
    requests.push({ path, headers: req.headers });
    if (failures.times > 0) {
      failures.times -= 1;
      res.writeHead(failures.status, { 'content-type': 'application/xml' });
      return res.end(
        '<Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>',
      );
    }
    const file = req.method === 'GET' ? files.get(path.slice(1)) : undefined;
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      return res.end('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    put(name, bytes, contentType) {
      files.set(name, { bytes, contentType });
      return `${url}/${name}`;
    },
    fail(times = 1, status = 503) {
      failures = { times, status };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
