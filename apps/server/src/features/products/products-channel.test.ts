import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type Product, type ProductList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import type { Executor } from '../../db/client.ts';
import { recordChannelProducts } from './products-channel-repository.ts';
import type { ChannelProductLine } from './products-channel-rules.ts';

const line = (sku: string, weight: number, extra: Partial<ChannelProductLine> = {}): ChannelProductLine => ({
  sku,
  name: `Channel ${sku}`,
  weight,
  ...extra,
});

/** Counts the statements a repository sends through `tx.execute`. */
function counting(tx: Executor): { tx: Executor; count: () => number } {
  let n = 0;
  const proxy = new Proxy(tx, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { tx: proxy, count: () => n };
}

describe.each(backends)('products from what channels send ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string, who = tenant) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(await t.auth(who, Role.Admin)),
        ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  const record = (lines: ChannelProductLine[], who = tenant) =>
    t.app.db.withTenant(who, (tx) => recordChannelProducts(tx, who, [{ lines }]));
  const product = async (sku: string, who = tenant): Promise<Product | undefined> => {
    const res = await call(
      'GET',
      `/api/v1/products?search=${encodeURIComponent(sku)}&archived=true&size=500`,
      undefined,
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as ProductList).rows.find((p) => p.sku === sku && p.archivedAt === null);
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    // Signing in makes each tenant.
    for (const who of [tenant, other])
      expect((await call('GET', '/api/v1/products', undefined, who)).statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  it("creates the channel's products with title, weight and size, and one without a weight for the seller to weigh", async () => {
    const result = await record([
      line('CH-MUG', 454, { name: 'Enamel mug', size: { length: 5, width: 4, height: 4 } }),
      line('CH-EBAY', 0, { name: 'eBay listing' }),
    ]);
    expect(result).toEqual({ created: ['CH-EBAY', 'CH-MUG'], updated: [], weighed: ['CH-MUG'], toFill: ['CH-MUG'] });
    expect(await product('CH-MUG')).toMatchObject({
      title: 'Enamel mug',
      weight: 454,
      length: 5,
      width: 4,
      height: 4,
      source: 'channel',
      weightSource: 'channel',
    });
    expect(await product('CH-EBAY')).toMatchObject({
      title: 'eBay listing',
      weight: null,
      length: null,
      source: 'channel',
      weightSource: null,
    });

    // The same facts again write nothing.
    const before = (await product('CH-MUG'))!.updatedAt;
    expect(
      await record([line('CH-MUG', 454, { name: 'Enamel mug', size: { length: 5, width: 4, height: 4 } })]),
    ).toMatchObject({ created: [], updated: [], weighed: [] });
    expect((await product('CH-MUG'))!.updatedAt).toBe(before);
  });

  it("updates a channel's product from the channel (weight, size), never its title once given, and never clears a weight it said before", async () => {
    await record([line('CH-TEE', 170, { name: 'Tee' })]);
    expect(
      await record([line('CH-TEE', 176, { name: 'Classic tee', size: { length: 10, width: 8, height: 1 } })]),
    ).toMatchObject({ created: [], updated: ['CH-TEE'], weighed: ['CH-TEE'] });
    // The title it was made with stays: a seller may have typed it since, and nothing tells one from the other.
    expect(await product('CH-TEE')).toMatchObject({
      title: 'Tee',
      weight: 176,
      length: 10,
      weightSource: 'channel',
    });
    // A later copy without a weight (0) or a name leaves them.
    // A line without a weight of a weighed product: nothing written, its open orders to be filled.
    expect(await record([line('CH-TEE', 0, { name: '' })])).toEqual({
      created: [],
      updated: [],
      weighed: [],
      toFill: ['CH-TEE'],
    });
    expect(await product('CH-TEE')).toMatchObject({ title: 'Tee', weight: 176 });
    // The eBay product made without a weight takes one when a channel sends it: a new weight.
    expect((await record([line('CH-EBAY2', 0)])).weighed).toEqual([]);
    expect(await record([line('CH-EBAY2', 300)])).toEqual({
      created: [],
      updated: ['CH-EBAY2'],
      weighed: ['CH-EBAY2'],
      toFill: ['CH-EBAY2'],
    });
    expect(await product('CH-EBAY2')).toMatchObject({ weight: 300, weightSource: 'channel' });
  });

  it('never overwrites what a seller typed or imported, nor the title of a product the channel did not make', async () => {
    const typed = await call('POST', '/api/v1/products', { sku: 'SELLER-1', title: 'My mug', weight: 500 });
    expect(typed.statusCode, typed.body).toBe(201);
    const imported = await call('POST', '/api/v1/products/import', 'sku,title,weight_g\nIMPORT-1,Imported mug,800\n');
    expect(imported.statusCode, imported.body).toBe(200);
    const untyped = await call('POST', '/api/v1/products', { sku: 'SELLER-2', title: 'Weigh me' });
    expect(untyped.statusCode, untyped.body).toBe(201);
    const untitled = await call('POST', '/api/v1/products', { sku: 'SELLER-3', weight: 90 });
    expect(untitled.statusCode, untitled.body).toBe(201);

    const result = await record([
      line('SELLER-1', 700, { name: 'Channel mug', size: { length: 9, width: 9, height: 9 } }),
      line('IMPORT-1', 900, { name: 'Channel import' }),
      line('SELLER-2', 250, { name: 'Channel title' }),
      line('SELLER-3', 120, { name: 'Named by the channel' }),
    ]);
    expect(result).toMatchObject({ created: [], updated: ['SELLER-2', 'SELLER-3'], weighed: ['SELLER-2'] });
    // A product without a title takes the channel's; its seller's weight stays.
    expect(await product('SELLER-3')).toMatchObject({
      title: 'Named by the channel',
      weight: 90,
      weightSource: 'seller',
    });
    expect(await product('SELLER-1')).toMatchObject({
      title: 'My mug',
      weight: 500,
      length: null,
      source: 'seller',
      weightSource: 'seller',
    });
    expect(await product('IMPORT-1')).toMatchObject({ title: 'Imported mug', weight: 800, weightSource: 'import' });
    // Nobody had weighed it: the channel's weight is taken, the seller's title stays.
    expect(await product('SELLER-2')).toMatchObject({ title: 'Weigh me', weight: 250, weightSource: 'channel' });

    // Once the seller changes a channel weight, the channel's next one is refused.
    const made = (await product('CH-MUG'))!;
    const { id, createdAt, updatedAt, archivedAt, source, weightSource, ...fields } = made;
    void [createdAt, updatedAt, archivedAt, source, weightSource];
    const put = await call('PUT', `/api/v1/products/${id}`, { ...fields, weight: 480 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await record([line('CH-MUG', 454, { name: 'Enamel mug' })])).weighed).toEqual([]);
    expect(await product('CH-MUG')).toMatchObject({ weight: 480, weightSource: 'seller' });
  });

  it("fills a product's missing HS code and country of origin from the channel, never replacing a seller's", async () => {
    const typed = await call('POST', '/api/v1/products', {
      sku: 'HS-SELLER',
      title: 'Mug',
      hsCode: '691200',
      originCountry: 'US',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    await record([
      line('HS-SELLER', 300, { customs: { hsCode: '6912.00.48', originCountry: 'CN' } }),
      line('HS-NEW', 300, { customs: { hsCode: '6109.10', originCountry: 'PT' } }),
      line('HS-LATER', 300, { customs: null }),
    ]);
    expect(await product('HS-SELLER')).toMatchObject({ hsCode: '691200', originCountry: 'US' });
    expect(await product('HS-NEW')).toMatchObject({ hsCode: '610910', originCountry: 'PT', source: 'channel' });
    expect(await product('HS-LATER')).toMatchObject({ hsCode: null, originCountry: null });
    await record([line('HS-LATER', 300, { customs: { hsCode: '420222', originCountry: 'IN' } })]);
    expect(await product('HS-LATER')).toMatchObject({ hsCode: '420222', originCountry: 'IN' });
  });

  it('does not bring back a product the seller archived, nor make a new one with its SKU', async () => {
    const made = await call('POST', '/api/v1/products', { sku: 'GONE-1', title: 'Old mug', weight: 100 });
    expect(made.statusCode, made.body).toBe(201);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`UPDATE products SET archived_at = now() WHERE tenant_id = ${tenant} AND sku = 'GONE-1'`),
    );
    expect(await record([line('GONE-1', 300, { name: 'Channel mug' })])).toEqual({
      created: [],
      updated: [],
      weighed: [],
      toFill: [],
    });
    const rows = (await call('GET', '/api/v1/products?search=GONE-1&archived=true')).json().data as ProductList;
    expect(rows.rows.map((p) => [p.sku, p.title, p.weight, p.archivedAt !== null])).toEqual([
      ['GONE-1', 'Old mug', 100, true],
    ]);
  });

  it("keeps each tenant's products to itself", async () => {
    expect((await record([line('CH-MUG', 999, { name: 'Other tenant mug' })], other)).created).toEqual(['CH-MUG']);
    expect(await product('CH-MUG', other)).toMatchObject({ title: 'Other tenant mug', weight: 999 });
    expect(await product('CH-MUG')).toMatchObject({ title: 'Enamel mug', weight: 480 });
    expect(await product('SELLER-1', other)).toBeUndefined();
  });

  it('writes a page of 250 orders naming 250 SKUs in one statement, and finds the weighed ones of its unweighed lines in one more', async () => {
    const page = Array.from({ length: 250 }, (_, i) => ({
      lines: [line(`BULK-${String(i).padStart(3, '0')}`, i % 2 === 0 ? 100 + i : 0)],
    }));
    const counted = await t.app.db.withTenant(tenant, async (tx) => {
      const c = counting(tx);
      const result = await recordChannelProducts(c.tx, tenant, page);
      return { result, statements: c.count() };
    });
    expect(counted.statements).toBe(2);
    expect(counted.result.created).toHaveLength(250);
    expect(counted.result.weighed).toHaveLength(125);
    expect(counted.result.toFill).toEqual(counted.result.weighed);
    // A page whose lines all have a weight asks nothing more.
    const weighedPage = page.filter((_, i) => i % 2 === 0);
    const again = await t.app.db.withTenant(tenant, async (tx) => {
      const c = counting(tx);
      await recordChannelProducts(c.tx, tenant, weighedPage);
      return c.count();
    });
    expect(again).toBe(1);
  });
});
