import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type Delivery, type Order, type RoleId, type ShippingRule } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';

/** Every order is insured for its total: the rules running again after an edit show in the insured value. */
const INSURE_ALL: ShippingRule = {
  id: 'insure',
  name: 'Insure everything',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [{ type: 'insure', above: 0 }],
  stop: false,
};

interface TimelineEvent {
  event: string;
  actor: string;
  before: { paymentStatus: string } | null;
  after: { paymentStatus: string } | null;
  payload: Record<string, unknown>;
}

describe.each(backends)('order editing: lines and payment terms ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const manager = { sub: 'manager-1', email: 'manager@example.com' };
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const saved = await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: [INSURE_ALL] });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tenantId = tenant, role?: RoleId) {
    const auth = await t.auth(tenantId, role ?? Role.Admin, role === Role.Manager ? manager : {});
    return t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  }
  const editLines = (id: string, body: object, tenantId = tenant, role?: RoleId) =>
    call('POST', `/call/order/${id}/updateOrderLines`, body, tenantId, role);
  const setTerms = (id: string, body: object, role?: RoleId, tenantId = tenant) =>
    call('POST', `/call/order/${id}/paymentTerms`, body, tenantId, role);
  const read = async (id: string) => (await call('GET', `/api/v1/orders/${id}`)).json().data as Order;
  const events = async (id: string) =>
    (await call('GET', `/api/v1/orders/${id}/events`)).json().data as TimelineEvent[];
  const deliveries = async (id: string) =>
    (await call('GET', `/api/v1/deliveries?orderId=${id}`)).json().data as Delivery[];
  /** The lines of an order as a lines form sends them back. */
  const sent = (order: Order) =>
    order.lines.map((l) => ({
      lineId: l.id,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      weight: l.weight,
    }));
  /** Makes a stored order look like one a channel imported (what a sync writes: its source type). */
  const asChannelOrder = (id: string, sourceType: string) =>
    t.app.db.db.execute(
      sql`UPDATE orders SET source_type = ${sourceType} WHERE tenant_id = ${tenant} AND id = ${Number(id)}`,
    );

  it("edits a draft's lines: totals, one delivery, the timeline row, the rules run again", async () => {
    const order = await createOrder(t, tenant);
    expect(order.ruleSettings.insuredValue).toBe(order.total);
    const [mug, tea] = sent(order);
    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const res = await editLines(order.id, {
      version: order.version,
      lines: [
        { ...mug, quantity: 3, unitPrice: 1500, weight: 400 },
        { sku: 'CUP-2', name: 'Red cup', quantity: 2, unitPrice: 700, weight: 200 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as Order;
    // 3 × 15.00 + 2 × 7.00 = 59.00; shipping 5.00 and tax 1.20 kept.
    expect(edited).toMatchObject({ subtotal: 5900, total: 5900 + 500 + 120, itemCount: 5 });
    expect(edited.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.weight])).toEqual([
      ['MUG-1', 3, 1500, 400],
      ['CUP-2', 2, 700, 200],
    ]);
    expect(edited.lines[0]!.id).toBe(mug!.lineId);
    expect(edited.lines.some((l) => l.id === tea!.lineId)).toBe(false);
    expect(edited.version).toBeGreaterThan(order.version);
    // The rules ran again on the new total.
    expect(edited.ruleSettings.insuredValue).toBe(edited.total);
    expect(spy).toHaveBeenCalledWith(tenant, 'orders:changed', {
      orderIds: [order.id],
      event: 'linesUpdated',
      version: edited.version,
    });
    spy.mockRestore();

    const [delivery, ...more] = await deliveries(order.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ status: 'planned', weight: 3 * 400 + 2 * 200 });
    expect(delivery!.lines).toEqual(
      expect.arrayContaining(edited.lines.map((l) => ({ lineId: l.id, quantity: l.quantity }))),
    );

    const timeline = await events(order.id);
    const row = timeline.find((e) => e.event === 'linesUpdated')!;
    expect(row.payload).toMatchObject({
      changes: [
        'removed TEA-9 × 1',
        'MUG-1: quantity 2 -> 3',
        'MUG-1: unit price 12.50 USD -> 15.00 USD',
        'MUG-1: weight 350 g -> 400 g',
        'added CUP-2 × 2 at 7.00 USD',
      ],
      total: { from: order.total, to: edited.total },
    });
    expect(timeline.filter((e) => e.event === 'linesUpdated')).toHaveLength(1);
    // The new SKU is searched.
    const found = await call(
      'GET',
      `/api/v1/orders?filters=${encodeURIComponent(JSON.stringify({ search: 'like@CUP-2' }))}`,
    );
    expect(found.json().data.rows.map((r: Order) => r.id)).toContain(order.id);
  });

  it('folds a split into the first box, which keeps its dimensions, and weighs it from the lines', async () => {
    const order = await createOrder(t, tenant);
    const [mug, tea] = order.lines;
    const split = await call('POST', `/call/order/${order.id}/shapeDeliveries`, {
      version: order.version,
      deliveries: [
        { lines: [{ lineId: mug!.id, quantity: 2 }], length: 10, width: 8, height: 6 },
        { lines: [{ lineId: tea!.id, quantity: 1 }] },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const [first] = split.json().data as Delivery[];
    const now = await read(order.id);
    const res = await editLines(order.id, {
      version: now.version,
      lines: [{ ...sent(now)[0], quantity: 1 }, sent(now)[1]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await deliveries(order.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      deliveryId: first!.deliveryId,
      length: 10,
      width: 8,
      height: 6,
      weight: 350 + 100,
    });
    expect(after[0]!.lines).toEqual(
      expect.arrayContaining([
        { lineId: mug!.id, quantity: 1 },
        { lineId: tea!.id, quantity: 1 },
      ]),
    );
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const order = await createOrder(t, tenant);
    const res = await editLines(order.id, { version: order.version + 5, lines: sent(order) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'stale_version', message: expect.stringMatching(/changed meanwhile/) });
    expect(await read(order.id)).toEqual(order);
  });

  it('names each bad field with a 400 and writes nothing', async () => {
    const order = await createOrder(t, tenant);
    const [mug, tea] = sent(order);
    const cases: Array<[object, string]> = [
      [{ lines: [] }, 'lines'],
      [{ lines: [mug, { ...tea, quantity: 0 }] }, 'lines.1.quantity'],
      [{ lines: [{ ...mug, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ lines: [{ ...mug, quantity: 100_001 }] }, 'lines.0.quantity'],
      [{ lines: [{ ...mug, unitPrice: -1 }] }, 'lines.0.unitPrice'],
      [{ lines: [{ ...mug, unitPrice: 12.5 }] }, 'lines.0.unitPrice'],
      [{ lines: [{ ...mug, weight: -5 }] }, 'lines.0.weight'],
      [{ lines: [{ ...mug, weight: 1_000_001 }] }, 'lines.0.weight'],
      [{ lines: [{ ...mug, sku: 'x'.repeat(101) }] }, 'lines.0.sku'],
      [{ lines: [{ ...mug, name: '' }] }, 'lines.0.name'],
      [{ lines: [mug, { ...tea, sku: '   ' }] }, 'lines.1.sku'],
      [{ lines: [mug, { ...tea, lineId: mug!.lineId }] }, 'lines.1.lineId'],
      [{ lines: [{ ...mug, lineId: '999999999' }] }, 'lines.0.lineId'],
    ];
    for (const [body, field] of cases) {
      const res = await editLines(order.id, { version: order.version, ...body });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors, field).toHaveProperty([field]);
    }
    const missing = await editLines(order.id, { lines: sent(order) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['version']);
    expect(await read(order.id)).toEqual(order);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('linesUpdated');
  });

  it("answers 404 for another tenant's order, for lines and terms alike", async () => {
    const order = await createOrder(t, tenant);
    expect((await editLines(order.id, { version: order.version, lines: sent(order) }, other)).statusCode).toBe(404);
    expect((await setTerms(order.id, { version: order.version, terms: true }, Role.Admin, other)).statusCode).toBe(404);
    expect(await read(order.id)).toEqual(order);
  });

  it("keeps a channel order's lines read-only, with the reason", async () => {
    const order = await createOrder(t, tenant);
    await asChannelOrder(order.id, 'Shopify');
    const res = await editLines(order.id, { version: order.version, lines: sent(order) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'channel_order',
      message: 'The lines of a Shopify order come from Shopify',
    });
    const terms = await setTerms(order.id, { version: order.version, terms: true });
    expect(terms.statusCode).toBe(409);
    expect(terms.json()).toMatchObject({ reason: 'channel_order' });
    expect((await read(order.id)).paymentStatus).toBe('Unpaid');
  });

  it('refuses to edit the lines of a canceled order, and lets a Sales Order be edited (a payment kept)', async () => {
    const canceled = await createOrder(t, tenant);
    expect((await flow(t, tenant, canceled.id, 'cancel', { version: canceled.version })).statusCode).toBe(200);
    const now = await read(canceled.id);
    const res = await editLines(canceled.id, { version: now.version, lines: sent(now) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'invalid_status',
      message: 'The lines of a Canceled order cannot change',
    });

    const order = await createOrder(t, tenant);
    expect((await flow(t, tenant, order.id, 'approve', { version: order.version })).statusCode).toBe(200);
    const approved = await read(order.id);
    const paid = await flow(t, tenant, order.id, 'processPayment', { version: approved.version });
    expect(paid.statusCode, paid.body).toBe(200);
    const sales = await read(order.id);
    expect(sales).toMatchObject({ orderStatus: 'Sales Order', paymentStatus: 'Paid' });
    const [mug, tea] = sent(sales);
    // More units: the payment no longer covers the total.
    const more = await editLines(order.id, { version: sales.version, lines: [{ ...mug, quantity: 4 }, tea] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().data).toMatchObject({ paymentStatus: 'Paid Partial', paidTotal: sales.total });
    // Less than was paid: refused, a refund is not this screen's.
    const after = more.json().data as Order;
    const less = await editLines(order.id, { version: after.version, lines: [{ ...mug, quantity: 1 }] });
    expect(less.statusCode).toBe(409);
    expect(less.json()).toMatchObject({ reason: 'total_below_paid' });
  });

  it('sets Terms for an Admin, refuses a Manager (403), and records the change', async () => {
    const order = await createOrder(t, tenant);
    const byManager = await setTerms(order.id, { version: order.version, terms: true }, Role.Manager);
    expect(byManager.statusCode).toBe(403);
    expect((await read(order.id)).paymentStatus).toBe('Unpaid');

    const res = await setTerms(order.id, { version: order.version, terms: true });
    expect(res.statusCode, res.body).toBe(200);
    const onTerms = res.json().data as Order;
    expect(onTerms.paymentStatus).toBe('Terms');
    const [row] = await events(order.id);
    expect(row).toMatchObject({
      event: 'paymentTerms',
      before: { paymentStatus: 'Unpaid' },
      after: { paymentStatus: 'Terms' },
      payload: { terms: true },
    });
    // It shows on the list and its filter, and in the dashboard's count (the same filter as its card asks).
    const filters = encodeURIComponent(JSON.stringify({ paymentStatus: 'eq@Terms' }));
    const list = (await call('GET', `/api/v1/orders?filters=${filters}`)).json().data;
    expect(list.rows.map((r: Order) => [r.id, r.paymentStatus])).toContainEqual([order.id, 'Terms']);
    const dashboard = { paymentStatus: 'Terms', orderStatus: 'in@Draft Order,Sales Order,Completed' };
    const counted = await call(
      'GET',
      `/api/v1/orders?size=1&hide=1&filters=${encodeURIComponent(JSON.stringify(dashboard))}`,
    );
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().data.total).toBe(list.total);

    // Twice is refused; a stale form too; taken back it is Unpaid again.
    expect((await setTerms(order.id, { version: onTerms.version, terms: true })).json()).toMatchObject({
      reason: 'invalid_status',
    });
    expect((await setTerms(order.id, { version: order.version, terms: false })).json()).toMatchObject({
      reason: 'stale_version',
    });
    const back = await setTerms(order.id, { version: onTerms.version, terms: false });
    expect(back.json().data.paymentStatus).toBe('Unpaid');
    expect((await setTerms(order.id, { version: 1, terms: 'yes' })).statusCode).toBe(400);
  });

  it('lets an order on Terms take a part payment and stay on Terms', async () => {
    const order = await createOrder(t, tenant);
    const onTerms = (await setTerms(order.id, { version: order.version, terms: true })).json().data as Order;
    const part = await flow(t, tenant, order.id, 'processPayment', { version: onTerms.version, amount: 1000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.order).toMatchObject({ paymentStatus: 'Terms', paidTotal: 1000 });
  });
});
