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

describe('private names', () => {
  it('reach their address only by the name, on its port; the address itself stays refused', async () => {
    const guard = createEgressGuard();
    const named = guard.privateName(`http://127.0.0.1:${innerPort}`);
    const url = new URL(named);
    expect(url.hostname).toMatch(/^[0-9a-f]{32}\.private\.shipdesk\.invalid$/);
    expect(url.port).toBe(String(innerPort));
    const before = innerHits;
    expect((await guard.fetch(`${named}/`)).status).toBe(200);
    expect(innerHits).toBe(before + 1);
    expect(guard.allows(url)).toBe(true);

    // The address, another port under the name, and a name nobody was given, are refused before connecting.
    await expect(guard.fetch(`http://127.0.0.1:${innerPort}/`)).rejects.toBeInstanceOf(EgressRefusedError);
    expect(guard.allows(new URL(`http://127.0.0.1:${innerPort}/`))).toBe(false);
    const otherPort = new URL(named);
    otherPort.port = '5432';
    await expect(guard.fetch(otherPort.href)).rejects.toBeInstanceOf(EgressRefusedError);
    await expect(guard.fetch(`http://${'0'.repeat(32)}.private.shipdesk.invalid:${innerPort}/`)).rejects.toBeInstanceOf(
      EgressRefusedError,
    );
    expect(innerHits).toBe(before + 1);
  });
});

describe.each(backends)('a store cannot be saved pointing at a private address ($name)', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend, { outboundAllowHosts: [] });
  });
  afterAll(() => t.close());

  it('refuses loopback, private and metadata addresses on the field that holds them, on create and on edit', async () => {
    const headers = await t.auth(newTenantId());
    const create = (sourceType: string, settings: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/stores',
        headers,
        payload: {
          name: `${sourceType} store`,
          sourceType,
          settings,
          credentials: { accessToken: 'token-1234567890' },
        },
      });
    const refusals: Array<[string, Record<string, string>, string]> = [
      ['Shopify', { shopDomain: 'shop.myshopify.com', apiBaseUrl: `http://127.0.0.1:${innerPort}` }, 'apiBaseUrl'],
      ['Shopify', { shopDomain: '127.0.0.1' }, 'shopDomain'],
      ['Shopify', { shopDomain: '10.1.2.3' }, 'shopDomain'],
      ['Bigcommerce', { storeHash: 'abc123', apiBaseUrl: 'http://[::1]:9000' }, 'apiBaseUrl'],
      ['Magento', { baseUrl: 'http://10.0.0.5' }, 'baseUrl'],
    ];
    for (const [sourceType, settings, field] of refusals) {
      const res = await create(sourceType, settings);
      expect(res.statusCode, `${sourceType} ${JSON.stringify(settings)}`).toBe(400);
      expect(res.json().errors[`settings.${field}`]).toMatch(/must point at a public address/);
    }

    // A domain DNS does not know yet is saved (the guard checks every call anyway); its edit to loopback is not.
    const saved = await create('Shopify', { shopDomain: 'brand-new-shop.myshopify.com' });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id as string;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/stores/${id}`,
      headers,
      payload: { settings: { shopDomain: 'brand-new-shop.myshopify.com', apiBaseUrl: 'http://169.254.169.254' } },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors['settings.apiBaseUrl']).toMatch(/169\.254\.169\.254/);
  });

  it("refuses another organisation the demo's fakes: their address, or their name on another port", async () => {
    const demoName = t.app.egress.privateName(`http://127.0.0.1:${innerPort}`);
    const headers = await t.auth(newTenantId());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers,
      payload: {
        name: 'Borrowed',
        sourceType: 'Shopify',
        settings: { shopDomain: 'borrowed.myshopify.com', apiBaseUrl: `http://127.0.0.1:${innerPort}` },
        credentials: { accessToken: 'token-1234567890' },
      },
    });
    expect(res.statusCode).toBe(400);
    const probe = await t.app.inject({
      method: 'POST',
      url: '/call/store/testConnection',
      headers,
      payload: {
        sourceType: 'Shopify',
        settings: { shopDomain: 'borrowed.myshopify.com', apiBaseUrl: demoName.replace(String(innerPort), '5432') },
        credentials: { accessToken: 'shpat_0123456789abcdef' },
      },
    });
    expect(probe.json().data).toMatchObject({ ok: false, message: expect.stringMatching(/does not call/) });
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
