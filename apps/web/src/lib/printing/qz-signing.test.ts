import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Qz } from 'qz-tray';
import { writeAuthData } from '@/lib/storage/auth-data';
import { serverSigning } from './qz-signing.ts';
import { createQzTrayClient } from './qz-tray.ts';

/** What the server's signing endpoint accepts (apps/server/src/features/printing/printing-guard.ts). */
const QZ_SIGN_REQUEST = /^[0-9a-f]{64}$/;

interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A server for the two printing calls: `answers` are the sign call's answers in turn (then 200 with a signature). */
function fakeServer(answers: Array<{ status: number; body?: unknown; retryAfter?: string }> = []) {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    seen.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    });
    if (url === '/call/print/certificate') return new Response('-----BEGIN CERTIFICATE-----\n', { status: 200 });
    const answer = answers.shift();
    if (!answer) return new Response(`signed-${seen.length}`, { status: 200 });
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (answer.retryAfter) headers.set('Retry-After', answer.retryAfter);
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers });
  });
  return { fetch, seen };
}

/**
 * QZ Tray's side of the websocket, enough for qz-tray.js to connect and call: it answers each call with a result
 * and keeps what it was sent.
 */
class FakeQzSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static received: Array<Record<string, unknown>> = [];
  readyState = FakeQzSocket.CONNECTING;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor(url: string) {
    expect(url).toMatch(/^wss?:\/\/localhost/);
    setTimeout(() => {
      this.readyState = FakeQzSocket.OPEN;
      for (const listener of this.listeners.get('open') ?? []) listener({});
    }, 0);
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  send(data: string) {
    if (data === 'ping') return;
    const message = JSON.parse(data) as Record<string, unknown>;
    FakeQzSocket.received.push(message);
    const result = message.call === 'getVersion' ? '2.2.6' : message.call === 'printers.find' ? ['Zebra ZP450'] : null;
    setTimeout(() => this.onmessage?.({ data: JSON.stringify({ uid: message.uid, result }) }), 0);
  }

  close() {
    this.readyState = FakeQzSocket.CLOSED;
    setTimeout(() => this.onclose?.({ code: 1000 }), 0);
  }
}

beforeEach(() => {
  writeAuthData('token-of-the-signed-in-person');
  // qz-tray.js says when it connects, and that it runs without its optional LNA helper.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  FakeQzSocket.received = [];
});

describe('QZ Tray signing by the server', () => {
  it('passes on exactly what qz-tray.js asks to sign: the SHA-256 of the call, in hex, which the server accepts', async () => {
    const qz = (await import('qz-tray')).default as Qz & { api: { setWebSocketType(type: unknown): void } };
    qz.api.setWebSocketType(FakeQzSocket);
    const server = fakeServer();
    const client = createQzTrayClient({ signing: serverSigning({ fetch: server.fetch }) });

    expect(await client.listPrinters()).toEqual(['Zebra ZP450']);
    await client.disconnect();

    const signs = server.seen.filter((request) => request.url === '/call/print/sign');
    expect(signs.length).toBeGreaterThan(0);
    const call = FakeQzSocket.received.find((message) => message.call === 'printers.find')!;
    const { request } = JSON.parse(signs.at(-1)!.body!) as { request: string };
    expect(request).toMatch(QZ_SIGN_REQUEST);
    const signed = JSON.stringify({ call: call.call, params: call.params, timestamp: call.timestamp });
    expect(request).toBe(createHash('sha256').update(signed).digest('hex'));
    // The server's signature goes with the call, under the algorithm the server signs with.
    expect(call).toMatchObject({
      signature: `signed-${server.seen.indexOf(signs.at(-1)!) + 1}`,
      signAlgorithm: 'SHA512',
    });
    // A same-origin POST with the person's token: the browser adds the page's Origin, which the server checks.
    expect(signs.at(-1)).toMatchObject({ method: 'POST' });
    expect(signs.at(-1)!.headers.get('Authorization')).toBe('Bearer token-of-the-signed-in-person');
    expect(signs.at(-1)!.headers.get('Content-Type')).toBe('application/json');
  });

  it('waits as long as a 429 says and asks again, so a long batch slows down instead of failing', async () => {
    const server = fakeServer([
      { status: 429, retryAfter: '1', body: { message: 'Too many QZ Tray signatures: try again in 1 s' } },
      { status: 429, retryAfter: '2' },
    ]);
    const sleep = vi.fn(async () => undefined);
    const signing = serverSigning({ fetch: server.fetch, sleep });
    expect(await signing.sign('a'.repeat(64))).toBe('signed-3');
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
  });

  it("rejects with the server's words when it refuses, and gives up on a 429 that asks too long a wait", async () => {
    const message = 'QZ Tray signatures are only for the Shipdesk web app; this request came from a page of x';
    const refused = serverSigning({ fetch: fakeServer([{ status: 403, body: { message } }]).fetch });
    await expect(refused.sign('a'.repeat(64))).rejects.toThrow(
      `Shipdesk could not sign the request for QZ Tray: ${message}`,
    );
    const sleep = vi.fn(async () => undefined);
    const long = serverSigning({ fetch: fakeServer([{ status: 429, retryAfter: '60' }]).fetch, sleep });
    await expect(long.sign('a'.repeat(64))).rejects.toThrow('Shipdesk could not sign the request for QZ Tray');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('stops asking once the server says printing is not set up', async () => {
    const server = fakeServer([{ status: 404, body: { reason: 'printing_not_configured' } }]);
    const signing = serverSigning({ fetch: server.fetch });
    expect(await signing.sign('a'.repeat(64))).toBeNull();
    expect(await signing.sign('b'.repeat(64))).toBeNull();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});
