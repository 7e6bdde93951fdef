import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, type Order, type OrderList, type OrderSummary } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrdersService } from './orders-service.ts';
import { createOrder, flow, orderBody } from '../../../test/order-helpers.ts';

describe.each(backends)('orders API ($name)', (backend) => {
  let t: TestContext;
  const tenantA = newTenantId();
  const tenantB = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const get = async (tenantId: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await t.auth(tenantId) });
  const count = async (table: string, tenantId: string) => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  };

  it('creates a manual Draft Order with a delivery of every line and a create event, and reads it back', async () => {
    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const order = await createOrder(t, tenantA, {
      orderNumber: 'WH-1001',
      billingAddress: {
        name: 'Cher',
        address1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      },
      tags: ['vip', 'vip'],
    });
    expect(order).toMatchObject({
      orderNumber: 'WH-1001',
      storeId: null,
      sourceType: 'Wholesale',
      orderStatus: 'Draft Order',
      paymentStatus: 'Unpaid',
      shipmentStatus: 'Unshipped',
      subtotal: 3399,
      total: 4019,
      paidTotal: 0,
      itemCount: 3,
      version: 1,
      tags: ['vip'],
      customerName: 'Ada Lovelace',
      shipTo: 'New York, NY, US',
      shippingAddress: { type: 'shipping', firstName: 'Ada', lastName: 'Lovelace', country: 'US' },
      billingAddress: { type: 'billing', firstName: 'Cher', lastName: ' ' },
    });
    expect(spy).toHaveBeenCalledWith(tenantA, 'orders:changed', { orderIds: [order.id], event: 'create', version: 1 });
    spy.mockRestore();

    const again = await get(tenantA, `/api/v1/orders/${order.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(order);

    const deliveries = await get(tenantA, `/api/v1/deliveries?orderId=${order.id}`);
    expect(deliveries.json().data).toEqual([
      expect.objectContaining({
        orderId: order.id,
        requestedShipMethod: 'Ground',
        status: 'planned',
        weight: 2 * 350 + 100,
        lineIds: order.lines.map((l) => l.id),
        trackingNumber: null,
      }),
    ]);

    const events = await get(tenantA, `/api/v1/orders/${order.id}/events`);
    expect(events.json().data).toEqual([
      expect.objectContaining({
        event: 'create',
        before: null,
        after: { orderStatus: 'Draft Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' },
      }),
    ]);
    const generated = await createOrder(t, tenantA);
    expect(generated.orderNumber).toBe(`SD-${generated.id}`);
  });

  it('names each bad field of a new order', async () => {
    const body = orderBody();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: await t.auth(tenantA),
      payload: {
        ...body,
        lines: [
          { ...body.lines[0], quantity: -1 },
          { ...body.lines[1], unitPrice: 12.5 },
        ],
        shippingAddress: { ...body.shippingAddress, country: undefined },
      },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors).toHaveProperty(['lines.0.quantity']);
    expect(errors).toHaveProperty(['lines.1.unitPrice']);
    expect(errors['shippingAddress.country']).toMatch(/required/);
    expect(res.body).not.toMatch(/at .*\.ts/);

    const discount = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: await t.auth(tenantA),
      payload: orderBody({ discountTotal: 1_000_000 }),
    });
    expect(discount.statusCode).toBe(400);
    expect(discount.json().errors).toHaveProperty('discountTotal');

    const store2 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/2/orders',
      headers: await t.auth(tenantA),
      payload: orderBody(),
    });
    expect(store2.statusCode).toBe(404);
  });

  it("answers 404 for another tenant's order everywhere and changes nothing", async () => {
    const order = await createOrder(t, tenantA);
    const eventsBefore = await count('order_events', tenantA);
    for (const url of [
      `/api/v1/orders/${order.id}`,
      `/api/v1/orders/${order.id}/events`,
      `/api/v1/deliveries?orderId=${order.id}`,
      `/api/v1/orderNotes?order_id=${order.id}`,
      `/call/orders/${order.id}/approve/fsmFlow`,
      `/call/orders/${order.id}/packingSlip`,
      '/api/v1/orders/999999999',
    ]) {
      const res = await get(tenantB, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, success: false });
    }
    const writes = [
      { url: `/call/orders/${order.id}/approve/orderFlow`, payload: { version: 1 } },
      {
        url: `/call/order/${order.id}/shipping/updateOrderAddress`,
        payload: { name: 'Mallory', address1: 'x', city: 'y', state: 'TX', postalCode: '78701', country: 'US' },
      },
      { url: '/api/v1/orderNotes', payload: { order_id: order.id, note: 'hi' } },
      { url: `/call/orders/${order.id}/packingSlip`, payload: {} },
    ];
    for (const w of writes) {
      const res = await t.app.inject({
        method: 'POST',
        url: w.url,
        headers: await t.auth(tenantB),
        payload: w.payload,
      });
      expect(res.statusCode, w.url).toBe(404);
    }
    expect((await get(tenantA, `/api/v1/orders/${order.id}`)).json().data).toEqual(order);
    expect(await count('order_events', tenantA)).toBe(eventsBefore);
    expect(await count('order_events', tenantB)).toBe(0);
    expect(await count('order_notes', tenantB)).toBe(0);
  });

  it('updates an address: name split, version bump, timeline row; stale versions and closed orders refused', async () => {
    const NAVY_WAY = {
      name: 'Grace',
      address1: '1 Navy Way',
      city: 'Arlington',
      state: 'VA',
      postalCode: '22201',
      country: 'US',
    };
    const order = await createOrder(t, tenantA);
    const res = await t.app.inject({
      method: 'POST',
      url: `/call/order/${order.id}/shipping/updateOrderAddress`,
      headers: await t.auth(tenantA),
      payload: {
        name: 'Grace Brewster Hopper',
        address1: '1 Navy Way',
        city: 'Arlington',
        state: 'VA',
        postalCode: '22201',
        country: 'US',
        version: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      version: 2,
      shipTo: 'Arlington, VA, US',
      shippingAddress: { firstName: 'Grace', lastName: 'Brewster Hopper', city: 'Arlington' },
    });
    const events = (await get(tenantA, `/api/v1/orders/${order.id}/events`)).json().data;
    expect(events[0]).toMatchObject({ event: 'shippingAddressUpdated', payload: { type: 'shipping' } });

    const stale = await t.app.inject({
      method: 'POST',
      url: `/call/order/${order.id}/billing/updateOrderAddress`,
      headers: await t.auth(tenantA),
      payload: { ...NAVY_WAY, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, reason: 'stale_version' });

    const badType = await t.app.inject({
      method: 'POST',
      url: `/call/order/${order.id}/postal/updateOrderAddress`,
      headers: await t.auth(tenantA),
      payload: { name: 'Grace', address1: '1', city: 'A', country: 'US' },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toHaveProperty('editAddressType');

    await flow(t, tenantA, order.id, 'delete', { version: 2 });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/call/order/${order.id}/billing/updateOrderAddress`,
      headers: await t.auth(tenantA),
      payload: NAVY_WAY,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().reason).toBe('invalid_status');
  });

  it('replays a create with the same Idempotency-Key and refuses the key for another body', async () => {
    const headers = { 'idempotency-key': `create-${tenantA}` };
    const ordersBefore = await count('orders', tenantA);
    const eventsBefore = await count('order_events', tenantA);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: { ...(await t.auth(tenantA)), ...headers },
      payload: orderBody({ orderNumber: 'IDEM-1' }),
    });
    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: { ...(await t.auth(tenantA)), ...headers },
      payload: orderBody({ orderNumber: 'IDEM-1' }),
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(await count('orders', tenantA)).toBe(ordersBefore + 1);
    expect(await count('order_events', tenantA)).toBe(eventsBefore + 1);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: { ...(await t.auth(tenantA)), ...headers },
      payload: orderBody({ orderNumber: 'IDEM-2' }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, reason: 'idempotency_key_reused' });
    expect(await count('orders', tenantA)).toBe(ordersBefore + 1);

    // Keys belong to a tenant: another tenant may use the same one.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store/1/orders',
      headers: { ...(await t.auth(tenantB)), ...headers },
      payload: orderBody({ orderNumber: 'IDEM-2' }),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('lists box sizes, seeded with common sizes', async () => {
    const res = await get(tenantA, '/api/v1/orderBoxSizes');
    expect(res.statusCode).toBe(200);
    const sizes = res.json().data as Array<{ name: string; length: number; maxWeight: number }>;
    expect(sizes.length).toBeGreaterThanOrEqual(6);
    expect(sizes[0]).toMatchObject({ name: 'Small box', length: 8, width: 6, height: 4 });
    expect(await count('box_sizes', tenantA)).toBe(sizes.length);
    const provisioned = newTenantId();
    await t.app.inject({ method: 'POST', url: '/call/verifyNewUserRegister', headers: await t.auth(provisioned) });
    expect(await count('box_sizes', provisioned)).toBe(sizes.length);
  });
});

