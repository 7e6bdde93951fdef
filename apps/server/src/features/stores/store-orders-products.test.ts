import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Product, ProductList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { CHANNEL_SHIP_TO } from '../../../test/store-helpers.ts';
import type { ChannelOrder, ChannelOrderLine } from '../../integrations/channels/channel-types.ts';
import { upsertChannelOrders, type UpsertTarget } from './store-orders-upsert.ts';

type Line = Pick<ChannelOrderLine, 'sku' | 'name' | 'weight'>;

/** A channel order of the given lines, as an adapter maps it. */
function channelOrder(externalId: string, lines: Line[], updatedAt = '2026-11-01T10:00:00Z'): ChannelOrder {
  return {
    externalId,
    orderNumber: `#${externalId}`,
    orderDate: '2026-11-01T10:00:00Z',
    externalUpdatedAt: updatedAt,
    currency: 'USD',
    subtotal: 1000 * lines.length,
    shippingTotal: 0,
    taxTotal: 0,
    discountTotal: 0,
    total: 1000 * lines.length,
    paidTotal: 1000 * lines.length,
    paymentStatus: 'Paid',
    shipmentStatus: 'Unshipped',
    canceled: false,
    customerName: 'Ida Channel',
    customerEmail: 'ida@shop.example',
    requestedShippingMethod: 'Standard',
    tags: [],
    lines: lines.map((l, i) => ({
      externalLineId: `${externalId}-${i}`,
      quantity: 1,
      quantityShipped: 0,
      unitPrice: 1000,
      category: null,
      hazardous: false,
      ...l,
    })),
    billing: null,
    shipping: CHANNEL_SHIP_TO,
  };
}

describe.each(backends)("a page of channel orders writes its lines' products ($name)", (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  let target: UpsertTarget;
  const product = async (sku: string): Promise<Product | undefined> => {
    const res = await t.app.inject({ url: `/api/v1/products?search=${sku}`, headers: await t.auth(tenant) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as ProductList).rows.find((p) => p.sku === sku);
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    expect((await t.app.inject({ url: '/api/v1/products', headers: await t.auth(tenant) })).statusCode).toBe(200);
    const [{ id }] = (
      (await t.app.db.db.execute(
        sql`INSERT INTO stores (tenant_id, name, source_type) VALUES (${tenant}, 'Shop', 'Shopify') RETURNING id`,
      )) as unknown as { rows: Array<{ id: number | string }> }
    ).rows as [{ id: number | string }];
    target = {
      tenantId: tenant,
      storeId: Number(id),
      sourceType: 'Shopify',
      actor: { id: 'system:test', email: 'sync@test' },
      log: { warn: () => undefined },
    };
  }, 120_000);
  afterAll(() => t.close());

  const upsert = (page: ChannelOrder[]) => t.app.db.withTenant(tenant, (tx) => upsertChannelOrders(tx, target, page));

  it('creates them with the orders and answers the SKUs given a new weight, new orders or stored ones', async () => {
    const first = await upsert([
      channelOrder('S-1', [
        { sku: 'MUG-1', name: 'Enamel mug', weight: 340 },
        { sku: 'EBAY-1', name: 'Listing', weight: 0 },
      ]),
    ]);
    expect(first.inserted).toBe(1);
    expect(first.weighedSkus).toEqual(['MUG-1']);
    expect(await product('MUG-1')).toMatchObject({ title: 'Enamel mug', weight: 340, source: 'channel' });
    expect(await product('EBAY-1')).toMatchObject({ weight: null, weightSource: null });

    // A newer copy of the stored order with another weight: the order is updated and so is the product.
    const again = await upsert([
      channelOrder('S-1', [{ sku: 'MUG-1', name: 'Enamel mug', weight: 350 }], '2026-11-02T10:00:00Z'),
    ]);
    expect(again).toMatchObject({ inserted: 0, updated: 1, weighedSkus: ['MUG-1'] });
    expect((await product('MUG-1'))!.weight).toBe(350);
  });

  it('leaves neither its orders nor its products when the page fails half-way', async () => {
    await expect(
      t.app.db.withTenant(tenant, async (tx) => {
        await upsertChannelOrders(tx, target, [channelOrder('S-2', [{ sku: 'ROLLED-1', name: 'Gone', weight: 90 }])]);
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('went away');
    expect(await product('ROLLED-1')).toBeUndefined();
  });
});
