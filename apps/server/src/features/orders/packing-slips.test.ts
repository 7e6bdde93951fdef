import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';
import { renderPackingSlips } from './packing-slip-pdf.ts';

/** The text a PDF shows: every string operand of its content streams (inflated when compressed). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let body = m[1]!;
    try {
      body = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      // not compressed
    }
    for (const s of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(s[1] ? Buffer.from(s[1], 'hex').toString('latin1') : s[2]!);
    }
  }
  return out.join('\n');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

describe('packing slip PDF', () => {
  it('shows the order number, addresses and lines as text, on the requested page size', async () => {
    const pdf = Buffer.from(
      await renderPackingSlips(
        [
          {
            orderNumber: 'SD-4242',
            orderDate: '2025-02-28',
            shipFrom: ['Main warehouse', '1 Dock Street', 'Newark, NJ 07102', 'US'],
            shipTo: ['Ada Lovelace', '12 St James Square', 'New York, NY 10001', 'US'],
            requestedShippingMethod: 'Ground',
            lines: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${i}`, name: `Thing ${i} ☃`, quantity: i + 1 })),
          },
        ],
        'letter',
      ),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of ['PACKING SLIP', 'Order SD-4242', 'Ada Lovelace', 'Newark, NJ 07102', 'SKU-39', 'Thing 0 ?']) {
      expect(text).toContain(s);
    }
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
    // 40 lines do not fit one 4x6 page: the slip continues.
    const small = Buffer.from(
      await renderPackingSlips(
        [
          {
            orderNumber: 'X',
            orderDate: 'd',
            shipFrom: null,
            shipTo: ['A'],
            requestedShippingMethod: null,
            lines: Array.from({ length: 40 }, (_, i) => ({ sku: `S${i}`, name: 'n', quantity: 1 })),
          },
        ],
        '4x6',
      ),
    );
    expect(pageCount(small)).toBeGreaterThan(1);
    expect(pdfText(small)).toContain('Order X (continued)');
  });
});

describe.each(backends)('packing slips API ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const slipEvents = async (tenantId: string) => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM order_events WHERE tenant_id = ${tenantId} AND event = 'packingSlip'`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  };

  it('answers a 4x6 PDF with the order number and the warehouse, and records it without changing statuses', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenant),
      payload: {
        key: 'warehouse_info',
        options: {
          name: 'Main warehouse',
          address1: '1 Dock Street',
          city: 'Newark',
          state: 'NJ',
          postalCode: '07102',
          country: 'US',
        },
      },
    });
    const order = await createOrder(t, tenant, { orderNumber: 'PS-777' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/call/orders/${order.id}/packingSlip`,
      headers: await t.auth(tenant),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('packing-slip-PS-777.pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('PS-777');
    expect(text).toContain('1 Dock Street');
    expect(text).toContain('Blue mug');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 288 432\s*\]/);

    const letter = await t.app.inject({
      method: 'GET',
      url: `/call/orders/${order.id}/packingSlip?format=letter`,
      headers: await t.auth(tenant),
    });
    expect(letter.rawPayload.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);

    const after = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: await t.auth(tenant) })
    ).json().data;
    expect(after).toMatchObject({ orderStatus: 'Draft Order', version: 1 });
    expect(await slipEvents(tenant)).toBe(2);
  });

  it('puts several orders in one PDF, a page each; any foreign id is a 404 and a deleted order a 409', async () => {
    const a = await createOrder(t, tenant, { orderNumber: 'PS-A' });
    const b = await createOrder(t, tenant, { orderNumber: 'PS-B' });
    const before = await slipEvents(tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: `/call/orders/${a.id}/packingSlip`,
      headers: await t.auth(tenant),
      payload: { orderIds: [a.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(2);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('PS-A');
    expect(text).toContain('PS-B');
    expect(await slipEvents(tenant)).toBe(before + 2);

    const foreign = await createOrder(t, other);
    const mixed = await t.app.inject({
      method: 'POST',
      url: `/call/orders/${a.id}/packingSlip`,
      headers: await t.auth(tenant),
      payload: { orderIds: [a.id, foreign.id] },
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ success: false, code: 404 });
    expect(await slipEvents(tenant)).toBe(before + 2);
    expect(await slipEvents(other)).toBe(0);

    await flow(t, tenant, b.id, 'delete', { version: 1 });
    const deleted = await t.app.inject({
      method: 'GET',
      url: `/call/orders/${b.id}/packingSlip`,
      headers: await t.auth(tenant),
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().reason).toBe('invalid_status');
  });
});
