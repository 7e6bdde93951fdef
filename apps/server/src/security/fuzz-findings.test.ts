import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, newTenantId } from '../../test/app-helper.ts';
import { apiRoutes, buildSecurityApp, type SecurityApp } from '../../test/security/security-kit.ts';
import { partsOf } from '../../test/security/route-requests.ts';

/**
 * What route-fuzz.test.ts found, kept as plain cases so they stay fixed whatever the fuzzer's seed. Each was a 500
 * (or a 502 for the caller's own bad input); each is now a 400 naming the field.
 */
describe.each(backends)('fuzzing findings ($name)', (backend) => {
  let t: SecurityApp;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildSecurityApp(backend);
  });
  afterAll(() => t?.close());

  it("refuses a filter named after an Object member (__proto__, constructor, toString) on every list's filters", async () => {
    const headers = await t.auth(tenant);
    // The lists that read their filters: an unknown filter is refused there (some lists take the parameter and ignore it).
    const lists = [];
    for (const route of apiRoutes(t.app.routeTable).filter((r) => partsOf(r).querystring?.properties?.filters)) {
      const unknown = await t.app.inject({
        method: route.method,
        url: route.url,
        query: { filters: '{"nope":"x"}' },
        headers,
      });
      if (unknown.statusCode === 400) lists.push(route);
    }
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const route of lists) {
      for (const key of ['__proto__', 'constructor', 'toString']) {
        const filters = `{"${key}":"x"}`;
        const res = await t.app.inject({ method: route.method, url: route.url, query: { filters }, headers });
        expect(res.statusCode, `${route.url} ${filters}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().errors ?? {}), `${route.url} ${filters}`).toContain(`filters.${key}`);
      }
    }
  });

  it('answers a BigCommerce install code that BigCommerce refuses with 400 naming the code, not 502', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/call/bigcommerce/auth?code=never-issued&scope=store_v2_orders&context=stores/abc123',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('code');
  });
});
