import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery, Order } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const LOCAL = { carrier: 'local', serviceCode: 'LOCAL_COURIER', parcel: PARCEL };

describe.each(backends)('deliveries split into boxes and merged back ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
  });
  afterAll(() => t.close());

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(tenant) });
  const order = async (id: string) => (await get(`/api/v1/orders/${id}`)).json().data as Order;
  const shape = async (orderId: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/call/order/${orderId}/shapeDeliveries`,
      headers: await t.auth(tenant),
      payload: body,
    });

  it('splits the lines into two boxes, labels them one by one, and a void takes back only its box', async () => {
    const paid = await paidOrder(t, tenant);
    const [mug, tea] = paid.lines;
    const split = await shape(paid.id, {
      version: paid.version,
      deliveries: [
        { lines: [{ lineId: mug!.id, quantity: 2 }], weight: 800, length: 8, width: 6, height: 4 },
        { lines: [{ lineId: tea!.id, quantity: 1 }] },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const boxes = split.json().data as Delivery[];
    expect(boxes.map((b) => b.lines)).toEqual([[{ lineId: mug!.id, quantity: 2 }], [{ lineId: tea!.id, quantity: 1 }]]);
    expect(boxes[0]).toMatchObject({ weight: 800, length: 8, status: 'planned' });

    const first = await order(paid.id);
    const draft = (await get(`/call/orders/${paid.id}/shipLabel/fsmFlow?rates=false`)).json().data.defaults;
    expect(draft).toMatchObject({ deliveryId: boxes[0]!.deliveryId, parcel: { weight: 800, length: 8 } });
    const one = await flow(t, tenant, paid.id, 'shipLabel', {
      version: first.version,
      label: { ...LOCAL, deliveryId: boxes[0]!.deliveryId },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.order).toMatchObject({ orderStatus: 'Sales Order', shipmentStatus: 'Shipped Partial' });

    // The labelled box is not the shape's to move.
    const moving = await shape(paid.id, {
      version: one.json().data.order.version,
      deliveries: [
        {
          lines: [
            { lineId: mug!.id, quantity: 2 },
            { lineId: tea!.id, quantity: 1 },
          ],
        },
      ],
    });
    expect(moving.statusCode).toBe(400);
    expect(moving.json().errors).toMatchObject({
      [`deliveries.lines[${mug!.id}]`]: 'MUG-1: 0 units to place, 2 placed',
    });

    const two = await flow(t, tenant, paid.id, 'zpl', { version: one.json().data.order.version, label: LOCAL });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data.order).toMatchObject({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' });

    const voided = await get(`/call/usps/cancelShipment/${boxes[0]!.deliveryId}`);
    expect(voided.statusCode, voided.body).toBe(200);
    const after = await order(paid.id);
    expect(after).toMatchObject({ orderStatus: 'Sales Order', shipmentStatus: 'Shipped Partial' });
    expect(after.lines.map((l) => l.quantityShipped)).toEqual([0, 1]);
  });

  it('merges boxes back into one, and names what does not add up', async () => {
    const paid = await paidOrder(t, tenant);
    const [mug, tea] = paid.lines;
    const split = await shape(paid.id, {
      version: paid.version,
      deliveries: [
        { lines: [{ lineId: mug!.id, quantity: 1 }] },
        { lines: [{ lineId: mug!.id, quantity: 1 }] },
        { lines: [{ lineId: tea!.id, quantity: 1 }] },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const kept = (split.json().data as Delivery[])[0]!.deliveryId;
    let version = (await order(paid.id)).version;

    const wrong = await shape(paid.id, {
      version,
      deliveries: [
        {
          deliveryId: kept,
          lines: [
            { lineId: mug!.id, quantity: 3 },
            { lineId: '99999', quantity: 1 },
          ],
        },
        { deliveryId: '88888', lines: [{ lineId: tea!.id, quantity: 1 }] },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toMatchObject({
      'deliveries[0].lines[1].lineId': 'No line 99999 in this order',
      'deliveries[1].deliveryId': expect.stringContaining('88888'),
      [`deliveries.lines[${mug!.id}]`]: 'MUG-1: 2 units to place, 3 placed',
    });
    expect(await order(paid.id)).toMatchObject({ version });

    const merged = await shape(paid.id, {
      version,
      deliveries: [
        {
          deliveryId: kept,
          lines: [
            { lineId: mug!.id, quantity: 2 },
            { lineId: tea!.id, quantity: 1 },
          ],
        },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toEqual([expect.objectContaining({ deliveryId: kept, lineIds: [mug!.id, tea!.id] })]);
    version = (await order(paid.id)).version;
    const stale = await shape(paid.id, {
      version: version - 1,
      deliveries: [{ lines: [{ lineId: mug!.id, quantity: 2 }] }],
    });
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    const events = (await get(`/api/v1/orders/${paid.id}/events`)).json().data as Array<{ event: string }>;
    expect(events.filter((e) => e.event === 'deliveriesShaped')).toHaveLength(2);
  });
});