describe.each(backends)('order list paging ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const created: Order[] = [];
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // 55 orders with distinct dates (some equal, to exercise the id tie-break) and totals.
    for (let i = 0; i < 55; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      created.push(
        await createOrder(t, tenant, {
          orderNumber: `P-${String(i).padStart(3, '0')}`,
          orderDate: `2025-01-${day}T12:00:00.000Z`,
          shippingTotal: (i * 37) % 500,
          customerName: i % 5 === 0 ? 'Zed Zebra' : undefined,
        }),
      );
    }
    await createOrder(t, other);
  }, 120_000);
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${qs}`, headers: await t.auth(tenant) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrderList;
  };

  const walk = async (order: string, filters?: string) => {
    const base: Record<string, string | number> = { size: 10, order, ...(filters ? { filters } : {}) };
    const seen: OrderSummary[] = [];
    let page = await list(base);
    const pages = [page];
    seen.push(...page.rows);
    let n = 1;
    while (page.nextCursor) {
      n += 1;
      page = await list({ ...base, page: n, cursor: page.nextCursor });
      pages.push(page);
      seen.push(...page.rows);
    }
    // And back again with prev cursors.
    const back: OrderSummary[][] = [page.rows];
    while (page.prevCursor) {
      n -= 1;
      page = await list({ ...base, page: n, cursor: page.prevCursor });
      back.unshift(page.rows);
    }
    return { seen, pages, back: back.flat() };
  };

  it('walks next and prev through 55 orders by id: every order exactly once, in order', async () => {
    const { seen, pages, back } = await walk('id desc');
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 10, 10, 10, 5]);
    const expected = created.map((o) => o.id).sort((a, b) => Number(b) - Number(a));
    expect(seen.map((r) => r.id)).toEqual(expected);
    expect(back.map((r) => r.id)).toEqual(expected);
    expect(pages[0]).toMatchObject({ total: 55, totalIsEstimate: false, prevCursor: null, page: 1 });
    expect(pages.at(-1)).toMatchObject({ nextCursor: null, page: 6 });
  });

  it('walks by order date and by total, ties broken by id', async () => {
    for (const order of ['orderDate desc', 'orderDate asc', 'total asc', 'total desc']) {
      const { seen, back } = await walk(order);
      const [key, dir] = order.split(' ') as ['orderDate' | 'total', 'asc' | 'desc'];
      const value = (o: OrderSummary) => (key === 'total' ? o.total : Date.parse(o.orderDate));
      const expected = [...seen].sort((a, b) => {
        const d = value(a) - value(b) || Number(a.id) - Number(b.id);
        return dir === 'asc' ? d : -d;
      });
      expect(
        seen.map((r) => r.id),
        order,
      ).toEqual(expected.map((r) => r.id));
      expect(new Set(seen.map((r) => r.id)).size).toBe(55);
      expect(back.map((r) => r.id)).toEqual(seen.map((r) => r.id));
    }
  });

  it('reads a typed-in page with OFFSET and the last page from the end', async () => {
    const third = await list({ size: 10, page: 3 });
    const desc = created.map((o) => o.id).sort((a, b) => Number(b) - Number(a));
    expect(third.rows.map((r) => r.id)).toEqual(desc.slice(20, 30));
    expect(third.prevCursor).not.toBeNull();
    const last = await list({ size: 10, last: 1 });
    expect(last.page).toBe(6);
    expect(last.rows.map((r) => r.id)).toEqual(desc.slice(50));
    expect(last.nextCursor).toBeNull();
    const beforeLast = await list({ size: 10, page: 5, cursor: last.prevCursor! });
    expect(beforeLast.rows.map((r) => r.id)).toEqual(desc.slice(40, 50));
  });

  it('refuses a cursor with other filters or another sort, and bad filters, by name', async () => {
    const first = await list({ size: 10 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?size=10&page=2&cursor=${first.nextCursor}&filters=${encodeURIComponent(JSON.stringify({ orderStatus: 'eq@Draft Order' }))}`,
      headers: await t.auth(tenant),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('cursor');
    const sorted = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?size=10&page=2&order=total%20asc&cursor=${first.nextCursor}`,
      headers: await t.auth(tenant),
    });
    expect(sorted.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?filters=${encodeURIComponent(JSON.stringify({ colour: 'red', orderStatus: 'like@x' }))}`,
      headers: await t.auth(tenant),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['filters.colour', 'filters.orderStatus']);
    const badSort = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders?order=name',
      headers: await t.auth(tenant),
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors).toHaveProperty('order');
  });

  it('names the field of each bad list parameter: page, size, dates, operators', async () => {
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=-3', 'page'],
      ['size=501', 'size'],
      ['size=0', 'size'],
      [`filters=${encodeURIComponent(JSON.stringify({ orderDate: 'eq@2026-13-45' }))}`, 'filters.orderDate'],
      // A browser's date field on its way to a year (before this, a 500 from the time zone's arithmetic).
      [
        `filters=${encodeURIComponent(JSON.stringify({ orderDate: 'between@0002-11-20,0026-11-22' }))}`,
        'filters.orderDate',
      ],
      [`filters=${encodeURIComponent(JSON.stringify({ created: 'gte@0026-11-20T00:00:00Z' }))}`, 'filters.created'],
      [`filters=${encodeURIComponent(JSON.stringify({ created: 'between@yesterday,today' }))}`, 'filters.created'],
      [`filters=${encodeURIComponent(JSON.stringify({ total: 'gt@5' }))}`, 'filters.total'],
      ['filters=not-json', 'filters'],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${query}`, headers: await t.auth(tenant) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('filters by status, search prefix and date; counts tabs; hides Deleted unless asked', async () => {
    const victim = created[0]!;
    expect((await flow(t, tenant, victim.id, 'delete', { version: 1 })).statusCode).toBe(200);
    const approved = created[1]!;
    expect((await flow(t, tenant, approved.id, 'approve', { version: 1 })).statusCode).toBe(200);

    const all = await list({ size: 100, hide: 0 });
    expect(all.total).toBe(54);
    expect(all.rows.map((r) => r.id)).not.toContain(victim.id);
    expect(all.statusCounts).toMatchObject({ 'Draft Order': 53, 'Sales Order': 1, Deleted: 1, Completed: 0 });

    const deleted = await list({ hide: 0, filters: JSON.stringify({ orderStatus: 'eq@Deleted' }) });
    expect(deleted.rows.map((r) => r.id)).toEqual([victim.id]);
    const hidden = await list({ hide: 1, filters: JSON.stringify({ orderStatus: 'eq@Deleted' }) });
    expect(hidden.total).toBe(0);

    const sales = await list({ filters: JSON.stringify({ orderStatus: 'eq@Sales Order' }) });
    expect(sales.rows.map((r) => r.id)).toEqual([approved.id]);
    expect(sales.statusCounts['Draft Order']).toBe(53);

    const zed = await list({ size: 100, filters: JSON.stringify({ search: 'like@zed z' }) });
    expect(zed.total).toBe(created.filter((_, i) => i % 5 === 0 && i !== 0).length);
    const byNumber = await list({ filters: JSON.stringify({ search: 'p-05' }) });
    expect(byNumber.rows.map((r) => r.orderNumber).sort()).toEqual(['P-050', 'P-051', 'P-052', 'P-053', 'P-054']);
    const literal = await list({ filters: JSON.stringify({ search: 'p_0' }) });
    expect(literal.total).toBe(0);

    // 2025-01-03 in New York: orders at 12:00 UTC on the 3rd (i = 2, 30).
    const day = await list({ filters: JSON.stringify({ orderDate: 'eq@2025-01-03' }) });
    expect(day.rows.map((r) => r.orderNumber).sort()).toEqual(['P-002', 'P-030']);
    const range = await list({ size: 100, filters: JSON.stringify({ orderDate: 'between@2025-01-01,2025-01-02' }) });
    expect(range.total).toBe(3); // P-000 is deleted; P-001, P-028, P-029
    const manual = await list({ filters: JSON.stringify({ storeId: 'eq@manual', sourceType: 'eq@Wholesale' }) });
    expect(manual.total).toBe(54);
  });

  it('estimates totals and tab counts of filtered lists above the exact-count limit', async () => {
    const service = createOrdersService(t.app.db, () => undefined, { exactCountLimit: 20 });
    const auth = { tenantId: tenant, userId: 'u', email: 'u@example.com', roleId: Role.Admin, issuer: 'x' };
    const filtered = (filters: Record<string, string>) => service.list(auth, { filters: JSON.stringify(filters) });
    const page = await filtered({ sourceType: 'eq@Wholesale' });
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(20);
    expect(page.statusCounts['Draft Order']).toBeGreaterThan(20);
    expect(page.statusCounts['Sales Order']).toBe(1);
    const tab = await filtered({ orderStatus: 'eq@Draft Order', storeId: 'eq@manual' });
    expect(tab.totalIsEstimate).toBe(true);
    expect(tab.total).toBeGreaterThan(20);

    // Narrowed by the order status alone, the counts come from the per-status summary: exact at any size.
    expect(await service.list(auth, { size: 10 })).toMatchObject({
      total: 54,
      totalIsEstimate: false,
      statusCounts: { 'Draft Order': 53, 'Sales Order': 1, Deleted: 1, Completed: 0 },
    });
    expect(await filtered({ orderStatus: 'eq@Draft Order' })).toMatchObject({ total: 53, totalIsEstimate: false });
    expect(await filtered({ orderStatus: 'eq@Sales Order' })).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(await filtered({ orderStatus: 'ne@Sales Order' })).toMatchObject({ total: 53, totalIsEstimate: false });
  });
});

describe.each(backends)('order search by SKU ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  const line = (sku: string) => ({ sku, name: `Item ${sku}`, quantity: 1, unitPrice: 500, weight: 100 });
  let redTwice: Order;
  let blue: Order;
  let numbered: Order;
  let plain: Order;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // Three lines of one order match "widget-r"; the order must come back once.
    redTwice = await createOrder(t, tenant, {
      orderNumber: 'S-1',
      lines: [line('Widget-RED-1'), line('GADGET-9'), line('widget-red-2'), line('WIDGET-RED-3')],
    });
    blue = await createOrder(t, tenant, { orderNumber: 'S-2', lines: [line('WIDGET-BLUE')] });
    // Matches "widget" by its order number and by a line: still one row.
    numbered = await createOrder(t, tenant, { orderNumber: 'WIDGET-ORDER', lines: [line('WIDGET-X')] });
    plain = await createOrder(t, tenant, { orderNumber: 'S-4', lines: [line('SPROCKET')] });
    await createOrder(t, other, { orderNumber: 'O-1', lines: [line('SECRET-42'), line('WIDGET-OTHER')] });
  }, 120_000);
  afterAll(() => t.close());

  const list = async (tenantId: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${qs}`, headers: await t.auth(tenantId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrderList;
  };
  const search = (tenantId: string, text: string, query: Record<string, string | number> = {}) =>
    list(tenantId, { size: 100, ...query, filters: JSON.stringify({ search: `like@${text}` }) });

  it('finds an order by a case-insensitive SKU prefix once, however many of its lines match', async () => {
    const red = await search(tenant, 'WIDGET-r');
    expect(red.rows.map((r) => r.id)).toEqual([redTwice.id]);
    expect(red).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(red.statusCounts['Draft Order']).toBe(1);

    const widgets = await search(tenant, 'widget');
    expect(widgets.rows.map((r) => r.id)).toEqual([numbered.id, blue.id, redTwice.id]);
    expect(widgets.total).toBe(3);
    expect(widgets.statusCounts['Draft Order']).toBe(3);

    expect((await search(tenant, 'gadget-9')).rows.map((r) => r.id)).toEqual([redTwice.id]);
    expect((await search(tenant, 'sprocket')).rows.map((r) => r.id)).toEqual([plain.id]);
    // The start of a word or of a piece between punctuation (RED in Widget-RED-1), not a substring; no wildcards.
    expect((await search(tenant, 'red')).rows.map((r) => r.id)).toEqual([redTwice.id]);
    expect((await search(tenant, 'idget')).total).toBe(0);
    expect((await search(tenant, 'wid_et')).total).toBe(0);
    expect((await search(tenant, 'w%dget')).total).toBe(0);
  });

  it("does not find another tenant's SKU", async () => {
    const secret = await search(tenant, 'secret');
    expect(secret.total).toBe(0);
    expect(secret.rows).toEqual([]);
    expect(Object.values(secret.statusCounts).every((n) => n === 0)).toBe(true);
    expect((await search(tenant, 'widget-other')).total).toBe(0);
    const own = await search(other, 'secret');
    expect(own.rows.map((r) => r.orderNumber)).toEqual(['O-1']);
    expect((await search(other, 'widget')).rows.map((r) => r.orderNumber)).toEqual(['O-1']);
  });

  it('pages through SKU matches with cursors, each order once, and combines with the status filter', async () => {
    const seen: string[] = [];
    let page = await search(tenant, 'widget', { size: 1, order: 'total desc' });
    seen.push(...page.rows.map((r) => r.id));
    for (let n = 2; page.nextCursor; n++) {
      page = await search(tenant, 'widget', { size: 1, order: 'total desc', page: n, cursor: page.nextCursor });
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen.sort()).toEqual([redTwice.id, blue.id, numbered.id].sort());
    const back = await search(tenant, 'widget', { size: 1, order: 'total desc', page: 2, cursor: page.prevCursor! });
    expect(back.rows).toHaveLength(1);

    expect((await flow(t, tenant, blue.id, 'delete', { version: 1 })).statusCode).toBe(200);
    const shown = await search(tenant, 'widget-b');
    expect(shown.total).toBe(0);
    expect(shown.statusCounts.Deleted).toBe(1);
    const deleted = await list(tenant, {
      hide: 0,
      filters: JSON.stringify({ search: 'widget-b', orderStatus: 'eq@Deleted' }),
    });
    expect(deleted.rows.map((r) => r.id)).toEqual([blue.id]);
  });

  it('estimates above the exact-count limit with a SKU search too', async () => {
    const service = createOrdersService(t.app.db, () => undefined, { exactCountLimit: 1 });
    const auth = { tenantId: tenant, userId: 'u', email: 'u@example.com', roleId: Role.Admin, issuer: 'x' };
    const page = await service.list(auth, { size: 10, filters: JSON.stringify({ search: 'widget' }) });
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(new Set(page.rows.map((r) => r.id)).size).toBe(page.rows.length);
  });
});
