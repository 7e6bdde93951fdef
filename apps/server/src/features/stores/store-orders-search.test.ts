import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { CHANNEL_SHIP_TO } from '../../../test/store-helpers.ts';
import { STORED_SEARCH_VECTOR_SQL, createOrder } from '../../../test/order-helpers.ts';
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
        sku: 'LINEN-SHIRT-M',
        name: 'Linen shirt',
        quantity: 1,
        quantityShipped: 0,
        unitPrice: 2500,
        weight: 300,
        category: null,
        hazardous: false,
      },
    ],
    billing: null,
    shipping: CHANNEL_SHIP_TO,
    ...overrides,
  };
}

describe.each(backends)('channel orders in the search ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // The tenant exists once it has asked for something.
    await createOrder(t, tenant);
  }, 120_000);
  afterAll(() => t.close());

  const numbers = async (text: string) => {
    const filters = encodeURIComponent(JSON.stringify({ search: text }));
    const res = await t.app.inject({ url: `/api/v1/orders?filters=${filters}`, headers: await t.auth(tenant) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as OrderList).rows.map((r) => r.orderNumber);
  };
  /** Every order of the tenant holds the vector its tables give (what the migration's backfill writes). */
  const vectorsAreCurrent = async (tenantId: string) => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM orders o WHERE o.tenant_id = ${tenantId}
            AND o.search_vector <> ${sql.raw(STORED_SEARCH_VECTOR_SQL)}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(res.rows[0]!.n).toBe(0);
  };

  it('keeps the words of a channel order when it is imported and when the channel changes it', async () => {
    const [{ id: storeId }] = (
      (await t.app.db.db.execute(
        sql`INSERT INTO stores (tenant_id, name, source_type) VALUES (${tenant}, 'Shop', 'Shopify') RETURNING id`,
      )) as unknown as { rows: Array<{ id: number | string }> }
    ).rows as [{ id: number | string }];
    const target: UpsertTarget = {
      tenantId: tenant,
      storeId: Number(storeId),
      sourceType: 'Shopify',
      actor: { id: 'system:test', email: 'sync@test' },
      log: { warn: () => undefined },
    };
    const upsert = (order: ChannelOrder) =>
      t.app.db.withTenant(tenant, (tx) => upsertChannelOrders(tx, target, [order]));
    expect((await upsert(channelOrder())).inserted).toBe(1);
    for (const text of ['820982911946154508', '#1001', 'linen-shirt', 'ida receiver', 'portsmouth', '03801']) {
      expect(await numbers(text), text).toEqual(['#1001']);
    }
    const changed = channelOrder({
      externalUpdatedAt: '2026-11-02T10:00:00Z',
      customerName: 'Ida Renamed',
      lines: [{ ...channelOrder().lines[0]!, sku: 'WOOL-SCARF' }],
      shipping: { ...channelOrder().shipping!, city: 'Dover', postalCode: '03820' },
    });
    expect((await upsert(changed)).updated).toBe(1);
    for (const text of ['renamed', 'wool-scarf', 'dover', '03820'])
      expect(await numbers(text), text).toEqual(['#1001']);
    for (const text of ['linen', 'portsmouth', '03801']) expect(await numbers(text), text).toEqual([]);
    await vectorsAreCurrent(tenant);
  });
});
