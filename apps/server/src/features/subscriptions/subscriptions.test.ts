import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

const products = [
  {
    id: 'iam',
    name: 'Identity and Access Management',
    app_logo: 'http://sso/logos/iam.svg',
    ui_url: 'http://sso/profile',
  },
  { id: 'shipping', name: 'Shipdesk', app_logo: 'http://sso/logos/shipping.svg', ui_url: 'http://localhost:3000' },
];

/** Stands in for the SSO's /api/subscriptions, speaking its envelope. */
function startSso(): Promise<{ server: Server; url: string; seen: string[]; mode: { value: string } }> {
  const seen: string[] = [];
  const mode = { value: 'ok' };
  const server = createServer((req, res) => {
    seen.push(`${req.url} ${req.headers.authorization}`);
    if (mode.value === 'down') {
      res.writeHead(500).end('{"code":500,"success":false,"message":"boom"}');
    } else if (mode.value === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"success":true,"data":{}}');
    } else {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 200, success: true, data: { products } }));
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, mode }),
    ),
  );
}

describe.each(backends)('userProductSubscriptions ($name)', (backend) => {
  let t: TestContext;
  let sso: Awaited<ReturnType<typeof startSso>>;
  beforeAll(async () => {
    sso = await startSso();
    t = await buildTestApp(backend, { ssoUrl: sso.url });
  });
  afterAll(async () => {
    await t.close();
    sso.server.close();
  });

  it("passes the SSO's products through, asked with the caller's token", async () => {
    const headers = await t.auth(newTenantId());
    const res = await t.app.inject({ url: '/call/userProductSubscriptions', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, success: true, data: { products } });
    expect(sso.seen.at(-1)).toBe(`/api/subscriptions ${headers.authorization}`);
  });

  it('answers 502 when the SSO fails or answers nonsense', async () => {
    const headers = await t.auth(newTenantId());
    for (const mode of ['down', 'garbage']) {
      sso.mode.value = mode;
      const res = await t.app.inject({ url: '/call/userProductSubscriptions', headers });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 502, success: false });
    }
    sso.mode.value = 'ok';
  });

  it('answers 502 when the SSO cannot be reached', async () => {
    const down = await buildTestApp(backend, { ssoUrl: 'http://127.0.0.1:9' });
    try {
      const res = await down.app.inject({
        url: '/call/userProductSubscriptions',
        headers: await down.auth(newTenantId()),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 502, success: false });
    } finally {
      await down.close();
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject('/call/userProductSubscriptions')).statusCode).toBe(401);
  });
});
