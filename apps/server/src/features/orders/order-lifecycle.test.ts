import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';

describe.each(backends)('order events ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const fsm = async (orderId: string, event: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/call/orders/${orderId}/${event}/fsmFlow`,
      headers: await t.auth(tenant),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const events = async (orderId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/events`, headers: await t.auth(tenant) })
    ).json().data as Array<{ event: string; before: unknown; after: unknown; payload: Record<string, unknown> }>;
  const eventRows = async (orderId: string) => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM order_events WHERE tenant_id = ${tenant} AND order_id = ${Number(orderId)}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  };
  const ok = async (orderId: string, event: string, body: Record<string, unknown>) => {
    const res = await flow(t, tenant, orderId, event, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { order: Order; createdOrderId: string | null };
  };

  it('takes the payment of an order shipped before it was paid (Completed and Unpaid)', async () => {
    const order = await createOrder(t, tenant);
    await ok(order.id, 'approve', { version: 1 });
    const shipped = await ok(order.id, 'shipComplete', { version: 2 });
    expect(shipped.order).toMatchObject({ orderStatus: 'Completed', paymentStatus: 'Unpaid' });
    expect(await fsm(order.id, 'processPayment')).toMatchObject({ allowed: true, defaults: { amount: 4019 } });
    const paid = await ok(order.id, 'processPayment', { version: 3 });
    expect(paid.order).toMatchObject({ orderStatus: 'Completed', paymentStatus: 'Paid', paidTotal: 4019 });
  });

  it('approves, takes payments, ships complete: statuses, version and timeline move together', async () => {
    const order = await createOrder(t, tenant);
    expect(await fsm(order.id, 'approve')).toEqual({
      event: 'approve',
      allowed: true,
      reason: null,
      message: null,
      next: { orderStatus: 'Sales Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' },
      defaults: {},
      version: 1,
    });
    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const approved = await ok(order.id, 'approve', { version: 1 });
    expect(approved.order).toMatchObject({ orderStatus: 'Sales Order', version: 2 });
    expect(spy).toHaveBeenCalledWith(tenant, 'orders:changed', { orderIds: [order.id], event: 'approve', version: 2 });
    spy.mockRestore();

    expect(await fsm(order.id, 'processPayment')).toMatchObject({ allowed: true, defaults: { amount: 4019 } });
    const partial = await ok(order.id, 'processPayment', { version: 2, amount: 1000, method: 'card' });
    expect(partial.order).toMatchObject({ paymentStatus: 'Paid Partial', paidTotal: 1000, version: 3 });
    const over = await flow(t, tenant, order.id, 'processPayment', { version: 3, amount: 999_999 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ success: false, reason: 'amount_exceeds_balance' });
    const rest = await ok(order.id, 'processPayment', { version: 3 });
    expect(rest.order).toMatchObject({ paymentStatus: 'Paid', paidTotal: 4019 });
    expect(await fsm(order.id, 'processPayment')).toMatchObject({ allowed: false, reason: 'invalid_status' });

    const shipped = await ok(order.id, 'shipComplete', { version: 4 });
    expect(shipped.order).toMatchObject({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete', version: 5 });
    expect(shipped.order.lines.every((l) => l.quantityShipped === l.quantity)).toBe(true);

    const timeline = await events(order.id);
    expect(timeline.map((e) => e.event)).toEqual([
      'shipComplete',
      'processPayment',
      'processPayment',
      'approve',
      'create',
    ]);
    expect(timeline[2]).toMatchObject({
      payload: { amount: 1000, method: 'card' },
      before: { paymentStatus: 'Unpaid' },
      after: { paymentStatus: 'Paid Partial' },
    });
    const cancel = await flow(t, tenant, order.id, 'cancel', { version: 5 });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ reason: 'invalid_status', message: expect.stringContaining('Completed') });
  });

  it('reorders an order that has no lines (as a channel may send) into an empty linked draft', async () => {
    const order = await createOrder(t, tenant);
    // The API refuses orders without lines; a store sync may not. Remove them as the owner would see such an order.
    await t.app.db.db.execute(
      sql`DELETE FROM delivery_lines WHERE tenant_id = ${tenant} AND line_id IN (SELECT id FROM order_lines WHERE tenant_id = ${tenant} AND order_id = ${Number(order.id)})`,
    );
    await t.app.db.db.execute(
      sql`DELETE FROM order_lines WHERE tenant_id = ${tenant} AND order_id = ${Number(order.id)}`,
    );
    const reorder = await ok(order.id, 'reorder', { version: 1 });
    const copy = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${reorder.createdOrderId}`,
        headers: await t.auth(tenant),
      })
    ).json().data as Order;
    expect(copy).toMatchObject({ orderStatus: 'Draft Order', linkedOrderId: order.id, lines: [] });
  });

  it('reships a completed order (reason required) and reorders into a linked draft', async () => {
    const order = await createOrder(t, tenant);
    await ok(order.id, 'approve', { version: 1 });
    await ok(order.id, 'shipComplete', { version: 2 });
    const noReason = await flow(t, tenant, order.id, 'reship', { version: 3 });
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json().reason).toBe('reason_required');
    const reship = await ok(order.id, 'reship', { version: 3, reason: 'Lost by the carrier' });
    expect(reship.createdOrderId).not.toBeNull();
    const copy = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${reship.createdOrderId}`,
        headers: await t.auth(tenant),
      })
    ).json().data as Order;
    expect(copy).toMatchObject({
      orderStatus: 'Sales Order',
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      total: 0,
      linkedOrderId: order.id,
      orderNumber: `${order.orderNumber}-S${copy.id}`,
    });
    expect(copy.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([
      ['MUG-1', 2, 0],
      ['TEA-9', 1, 0],
    ]);
    expect((await events(order.id))[0]).toMatchObject({
      event: 'reship',
      payload: { createdOrderId: copy.id, reason: 'Lost by the carrier' },
    });

    const reorder = await ok(order.id, 'reorder', { version: 4 });
    const draft = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${reorder.createdOrderId}`,
        headers: await t.auth(tenant),
      })
    ).json().data as Order;
    expect(draft).toMatchObject({
      orderStatus: 'Draft Order',
      paymentStatus: 'Unpaid',
      total: order.total,
      linkedOrderId: order.id,
    });
    expect(draft.shippingAddress).toEqual(order.shippingAddress);
  });

  it('cancels a draft, deletes a draft; nothing more happens to a deleted order', async () => {
    const a = await createOrder(t, tenant);
    const canceled = await ok(a.id, 'cancel', { version: 1, reason: 'Customer changed their mind' });
    expect(canceled.order.orderStatus).toBe('Canceled');
    const deliveries = (
      await t.app.inject({ method: 'GET', url: `/api/v1/deliveries?orderId=${a.id}`, headers: await t.auth(tenant) })
    ).json().data;
    expect(deliveries[0].status).toBe('canceled');

    const b = await createOrder(t, tenant);
    await ok(b.id, 'delete', { version: 1 });
    for (const event of ['approve', 'reorder', 'packingSlip', 'cancel']) {
      expect(await fsm(b.id, event)).toMatchObject({ allowed: false, reason: 'invalid_status' });
    }
  });

  it('refuses shipLabel and zpl for a draft: labels are bought for paid Sales Orders', async () => {
    const order = await createOrder(t, tenant);
    const label = {
      carrier: 'local',
      serviceCode: 'LOCAL_NEXT_DAY',
      parcel: { weight: 800, length: 8, width: 6, height: 4 },
    };
    for (const event of ['shipLabel', 'zpl']) {
      expect(await fsm(order.id, event)).toMatchObject({ allowed: false, reason: 'invalid_status', next: null });
      const res = await flow(t, tenant, order.id, event, { version: 1, label });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ reason: 'invalid_status' });
    }
    expect(await eventRows(order.id)).toBe(1);
  });

  it('refuses unknown events, packingSlip through orderFlow, bad bodies and stale versions', async () => {
    const order = await createOrder(t, tenant);
    const unknown = await flow(t, tenant, order.id, 'teleport', { version: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('eventName');
    const slip = await flow(t, tenant, order.id, 'packingSlip', { version: 1 });
    expect(slip.statusCode).toBe(400);
    expect(slip.json()).toMatchObject({ reason: 'not_a_flow_event', errors: { eventName: expect.any(String) } });
    const noVersion = await flow(t, tenant, order.id, 'approve', {});
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors).toHaveProperty('version');
    const badAmount = await flow(t, tenant, order.id, 'processPayment', { version: 1, amount: 10.5 });
    expect(badAmount.json().errors).toHaveProperty('amount');
    const stale = await flow(t, tenant, order.id, 'approve', { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    expect(await eventRows(order.id)).toBe(1);
  });

  it('lets exactly one of two concurrent approvals through', async () => {
    const order = await createOrder(t, tenant);
    const [a, b] = await Promise.all([
      flow(t, tenant, order.id, 'approve', { version: 1 }),
      flow(t, tenant, order.id, 'approve', { version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(['stale_version', 'invalid_status']).toContain(loser.json().reason);
    expect((await events(order.id)).filter((e) => e.event === 'approve')).toHaveLength(1);
  });

  it('replays an event with the same Idempotency-Key: same answer, one timeline row', async () => {
    const order = await createOrder(t, tenant);
    const headers = { 'idempotency-key': `approve-${order.id}` };
    const [first, second] = await Promise.all([
      flow(t, tenant, order.id, 'approve', { version: 1 }, headers),
      flow(t, tenant, order.id, 'approve', { version: 1 }, headers),
    ]);
    const third = await flow(t, tenant, order.id, 'approve', { version: 1 }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await eventRows(order.id)).toBe(2);
    const reused = await flow(t, tenant, order.id, 'cancel', { version: 2 }, headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().reason).toBe('idempotency_key_reused');
    const badKey = await flow(t, tenant, order.id, 'cancel', { version: 2 }, { 'idempotency-key': 'has space' });
    expect(badKey.statusCode).toBe(400);
  });
});
