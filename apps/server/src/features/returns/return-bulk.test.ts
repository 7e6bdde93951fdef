import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnLabel, ReturnLabelsResult } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};

describe.each(backends)('return labels for selected orders ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    await setWarehouse(t, other);
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const shippedOrder = async (who: string): Promise<Order> => {
    const order = await paidOrder(t, who, { customerEmail: 'buyer@example.com' });
    const bought = await flow(t, who, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    return bought.json().data.order as Order;
  };

  it("makes each order's return on its own: one made, one refused for its status; another tenant's is a 400", async () => {
    const shipped = await shippedOrder(tenant);
    const unshipped = await paidOrder(t, tenant);
    const theirs = await shippedOrder(other);
    const refusal = (await call('GET', `/call/order/${unshipped.id}/returnLabelDefaults`)).json().data.refusal;
    expect(refusal).toMatchObject({ reason: 'invalid_status', message: expect.any(String) });

    // Another tenant's order answers as a missing one, naming its place, and nothing is made for the others.
    const mixed = await call('POST', '/call/returnLabels', { orderIds: [shipped.id, theirs.id], emailBuyer: false });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ 'orderIds[1]': `No order ${theirs.id}` });
    expect((await call('GET', `/call/order/${shipped.id}/returnLabels`)).json().data).toEqual([]);

    // Asked in an order that is not the made one first: results come back as asked.
    const res = await call('POST', '/call/returnLabels', { orderIds: [unshipped.id, shipped.id], emailBuyer: false });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json().data as ReturnLabelsResult;
    expect(results.map((r) => r.orderId)).toEqual([unshipped.id, shipped.id]);
    expect(results[0]).toEqual({
      orderId: unshipped.id,
      orderNumber: unshipped.orderNumber,
      returnLabel: null,
      error: { reason: 'invalid_status', message: refusal.message },
    });
    expect(results[1]).toMatchObject({
      orderId: shipped.id,
      orderNumber: shipped.orderNumber,
      error: null,
      returnLabel: { orderId: shipped.id, carrier: 'local', status: 'active', email: { status: 'not_sent' } },
    });
    expect(results[1]!.returnLabel!.rma).toMatch(/^RMA-.+-1$/);

    const listed = (await call('GET', `/call/order/${shipped.id}/returnLabels`)).json().data as ReturnLabel[];
    expect(listed.map((r) => r.id)).toEqual([results[1]!.returnLabel!.id]);
    expect((await call('GET', `/call/order/${unshipped.id}/returnLabels`)).json().data).toEqual([]);
    // The other tenant's order got nothing.
    expect((await call('GET', `/call/order/${theirs.id}/returnLabels`, undefined, other)).json().data).toEqual([]);
  });

  it('e-mails each buyer by default, and takes at most 50 orders', async () => {
    const shipped = await shippedOrder(tenant);
    const res = await call('POST', '/call/returnLabels', { orderIds: [shipped.id] });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = (res.json().data as ReturnLabelsResult).results;
    expect(result!.returnLabel!.email).toMatchObject({ status: 'queued', to: 'buyer@example.com' });

    // Ids no order has, so that fifty of them make nothing.
    const tooMany = Array.from({ length: 51 }, (_, i) => String(900_000 + i));
    const refused = await call('POST', '/call/returnLabels', { orderIds: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/orderIds/);
    expect((await call('POST', '/call/returnLabels', { orderIds: [] })).statusCode).toBe(400);
    // Fifty is allowed (ids no order has are refused by their place, not by their number).
    const fifty = await call('POST', '/call/returnLabels', { orderIds: tooMany.slice(1), emailBuyer: false });
    expect(fifty.statusCode, fifty.body).toBe(400);
    expect(fifty.json().errors).toEqual({ 'orderIds[0]': `No order ${tooMany[1]}` });
  });
});
