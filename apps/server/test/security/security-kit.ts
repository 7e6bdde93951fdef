import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role } from '@shipdesk/contract';
import { FakeRouter, startFakeHttpServer, type FakeHttpServer } from '@shipdesk/fakes';
import { buildTestApp, type Backend, type TestContext } from '../app-helper.ts';
import { createOrder, flow } from '../order-helpers.ts';
import { paidOrder, setWarehouse } from '../label-helpers.ts';
import { seedEndOfDay } from '../end-of-day-helpers.ts';
import { loadConfig } from '../../src/config.ts';
import type { RouteEntry } from '../../src/security/route-policy.ts';

/** What the generated suites need around the app: the SSO's users and subscriptions API, and nothing else outside. */
export interface SecurityApp extends TestContext {
  sso: FakeHttpServer;
}

const ok = (data: unknown, status = 200) => ({ status, body: { code: status, success: true, data } });

/** The SSO's organisation API as the server sees it: a user id of another organisation is a 404, as the SSO says. */
function fakeSso(): FakeRouter {
  return new FakeRouter()
    .on('GET', '/api/organization/users', () => ok({ users: [] }))
    .on('POST', '/api/organization/users', () => ({
      status: 400,
      body: { code: 400, success: false, message: 'Enter a valid e-mail address.', errors: { email: 'invalid' } },
    }))
    .on('PUT', '/api/organization/users/:id', () => ({
      status: 404,
      body: { code: 404, success: false, message: 'No such user in your organisation.' },
    }))
    .on('GET', '/api/subscriptions', () => ok({ products: [] }));
}

