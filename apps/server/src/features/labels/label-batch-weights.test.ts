import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LabelBatch, LabelBatchDetail, Order, ShipMethod } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';

const UNWEIGHED = [
  { sku: 'MUG-1', name: 'Blue mug', quantity: 2, unitPrice: 1250, weight: 0 },
  { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 0 },
];

describe.each(backends)('a batch item that fails for a missing weight says where to enter it ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    const headers = await t.auth(tenant);
    const method: ShipMethod = (
      await t.app.inject({ method: 'POST', url: '/api/v1/shipMethods', headers, payload: { name: 'Ground' } })
    ).json().data;
    const mapping = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipMethodCarrierMethodMappings',
      headers,
      payload: { shipMethodId: method.id, carrier: 'local', carrierMethod: 'LOCAL_NEXT_DAY' },
    });
    expect(mapping.statusCode, mapping.body).toBe(201);
    await t.app.shippingResolution.idle();
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });
  const batchOf = async (orderIds: string[]) => {
    const started = await call('POST', '/call/labelBatches', { event: 'shipLabel', orderIds });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json().data as LabelBatch;
    return waitFor(
      async () => {
        const detail = (await call('GET', `/call/labelBatches/${id}`)).json().data as LabelBatchDetail;
        return detail.batch.status === 'done' ? detail : undefined;
      },
      30_000,
      `batch ${id}`,
    );
  };

  it('names the SKUs without weight and the screen that takes it; once entered, the label is bought', async () => {
    const ebay = await paidOrder(t, tenant, { lines: UNWEIGHED });
    await t.app.db.db.execute(
      sql`UPDATE orders SET source_type = 'Ebay' WHERE tenant_id = ${tenant} AND id = ${Number(ebay.id)}`,
    );
    const manual = await paidOrder(t, tenant, { lines: [UNWEIGHED[1]!] });
    const detail = await batchOf([ebay.id, manual.id]);
    expect(detail.items.map((i) => [i.status, i.message])).toEqual([
      [
        'failed',
        'Its lines have no weight: enter a weight for MUG-1, TEA-9 on the order (Items > Edit weights), ' +
          'or give the products MUG-1, TEA-9 a weight (Settings > Products)',
      ],
      [
        'failed',
        'Its lines have no weight: enter a weight for TEA-9 on the order (Items > Edit lines), ' +
          'or give the product TEA-9 a weight (Settings > Products)',
      ],
    ]);

    const now = (await call('GET', `/api/v1/orders/${ebay.id}`)).json().data as Order;
    const typed = await call('POST', `/call/order/${ebay.id}/updateLineWeights`, {
      version: now.version,
      lines: now.lines.map((l) => ({ lineId: l.id, weight: 300 })),
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await batchOf([ebay.id])).items[0]).toMatchObject({ status: 'bought' });
  });

  it('refuses a parcel only some of whose lines are weighed: its weight would be short, and nothing is bought', async () => {
    const partly = await paidOrder(t, tenant, { lines: [{ ...UNWEIGHED[0]!, weight: 340 }, UNWEIGHED[1]!] });
    const detail = await batchOf([partly.id]);
    expect(detail.items.map((i) => [i.status, i.message])).toEqual([
      [
        'failed',
        'Some of its lines have no weight: enter a weight for TEA-9 on the order (Items > Edit lines), ' +
          'or give the product TEA-9 a weight (Settings > Products)',
      ],
    ]);
    const labels = await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant} AND order_id = ${Number(partly.id)}`,
    );
    expect((labels as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it("weighs an eBay line of weight 0 at its product's weight: the dialog's default and the batch's parcel", async () => {
    const lines = [
      { sku: 'CUP-7', name: 'Espresso cup', quantity: 2, unitPrice: 900, weight: 0 },
      { sku: 'SOAP-3', name: 'Olive soap', quantity: 1, unitPrice: 500, weight: 0 },
    ];
    const ebay = await paidOrder(t, tenant, { lines });
    await t.app.db.db.execute(
      sql`UPDATE orders SET source_type = 'Ebay' WHERE tenant_id = ${tenant} AND id = ${Number(ebay.id)}`,
    );
    const product = async (payload: object, who = tenant) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: await t.auth(who), payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Another tenant's product of the same SKU, and one of ours without a weight, weigh nothing here.
    const other = newTenantId();
    await product({ sku: 'SOAP-3', title: 'Their soap', weight: 999 }, other);
    await product({ sku: 'CUP-7', title: 'Espresso cup', weight: 250 });
    await product({ sku: 'SOAP-3', title: 'Olive soap' });
    expect((await batchOf([ebay.id])).items.map((i) => [i.status, i.message])).toEqual([
      [
        'failed',
        'Some of its lines have no weight: enter a weight for SOAP-3 on the order (Items > Edit weights), ' +
          'or give the product SOAP-3 a weight (Settings > Products)',
      ],
    ]);

    await t.app.db.db.execute(sql`UPDATE products SET weight = 120 WHERE tenant_id = ${tenant} AND sku = 'SOAP-3'`);
    const dialog = (await call('GET', `/call/orders/${ebay.id}/shipLabel/fsmFlow?rates=false`)).json().data;
    const parcel = dialog.defaults.parcel as { boxSizeId: string; weight: number };
    const boxes = (await call('GET', '/api/v1/orderBoxSizes')).json().data as Array<{
      id: string;
      emptyWeight: number;
    }>;
    const box = boxes.find((b) => b.id === parcel.boxSizeId)!;
    expect(box).toBeDefined();
    // 2 x 250 g + 1 x 120 g, in the smallest box that holds it (its own weight added).
    expect(parcel.weight).toBe(2 * 250 + 120 + box.emptyWeight);

    const detail = await batchOf([ebay.id]);
    expect(detail.items[0], JSON.stringify(detail.items[0])).toMatchObject({ status: 'bought' });
    const bought = await t.app.db.db.execute(
      sql`SELECT weight FROM deliveries WHERE tenant_id = ${tenant} AND order_id = ${Number(ebay.id)}`,
    );
    expect((bought as unknown as { rows: Array<{ weight: number }> }).rows).toEqual([
      { weight: 2 * 250 + 120 + box.emptyWeight },
    ]);

    // A delivery whose kept weight is only its weighed lines' (300 g) takes the product's weight of the other line.
    const partly = await paidOrder(t, tenant, { lines: [{ ...lines[0]!, quantity: 1, weight: 300 }, lines[1]!] });
    const partlyParcel = (await call('GET', `/call/orders/${partly.id}/shipLabel/fsmFlow?rates=false`)).json().data
      .defaults.parcel as { weight: number };
    expect(partlyParcel.weight).toBe(300 + 120);
  });
});
