import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { backends, buildTestApp, newTenantId, type TestContext } from '../test/app-helper.ts';
import { createOrder } from '../test/order-helpers.ts';

/**
 * Bad input generated from the route table (the published OpenAPI document), so routes added later are covered
 * without writing their cases: every string a body, query or path can carry is sent with a character PostgreSQL
 * cannot store, every number beyond what the database holds. Each must answer 400 naming the field, never 500.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const NUL = 'a\u0000b';
const TOO_BIG = 1e20;
const STRING_CANDIDATES = [
  '1',
  'US',
  'USD',
  'en',
  'Shopify',
  'a',
  'https://shop.example.com',
  'SHP',
  '2026-01-01',
  '09:00',
];

/** A value the schema accepts, with every optional property filled so that every leaf is reached. */
function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child);
      if (typeof schema.additionalProperties === 'object') out.key = sample(schema.additionalProperties);
      return out;
    }
    case 'array':
      return [sample(schema.items ?? {})];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'a@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-01-01';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return STRING_CANDIDATES.find((c) => pattern.test(c)) ?? 'x';
      }
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

type Leaf = { path: string[]; kind: 'string' | 'number' };

function leaves(value: unknown, path: string[] = [], out: Leaf[] = []): Leaf[] {
  if (typeof value === 'string') out.push({ path, kind: 'string' });
  else if (typeof value === 'number') out.push({ path, kind: 'number' });
  else if (Array.isArray(value)) value.forEach((item, i) => leaves(item, [...path, String(i)], out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], out);
  }
  return out;
}

function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = leaf;
  return copy;
}

function expectRefused(res: LightMyRequestResponse, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const errors = (res.json() as { errors?: Record<string, string> }).errors ?? {};
  expect(Object.keys(errors), `${what}: ${res.body}`).toContain(field);
}

describe.each(backends)('bad input over every route ($name)', (backend) => {
  let t: TestContext;
  let headers: { authorization: string };
  let operations: Array<{ method: string; path: string; op: Operation }>;
  let orderId: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const tenant = newTenantId();
    headers = await t.auth(tenant);
    orderId = (await createOrder(t, tenant)).id;
    const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  });
  afterAll(() => t.close());

  /** The path with each parameter filled: the test's order for ids, the first allowed value for the rest. */
  const fill = (path: string, op: Operation, override: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name in override) return override[name]!;
      const schema = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
      const value = /id$/i.test(name) && !schema.enum && !schema.anyOf ? orderId : String(sample(schema));
      return encodeURIComponent(value);
    });

  it('covers the routes that take input', () => {
    const withBody = operations.filter((o) => o.op.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
  });

  it('refuses an unstorable string or an oversized number in any body field, naming it', async () => {
    let checked = 0;
    for (const { method, path, op } of operations) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema || path.startsWith('/webhooks')) continue;
      const body = sample(schema);
      for (const leaf of leaves(body)) {
        const field = leaf.path.join('.');
        const bad = withLeaf(body, leaf.path, leaf.kind === 'string' ? NUL : TOO_BIG);
        const res = await t.app.inject({ method, url: fill(path, op), headers, payload: bad as object });
        expectRefused(res, field, `${method} ${path} ${field}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses an unstorable string or an oversized number in any query or path parameter, naming it', async () => {
    for (const { method, path, op } of operations) {
      if (path.startsWith('/webhooks')) continue;
      // A JSON body made from its schema; a body of another kind (a CSV file) is left out, as its route's parameters
      // are checked before it is read.
      const json = op.requestBody?.content['application/json']?.schema;
      const body = json ? sample(json) : undefined;
      for (const param of op.parameters ?? []) {
        if (param.in !== 'query' && param.in !== 'path') continue;
        const numeric = param.schema.type === 'integer' || param.schema.type === 'number';
        const value = numeric ? '99999999999999999999' : NUL;
        const url =
          param.in === 'path'
            ? fill(path, op, { [param.name]: encodeURIComponent(value) })
            : `${fill(path, op)}?${param.name}=${encodeURIComponent(value)}`;
        const res = await t.app.inject({ method, url, headers, ...(body ? { payload: body as object } : {}) });
        const what = `${method} ${path} ${param.in} ${param.name}`;
        // A path segment that names no row may answer 404, as a missing row does; never a 500.
        if (param.in === 'path' && res.statusCode === 404) continue;
        expectRefused(res, param.name, what);
      }
    }
  });

  it('refuses page numbers beyond what the database holds', async () => {
    for (const url of [
      '/api/v1/orders?page=99999999999999999999',
      '/api/v1/orders?size=10&page=1000000000000000000',
      '/api/v1/stores?page=9223372036854775808',
      '/api/v1/orders?page=1e400',
    ]) {
      expectRefused(await t.app.inject({ url, headers }), 'page', url);
    }
    const deepest = await t.app.inject({ url: '/api/v1/orders?size=500&page=9007199254740991', headers });
    expect(deepest.statusCode, deepest.body).toBe(200);
  });

  it('refuses ids longer than any row can have instead of failing in the database', async () => {
    for (const url of [`/api/v1/orders/9999999999999999999`, `/api/v1/orders/9223372036854775808/events`]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses NUL inside JSON sent as text (filters, config options), naming the field', async () => {
    const filters = encodeURIComponent(JSON.stringify({ search: `like@${NUL}` }));
    expectRefused(
      await t.app.inject({ url: `/api/v1/orders?filters=${filters}`, headers }),
      'filters.search',
      'orders',
    );
    expectRefused(
      await t.app.inject({ url: `/api/v1/stores?filters=${filters}`, headers }),
      'filters.search',
      'stores',
    );
    const options = JSON.stringify({ name: NUL, address1: 'x', city: 'y', country: 'US' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers,
      payload: { key: 'warehouse_info', options },
    });
    expectRefused(res, 'options.name', 'warehouse_info');
  });

  it('keeps the order unchanged after a refused write', async () => {
    const before = (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/call/order/${orderId}/shipping/updateOrderAddress`,
      headers,
      payload: { name: NUL, address1: '1 Main St', city: 'Boston', country: 'US' },
    });
    expectRefused(res, 'name', 'updateOrderAddress');
    const after = (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers })).json().data;
    expect(after).toEqual(before);
  });
});
