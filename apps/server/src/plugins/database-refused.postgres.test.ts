import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutageProxy, type OutageProxy } from '@shipdesk/db-kit';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../test/app-helper.ts';
import { apiRoutes, pathParams } from '../../test/security/security-kit.ts';

/**
 * The server while its PostgreSQL refuses connections (stopped, restarting, its host gone), not only while it ends
 * sessions (database-outage.test.ts): every route that needs the database answers 503 with Retry-After, never a 500;
 * `/healthz` stays live (the process is fine, restarting it would not help) while `/readyz` is not ready; and the
 * same requests succeed once the database is back.
 */
describe('requests while the database refuses connections (postgres)', () => {
  let proxy: OutageProxy;
  let t: TestContext;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const postgres = backends.find((backend) => backend.name === 'postgres')!;
    const database = await postgres.createMigrated();
    cleanup = database.cleanup;
    proxy = await startOutageProxy(database.config.databaseUrl!);
    t = await buildTestApp(postgres, { databaseUrl: proxy.url, jobs: true });
  });
  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
    await cleanup?.();
  });

  it('answers 503 with Retry-After on every API route, keeps /healthz live, and recovers', async () => {
    const headers = await t.auth(newTenantId());
    expect((await t.app.inject({ url: '/api/v1/orders', headers })).statusCode).toBe(200);
    await proxy.cut();

    const answers: string[] = [];
    for (const route of apiRoutes(t.app.routeTable)) {
      let url = route.url;
      for (const name of pathParams(url)) url = url.replace(`:${name}`, '1');
      const payload = route.method === 'GET' ? undefined : {};
      const res = await t.app.inject({ method: route.method, url, headers, payload });
      const unavailable = res.statusCode === 503 && /database/.test(res.body);
      if (res.statusCode === 500 || (unavailable && res.headers['retry-after'] !== '1')) {
        answers.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(answers).toEqual([]);

    const orders = await t.app.inject({ url: '/api/v1/orders', headers });
    expect(orders.statusCode).toBe(503);
    expect(orders.json()).toMatchObject({ code: 503, success: false });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('1');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/v1/orders', headers })).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
