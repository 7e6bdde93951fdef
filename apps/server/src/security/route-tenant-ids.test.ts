import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, newTenantId } from '../../test/app-helper.ts';
import { backgroundIdle } from '../../test/job-helpers.ts';
import { plainRequest } from '../../test/security/route-requests.ts';
import { fieldName, idFields, withId, type IdField } from '../../test/security/id-fields.ts';
import {
  apiRoutes,
  buildSecurityApp,
  missingSeeds,
  seedTenant,
  tenantSnapshot,
  type SecurityApp,
  type Seeds,
} from '../../test/security/security-kit.ts';
import type { RouteEntry } from './route-policy.ts';

/**
 * Ids sent in a query or a body, generated from the route table as the path ids are (route-policy-matrix.test.ts):
 * every field of a route's schema that names a row is sent with another tenant's id, with a missing id and with the
 * caller's own. Another tenant's id is refused exactly as a missing one, and neither changes anything of either
 * tenant; the caller's own id answers otherwise, so the field was looked up and the refusal is the tenant wall.
 */

/** What one request needs besides its ids to reach their look-up: path values, a body, the seeded row per kind. */
interface Reach {
  values?: Record<string, string>;
  query?: Record<string, string>;
  payload?: Record<string, unknown>;
  kinds?: Record<string, string>;
}

type Ask = (method: 'GET', url: string) => Promise<Record<string, unknown>>;

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const USPS = { carrier: 'usps', carrierMethod: 'USPS_GROUND_ADVANTAGE', packageType: 'PACKAGE' };
const ON_OPEN_ORDER = { deliveryId: 'openDeliveryId', lineId: 'openLineId' };

const ruleSet = (version?: number) => ({
  ...(version === undefined ? {} : { version }),
  rules: [
    {
      id: 'r1',
      name: 'Everything',
      enabled: true,
      match: 'all',
      conditions: [],
      actions: [{ type: 'setShipMethod' }, { type: 'setBox' }],
      stop: false,
    },
  ],
});

/**
 * The routes whose request, made from the schema's required parts alone, is refused before its ids are looked up (an
 * event without ids, a stale version, a service no carrier has): what each needs, read fresh for every field.
 */
const REACH: Record<string, (s: Seeds, ask: Ask) => Promise<Reach>> = {
  'GET /call/orders/:orderId/:eventName/fsmFlow': async (s) => ({
    values: { orderId: s.openOrderId!, eventName: 'zpl' },
    query: { rates: 'false' },
    kinds: ON_OPEN_ORDER,
  }),
  'POST /call/orders/:orderId/:eventName/orderFlow': async (s, ask) => ({
    values: { orderId: s.openOrderId!, eventName: 'zpl' },
    payload: {
      version: (await ask('GET', `/api/v1/orders/${s.openOrderId}`)).version,
      label: { carrier: 'usps', serviceCode: USPS.carrierMethod, parcel: PARCEL },
    },
    kinds: ON_OPEN_ORDER,
  }),
  'POST /call/order/:orderId/updateOrderShipping': async () => ({ payload: { ...USPS } }),
  // A return label is for shipped units: the order with a label; the account is looked up for its carrier.
  'POST /call/order/:orderId/returnLabel': async (s) => ({
    values: { orderId: s.labelledOrderId! },
    payload: { carrier: 'usps', emailBuyer: false },
  }),
  'POST /call/order/:orderId/shapeDeliveries': async (s, ask) => {
    const order = await ask('GET', `/api/v1/orders/${s.openOrderId}`);
    const lines = (order.lines as Array<{ id: string; quantity: number }>).map((l) => ({
      lineId: l.id,
      quantity: l.quantity,
    }));
    return {
      values: { orderId: s.openOrderId! },
      payload: { version: order.version, deliveries: [{ lines }] },
      kinds: ON_OPEN_ORDER,
    };
  },
  'POST /call/order/:orderId/updateOrderLines': async (s, ask) => {
    const order = await ask('GET', `/api/v1/orders/${s.openOrderId}`);
    const lines = (order.lines as Array<{ sku: string; name: string; quantity: number; unitPrice: number }>).map(
      (l) => ({ sku: l.sku, name: l.name, quantity: l.quantity, unitPrice: l.unitPrice }),
    );
    return {
      values: { orderId: s.openOrderId! },
      payload: { version: order.version, lines: lines.slice(0, 1) },
      kinds: ON_OPEN_ORDER,
    };
  },
  'POST /call/order/:orderId/updateLineWeights': async (s, ask) => ({
    values: { orderId: s.openOrderId! },
    payload: { version: (await ask('GET', `/api/v1/orders/${s.openOrderId}`)).version },
    kinds: ON_OPEN_ORDER,
  }),
  'POST /call/order/:orderId/updateDeliveryParcel': async (s, ask) => ({
    values: { orderId: s.openOrderId! },
    payload: {
      version: (await ask('GET', `/api/v1/orders/${s.openOrderId}`)).version,
      weight: null,
      length: null,
      width: null,
      height: null,
    },
    kinds: ON_OPEN_ORDER,
  }),
  'PUT /api/v1/shippingRuleByStore/:id': async (s, ask) => {
    const sets = (await ask('GET', '/call/shippingRuleSet/list')).ruleSets as Array<Record<string, unknown>>;
    return { payload: ruleSet(sets.find((set) => set.storeId === s.storeId)!.version as number) };
  },
  'POST /call/shippingRuleSet/:id/dryRun': async () => ({ payload: ruleSet() }),
  'POST /api/v1/shipMethodCarrierMethodMappings': async () => ({ payload: { ...USPS } }),
  'PUT /api/v1/shipMethodCarrierMethodMappings/:id': async () => ({ payload: { ...USPS } }),
};

