import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role, localDay, type Delivery, type Order, type ShipLabelDefaults } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { validLocalTrackingNumber } from '../../integrations/carriers/local/local-tracking.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const LOCAL = { carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', parcel: PARCEL };

describe.each(backends)('labels with the built-in carrier ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
  });
  afterAll(() => t.close());

  const get = async (url: string, who = tenant) => t.app.inject({ method: 'GET', url, headers: await t.auth(who) });
  const deliveries = async (orderId: string) => {
    const res = await get(`/api/v1/deliveries?orderId=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Delivery[];
  };
  const count = async (query: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

  it('rates the next delivery, buys a ZPL label, serves it again, voids it and buys again', async () => {
    const order = await paidOrder(t, tenant);
    const bare = (await get(`/call/orders/${order.id}/zpl/fsmFlow`)).json().data;
    expect(bare).toMatchObject({
      allowed: true,
      next: { orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' },
    });
    const draft = bare.defaults as ShipLabelDefaults;
    // The lines weigh 2 x 350 g + 100 g; no size was set, so the smallest box that holds them is the default.
    expect(draft).toMatchObject({
      format: 'zpl',
      parcel: { boxSizeId: expect.any(String), weight: 800, length: 8, width: 6, height: 4 },
      parcelProblem: null,
    });
    expect(draft.rates.length).toBeGreaterThan(0);

    const priced = (await get(`/call/orders/${order.id}/zpl/fsmFlow?weight=900&length=8&width=6&height=4`)).json().data
      .defaults as ShipLabelDefaults;
    expect(priced.parcelProblem).toBeNull();
    expect(priced.rates.map((r) => r.serviceCode).sort()).toEqual([
      'LOCAL_COURIER',
      'LOCAL_NEXT_DAY',
      'LOCAL_PICKUP',
      'LOCAL_SAME_DAY',
    ]);
    expect(priced.rates[0]).toMatchObject({ carrier: 'local', carrierAccountId: null, amount: 0, currency: 'USD' });

    const bought = await flow(t, tenant, order.id, 'zpl', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    const { order: shipped, label } = bought.json().data;
    expect(shipped).toMatchObject({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' });
    expect(
      shipped.lines.every((l: { quantity: number; quantityShipped: number }) => l.quantityShipped === l.quantity),
    ).toBe(true);
    expect(label).toMatchObject({
      carrier: 'local',
      serviceName: 'Local delivery, next day',
      format: 'zpl',
      amount: 0,
      status: 'active',
      weight: 900,
      // A manual order has no channel to tell.
      trackingPush: { status: 'not_needed' },
    });
    expect(validLocalTrackingNumber(label.trackingNumber)).toBe(true);

    const document = await get(`/call/shipment/${label.deliveryId}/shipLabel`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toContain('text/plain');
    expect(document.body.startsWith('^XA')).toBe(true);
    expect(document.body).toContain(label.trackingNumber);
    const preview = await get(`/call/shipment/${label.deliveryId}/labelPreview`);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const [delivery] = await deliveries(order.id);
    expect(delivery).toMatchObject({
      status: 'labelled',
      trackingNumber: label.trackingNumber,
      label: { id: label.id },
    });

    const voided = await get(`/call/usps/cancelShipment/${label.deliveryId}`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.label).toMatchObject({ id: label.id, status: 'voided' });
    const afterVoid = (await get(`/api/v1/orders/${order.id}`)).json().data as Order;
    expect(afterVoid).toMatchObject({ orderStatus: 'Sales Order', shipmentStatus: 'Unshipped' });
    expect(afterVoid.lines.every((l) => l.quantityShipped === 0)).toBe(true);
    expect((await get(`/call/usps/cancelShipment/${label.deliveryId}`)).json()).toMatchObject({ reason: 'no_label' });
    expect((await get(`/call/shipment/${label.deliveryId}/shipLabel`)).statusCode).toBe(404);
    expect((await get(`/call/shipment/${label.deliveryId}/shipLabel?labelId=${label.id}`)).statusCode).toBe(200);

    const again = await flow(t, tenant, order.id, 'shipLabel', { version: afterVoid.version, label: LOCAL });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data.label;
    expect(second.id).not.toBe(label.id);
    expect(second.trackingNumber).not.toBe(label.trackingNumber);
    const pdf = await get(`/call/shipment/${second.deliveryId}/shipLabel`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const timeline = (await get(`/api/v1/orders/${order.id}/events`)).json().data as Array<{
      event: string;
      actor: string;
      payload: Record<string, unknown>;
    }>;
    expect(timeline.slice(0, 3).map((e) => e.event)).toEqual(['shipLabel', 'voidLabel', 'zpl']);
    expect(timeline[2]!.payload).toMatchObject({
      carrier: 'local',
      service: 'Local delivery, next day',
      trackingNumber: label.trackingNumber,
      amount: 0,
    });
  });

  it("ships a reship like any order, and the original order's timeline follows its label", async () => {
    const order = await paidOrder(t, tenant);
    const shipped = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    const reshipped = await flow(t, tenant, order.id, 'reship', {
      version: shipped.json().data.order.version,
      reason: 'Lost in transit',
    });
    expect(reshipped.statusCode, reshipped.body).toBe(200);
    const copy = (await get(`/api/v1/orders/${reshipped.json().data.createdOrderId}`)).json().data as Order;
    expect(copy).toMatchObject({ orderStatus: 'Sales Order', paymentStatus: 'Paid', linkedOrderId: order.id });

    const label = await flow(t, tenant, copy.id, 'zpl', { version: copy.version, label: LOCAL });
    expect(label.statusCode, label.body).toBe(200);
    const { trackingNumber, deliveryId } = label.json().data.label;
    expect((await get(`/call/usps/cancelShipment/${deliveryId}`)).statusCode).toBe(200);
    const original = (await get(`/api/v1/orders/${order.id}/events`)).json().data as Array<{
      event: string;
      payload: Record<string, unknown>;
    }>;
    expect(original.slice(0, 2).map((e) => e.event)).toEqual(['linkedLabelVoided', 'linkedLabel']);
    expect(original[1]!.payload).toMatchObject({ linkedOrderId: copy.id, trackingNumber });
  });

  it('buys one label for five concurrent requests with one Idempotency-Key', async () => {
    const order = await paidOrder(t, tenant);
    const body = { version: order.version, label: LOCAL };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        flow(t, tenant, order.id, 'shipLabel', body, { 'idempotency-key': `buy-${order.id}` }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().data.label.id));
    expect(ids.size).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant} AND order_id = ${Number(order.id)}`,
      ),
    ).toBe(1);
  });

  it('buys one label when different keys race for one delivery', async () => {
    const order = await paidOrder(t, tenant);
    const body = { version: order.version, label: LOCAL };
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        flow(t, tenant, order.id, 'shipLabel', body, { 'idempotency-key': `race-${order.id}-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(['stale_version', 'purchase_in_progress', 'delivery_labelled', 'invalid_status']).toContain(
        refused.json().reason,
      );
    }
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM shipping_labels WHERE tenant_id = ${tenant} AND order_id = ${Number(order.id)}`,
      ),
    ).toBe(1);
  });

  it('refuses bad purchases by name and leaves the order as it was', async () => {
    const order = await paidOrder(t, tenant);
    const refuse = async (label: unknown, status: number, expected: Record<string, unknown>) => {
      const res = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(expected);
    };
    const missing = await flow(t, tenant, order.id, 'shipLabel', { version: order.version });
    expect(missing.json()).toMatchObject({ errors: { label: expect.stringContaining('label is required') } });
    await refuse({ ...LOCAL, serviceCode: 'TELEPORT' }, 400, { errors: { 'label.serviceCode': expect.any(String) } });
    await refuse({ ...LOCAL, parcel: { ...PARCEL, weight: 40_000 } }, 400, {
      errors: { 'label.parcel.weight': expect.stringContaining('at most') },
    });
    await refuse({ ...LOCAL, parcel: { ...PARCEL, length: 0 } }, 400, {
      errors: { 'label.parcel.length': expect.any(String) },
    });
    await refuse({ ...LOCAL, deliveryId: '999999' }, 400, { errors: { 'label.deliveryId': expect.any(String) } });
    await refuse({ ...LOCAL, carrier: 'ups', serviceCode: '03' }, 400, {
      errors: { 'label.carrierAccountId': expect.stringContaining('Connect a UPS account') },
    });
    await refuse({ ...LOCAL, parcel: { ...PARCEL, boxSizeId: '999999' } }, 400, {
      errors: { 'label.parcel.boxSizeId': expect.any(String) },
    });

    const other = newTenantId();
    const foreign = await flow(t, other, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/call/usps/cancelShipment/${order.id}`, other)).statusCode).toBe(404);

    const unchanged = (await get(`/api/v1/orders/${order.id}`)).json().data as Order;
    expect(unchanged).toMatchObject({ version: order.version, shipmentStatus: 'Unshipped' });
    const [delivery] = await deliveries(order.id);
    expect(delivery).toMatchObject({ status: 'planned', purchaseState: null, label: null });
  });

  it('lets a Manager buy and void labels: order work, not settings', async () => {
    const order = await paidOrder(t, tenant);
    const manager = await t.auth(tenant, Role.Manager);
    const bought = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL }, manager);
    expect(bought.statusCode, bought.body).toBe(200);
    const voided = await t.app.inject({
      method: 'GET',
      url: `/call/usps/cancelShipment/${bought.json().data.label.deliveryId}`,
      headers: manager,
    });
    expect(voided.statusCode, voided.body).toBe(200);
  });

  it("refuses a label for an order on hold until its day (in the tenant's zone), and still quotes it", async () => {
    const shop = newTenantId();
    await setWarehouse(t, shop);
    const headers = await t.auth(shop);
    // Far east of UTC: the tenant's day is the hold's day while UTC may still be the day before.
    await t.app.db.db.execute(sql`UPDATE tenants SET time_zone = 'Pacific/Kiritimati' WHERE id = ${shop}`);
    const order = await paidOrder(t, shop);
    const hold = async (holdUntil: string | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/call/order/${order.id}/updateRuleSettings`,
        headers,
        payload: { holdUntil },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Order;
    };
    const held = await hold('2099-12-31');
    const refused = await flow(t, shop, order.id, 'shipLabel', { version: held.version, label: LOCAL });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      reason: 'order_on_hold',
      message: `Order ${order.orderNumber} is on hold until 2099-12-31: release the hold to buy its label`,
    });
    const [delivery] = (
      await t.app.inject({ method: 'GET', url: `/api/v1/deliveries?orderId=${order.id}`, headers })
    ).json().data as Delivery[];
    expect(delivery).toMatchObject({ status: 'planned', purchaseState: null, label: null });
    // A seller may still look at the prices of a held order.
    const quoted = (
      await t.app.inject({ method: 'GET', url: `/call/orders/${order.id}/shipLabel/fsmFlow`, headers })
    ).json().data.defaults as ShipLabelDefaults;
    expect(quoted.rates.length).toBeGreaterThan(0);

    const today = localDay(new Date(), 'Pacific/Kiritimati');
    const due = await hold(today);
    const bought = await flow(t, shop, order.id, 'shipLabel', { version: due.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
  });

  it('asks for a ship-from address before the first label', async () => {
    const lonely = newTenantId();
    const order = await paidOrder(t, lonely);
    const res = await flow(t, lonely, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'warehouse_missing' });
    const draft = (await get(`/call/orders/${order.id}/shipLabel/fsmFlow?length=8&width=6&height=4`, lonely)).json()
      .data.defaults as ShipLabelDefaults;
    expect(draft.parcelProblem).toContain('ship-from');
  });
});