/** Outside calls on a tenant's behalf (stores, carriers, BigCommerce) get a refusal, never the network. */
const refusingFetch: typeof fetch = async () =>
  new Response(JSON.stringify({ error: 'unauthorized' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });

export async function buildSecurityApp(backend: Backend): Promise<SecurityApp> {
  const sso = await startFakeHttpServer(fakeSso());
  const t = await buildTestApp(
    backend,
    {
      ssoUrl: sso.url,
      rateLimitMax: 1_000_000,
      bigcommerce: { ...loadConfig({}).bigcommerce, clientId: 'bc-client', clientSecret: 'bc-secret-value-0123456789' },
    },
    undefined,
    { adapterOptions: { http: { fetch: refusingFetch, retries: 0 } } },
  );
  return {
    ...t,
    sso,
    close: async () => {
      await t.close();
      await sso.close();
    },
  };
}

/** The ids one tenant owns, by the name a path gives them (`orderId`, or the segment before `:id`). */
export type Seeds = Record<string, string>;

/**
 * Real rows of every kind a path can name, created through the API as the tenant's Admin (a note as its Manager,
 * so that the Manager may edit it). The only hand-written part of the generated suites: a new kind of id in a path
 * fails `idFor` until it is seeded here.
 */
export async function seedTenant(t: TestContext, tenant: string): Promise<Seeds> {
  const admin = await t.auth(tenant, Role.Admin);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  const order = await createOrder(t, tenant);
  const store = await call('POST', '/api/v1/stores', {
    name: 'Magento shop',
    sourceType: 'Magento',
    settings: { baseUrl: 'https://shop.example.com' },
    credentials: { accessToken: 'magento-access-token-0123' },
  });
  const note = await call(
    'POST',
    '/api/v1/orderNotes',
    { order_id: order.id, note: 'fragile' },
    await t.auth(tenant, Role.Manager),
  );
  const view = await call('POST', '/api/v1/orderListViews', {
    name: 'mine',
    filters: {},
    sort: 'orderDate desc',
    hiddenColumns: [],
  });
  const boxes = await call('GET', '/api/v1/orderBoxSizes');
  const product = await call('POST', '/api/v1/products', { sku: 'SEED-1', title: 'Seeded product' });
  const method = await call('POST', '/api/v1/shipMethods', { name: 'Standard' });
  const carrierMapping = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
    shipMethodId: method.id,
    carrier: 'usps',
    carrierMethod: 'USPS_GROUND_ADVANTAGE',
    packageType: 'PACKAGE',
  });
  const storeMapping = await call('POST', '/api/v1/shipMethodStoreMappings', {
    data: { shipMethodId: method.id, storeId: null, services: ['Free Shipping'] },
  });
  const account = await call('POST', '/api/v1/carrierAccounts', {
    carrier: 'usps',
    name: 'Main USPS',
    settings: {
      crid: '56982563',
      mid: '900066622',
      accountType: 'EPS',
      accountNumber: '1000405525',
      clientId: 'usps-client',
      apiBaseUrl: 'http://127.0.0.1:9/',
    },
    credentials: { clientSecret: 'usps-secret-value-123' },
  });
  // A delivery with a label bought from the built-in carrier, for the label routes.
  await setWarehouse(t, tenant);
  const paid = await paidOrder(t, tenant);
  const bought = await flow(t, tenant, paid.id, 'zpl', {
    version: paid.version,
    label: { carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', parcel: { weight: 900, length: 8, width: 6, height: 4 } },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const labelled = bought.json().data.label as { id: string; deliveryId: string };
  // A return label of that order, for the return label routes.
  const returned = await call('POST', `/call/order/${paid.id}/returnLabel`, { emailBuyer: false });
  // A paid order without a label, for the requests that name a delivery or a line in their body.
  const open = await paidOrder(t, tenant);
  const openDeliveries = await call('GET', `/api/v1/deliveries?orderId=${open.id}`);
  const batch = await call('POST', '/call/labelBatches', { event: 'zpl', orderIds: [order.id] });
  const ruleSet = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/shippingRuleByStore/${store.id}`,
    headers: admin,
    payload: { version: 0, rules: [] },
  });
  expect(ruleSet.statusCode, ruleSet.body).toBe(200);
  return {
    orderId: order.id,
    orders: order.id,
    deliveryId: labelled.deliveryId,
    labelId: labelled.id,
    labelledOrderId: paid.id,
    returnLabel: returned.id,
    lineId: order.lines[0]!.id,
    openOrderId: open.id,
    openDeliveryId: openDeliveries[0].deliveryId,
    openLineId: open.lines[0]!.id,
    shipment: labelled.deliveryId,
    storeId: store.id,
    shippingRuleByStore: store.id,
    shippingRuleSet: store.id,
    orderNotes: note.id,
    orderListViews: view.id,
    orderBoxSizes: boxes[0].id,
    products: product.id,
    shipMethods: method.id,
    shipMethodCarrierMethodMappings: carrierMapping.id,
    shipMethodStoreMappings: (Array.isArray(storeMapping) ? storeMapping[0] : storeMapping).id,
    carrierAccounts: account.id,
    accountId: account.id,
    labelBatches: batch.id,
    // A SCAN form and a pickup (`scanForms`, `pickups`), stored without asking a carrier.
    ...(await seedEndOfDay(t, tenant, account.id)),
    users: randomUUID(),
    // Not an id: the rule set's first version, saved above.
    version: '1',
    // Not an id: the buyer e-mails' settings of manual orders.
    storeKey: 'manual',
  };
}

/** The same id, of a row that does not exist. */
export function missingSeeds(seeds: Seeds): Seeds {
  return Object.fromEntries(
    Object.entries(seeds).map(([key, id]) => [
      key,
      key === 'version' ? id : /^\d+$/.test(id) ? '987654321' : randomUUID(),
    ]),
  );
}

/** A path parameter names a row when it is `id` or ends in `Id`. */
export const isIdParam = (name: string) => name === 'id' || /Id$/.test(name);

/** The seeded id a path parameter takes: by its name, or for `:id` by the path segment before it. */
export function idFor(seeds: Seeds, url: string, name: string): string {
  const segments = url.split('/');
  const at = segments.indexOf(`:${name}`);
  const key = name === 'id' ? segments[at - 1]! : name;
  const id = seeds[key];
  if (id === undefined) throw new Error(`No seeded id for :${name} of ${url} (add "${key}" to seedTenant)`);
  return String(id);
}

/** Path parameter names in the order of the path. */
export const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The routes the suites exercise: our API, not the API document's pages. */
export const apiRoutes = (table: RouteEntry[]) =>
  table.filter((r) => !r.url.startsWith('/docs') && r.method !== 'HEAD' && !r.url.includes('*'));

/** The rows of a raw statement, as PGlite and node-postgres both answer them. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

/** Every row of every table that carries `tenant_id`, for `tenant`, as text: compared before and after. */
export async function tenantSnapshot(t: TestContext, tenant: string): Promise<Record<string, string[]>> {
  const tables = await t.app.db.withTenant(tenant, (tx) =>
    tx.execute(
      sql`SELECT table_name FROM information_schema.columns
          WHERE column_name = 'tenant_id' AND table_schema = current_schema() ORDER BY table_name`,
    ),
  );
  const snapshot: Record<string, string[]> = {};
  for (const { table_name: name } of rowsOf<{ table_name: string }>(tables)) {
    const rows = await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`SELECT to_jsonb(x)::text AS row FROM ${sql.identifier(name)} x WHERE tenant_id = ${tenant}`),
    );
    snapshot[name] = rowsOf<{ row: string }>(rows)
      .map((r) => r.row)
      .sort();
  }
  return snapshot;
}
