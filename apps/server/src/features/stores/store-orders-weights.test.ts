import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Delivery, Order } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { CHANNEL_SHIP_TO } from '../../../test/store-helpers.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import type { ChannelOrder } from '../../integrations/channels/channel-types.ts';
import { upsertChannelOrders, type UpsertTarget } from './store-orders-upsert.ts';

/** A channel's copy of an order, as an adapter maps it. */
function channelOrder(overrides: Partial<ChannelOrder> = {}): ChannelOrder {
  return {
    externalId: '820982911946154508',
    orderNumber: '#1001',
    orderDate: '2026-11-01T10:00:00Z',
    externalUpdatedAt: '2026-11-01T10:00:00Z',
    currency: 'USD',
    subtotal: 2500,
    shippingTotal: 0,
    taxTotal: 0,
    discountTotal: 0,
    total: 2500,
    paidTotal: 2500,
    paymentStatus: 'Paid',
    shipmentStatus: 'Unshipped',
    canceled: false,
    customerName: 'Ida Channel',
    customerEmail: 'ida@shop.example',
    requestedShippingMethod: 'Standard',
    tags: [],
    lines: [
      {
        externalLineId: 'L1',
        sku: 'MUG-1',
        name: 'Linen shirt',
        quantity: 1,
        quantityShipped: 0,
        unitPrice: 2500,
        weight: 0,
        category: null,
        hazardous: false,
      },
    ],
    billing: null,
    shipping: CHANNEL_SHIP_TO,
    ...overrides,
  };
}

describe.each(backends)('a channel re-sending an order keeps the weights people typed ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await createOrder(t, tenant);
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ url, headers: await t.auth(tenant) })).json().data;

  it("keeps a typed weight whatever the channel sends, and a product's while the channel sends 0", async () => {
    const [{ id: storeId }] = (
      (await t.app.db.db.execute(
        sql`INSERT INTO stores (tenant_id, name, source_type) VALUES (${tenant}, 'eBay shop', 'Ebay') RETURNING id`,
      )) as unknown as { rows: Array<{ id: number | string }> }
    ).rows as [{ id: number | string }];
    const target: UpsertTarget = {
      tenantId: tenant,
      storeId: Number(storeId),
      sourceType: 'Ebay',
      actor: { id: 'system:test', email: 'sync@test' },
      log: { warn: () => undefined },
    };
    const upsert = (order: ChannelOrder) =>
      t.app.db.withTenant(tenant, (tx) => upsertChannelOrders(tx, target, [order]));
    const line = channelOrder().lines[0]!;
    const twoLines = (weights: [number, number], at: string) =>
      channelOrder({
        externalUpdatedAt: at,
        lines: [
          { ...line, quantity: 2, weight: weights[0] },
          { ...line, externalLineId: 'L2', sku: 'TEA-9', name: 'Tea', weight: weights[1] },
        ],
      });
    const imported = await upsert(twoLines([0, 0], '2026-11-01T10:00:00Z'));
    const id = String(imported.orderIds[0]);
    const order = (await get(`/api/v1/orders/${id}`)) as Order;
    const typed = await t.app.inject({
      method: 'POST',
      url: `/call/order/${id}/updateLineWeights`,
      headers: await t.auth(tenant),
      payload: { version: order.version, lines: [{ lineId: order.lines[0]!.id, weight: 340 }] },
    });
    expect(typed.statusCode, typed.body).toBe(200);

    // The channel sends the order again (a new note, say), its weights still 0.
    expect((await upsert(twoLines([0, 0], '2026-11-02T10:00:00Z'))).updated).toBe(1);
    let now = (await get(`/api/v1/orders/${id}`)) as Order;
    expect(now.lines.map((l) => [l.sku, l.weight])).toEqual([
      ['MUG-1', 340],
      ['TEA-9', 0],
    ]);
    // The planned delivery rebuilt with the lines weighs what they weigh.
    let [delivery] = (await get(`/api/v1/deliveries?orderId=${id}`)) as Delivery[];
    expect(delivery!.weight).toBe(2 * 340);

    // A weight the channel does send is the channel's, except where a person typed one (docs/order-editing.md).
    expect((await upsert(twoLines([500, 90], '2026-11-03T10:00:00Z'))).updated).toBe(1);
    now = (await get(`/api/v1/orders/${id}`)) as Order;
    expect(now.lines.map((l) => l.weight)).toEqual([340, 90]);
    [delivery] = (await get(`/api/v1/deliveries?orderId=${id}`)) as Delivery[];
    expect(delivery!.weight).toBe(2 * 340 + 90);

    // A weight filled from the product stays while the channel sends 0, and gives way to one the channel sends.
    await t.app.db.db.execute(
      sql`UPDATE order_lines SET weight = 250, weight_source = 'product' WHERE order_id = ${Number(id)} AND sku = 'TEA-9'`,
    );
    const sources = async () =>
      (
        (await t.app.db.db.execute(
          sql`SELECT weight, weight_source FROM order_lines WHERE order_id = ${Number(id)} ORDER BY position`,
        )) as unknown as { rows: Array<{ weight: number; weight_source: string | null }> }
      ).rows.map((r) => [Number(r.weight), r.weight_source]);
    expect((await upsert(twoLines([0, 0], '2026-11-04T10:00:00Z'))).updated).toBe(1);
    expect(await sources()).toEqual([
      [340, 'seller'],
      [250, 'product'],
    ]);
    [delivery] = (await get(`/api/v1/deliveries?orderId=${id}`)) as Delivery[];
    expect(delivery!.weight).toBe(2 * 340 + 250);
    expect((await upsert(twoLines([0, 120], '2026-11-05T10:00:00Z'))).updated).toBe(1);
    expect(await sources()).toEqual([
      [340, 'seller'],
      [120, null],
    ]);
  });
});
