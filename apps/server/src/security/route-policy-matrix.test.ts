import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@shipdesk/contract';
import { backends, newTenantId } from '../../test/app-helper.ts';
import { backgroundIdle } from '../../test/job-helpers.ts';
import { collectRouteTable, ROUTE_POLICIES, type RouteEntry, type RoutePolicy } from './route-policy.ts';
import { pathVariants, plainRequest } from '../../test/security/route-requests.ts';
import {
  apiRoutes,
  buildSecurityApp,
  isIdParam,
  missingSeeds,
  pathParams,
  seedTenant,
  tenantSnapshot,
  type SecurityApp,
  type Seeds,
} from '../../test/security/security-kit.ts';

/**
 * The route x role x tenant matrix, generated from the route table: every route declares who may call it
 * (`config: { policy }`, src/security/route-policy.ts), and the server answers each role as declared; every route
 * that takes an id in its path answers another tenant's id 404 and changes nothing of that tenant.
 */

const undeclared = (table: RouteEntry[]) =>
  table.filter((r) => !ROUTE_POLICIES.includes(r.policy as RoutePolicy)).map((r) => `${r.method} ${r.url}`);

type Caller = 'nobody' | 'Manager' | 'Admin' | 'SuperAdmin';
const ROLES: Record<Exclude<Caller, 'nobody'>, RoleId> = {
  Manager: Role.Manager,
  Admin: Role.Admin,
  SuperAdmin: Role.SuperAdmin,
};

/** What each policy answers each caller: `refused` is the exact status; `admitted` means neither 401 nor 403. */
const EXPECTED: Record<RoutePolicy, Record<Caller, 401 | 403 | 'admitted' | '4xx'>> = {
  public: { nobody: 'admitted', Manager: 'admitted', Admin: 'admitted', SuperAdmin: 'admitted' },
  // Without the platform's signature the request is refused whoever sends it; a user's token grants nothing.
  'signed-request': { nobody: '4xx', Manager: '4xx', Admin: '4xx', SuperAdmin: '4xx' },
  'signed-in': { nobody: 401, Manager: 'admitted', Admin: 'admitted', SuperAdmin: 'admitted' },
  admin: { nobody: 401, Manager: 403, Admin: 'admitted', SuperAdmin: 'admitted' },
};

describe('route policy declarations', () => {
  it('finds a route that declares no policy, or an unknown one', async () => {
    const app = Fastify();
    collectRouteTable(app);
    app.get('/declared', { config: { policy: 'signed-in' } }, async () => 'ok');
    app.get('/forgotten', async () => 'ok');
    app.post('/misspelt', { config: { policy: 'admins' as RoutePolicy } }, async () => 'ok');
    await app.ready();
    expect(undeclared(app.routeTable)).toEqual(['GET /forgotten', 'POST /misspelt']);
    await app.close();
  });
});

describe.each(backends)('route x role x tenant matrix ($name)', (backend) => {
  let t: SecurityApp;
  const tenantA = newTenantId();
  const tenantB = newTenantId();
  let seedsA: Seeds;
  let seedsB: Seeds;
  let routes: RouteEntry[];
  beforeAll(async () => {
    t = await buildSecurityApp(backend);
    seedsA = await seedTenant(t, tenantA);
    seedsB = await seedTenant(t, tenantB);
    routes = apiRoutes(t.app.routeTable);
  }, 60_000);
  afterAll(() => t?.close());

  it('has every route declare a policy', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(80);
    expect(undeclared(t.app.routeTable)).toEqual([]);
  });

  it('answers every role on every route as its policy declares', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const caller of ['nobody', 'Manager', 'SuperAdmin', 'Admin'] as const) {
      const headers = caller === 'nobody' ? {} : await t.auth(tenantA, ROLES[caller]);
      for (const route of routes) {
        const expected = EXPECTED[route.policy!][caller];
        const res = await t.app.inject(plainRequest(route, seedsA, headers));
        const status = res.statusCode;
        const fine =
          expected === 'admitted'
            ? status !== 401 && status !== 403 && status < 500
            : expected === '4xx'
              ? status >= 400 && status < 500 && !(status === 403 && caller !== 'nobody')
              : status === expected;
        if (!fine) wrong.push(`${caller} ${route.method} ${route.url} (${route.policy}): ${status} ${res.body}`);
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * 4);
    // Managers are refused every write the policies reserve for Admins, and there are such writes.
    const adminWrites = routes.filter((r) => r.policy === 'admin' && r.method !== 'GET');
    expect(adminWrites.length).toBeGreaterThan(15);
  });

  it("answers 404 to another tenant's id on every route taking one, and changes nothing of it", async () => {
    const withIds = routes.filter(
      (r) => (r.policy === 'signed-in' || r.policy === 'admin') && pathParams(r.url).some(isIdParam),
    );
    expect(withIds.length).toBeGreaterThan(30);
    // The seeds' own background work (each new order's address check) done first: only requests change rows after.
    await backgroundIdle(t);
    const before = await tenantSnapshot(t, tenantB);
    expect(Object.values(before).flat().length).toBeGreaterThan(10);
    const adminA = await t.auth(tenantA, Role.Admin);
    const adminB = await t.auth(tenantB, Role.Admin);
    const missing = missingSeeds(seedsB);
    const wrong: string[] = [];
    const ownerChecks: Array<{
      route: RouteEntry;
      values: Record<string, unknown>;
      missing: { statusCode: number; body: string };
    }> = [];
    let cases = 0;
    for (const route of withIds) {
      let answered404 = false;
      // Each value an enum parameter allows (an order event, an address type) is its own case.
      for (const values of pathVariants(route)) {
        const what = `${route.method} ${route.url} ${JSON.stringify(values)}`;
        const cross = await t.app.inject(plainRequest(route, seedsB, adminA, values));
        const none = await t.app.inject(plainRequest(route, missing, adminA, values));
        // Exactly what a missing row answers: nothing tells the caller the id exists elsewhere.
        if (cross.statusCode !== none.statusCode) {
          wrong.push(`${what}: ${cross.statusCode} ${cross.body}, a missing id ${none.statusCode}`);
        }
        answered404 ||= cross.statusCode === 404;
        if (route.method === 'GET') ownerChecks.push({ route, values, missing: none });
        cases += 1;
      }
      if (!answered404) wrong.push(`${route.method} ${route.url}: never 404 for another tenant's id`);
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(withIds.length);
    await backgroundIdle(t);
    expect(await tenantSnapshot(t, tenantB)).toEqual(before);

    // The owner's own requests find the rows, so the answers above are the tenant wall, not missing rows. (After the
    // snapshot: some GETs of the spec's paths do work, e.g. cancelShipment voids the label.)
    for (const { route, values, missing: none } of ownerChecks) {
      const own = await t.app.inject(plainRequest(route, seedsB, adminB, values));
      if (own.statusCode === none.statusCode && own.body === none.body) {
        wrong.push(
          `owner ${route.method} ${route.url} ${JSON.stringify(values)} answers as for a missing id: ${own.body}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