/** An answer with the id it was sent replaced, so that two refusals of two different ids compare. */
const answer = (res: { statusCode: number; body: string }, id: string) =>
  `${res.statusCode} ${res.body.replace(new RegExp(`(?<![\\w-])${id}(?![\\w-])`, 'g'), '<id>')}`;

describe.each(backends)('ids in queries and bodies ($name)', (backend) => {
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
    routes = apiRoutes(t.app.routeTable).filter((r) => r.policy === 'signed-in' || r.policy === 'admin');
  }, 60_000);
  afterAll(() => t?.close());

  it('finds the id fields of queries and bodies in the route table', () => {
    const found = routes.flatMap((r) => idFields(r).map((f) => `${r.method} ${r.url} ${fieldName(f)}`));
    expect(found.length).toBeGreaterThan(25);
    // A few that must be among them, so that a change of the walk that loses fields fails here.
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /call/labelBatches body.orderIds',
        'POST /call/shippingRules/apply body.orderIds',
        'POST /call/order/:orderId/shapeDeliveries body.deliveries.[].lines.[].lineId',
        'PUT /api/v1/shippingRuleByStore/:id body.rules.[].actions.[].boxSizeId',
        'GET /call/shipment/:id/shipLabel query.labelId',
      ]),
    );
  });

  it("refuses another tenant's id in a query or a body as a missing one, and changes nothing", async () => {
    const adminA = await t.auth(tenantA, Role.Admin);
    const ask: Ask = async (method, url) => {
      const res = await t.app.inject({ method, url, headers: adminA });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const missing = missingSeeds(seedsB);
    await backgroundIdle(t);
    const beforeB = await tenantSnapshot(t, tenantB);
    const wrong: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const fields = idFields(route);
      for (const field of fields) {
        const what = `${route.method} ${route.url} ${fieldName(field)}`;
        const reach = (await REACH[`${route.method} ${route.url}`]?.(seedsA, ask)) ?? {};
        const kind = (f: IdField) => reach.kinds?.[f.kind] ?? f.kind;
        // Every id field the caller's own; then the one under test changed.
        let base: InjectOptions = plainRequest(route, seedsA, adminA, reach.values);
        base = { ...base, query: { ...(base.query as object), ...reach.query } };
        if (reach.payload) base = { ...base, payload: { ...(base.payload as object), ...reach.payload } };
        for (const f of fields) base = withId(base, f, seedsA[kind(f)]!);

        // What the last case's own request sent on (a re-resolution, a pull) has run before the rows are compared.
        await backgroundIdle(t);
        const beforeA = await tenantSnapshot(t, tenantA);
        const cross = await t.app.inject(withId(base, field, seedsB[kind(field)]!));
        const none = await t.app.inject(withId(base, field, missing[kind(field)]!));
        await backgroundIdle(t);
        if (cross.statusCode < 400 || cross.statusCode >= 500) {
          wrong.push(`${what}: another tenant's id answered ${cross.statusCode} ${cross.body}`);
        }
        if (answer(cross, seedsB[kind(field)]!) !== answer(none, missing[kind(field)]!)) {
          wrong.push(`${what}: another tenant's id ${cross.statusCode} ${cross.body}, a missing id ${none.body}`);
        }
        if (JSON.stringify(await tenantSnapshot(t, tenantA)) !== JSON.stringify(beforeA)) {
          wrong.push(`${what}: a refused id changed the caller's rows`);
        }
        const own = await t.app.inject(withId(base, field, seedsA[kind(field)]!));
        if (answer(own, seedsA[kind(field)]!) === answer(none, missing[kind(field)]!)) {
          wrong.push(`${what}: the caller's own id answers as a missing one (${own.statusCode} ${own.body})`);
        }
        cases += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThan(25);
    await backgroundIdle(t);
    expect(await tenantSnapshot(t, tenantB)).toEqual(beforeB);
    // Every id field of every route, each with snapshots before and after: it grows with the routes.
  }, 120_000);
});
