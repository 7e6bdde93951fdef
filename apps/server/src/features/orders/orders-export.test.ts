import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';
import { csvCell } from './orders-export-csv.ts';
import { createOrdersExportService } from './orders-export-service.ts';

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** The CSV as objects keyed by the header row (the BOM checked and dropped). */
function table(body: string): Array<Record<string, string>> {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  return rows.map((row) => {
    expect(row).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((name, i) => [name, row[i]!]));
  });
}

/** `n` orders of mixed statuses and totals, equal order dates, in one INSERT (no lines or addresses). */
const bulkInsert = (tenantId: string, prefix: string, n: number) => sql`
  INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                      shipment_status, currency, total)
  SELECT ${tenantId}, 'Wholesale', ${prefix} || g, timestamptz '2025-03-01 12:00Z' + (g % 5) * interval '1 day',
         (ARRAY['Draft Order','Sales Order','Completed','Canceled','Deleted'])[1 + g % 5],
         'Unpaid', 'Unshipped', 'USD', (g * 37) % 1000
  FROM generate_series(1, ${n}) AS g`;

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and guards formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('-5', true)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(backends)('orders CSV export ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const bulk = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimitMax: 100_000 });
    const tricky = await createOrder(t, tenant, {
      orderNumber: 'WH-1',
      customerName: '=HYPERLINK("http://evil","click")',
      customerEmail: 'zoe@example.com',
      shippingAddress: {
        name: 'Zoë "Zed" Ångström',
        company: '+Plus, Inc.',
        address1: '1 Rue de Rivoli',
        city: 'Paris\nCedex 01',
        postalCode: '75001',
        country: 'FR',
      },
    });
    expect((await flow(t, tenant, tricky.id, 'approve', { version: 1 })).statusCode).toBe(200);
    await createOrder(t, tenant, { orderNumber: 'WH-2', customerName: 'Stephen Miller' });
    await createOrder(t, tenant, { orderNumber: 'WH-3', customerName: '@mention' });
    await createOrder(t, other, { orderNumber: 'OTHER-1', customerName: 'Stephen Miller' });
    // The tenant is recorded at its first request.
    expect((await get(bulk, '/api/v1/orders')).statusCode).toBe(200);
    await t.app.db.withTenant(bulk, (tx) => tx.execute(bulkInsert(bulk, 'B-', 1_100)));
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (tenantId: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await t.auth(tenantId) });
  const query = (filters: Record<string, string>, extra = '') =>
    `filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
  const exportOf = (tenantId: string, q: string) => get(tenantId, `/call/orders/export.csv?${q}`);
  const listTotal = async (tenantId: string, q: string) => {
    const res = await get(tenantId, `/api/v1/orders?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as OrderList).total;
  };

  it('answers every order of the filter as a dated attachment, its total in a header', async () => {
    const q = query({ orderStatus: 'Draft Order' });
    const res = await exportOf(tenant, q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = table(res.body);
    expect(rows.map((r) => r['Order number'])).toEqual(['WH-3', 'WH-2']);
    expect(res.headers['x-total-count']).toBe(String(await listTotal(tenant, q)));
    expect(res.headers['x-total-is-estimate']).toBe('false');
    expect(rows[1]).toMatchObject({
      'Order status': 'Draft Order',
      'Payment status': 'Unpaid',
      'Shipment status': 'Unshipped',
      Customer: 'Stephen Miller',
      Email: 'ada@example.com',
      'Ship-to name': 'Ada Lovelace',
      'Ship-to city': 'New York',
      'Ship-to state': 'NY',
      'Ship-to postal code': '10001',
      'Ship-to country': 'US',
      Store: 'Manual',
      'Requested service': 'Ground',
      Currency: 'USD',
      Subtotal: '33.99',
      Shipping: '5.00',
      Tax: '1.20',
      Total: '40.19',
      Paid: '0.00',
      Items: '3',
    });
    expect(rows[1]!['Order date']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('quotes what needs quoting and never lets a cell start a formula', async () => {
    const res = await exportOf(tenant, query({ orderStatus: 'Sales Order' }));
    const raw = res.body;
    // The text as written: quoted cells, doubled quotes, the guard's single quote.
    expect(raw).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(raw).toContain('"Paris\nCedex 01"');
    expect(raw).toContain(`"'+Plus, Inc."`);
    const [row] = table(raw);
    expect(row).toMatchObject({
      'Order number': 'WH-1',
      Customer: `'=HYPERLINK("http://evil","click")`,
      'Ship-to name': 'Zoë "Zed" Ångström',
      'Ship-to company': "'+Plus, Inc.",
      'Ship-to city': 'Paris\nCedex 01',
      'Order status': 'Sales Order',
    });
    const mention = table((await exportOf(tenant, query({ search: 'WH-3' }))).body);
    expect(mention.map((r) => r.Customer)).toEqual(["'@mention"]);
  });

  it('matches the list’s total for a search, and never holds another tenant’s orders', async () => {
    for (const filters of [{ search: 'miller' }, { search: 'new york' }, {}] as Array<Record<string, string>>) {
      const q = query(filters);
      const rows = table((await exportOf(tenant, q)).body);
      expect(rows.length, JSON.stringify(filters)).toBe(await listTotal(tenant, q));
      expect(rows.map((r) => r['Order number'])).not.toContain('OTHER-1');
    }
    const theirs = table((await exportOf(other, query({ search: 'miller' }))).body);
    expect(theirs.map((r) => r['Order number'])).toEqual(['OTHER-1']);
  });

  it('refuses a bad filter, naming it, as the list does', async () => {
    const res = await exportOf(tenant, query({ orderStatus: 'Shipped' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['filters.orderStatus']);
    const sort = await exportOf(tenant, 'order=color%20asc');
    expect(sort.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/call/orders/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams more orders than a page, in the list’s order, each once', async () => {
    for (const [filters, order] of [
      [{}, 'id desc'],
      [{ orderStatus: 'in@Draft Order,Sales Order,Completed' }, 'orderDate desc'],
      [{ orderDate: 'between@2025-03-01,2025-03-03' }, 'total asc'],
    ] as const) {
      const q = query(filters, `&order=${encodeURIComponent(order)}`);
      const res = await exportOf(bulk, q);
      expect(res.statusCode, res.body).toBe(200);
      const numbers = table(res.body).map((r) => r['Order number']!);
      const total = await listTotal(bulk, q);
      expect(total).toBeGreaterThan(500);
      expect(numbers).toHaveLength(total);
      expect(new Set(numbers).size).toBe(total);
      // The list's own first and last pages, by its cursor and by `last=1`.
      const first = await get(bulk, `/api/v1/orders?${q}&size=100`);
      expect(numbers.slice(0, 100)).toEqual((first.json().data as OrderList).rows.map((r) => r.orderNumber));
      const last = await get(bulk, `/api/v1/orders?${q}&size=100&last=1`);
      const lastRows = (last.json().data as OrderList).rows.map((r) => r.orderNumber);
      expect(numbers.slice(-lastRows.length)).toEqual(lastRows);
    }
  });

  it('reads a page per transaction and stops when the client does', async () => {
    const service = createOrdersExportService(t.app.db, { batchSize: 7 });
    const auth = { tenantId: bulk, userId: 'u', email: 'u@example.com', roleId: 'admin', issuer: 'x' } as const;
    const started = await service.start(auth as never, { filters: JSON.stringify({ orderStatus: 'Canceled' }) });
    expect(started.total).toBe(220);
    let chunks = 0;
    let rows = 0;
    for await (const chunk of started.chunks) {
      chunks += 1;
      rows += parseCsv(chunk).length;
    }
    // The header (with the BOM), then a chunk per page of 7.
    expect(chunks).toBe(1 + Math.ceil(220 / 7));
    expect(rows).toBe(1 + 220);

    const again = await service.start(auth as never, {});
    await again.chunks.next();
    await again.chunks.next();
    // A client gone: the generator ends and reads nothing more.
    await again.chunks.return(undefined);
    expect((await again.chunks.next()).done).toBe(true);
  });
});
