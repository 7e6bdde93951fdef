import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createEgressGuard, EgressRefusedError } from './egress.ts';

/** A loopback server standing in for something on the server's own network that must stay out of reach. */
let inner: Server;
let innerPort = 0;
let innerHits = 0;
beforeAll(async () => {
  inner = createServer((request, response) => {
    innerHits += 1;
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${innerPort}/secret` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal-config"}');
  });
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  innerPort = (inner.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => inner.close(() => resolve())));

describe('egress guard', () => {
  it('refuses loopback, private and link-local literals before connecting', async () => {
    const guard = createEgressGuard();
    const before = innerHits;
    for (const url of [
      `http://127.0.0.1:${innerPort}/`,
      `http://[::1]:${innerPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://2130706433/',
    ]) {
      await expect(guard.fetch(url), url).rejects.toBeInstanceOf(EgressRefusedError);
    }
    expect(innerHits).toBe(before);
  });

  it('refuses a name that resolves to loopback, at connect time', async () => {
    const guard = createEgressGuard();
    await expect(guard.fetch(`http://localhost:${innerPort}/`)).rejects.toThrow(/localhost resolves to/);
  });

  it('calls an allowed host, and does not follow its redirect to somewhere else', async () => {
    const guard = createEgressGuard([`127.0.0.1:${innerPort}`]);
    const ok = await guard.fetch(`http://127.0.0.1:${innerPort}/`);
    expect(ok.status).toBe(200);
    const redirected = await guard.fetch(`http://127.0.0.1:${innerPort}/redirect`);
    expect(redirected.status).toBe(302);
    const other = createEgressGuard(['127.0.0.1:1']);
    await expect(other.fetch(`http://127.0.0.1:${innerPort}/`)).rejects.toBeInstanceOf(EgressRefusedError);
  });
});

describe.each(backends)('testing a connection cannot probe the server network ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend, { outboundAllowHosts: [] });
  });
  afterAll(() => t.close());

  const probe = async (apiBaseUrl: string, role: 2 | 3) =>
    t.app.inject({
      method: 'POST',
      url: '/call/store/testConnection',
      headers: await t.auth(newTenantId(), role),
      payload: {
        sourceType: 'Shopify',
        settings: { shopDomain: 'probe.myshopify.com', apiBaseUrl },
        credentials: { accessToken: 'shpat_0123456789abcdef' },
      },
    });

  it('answers the same refusal for an open and a closed port, for Managers and Admins, reading nothing', async () => {
    const before = innerHits;
    const answers = [];
    for (const role of [Role.Manager, Role.Admin] as const) {
      for (const target of [
        `http://127.0.0.1:${innerPort}/app-config.json?`,
        'http://127.0.0.1:5432/',
        'http://127.0.0.1:1/',
      ]) {
        const res = await probe(target, role);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data.ok).toBe(false);
        expect(data.message).toMatch(/127\.0\.0\.1 is a loopback, private or link-local address/);
        expect(JSON.stringify(data)).not.toContain('internal-config');
        answers.push({ ...data, message: data.message.replace(/:\d+/, '') });
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(innerHits).toBe(before);
  });
});
