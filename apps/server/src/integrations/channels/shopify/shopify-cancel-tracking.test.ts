import { describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import type { ChannelAdapter, TrackingPush } from '../channel-types.ts';
import { createShopifyAdapter } from './shopify-adapter.ts';

const closing = closeAfterEach();

async function fakeShop(): Promise<FakeShopify> {
  return closing(await startFakeShopify({ orders: 5, seed: 7 }));
}

function adapterFor(fake: FakeShopify, http: HttpOptions = quickHttp()): ChannelAdapter {
  return createShopifyAdapter(
    {
      settings: { shopDomain: 'northloop-supply.myshopify.com', apiBaseUrl: fake.url },
      credentials: { accessToken: fake.accessToken },
    },
    { http },
  );
}

/** A new order still waiting to ship (a few new orders are born cancelled or unpaid, like real ones). */
function openOrder(fake: FakeShopify) {
  for (;;) {
    const [order] = fake.addOrders(1);
    if (order!.displayFulfillmentStatus === 'UNFULFILLED' && !order!.cancelledAt) return order!;
  }
}

const NUMBER = '1Z999AA10123456784';

const push = (externalOrderId: string, trackingNumber = NUMBER): TrackingPush => ({
  externalOrderId,
  carrier: 'UPS',
  trackingNumber,
  trackingUrl: null,
  serviceName: 'UPS Ground',
  shippedAt: new Date().toISOString(),
});

const operations = (fake: FakeShopify) =>
  fake.requests
    .filter((r) => r.path.endsWith('/graphql.json'))
    .map((r) => (JSON.parse(r.body) as { operationName: string }).operationName);

/** Answers the next fulfillmentCancel with `reply` instead of the fake; `applied` lets it reach the fake first. */
function onCancel(fake: FakeShopify, reply: () => Response | null, applied = false): typeof fetch {
  let done = false;
  return async (url, init) => {
    const isCancel = typeof init?.body === 'string' && init.body.includes('ShipdeskFulfillmentCancel');
    if (!isCancel || done) return fetch(url, init);
    done = true;
    if (applied) await fetch(url, init);
    return reply() ?? fetch(url, init);
  };
}

describe('Shopify adapter: taking back a shipment confirmation', () => {
  it('cancels the fulfillment carrying the number, and the order can be fulfilled again', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER })).resolves.toBe('canceled');

    expect(fake.fulfillments).toHaveLength(1);
    expect(fake.fulfillments[0]).toMatchObject({ orderId: id, status: 'CANCELLED' });
    expect(fake.getOrder(id)!.fulfillments.map((f) => f.status)).toEqual(['CANCELLED']);
    expect(operations(fake).slice(-2)).toEqual(['ShipdeskOrderFulfillments', 'ShipdeskFulfillmentCancel']);
    const order = await adapter.getOrder(id);
    expect(order).toMatchObject({ shipmentStatus: 'Unshipped' });
    expect(order!.lines.every((l) => l.quantityShipped === 0)).toBe(true);

    // The new label's number goes on a new fulfillment.
    await adapter.pushTracking(push(id, '1Z999AA10123456795'));
    expect(fake.fulfillments.map((f) => f.status)).toEqual(['CANCELLED', 'SUCCESS']);
    expect(await adapter.getOrder(id)).toMatchObject({ shipmentStatus: 'Shipped Complete' });
  });

  it('leaves the other shipments of the order alone', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    const template = fake.getOrder(id)!.lineItems[0]!;
    fake.updateOrder(id, {
      lineItems: [
        { ...template, id: 'gid://shopify/LineItem/700', sku: 'TEE-CRW-BLK-M', quantity: 2, unfulfilledQuantity: 2 },
        { ...template, id: 'gid://shopify/LineItem/701', sku: 'BN-MER-RST', quantity: 1, unfulfilledQuantity: 1 },
      ],
    });
    const adapter = adapterFor(fake);
    await adapter.pushTracking({ ...push(id, 'FIRST-BOX'), lines: [{ externalLineId: '700', quantity: 2 }] });
    await adapter.pushTracking({ ...push(id, 'SECOND-BOX'), lines: [{ externalLineId: '701', quantity: 1 }] });

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: 'FIRST-BOX' })).resolves.toBe(
      'canceled',
    );

    expect(fake.fulfillments.map((f) => [f.trackingInfo[0]!.number, f.status])).toEqual([
      ['FIRST-BOX', 'CANCELLED'],
      ['SECOND-BOX', 'SUCCESS'],
    ]);
    const order = await adapter.getOrder(id);
    expect(order).toMatchObject({ shipmentStatus: 'Shipped Partial' });
    expect(order!.lines.map((l) => l.quantityShipped)).toEqual([0, 1]);
  });

  it('cancels every fulfillment a push spread over locations made', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    const template = fake.getOrder(id)!.lineItems[0]!;
    fake.updateOrder(id, {
      lineItems: [
        { ...template, id: 'gid://shopify/LineItem/710', quantity: 1, unfulfilledQuantity: 1 },
        { ...template, id: 'gid://shopify/LineItem/711', quantity: 1, unfulfilledQuantity: 1 },
      ],
    });
    // The two lines are stocked at two locations: one fulfillment order each.
    const [fo] = fake.getOrder(id)!.fulfillmentOrders;
    const secondId = `gid://shopify/FulfillmentOrder/${Number(fo!.id.split('/').at(-1)) + 1}`;
    fake.updateOrder(id, {
      fulfillmentOrders: [
        { ...fo!, lineItems: [fo!.lineItems[0]!] },
        { ...fo!, id: secondId, lineItems: [fo!.lineItems[1]!] },
      ],
    });
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id));
    expect(fake.fulfillments).toHaveLength(2);

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER })).resolves.toBe('canceled');

    expect(fake.fulfillments.map((f) => f.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await adapter.getOrder(id)).toMatchObject({ shipmentStatus: 'Unshipped' });
  });

  it('answers canceled again without sending a cancel for a fulfillment already cancelled', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id));
    await adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER });
    const sent = operations(fake).length;

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER })).resolves.toBe('canceled');
    expect(operations(fake).slice(sent)).toEqual(['ShipdeskOrderFulfillments']);
  });

  it('sends the cancel again when its answer was lost: cancelling twice changes nothing', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    await adapterFor(fake).pushTracking(push(id));
    const lost = onCancel(fake, () => new Response(JSON.stringify({ errors: 'Bad Gateway' }), { status: 502 }), true);
    const adapter = adapterFor(fake, quickHttp([], { fetch: lost }));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER })).resolves.toBe('canceled');
    expect(operations(fake).slice(-3)).toEqual([
      'ShipdeskOrderFulfillments',
      'ShipdeskFulfillmentCancel',
      'ShipdeskFulfillmentCancel',
    ]);
    expect(fake.fulfillments.map((f) => f.status)).toEqual(['CANCELLED']);
  });

  it('answers not_found when no fulfillment carries the number, or Shopify does not know the order', async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    const adapter = adapterFor(fake);
    await adapter.pushTracking(push(id));

    await expect(adapter.cancelTracking!({ externalOrderId: id, trackingNumber: 'NO-SUCH-NUMBER' })).resolves.toBe(
      'not_found',
    );
    await expect(adapter.cancelTracking!({ externalOrderId: '1234', trackingNumber: NUMBER })).resolves.toBe(
      'not_found',
    );
    expect(fake.fulfillments.map((f) => f.status)).toEqual(['SUCCESS']);
    await expect(
      adapter.cancelTracking!({ externalOrderId: 'not-an-id', trackingNumber: NUMBER }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it("reports Shopify's userErrors in Shopify's words", async () => {
    const fake = await fakeShop();
    const id = openOrder(fake).legacyResourceId;
    await adapterFor(fake).pushTracking(push(id));
    const refused = onCancel(fake, () =>
      Response.json({
        data: {
          fulfillmentCancel: {
            fulfillment: null,
            userErrors: [{ field: ['id'], message: 'Fulfillment cannot be cancelled.' }],
          },
        },
      }),
    );
    const adapter = adapterFor(fake, quickHttp([], { fetch: refused }));

    const error = await adapter.cancelTracking!({ externalOrderId: id, trackingNumber: NUMBER }).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: 'invalid', platformMessage: 'Fulfillment cannot be cancelled.' });
    expect((error as ChannelError).message).toContain('Fulfillment cannot be cancelled.');
    expect(fake.fulfillments.map((f) => f.status)).toEqual(['SUCCESS']);
  });
});
