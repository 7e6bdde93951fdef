import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type Delivery, type Order, type RoleId } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

interface TimelineEvent {
  event: string;
  payload: Record<string, unknown>;
}

describe.each(backends)('weights and boxes a seller changes on the order ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const manager = { sub: 'manager-1', email: 'manager@example.com' };
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST', url: string, payload?: object, tenantId = tenant, role?: RoleId) {
    const auth = await t.auth(tenantId, role ?? Role.Admin, role === Role.Manager ? manager : {});
    return t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  }
  const setWeights = (id: string, body: object, tenantId = tenant, role?: RoleId) =>
    call('POST', `/call/order/${id}/updateLineWeights`, body, tenantId, role);
  const setParcel = (id: string, body: object, tenantId = tenant) =>
    call('POST', `/call/order/${id}/updateDeliveryParcel`, body, tenantId);
  const read = async (id: string) => (await call('GET', `/api/v1/orders/${id}`)).json().data as Order;
  const events = async (id: string) =>
    (await call('GET', `/api/v1/orders/${id}/events`)).json().data as TimelineEvent[];
  const deliveries = async (id: string) =>
    (await call('GET', `/api/v1/deliveries?orderId=${id}`)).json().data as Delivery[];
  const exec = (query: ReturnType<typeof sql>) => t.app.db.db.execute(query);

  /** An eBay order as a sync leaves it: its lines without weight, its planned delivery weighing 0. */
  async function channelOrder(): Promise<Order> {
    const created = await createOrder(t, tenant, {
      lines: [
        { sku: 'MUG-1', name: 'Blue mug', quantity: 2, unitPrice: 1250, weight: 0 },
        { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 0 },
      ],
    });
    await exec(sql`UPDATE orders SET source_type = 'Ebay' WHERE tenant_id = ${tenant} AND id = ${Number(created.id)}`);
    return read(created.id);
  }

  it("sets a channel order's line weights (a Manager may): one timeline row, the delivery weighed again", async () => {
    const order = await channelOrder();
    expect((await deliveries(order.id))[0]!.weight).toBe(0);
    const [mug, tea] = order.lines;
    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const res = await setWeights(
      order.id,
      { version: order.version, lines: [{ lineId: mug!.id, weight: 340 }] },
      tenant,
      Role.Manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json().data as Order;
    expect(changed.lines.map((l) => [l.sku, l.weight])).toEqual([
      ['MUG-1', 340],
      ['TEA-9', 0],
    ]);
    expect(changed.version).toBeGreaterThan(order.version);
    expect(changed.lines[1]!.id).toBe(tea!.id);
    expect(spy).toHaveBeenCalledWith(tenant, 'orders:changed', {
      orderIds: [order.id],
      event: 'lineWeightsUpdated',
      version: changed.version,
    });
    spy.mockRestore();
    expect((await deliveries(order.id))[0]!.weight).toBe(2 * 340);
    const rows = (await events(order.id)).filter((e) => e.event === 'lineWeightsUpdated');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({
      changes: ['MUG-1: weight 0 g -> 340 g'],
      weights: [{ sku: 'MUG-1', from: 0, to: 340 }],
    });
    // Nothing else of the lines moved: quantities, prices, totals.
    expect(changed).toMatchObject({ subtotal: order.subtotal, total: order.total });
  });

  it('weighs again only the planned boxes weighed from their lines; a typed box weight stays', async () => {
    const order = await createOrder(t, tenant);
    const [mug, tea] = order.lines;
    const split = await call('POST', `/call/order/${order.id}/shapeDeliveries`, {
      version: order.version,
      deliveries: [
        { lines: [{ lineId: mug!.id, quantity: 2 }], weight: 700 },
        { lines: [{ lineId: tea!.id, quantity: 1 }], weight: 999 },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const now = await read(order.id);
    const res = await setWeights(order.id, {
      version: now.version,
      lines: [
        { lineId: mug!.id, weight: 400 },
        { lineId: tea!.id, weight: 120 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 700 was 2 × 350, the mugs' weight: it follows; 999 was typed for the box: it stays.
    expect((await deliveries(order.id)).map((d) => d.weight)).toEqual([800, 999]);
  });

  it('refuses a stale version (409) and bad input (400 naming the field), writing nothing', async () => {
    const order = await channelOrder();
    const [mug, tea] = order.lines;
    const stale = await setWeights(order.id, { version: order.version + 3, lines: [{ lineId: mug!.id, weight: 5 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    const cases: Array<[object, string]> = [
      [{ lines: [] }, 'lines'],
      [{ lines: [{ lineId: mug!.id, weight: 0 }] }, 'lines.0.weight'],
      [
        {
          lines: [
            { lineId: mug!.id, weight: 10 },
            { lineId: tea!.id, weight: -1 },
          ],
        },
        'lines.1.weight',
      ],
      [{ lines: [{ lineId: mug!.id, weight: 12.5 }] }, 'lines.0.weight'],
      [{ lines: [{ lineId: mug!.id, weight: 1_000_001 }] }, 'lines.0.weight'],
      [{ lines: [{ lineId: mug!.id, weight: '340' }] }, 'lines.0.weight'],
      [{ lines: [{ lineId: '999999999', weight: 10 }] }, 'lines.0.lineId'],
      [
        {
          lines: [
            { lineId: mug!.id, weight: 10 },
            { lineId: mug!.id, weight: 20 },
          ],
        },
        'lines.1.lineId',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await setWeights(order.id, { version: order.version, ...body });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors, field).toHaveProperty([field]);
    }
    const missing = await setWeights(order.id, { lines: [{ lineId: mug!.id, weight: 10 }] });
    expect(missing.json().errors).toHaveProperty(['version']);
    expect(await read(order.id)).toEqual(order);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('lineWeightsUpdated');
  });

  it("answers 404 for another tenant's order, and 409 once the order is done or a line is labelled", async () => {
    const order = await channelOrder();
    const body = { version: order.version, lines: [{ lineId: order.lines[0]!.id, weight: 10 }] };
    expect((await setWeights(order.id, body, other)).statusCode).toBe(404);
    const [delivery] = await deliveries(order.id);
    expect(
      (await setParcel(order.id, { ...parcelOf(delivery!), version: order.version, weight: 50 }, other)).statusCode,
    ).toBe(404);

    await exec(
      sql`UPDATE deliveries SET status = 'labelled' WHERE tenant_id = ${tenant} AND id = ${Number(delivery!.deliveryId)}`,
    );
    const labelled = await setWeights(order.id, body);
    expect(labelled.statusCode).toBe(400);
    expect(labelled.json().errors['lines.0.weight']).toMatch(/MUG-1 is in a delivery with a label/);

    await exec(
      sql`UPDATE orders SET order_status = 'Completed' WHERE tenant_id = ${tenant} AND id = ${Number(order.id)}`,
    );
    const done = await setWeights(order.id, body);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ reason: 'invalid_status' });
    expect((await read(order.id)).lines[0]!.weight).toBe(0);
  });

  const parcelOf = (d: Delivery) => ({
    deliveryId: d.deliveryId,
    boxSizeId: d.boxSizeId,
    weight: d.weight > 0 ? d.weight : null,
    length: d.length,
    width: d.width,
    height: d.height,
  });

  it("sets a planned delivery's box, weight and size, with one timeline row", async () => {
    const order = await channelOrder();
    const box = await call('POST', '/api/v1/orderBoxSizes', {
      name: 'Mug box',
      length: 8,
      width: 6,
      height: 4,
      emptyWeight: 80,
      maxWeight: 5000,
    });
    expect(box.statusCode, box.body).toBe(201);
    const boxId = box.json().data.id as string;
    const [delivery] = await deliveries(order.id);
    const res = await setParcel(order.id, {
      ...parcelOf(delivery!),
      version: order.version,
      boxSizeId: boxId,
      weight: 1200,
      length: 10,
      width: 8,
      height: 6.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Delivery[])[0]).toMatchObject({
      deliveryId: delivery!.deliveryId,
      boxSizeId: boxId,
      weight: 1200,
      length: 10,
      width: 8,
      height: 6.5,
    });
    const now = await read(order.id);
    expect(now.version).toBeGreaterThan(order.version);
    const rows = (await events(order.id)).filter((e) => e.event === 'deliveryParcelUpdated');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({
      deliveryId: delivery!.deliveryId,
      changes: [
        'box none -> Mug box',
        'weight from its lines -> 1.2 kg',
        "size the box's size -> 10 in × 8 in × 6.5 in",
      ],
      // The numbers too, for each reader's units.
      parcel: { to: { boxName: 'Mug box', weight: 1200, length: 10, width: 8, height: 6.5 } },
    });
    // Back to the box's own size and a weight from the lines.
    const back = await setParcel(order.id, {
      ...parcelOf(delivery!),
      version: now.version,
      boxSizeId: boxId,
      weight: null,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json().data as Delivery[])[0]).toMatchObject({ weight: 0, length: null, width: null, height: null });
  });

  it('refuses a bad parcel with a 400 naming the field, a stale version or a labelled delivery with 409', async () => {
    const order = await channelOrder();
    const [delivery] = await deliveries(order.id);
    const base = { ...parcelOf(delivery!), version: order.version };
    const cases: Array<[object, string]> = [
      [{ weight: 0 }, 'weight'],
      [{ weight: 1_000_001 }, 'weight'],
      [{ weight: 2.5 }, 'weight'],
      [{ length: 0, width: 5, height: 5 }, 'length'],
      [{ length: 5, width: 201, height: 5 }, 'width'],
      [{ length: 5, width: 5, height: null }, 'height'],
      [{ boxSizeId: '999999999' }, 'boxSizeId'],
      [{ deliveryId: '999999999' }, 'deliveryId'],
    ];
    for (const [body, field] of cases) {
      const res = await setParcel(order.id, { ...base, ...body });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors, field).toHaveProperty([field]);
    }
    const stale = await setParcel(order.id, { ...base, version: order.version + 1, weight: 10 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    await exec(
      sql`UPDATE deliveries SET status = 'labelled' WHERE tenant_id = ${tenant} AND id = ${Number(delivery!.deliveryId)}`,
    );
    const labelled = await setParcel(order.id, { ...base, weight: 10 });
    expect(labelled.statusCode).toBe(409);
    expect(await read(order.id)).toEqual(order);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('deliveryParcelUpdated');
  });
});
