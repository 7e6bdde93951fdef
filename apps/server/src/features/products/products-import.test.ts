import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ProductImportResult, type ProductList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

describe.each(backends)('products CSV import and export ($name)', (backend) => {
  let t: TestContext;
  const upload = async (csv: string, tenant: string, role: 2 | 3 = Role.Admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/products/import',
      headers: { ...(await t.auth(tenant, role)), 'content-type': 'text/csv' },
      payload: csv,
    });
  const imported = async (csv: string, tenant: string): Promise<ProductImportResult> => {
    const res = await upload(csv, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const products = async (tenant: string): Promise<ProductList> =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/products?size=100', headers: await t.auth(tenant) })).json()
      .data;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('creates good rows and reports each bad row by row and column, writing nothing of it', async () => {
    const tenant = newTenantId();
    await t.app.inject({ method: 'GET', url: '/api/v1/orderBoxSizes', headers: await t.auth(tenant) }); // starter boxes
    const csv = [
      'SKU,Title,weight_g,length_in,width_in,height_in,box,package_type,hs_code,origin_country,declared_value,declared_currency',
      'MUG-1,Blue mug,350,5,4,4.5,Small box,,6912.00.48,pt,12.50,usd',
      'BAD-W,Heavy,-3,,,,,,,,,',
      'BAD-HS,Tea,100,,,,,,12.3,,,',
      '"CUP, 2","A ""quoted"" cup",80,,,,,,,,,',
      'BAD-BOX,Thing,10,,,,Crate,,,,,',
      'MUG-1,Again,1,,,,,,,,,',
      'BAD-SIDE,Flat,10,3,,,,,,,,',
      '',
    ].join('\r\n');
    const result = await imported(csv, tenant);
    expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 5 });
    expect(result.rows.map((r) => [r.row, r.sku, r.outcome, r.column ?? null])).toEqual([
      [2, 'MUG-1', 'created', null],
      [3, 'BAD-W', 'error', 'weight_g'],
      [4, 'BAD-HS', 'error', 'hs_code'],
      [5, 'CUP, 2', 'created', null],
      [6, 'BAD-BOX', 'error', 'box'],
      [7, 'MUG-1', 'error', 'sku'],
      [8, 'BAD-SIDE', 'error', 'width_in'],
    ]);
    expect(result.rows[5]!.message).toContain('repeats row 2');
    const list = await products(tenant);
    expect(list.rows.map((p) => p.sku)).toEqual(['CUP, 2', 'MUG-1']);
    expect(list.rows[1]).toMatchObject({
      title: 'Blue mug',
      weight: 350,
      height: 4.5,
      hsCode: '69120048',
      originCountry: 'PT',
      declaredValue: 1250,
      declaredCurrency: 'USD',
      source: 'import',
      weightSource: 'import',
    });
    expect(list.rows[1]!.boxSizeId).not.toBeNull();
    expect(list.rows[0]!.title).toBe('A "quoted" cup');
  });

  it('updates by SKU only the columns the file names; a row as stored is unchanged', async () => {
    const tenant = newTenantId();
    await imported('sku,title,weight_g,category\nA-1,Apple,100,Fruit\nB-1,Banana,120,Fruit\n', tenant);
    const again = await imported('sku,weight_g\nA-1,100\nB-1,130\nC-1,5\n', tenant);
    expect(again.rows.map((r) => r.outcome)).toEqual(['unchanged', 'updated', 'created']);
    expect(again).toMatchObject({ created: 1, updated: 1, unchanged: 1, failed: 0 });
    const byKey = Object.fromEntries((await products(tenant)).rows.map((p) => [p.sku, p]));
    expect(byKey['B-1']).toMatchObject({ title: 'Banana', category: 'Fruit', weight: 130 });
    expect(byKey['C-1']).toMatchObject({ title: '', weight: 5 });
    // An empty cell clears.
    await imported('sku,category\nA-1,\n', tenant);
    expect(Object.fromEntries((await products(tenant)).rows.map((p) => [p.sku, p]))['A-1']!.category).toBeNull();
  });

  it('refuses a file it cannot read with a 400 naming the column or the file; Managers get 403', async () => {
    const tenant = newTenantId();
    const refused = async (csv: string, field: string) => {
      const res = await upload(csv, tenant);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    };
    await refused('title,weight_g\nMug,100\n', 'column');
    await refused('sku,colour\nA,red\n', 'column');
    await refused('sku,length_in\nA,3\n', 'column');
    await refused('sku,sku\nA,B\n', 'column');
    await refused('', 'file');
    await refused('sku,title\n"A,never closed\n', 'file');
    expect((await upload('sku\nA\n', tenant, Role.Manager)).statusCode).toBe(403);
    expect((await products(tenant)).total).toBe(0);
  });

  it('exports what the import reads back unchanged, formulas guarded', async () => {
    const tenant = newTenantId();
    const csv =
      'sku,title,weight_g,length_in,width_in,height_in,box,package_type,hazard_class,category,customs_description,' +
      'hs_code,origin_country,declared_value,declared_currency\n' +
      'P-1,=SUM(A1),250,10,8,2.25,,FLAT_RATE_ENVELOPE,aerosol,Beauty,"Perfume, 50 ml",330300,FR,45.00,EUR\n' +
      'P-2,Plain,,,,,,,,,,,,,\n';
    expect((await imported(csv, tenant)).created).toBe(2);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/export.csv',
      headers: await t.auth(tenant, Role.Manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'sku,title,weight_g,length_in,width_in,height_in,box,package_type,hazard_class,category,customs_description,hs_code,origin_country,declared_value,declared_currency',
    );
    expect(lines[1]).toBe(
      'P-1,\'=SUM(A1),250,10,8,2.25,,FLAT_RATE_ENVELOPE,AEROSOL,Beauty,"Perfume, 50 ml",330300,FR,45.00,EUR',
    );
    const back = await imported(res.body, tenant);
    expect(back).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect((await products(tenant)).rows[0]!.title).toBe('=SUM(A1)');
  });
});
