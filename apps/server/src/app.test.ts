import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../test/app-helper.ts';

describe.each(backends)('app ($name)', (backend) => {
  describe('health, app-config, docs, errors', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(
        backend,
        { supportUrl: 'https://support.example.com/new', ssoUrl: 'https://sso.example' },
        (app) => {
          app.get('/api/v1/__boom', async () => {
            throw new Error('secret database password in /srv/app.ts:12');
          });
        },
      );
    });
    afterAll(() => t.close());

    it('answers /healthz and /readyz', async () => {
      expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });

    it('publishes /app-config.json without a token', async () => {
      const res = await t.app.inject('/app-config.json');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        oidcIssuer: t.config.oidcIssuer,
        oidcClientId: 'shipdesk-web',
        oidcAudience: t.config.oidcAudience,
        ssoUrl: 'https://sso.example',
        supportUrl: 'https://support.example.com/new',
        providerUrl: 'http://localhost:3000',
      });
    });

    it('publishes the OpenAPI document with every route', async () => {
      const res = await t.app.inject('/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/configs',
          '/call/configs/createOrUpdate',
          '/call/setupGuide',
          '/call/userProductSubscriptions',
          '/call/verifyNewUserRegister',
          '/app-config.json',
        ]),
      );
      expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
    });

    it('answers the 404 envelope for unknown API paths', async () => {
      for (const url of ['/api/v1/nothing', '/call/nothing']) {
        const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, success: false });
      }
      const post = await t.app.inject({ method: 'POST', url: '/api/v1/nothing' });
      expect(post.json()).toMatchObject({ code: 404, success: false });
    });

    it('answers the envelope to an address with a malformed %-encoding', async () => {
      for (const url of ['/api/v1/orders/%ff%fe', '/%ff']) {
        const res = await t.app.inject({ url, headers: await t.auth(newTenantId()) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 400, success: false, message: 'The address is not correctly encoded' });
      }
    });

    it('hides the details of a server error', async () => {
      const res = await t.app.inject({ url: '/api/v1/__boom', headers: await t.auth(newTenantId()) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, success: false, message: 'Internal server error' });
    });
  });

  describe('rate limit', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(backend, { rateLimitMax: 3 });
    });
    afterAll(() => t.close());

    it('answers 429 with the envelope past the limit', async () => {
      for (let i = 0; i < 3; i++) expect((await t.app.inject('/app-config.json')).statusCode).toBe(200);
      const res = await t.app.inject('/app-config.json');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 429, success: false, reason: 'rate_limited' });
      // Health checks are not rate limited.
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    });
  });

  describe('single-page app', () => {
    let t: TestContext;
    let dist: string;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'shipdesk-web-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shipdesk</title><div id="root"></div>');
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
      writeFileSync(join(dist, 'silent-renew.html'), '<!doctype html><title>renew</title>');
      // The frames the build rendered (apps/web/scripts/render-frames.ts).
      mkdirSync(join(dist, 'frames'));
      writeFileSync(join(dist, 'frames', 'orders.html'), '<div id="root"><main>orders frame</main></div>');
      writeFileSync(join(dist, 'frames', 'order-view.html'), '<div id="root"><main>order frame</main></div>');
      const frames = { '/': 'orders.html', '/orders': 'orders.html', '/orders/view/': 'order-view.html' };
      writeFileSync(join(dist, 'frames', 'frames.json'), JSON.stringify(frames));
      // As the build's precompress step leaves them: the same file brotli- and gzip-compressed beside it.
      const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i })))};`;
      writeFileSync(join(dist, 'assets', 'orders-def456.js'), big);
      writeFileSync(join(dist, 'assets', 'orders-def456.js.br'), brotliCompressSync(big));
      writeFileSync(join(dist, 'assets', 'orders-def456.js.gz'), gzipSync(big));
      t = await buildTestApp(backend, { webDist: dist });
    });
    afterAll(async () => {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('serves index.html for app routes, uncached', async () => {
      for (const url of ['/', '/orders/Sales%20Order', '/settings/labels?code=abc&state=xyz']) {
        const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('answers a page the build rendered with its frame, and the same page with a query or any other with index.html', async () => {
      const page = async (url: string) => {
        const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        return res.body;
      };
      expect(await page('/')).toContain('orders frame');
      expect(await page('/orders')).toContain('orders frame');
      expect(await page('/orders/view/123')).toContain('order frame');
      for (const url of ['/orders?page=2', '/orders/view/123/edit', '/orders/view/', '/stores', '/orders/Completed']) {
        expect(await page(url)).toContain('<title>Shipdesk</title>');
      }
    });

    it('serves hashed assets with a long cache and other files revalidated', async () => {
      const asset = await t.app.inject('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const renew = await t.app.inject('/silent-renew.html');
      expect(renew.statusCode).toBe(200);
      expect(renew.headers['cache-control']).toBe('no-cache');
    });

    it('sends a built asset precompressed as the client accepts it, and plain to a client that accepts neither', async () => {
      const url = '/assets/orders-def456.js';
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(gz.headers['cache-control']).toContain('immutable');
    });

    it('compresses API answers of 1 KiB and more, not the small ones', async () => {
      const docs = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('paths');
      const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('sends protective headers: a Content-Security-Policy on pages, no framing, no sniffing', async () => {
      for (const url of ['/', '/orders', '/silent-renew.html']) {
        const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
        const policy = res.headers['content-security-policy'] as string;
        expect(policy).toContain("script-src 'self'");
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain(`connect-src 'self' ${new URL(t.config.oidcIssuer).origin}`);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const api = await t.app.inject('/app-config.json');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers 404 for a missing asset and for API paths, never the page', async () => {
      const asset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
      expect(asset.statusCode).toBe(404);
      const api = await t.app.inject({ url: '/api/v1/missing', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ success: false });
    });
  });
});
