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
      ['failed', 'Its lines have no weight: enter a weight for MUG-1, TEA-9 on the order (Items > Edit weights)'],
      ['failed', 'Its lines have no weight: enter a weight for TEA-9 on the order (Items > Edit lines)'],
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
      ['failed', 'Some of its lines have no weight: enter a weight for TEA-9 on the order (Items > Edit lines)'],
    ]);
    const labels = await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant} AND order_id = ${Number(partly.id)}`,
    );
    expect((labels as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
