import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type BoxSize, type Product, type ProductList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('products ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    role: 2 | 3 = Role.Admin,
    who = tenant,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const create = async (body: object, who = tenant): Promise<Product> => {
    const res = await call('POST', '/api/v1/products', body, Role.Admin, who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const list = async (query = ''): Promise<ProductList> => (await call('GET', `/api/v1/products${query}`)).json().data;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('creates a product with its shipping and customs facts, normalised, and reads it back', async () => {
    const boxes = (await call('GET', '/api/v1/orderBoxSizes')).json().data as BoxSize[];
    const made = await create({
      sku: '  MUG-1 ',
      title: 'Blue mug',
      weight: 350,
      length: 5,
      width: 4,
      height: 4.5,
      boxSizeId: boxes[0]!.id,
      hazardClass: 'aerosol',
      category: 'Kitchen',
      customsDescription: 'Ceramic mug',
      hsCode: '6912.00.48',
      originCountry: 'pt',
      declaredValue: 1250,
      declaredCurrency: 'usd',
    });
    expect(made).toMatchObject({
      sku: 'MUG-1',
      weight: 350,
      height: 4.5,
      boxSizeId: boxes[0]!.id,
      hazardClass: 'AEROSOL',
      hsCode: '69120048',
      originCountry: 'PT',
      declaredCurrency: 'USD',
      source: 'seller',
      weightSource: 'seller',
      archivedAt: null,
    });
    const read = await call('GET', `/api/v1/products/${made.id}`, undefined, Role.Manager);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(made);
  });

  it('refuses bad input with a 400 naming each field, and writes nothing', async () => {
    const bad = async (body: object, fields: string[]) => {
      const res = await call('POST', '/api/v1/products', { sku: 'BAD-1', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(fields.sort());
    };
    await bad({ weight: -5 }, ['weight']);
    await bad({ weight: 2_000_000 }, ['weight']);
    await bad({ length: 0, width: 2, height: 2 }, ['length']);
    await bad({ length: 201, width: 2, height: 2 }, ['length']);
    await bad({ length: 3 }, ['width', 'height']);
    await bad({ hsCode: '12.34' }, ['hsCode']);
    await bad({ hsCode: '12345678901' }, ['hsCode']);
    await bad({ originCountry: 'XX' }, ['originCountry']);
    await bad({ declaredValue: -1, declaredCurrency: 'USD' }, ['declaredValue']);
    await bad({ declaredValue: 100 }, ['declaredCurrency']);
    await bad({ declaredValue: 100, declaredCurrency: 'ZZZ' }, ['declaredCurrency']);
    await bad({ hazardClass: 'PLUTONIUM' }, ['hazardClass']);
    await bad({ title: 'x'.repeat(256) }, ['title']);
    await bad({ sku: 'x'.repeat(65) }, ['sku']);
    await bad({ sku: '   ' }, ['sku']);
    await bad({ boxSizeId: '987654321' }, ['boxSizeId']);
    await bad({ boxSizeId: '987654321', packageType: 'FLAT_RATE' }, ['packageType']);
    expect((await list('?search=BAD-1')).total).toBe(0);
  });

  it('keeps a live SKU to one product; another tenant may use it', async () => {
    await create({ sku: 'DUP-1', title: 'One' });
    const again = await call('POST', '/api/v1/products', { sku: 'DUP-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveProperty('sku');
    await create({ sku: 'DUP-1', title: 'Theirs' }, other);
  });

  it('lets Managers read but not write (403); another tenant’s product is 404', async () => {
    const mine = await create({ sku: 'ROLE-1', title: 'Mine' });
    expect((await call('GET', '/api/v1/products', undefined, Role.Manager)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/products', { sku: 'ROLE-2' }, Role.Manager)).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/products/${mine.id}`, { sku: 'ROLE-1' }, Role.Manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/products/${mine.id}`, undefined, Role.Manager)).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/api/v1/products/${mine.id}`, undefined],
      ['PUT', `/api/v1/products/${mine.id}`, { sku: 'STOLEN' }],
      ['DELETE', `/api/v1/products/${mine.id}`, undefined],
      ['POST', `/api/v1/products/${mine.id}/restore`, undefined],
    ] as const) {
      expect((await call(method, url, body, Role.Admin, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/api/v1/products/${mine.id}`)).json().data.sku).toBe('ROLE-1');
    // Another tenant's box is refused as a missing one.
    const theirBox = (
      (await call('GET', '/api/v1/orderBoxSizes', undefined, Role.Admin, other)).json().data as BoxSize[]
    )[0]!;
    const res = await call('PUT', `/api/v1/products/${mine.id}`, { sku: 'ROLE-1', boxSizeId: theirBox.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('boxSizeId');
  });

  it('updates: a changed weight becomes the seller’s; an unchanged one keeps its source', async () => {
    const made = await create({ sku: 'UPD-1', title: 'Old' });
    expect(made.weightSource).toBeNull();
    const renamed = await call('PUT', `/api/v1/products/${made.id}`, { sku: 'UPD-1', title: 'New' });
    expect(renamed.json().data).toMatchObject({ title: 'New', weightSource: null });
    const weighed = await call('PUT', `/api/v1/products/${made.id}`, { sku: 'UPD-1', title: 'New', weight: 90 });
    expect(weighed.json().data).toMatchObject({ weight: 90, weightSource: 'seller' });
    await create({ sku: 'UPD-2' });
    const clash = await call('PUT', `/api/v1/products/${made.id}`, { sku: 'UPD-2' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toHaveProperty('sku');
  });

  it('searches by SKU or title and pages by SKU', async () => {
    const t2 = newTenantId();
    for (const n of [3, 1, 2, 5, 4]) await create({ sku: `PAGE-${n}`, title: n === 4 ? 'Tea pot' : `Item ${n}` }, t2);
    const page = async (q: string) =>
      (await call('GET', `/api/v1/products${q}`, undefined, Role.Manager, t2)).json().data as ProductList;
    const second = await page('?size=2&page=2');
    expect(second).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(second.rows.map((p) => p.sku)).toEqual(['PAGE-3', 'PAGE-4']);
    expect((await page('?search=tea')).rows.map((p) => p.sku)).toEqual(['PAGE-4']);
    expect((await page('?search=page-5')).rows.map((p) => p.sku)).toEqual(['PAGE-5']);
    expect((await page('?search=%25')).total).toBe(0);
    expect((await call('GET', '/api/v1/products?size=0')).statusCode).toBe(400);
  });

  it('deletes a product no order line names; archives one that is named, and restores it', async () => {
    const spare = await create({ sku: 'SPARE-1' });
    const gone = await call('DELETE', `/api/v1/products/${spare.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data).toEqual({
      deleted: true,
      archived: false,
      reason: null,
    });
    expect((await call('GET', `/api/v1/products/${spare.id}`)).statusCode).toBe(404);

    const mug = await create({ sku: 'MUG-ORDERED', weight: 350 });
    await createOrder(t, tenant, {
      lines: [{ sku: 'MUG-ORDERED', name: 'Mug', quantity: 1, unitPrice: 100, weight: 350 }],
    });
    const res = await call('DELETE', `/api/v1/products/${mug.id}`);
    expect(res.json().data).toEqual({ deleted: false, archived: true, reason: '1 order line uses it' });
    expect((await list('?search=MUG-ORDERED')).total).toBe(0);
    const all = await list('?search=MUG-ORDERED&archived=true');
    expect(all.rows[0]?.archivedAt).toEqual(expect.any(String));

    // Its SKU is free for a new product; restoring waits until it is free again.
    const next = await create({ sku: 'MUG-ORDERED' });
    const refused = await call('POST', `/api/v1/products/${mug.id}/restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('sku');
    await call('DELETE', `/api/v1/products/${next.id}`);
    const restored = await call('POST', `/api/v1/products/${mug.id}/restore`);
    expect(restored.json().data).toMatchObject({ sku: 'MUG-ORDERED', weight: 350, archivedAt: null });
  });
});
