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
    await refused('sku,length_cm,width_cm\nA,3,3\n', 'column');
    await refused('sku,sku\nA,B\n', 'column');
    await refused('', 'file');
    await refused('sku,title\n"A,never closed\n', 'file');
    expect((await upload('sku\nA\n', tenant, Role.Manager)).statusCode).toBe(403);
    expect((await products(tenant)).total).toBe(0);
  });

  const setUnits = async (tenant: string, units: 'imperial' | 'metric') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenant),
      payload: { key: 'units', value: units },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const exported = async (tenant: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/export.csv',
      headers: await t.auth(tenant, Role.Manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return { body: res.body, lines: res.body.replace(/^\uFEFF/, '').split('\r\n') };
  };

  it('exports what the import reads back unchanged, formulas guarded (imperial: ounces and inches)', async () => {
    const tenant = newTenantId();
    const csv =
      'sku,title,weight_g,length_in,width_in,height_in,box,package_type,hazard_class,category,customs_description,' +
      'hs_code,origin_country,declared_value,declared_currency\n' +
      'P-1,=SUM(A1),250,10,8,2.25,,FLAT_RATE_ENVELOPE,aerosol,Beauty,"Perfume, 50 ml",330300,FR,45.00,EUR\n' +
      'P-2,Plain,,,,,,,,,,,,,\n';
    expect((await imported(csv, tenant)).created).toBe(2);
    const { body, lines } = await exported(tenant);
    // No warehouse and no choice: imperial, as the tenant's other defaults.
    expect(lines[0]).toBe(
      'sku,title,weight_oz,length_in,width_in,height_in,box,package_type,hazard_class,category,customs_description,hs_code,origin_country,declared_value,declared_currency',
    );
    expect(lines[1]).toBe(
      'P-1,\'=SUM(A1),8.82,10,8,2.25,,FLAT_RATE_ENVELOPE,AEROSOL,Beauty,"Perfume, 50 ml",330300,FR,45.00,EUR',
    );
    const back = await imported(body, tenant);
    expect(back).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect((await products(tenant)).rows[0]!.title).toBe('=SUM(A1)');
  });

  it('round-trips every weight and side exactly in both systems: an exported file imports as 0 updated', async () => {
    const tenant = newTenantId();
    // Grams and hundredths of an inch whose display rounds (85 g is 3 oz; 12.34 in is 31.3 cm).
    const rows = Array.from({ length: 60 }, (_, i) => {
      const grams = [1, 85, 99, 453, 454, 992, 1000, 1005, 31751, 999_900][i % 10]! + i;
      const side = (n: number) => (n / 100).toFixed(2);
      return `R-${i},Row ${i},${grams},${side(1234 + 7 * i)},${side(1 + 13 * i)},${side(19_999 - i)}`;
    });
    const source = `sku,title,weight_g,length_in,width_in,height_in\n${rows.join('\n')}\n`;
    expect((await imported(source, tenant)).created).toBe(60);
    const stored = (await products(tenant)).rows;
    for (const units of ['imperial', 'metric'] as const) {
      await setUnits(tenant, units);
      const { body, lines } = await exported(tenant);
      expect(lines[0]!.split(',').slice(2, 6)).toEqual(
        units === 'imperial'
          ? ['weight_oz', 'length_in', 'width_in', 'height_in']
          : ['weight_g', 'length_cm', 'width_cm', 'height_cm'],
      );
      const back = await imported(body, tenant);
      expect(back, units).toMatchObject({ created: 0, updated: 0, unchanged: 60, failed: 0 });
      expect((await products(tenant)).rows).toEqual(stored);
    }
    const { lines } = await exported(tenant);
    const r1 = lines.find((l) => l.startsWith('R-1,'))!;
    // 86 g and 12.41, 0.14, 199.98 in, in grams and centimetres to two decimals.
    expect(r1).toBe('R-1,Row 1,86,31.52,0.36,507.95,,,,,,,,,');
  });

  it('takes a weight in any unit column or as text with its unit, and names the row and column of a bad one', async () => {
    const tenant = newTenantId();
    await setUnits(tenant, 'metric');
    const result = await imported(
      [
        'sku,weight,length,width,height',
        'T-1,2 lb 3 oz,12 in,30 cm,100 mm',
        'T-2,1.2 kg,10cm,10cm,10cm',
        'T-3,2,10,10,10',
        'T-4,2 stone,,,',
        'T-5,-1 kg,,,',
      ].join('\n'),
      tenant,
    );
    expect(result.rows.map((r) => [r.row, r.sku, r.outcome, r.column ?? null])).toEqual([
      [2, 'T-1', 'created', null],
      [3, 'T-2', 'created', null],
      [4, 'T-3', 'error', 'weight'],
      [5, 'T-4', 'error', 'weight'],
      [6, 'T-5', 'error', 'weight'],
    ]);
    expect(result.rows[2]!.message).toBe(
      'weight "2" needs its unit, such as 1.2 kg; length "10" needs its unit, such as 30 cm; ' +
        'width "10" needs its unit, such as 30 cm; height "10" needs its unit, such as 30 cm',
    );
    expect(result.rows[3]!.message).toBe('weight "2 stone": enter a weight such as 1.2 kg or 500 g');
    expect(result.rows[4]!.message).toBe('weight "-1 kg": a weight cannot be negative');
    const byKey = Object.fromEntries((await products(tenant)).rows.map((p) => [p.sku, p]));
    expect(byKey['T-1']).toMatchObject({ weight: 992, length: 12, width: 11.81, height: 3.94 });
    expect(byKey['T-2']).toMatchObject({ weight: 1200, length: 3.94 });

    const units = await imported(
      [
        'sku,weight_lb,length_cm,width_cm,height_cm',
        'U-1,2.5,30.48,20,10',
        'U-2,1.5 lb,0,10,10',
        'U-3,5000,600,10,10',
      ].join('\n'),
      tenant,
    );
    expect(units.rows.map((r) => [r.sku, r.outcome, r.column ?? null, r.message ?? null])).toEqual([
      ['U-1', 'created', null, null],
      [
        'U-2',
        'error',
        'weight_lb',
        'weight_lb "1.5 lb" must be pounds; length_cm "0" must be above 0 and at most 508 cm',
      ],
      [
        'U-3',
        'error',
        'weight_lb',
        'weight_lb "5000" is more than the 2204 lb 10 oz a product may weigh; ' +
          'length_cm "600" must be above 0 and at most 508 cm',
      ],
    ]);
    expect(Object.fromEntries((await products(tenant)).rows.map((p) => [p.sku, p]))['U-1']).toMatchObject({
      weight: 1134,
      length: 12,
      width: 7.87,
      height: 3.94,
    });
    const res = await upload('sku,weight_g,weight_oz\nA,1,2\n', tenant);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.column).toBe('columns weight_oz and weight_g both give the weight: keep one');
    const sides = await upload(
      'sku,length_in,width_in,height_in,length_cm,width_cm,height_cm\nA,1,1,1,1,1,1\n',
      tenant,
    );
    expect(sides.statusCode).toBe(400);
  });
});
