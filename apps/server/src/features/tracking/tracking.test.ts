import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderEventRecord, ParcelTracking } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { refreshOrderParcels } from '../orders/index.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };

describe.each(backends)('tracking parcels after the label ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    await connectCarrier(t, tenant, 'ups', fakes);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who) });
  const tracking = async (deliveryId: string) => {
    const res = await call('GET', `/call/shipment/${deliveryId}/tracking`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ParcelTracking;
  };
  const shipped = async (carrier: string, serviceCode: string) => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier, serviceCode, parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { order: after, label } = bought.json().data as { order: Order; label: { deliveryId: string } };
    return { order: after, deliveryId: label.deliveryId };
  };
  const listed = async (filter: string) => {
    const filters = encodeURIComponent(JSON.stringify({ parcelStatus: filter }));
    const res = await call('GET', `/api/v1/orders?filters=${filters}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.rows as Array<{ id: string }>).map((o) => o.id);
  };

  it('follows a UPS parcel from its label to its door, by a check now and by the sweep', async () => {
    const { order, deliveryId } = await shipped('ups', '03');
    expect(order.parcelStatus).toBe('label_created');
    const fresh = await tracking(deliveryId);
    expect(fresh).toMatchObject({ status: 'label_created', events: [], late: false });
    expect(fresh.nextCheckAt).not.toBeNull();

    fakes.ups.clock.advanceHours(25);
    const now = await call('POST', `/call/shipment/${deliveryId}/trackNow`);
    expect(now.statusCode, now.body).toBe(200);
    const moving = now.json().data as ParcelTracking;
    expect(moving.status).toBe('out_for_delivery');
    expect(moving.events[0]).toMatchObject({ status: 'out_for_delivery' });
    expect(moving.events.length).toBeGreaterThan(3);
    expect(moving.expectedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await listed('out_for_delivery')).toContain(order.id);

    // Asked again, the same events are stored once.
    await call('POST', `/call/shipment/${deliveryId}/trackNow`);
    expect((await tracking(deliveryId)).events).toHaveLength(moving.events.length);

    fakes.ups.clock.advanceHours(6);
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET parcel_next_at = now() - interval '1 minute'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    expect(await t.app.tracking.sweep()).toBeGreaterThan(0);
    const delivered = await waitFor(async () => {
      const now = await tracking(deliveryId);
      return now.status === 'delivered' ? now : undefined;
    });
    expect(delivered.nextCheckAt).toBeNull();
    expect(await listed('delivered')).toContain(order.id);
    const events = (await call('GET', `/api/v1/orders/${order.id}/events`)).json().data as OrderEventRecord[];
    const moves = events.filter((e) => e.event === 'parcelStatus').map((e) => e.payload.to);
    expect(moves).toEqual(expect.arrayContaining(['out_for_delivery', 'delivered']));
  });

  it("keeps to the account's tracking budget: a spent window sends nothing and moves the parcels past it", async () => {
    const { deliveryId } = await shipped('ups', '03');
    const due = sql`UPDATE shipping_labels SET parcel_next_at = now() - interval '1 minute'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`;
    await t.app.db.db.execute(due);
    await t.app.db.db.execute(sql`DELETE FROM tracking_quotas WHERE tenant_id = ${tenant}`);
    await t.app.db.db.execute(sql`INSERT INTO tracking_quotas (tenant_id, carrier_account_id, window_started_at, used)
      SELECT ${tenant}, id, now(), 1000000 FROM carrier_accounts WHERE tenant_id = ${tenant} AND carrier = 'ups'`);
    expect(await t.app.tracking.sweep()).toBe(0);
    const next = (await tracking(deliveryId)).nextCheckAt!;
    expect(Date.parse(next)).toBeGreaterThan(Date.now() + 30_000);
    await t.app.db.db.execute(sql`DELETE FROM tracking_quotas WHERE tenant_id = ${tenant}`);
    await t.app.db.db.execute(due);
    expect(await t.app.tracking.sweep()).toBeGreaterThan(0);
  });

  it('lists late orders (past the promised day, not delivered) and never calls a carrier outage late', async () => {
    const { order, deliveryId } = await shipped('ups', '03');
    // The carrier promised a day long gone and the parcel is still on its way.
    await t.app.db.db
      .execute(sql`UPDATE shipping_labels SET parcel_expected = '2020-01-02', parcel_status = 'in_transit'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    await t.app.db.withTenant(tenant, (tx) => refreshOrderParcels(tx, tenant, [Number(order.id)]));
    expect(await listed('late')).toContain(order.id);
    expect((await tracking(deliveryId)).late).toBe(true);
    const problems = async () =>
      ((await call('GET', '/call/parcelProblems?size=100')).json().data.rows as Array<{ deliveryId: string }>).map(
        (p) => p.deliveryId,
      );
    expect(await problems()).toContain(deliveryId);

    // UPS is down: tracking is delayed and says so; the parcel is no longer called late anywhere.
    fakes.ups.failWithServerError({ times: 5, path: /track/ });
    const delayed = (await call('POST', `/call/shipment/${deliveryId}/trackNow`)).json().data as ParcelTracking;
    expect(delayed).toMatchObject({ status: 'in_transit', expectedDelivery: '2020-01-02', late: false });
    expect(delayed.problem).toMatch(/^Tracking is delayed: /);
    expect(await listed('late')).not.toContain(order.id);
    expect(await problems()).not.toContain(deliveryId);

    const bad = await call('GET', `/api/v1/orders?filters=${encodeURIComponent('{"parcelStatus":"lost"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('filters.parcelStatus');
  });

  it("marks the built-in carrier's parcel delivered by hand, and only that carrier's", async () => {
    const local = await shipped('local', 'LOCAL_NEXT_DAY');
    expect((await tracking(local.deliveryId)).nextCheckAt).toBeNull();
    const marked = await call('POST', `/call/shipment/${local.deliveryId}/markDelivered`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({
      status: 'delivered',
      events: [{ status: 'delivered', code: 'MANUAL' }],
    });
    expect((await call('POST', `/call/shipment/${local.deliveryId}/markDelivered`)).json().reason).toBe(
      'already_delivered',
    );
    expect((await call('POST', `/call/shipment/${local.deliveryId}/trackNow`)).json().reason).toBe('not_tracked');

    const ups = await shipped('ups', '03');
    expect((await call('POST', `/call/shipment/${ups.deliveryId}/markDelivered`)).json().reason).toBe('carrier_tracks');
    const stranger = newTenantId();
    expect((await call('GET', `/call/shipment/${ups.deliveryId}/tracking`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/call/shipment/${local.deliveryId}/markDelivered`, stranger)).statusCode).toBe(404);
  });
});
