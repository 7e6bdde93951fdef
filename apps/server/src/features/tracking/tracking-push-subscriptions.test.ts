import { freePort } from '../../../test/free-port.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierPush, Order, ParcelTracking } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const DAY = 86_400_000;

interface SubscriptionRow {
  id: string;
  tracking_number: string;
  parcel_status: string;
  parcel_problem: string | null;
  push_subscribed_until: string | null;
  push_subscribe_at: string | null;
  push_subscribe_failures: number;
  push_subscribe_problem: string | null;
}

describe.each(backends)('UPS Track Alert subscriptions ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  let account: string;
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    const port = await freePort();
    t = await buildTestApp(
      backend,
      { publicUrl: `http://127.0.0.1:${port}` },
      undefined,
      // One attempt per call: a test's fault is one failed call.
      { adapterOptions: { http: { baseDelayMs: 1, retries: 0 } } },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    await setWarehouse(t, tenant);
    account = await connectCarrier(t, tenant, 'ups', fakes);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload ? { payload } : {}) });
  const tracking = async (deliveryId: string) =>
    (await call('GET', `/call/shipment/${deliveryId}/tracking`)).json().data as ParcelTracking;
  const shipped = async () => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier: 'ups', serviceCode: '03', parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { label } = bought.json().data as { order: Order; label: { deliveryId: string } };
    return label.deliveryId;
  };
  const rows = async (where = sql`true`) =>
    (
      (await t.app.db.db.execute(sql`SELECT id, tracking_number, parcel_status, parcel_problem, push_subscribed_until,
        push_subscribe_at, push_subscribe_failures, push_subscribe_problem
        FROM shipping_labels WHERE tenant_id = ${tenant} AND carrier = 'ups' AND ${where} ORDER BY id`)) as unknown as {
        rows: SubscriptionRow[];
      }
    ).rows;
  const rowOf = async (deliveryId: string) => (await rows(sql`delivery_id = ${Number(deliveryId)}`))[0]!;
  /** Sweeps until `check` holds (the minute's scheduled sweep may have sent the labels already). */
  const sweepUntil = async <T>(check: () => Promise<T | undefined>) =>
    waitFor(async () => {
      await t.app.trackingPushSubscriptions.sweep();
      return check();
    });
  const subscribedUntil = (row: SubscriptionRow) =>
    row.push_subscribed_until ? Date.parse(String(row.push_subscribed_until)) : 0;

  /** `count` more standing labels like the delivery's (a delivery each), their numbers as given. */
  async function cloneLabels(deliveryId: string, numbers: string[]): Promise<void> {
    await t.app.db.db.execute(sql`
      WITH n AS (SELECT number, ord FROM unnest(${sql.raw(`ARRAY[${numbers.map((n) => `'${n}'`).join(',')}]::text[]`)}) WITH ORDINALITY AS x(number, ord)),
      src AS (SELECT * FROM shipping_labels WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)} AND status = 'active'),
      made AS (
        INSERT INTO deliveries (tenant_id, order_id, status, weight, tracking_number)
        SELECT src.tenant_id, src.order_id, 'shipped', 900, n.number FROM src, n RETURNING id, tracking_number
      )
      INSERT INTO shipping_labels
      SELECT (jsonb_populate_record(NULL::shipping_labels, to_jsonb(src) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('shipping_labels', 'id')),
        'delivery_id', made.id, 'tracking_number', made.tracking_number, 'public_token', NULL,
        'push_subscribed_until', NULL, 'push_subscribe_at', NULL, 'push_subscribe_failures', 0))).*
      FROM src, made`);
  }

  it('subscribes a UPS label bought on a push-active account; its pushes then move the parcel', async () => {
    const push = (await call('POST', `/call/carriers/${account}/trackingPush`, {})).json().data as CarrierPush;
    // Pending (polled as usual) until UPS pushes; its numbers are subscribed meanwhile, or it never would.
    expect(push.status).toBe('pending');
    fakes.ups.trackAlert.listen({
      url: push.listenerUrl,
      tokenUrl: push.tokenUrl!,
      clientId: push.clientId!,
      clientSecret: push.clientSecret!,
    });
    const deliveryId = await shipped();
    const { trackingNumber } = await tracking(deliveryId);
    const row = await sweepUntil(async () => {
      const now = await rowOf(deliveryId);
      return now.push_subscribed_until ? now : undefined;
    });
    expect(Math.abs(subscribedUntil(row) - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(row).toMatchObject({ push_subscribe_failures: 0, push_subscribe_problem: null, push_subscribe_at: null });
    expect(fakes.ups.trackAlert.subscriptions.has(trackingNumber)).toBe(true);

    fakes.ups.clock.advanceHours(10);
    await fakes.ups.trackAlert.settled();
    const sent = fakes.ups.trackAlert.sender.deliveries;
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((d) => d.status === 200)).toBe(true);
    await waitFor(async () => ((await tracking(deliveryId)).status === 'in_transit' ? true : undefined));
    fakes.ups.clock.advanceHours(21);
    await fakes.ups.trackAlert.settled();
    const delivered = await waitFor(async () => {
      const now = await tracking(deliveryId);
      return now.status === 'delivered' ? now : undefined;
    });
    expect(delivered.events[0]).toMatchObject({ status: 'delivered', code: '011' });
    const sources = (await t.app.db.db.execute(sql`SELECT DISTINCT source FROM tracking_events
      WHERE tenant_id = ${tenant} AND label_id = ${Number(row.id)}`)) as unknown as { rows: Array<{ source: string }> };
    expect(sources.rows.map((r) => r.source)).toEqual(['push']);
    // A delivered parcel is never renewed.
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET push_subscribed_until = now() + interval '1 hour'
      WHERE tenant_id = ${tenant} AND id = ${Number(row.id)}`);
    const asked = fakes.ups.trackAlert.requests.length;
    await t.app.trackingPushSubscriptions.sweep();
    expect(fakes.ups.trackAlert.requests.slice(asked).flat()).not.toContain(trackingNumber);
  });

  it('renews a subscription a day before its 14 days end, not before', async () => {
    const deliveryId = await shipped();
    const first = await sweepUntil(async () => {
      const now = await rowOf(deliveryId);
      return now.push_subscribed_until ? now : undefined;
    });
    // Three days left: left alone.
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET push_subscribed_until = now() + interval '3 days'
      WHERE tenant_id = ${tenant} AND id = ${Number(first.id)}`);
    const asked = fakes.ups.trackAlert.requests.length;
    await t.app.trackingPushSubscriptions.sweep();
    expect(fakes.ups.trackAlert.requests.slice(asked).flat()).not.toContain(first.tracking_number);
    // 13 and a half days on: renewed for 14 days from now.
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET push_subscribed_until = now() + interval '12 hours'
      WHERE tenant_id = ${tenant} AND id = ${Number(first.id)}`);
    const renewed = await sweepUntil(async () => {
      const now = await rowOf(deliveryId);
      return subscribedUntil(now) > Date.now() + 13 * DAY ? now : undefined;
    });
    expect(Math.abs(subscribedUntil(renewed) - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(fakes.ups.trackAlert.requests.slice(asked).flat()).toContain(first.tracking_number);
  });

  it('subscribes more than 100 labels in calls of at most 100 numbers', async () => {
    const deliveryId = await shipped();
    const source = await rowOf(deliveryId);
    const fakeLabel = fakes.ups.labels.get(source.tracking_number)!;
    const numbers = Array.from({ length: 120 }, (_, i) => `1ZSPLIT${String(i).padStart(10, '0')}`);
    for (const number of numbers) fakes.ups.labels.set(number, { ...fakeLabel, trackingNumber: number });
    await cloneLabels(deliveryId, numbers);
    const asked = fakes.ups.trackAlert.requests.length;
    await sweepUntil(async () => {
      const now = await rows(sql`tracking_number LIKE '1ZSPLIT%'`);
      return now.length === 120 && now.every((r) => r.push_subscribed_until) ? now : undefined;
    });
    const calls = fakes.ups.trackAlert.requests.slice(asked);
    expect(calls.every((numbersOfCall) => numbersOfCall.length <= 100)).toBe(true);
    expect(calls.some((numbersOfCall) => numbersOfCall.length === 100)).toBe(true);
    expect(new Set(calls.flat().filter((n) => n.startsWith('1ZSPLIT'))).size).toBe(120);
  });

  it('records numbers UPS refuses and asks again only after a back-off', async () => {
    const deliveryId = await shipped();
    const unknown = ['1ZNOSUCH0000000001', '1ZNOSUCH0000000002'];
    await cloneLabels(deliveryId, unknown);
    const refused = await sweepUntil(async () => {
      const now = await rows(sql`tracking_number LIKE '1ZNOSUCH%'`);
      return now.every((r) => r.push_subscribe_failures === 1) ? now : undefined;
    });
    for (const row of refused) {
      expect(row.push_subscribed_until).toBeNull();
      expect(row.push_subscribe_problem).toMatch(/refused this tracking number/);
      const wait = Date.parse(String(row.push_subscribe_at)) - Date.now();
      expect(wait).toBeGreaterThan(50 * 60_000);
      expect(wait).toBeLessThan(61 * 60_000);
    }
    // Its own label was subscribed all the same.
    expect((await rowOf(deliveryId)).push_subscribed_until).not.toBeNull();
    // Not asked again every minute.
    const asked = fakes.ups.trackAlert.requests.length;
    await t.app.trackingPushSubscriptions.sweep();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fakes.ups.trackAlert.requests.slice(asked).flat()).not.toContain(unknown[0]);
    // The hour passed: asked again, refused again, the back-off doubles.
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET push_subscribe_at = now() - interval '1 minute'
      WHERE tenant_id = ${tenant} AND tracking_number LIKE '1ZNOSUCH%'`);
    const again = await sweepUntil(async () => {
      const now = await rows(sql`tracking_number LIKE '1ZNOSUCH%'`);
      return now.every((r) => r.push_subscribe_failures === 2) ? now : undefined;
    });
    expect(Date.parse(String(again[0]!.push_subscribe_at)) - Date.now()).toBeGreaterThan(110 * 60_000);
  });

  it('retries a failed call (an outage) with back-off and never changes the parcel', async () => {
    const deliveryId = await shipped();
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET parcel_status = 'in_transit'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    const before = await tracking(deliveryId);
    fakes.ups.failWithServerError({ status: 503, times: 1, path: /\/subscription\// });
    const failed = await sweepUntil(async () => {
      const now = await rowOf(deliveryId);
      return now.push_subscribe_failures === 1 ? now : undefined;
    });
    expect(failed.push_subscribed_until).toBeNull();
    expect(failed.push_subscribe_problem).toMatch(/^Tracking push subscription failed: UPS is failing \(HTTP 503\)/);
    const wait = Date.parse(String(failed.push_subscribe_at)) - Date.now();
    expect(wait).toBeGreaterThan(4 * 60_000);
    expect(wait).toBeLessThan(6 * 60_000);
    const after = await tracking(deliveryId);
    expect(after).toMatchObject({ status: 'in_transit', problem: before.problem, nextCheckAt: before.nextCheckAt });
    expect(failed.parcel_problem).toBeNull();

    await t.app.db.db.execute(sql`UPDATE shipping_labels SET push_subscribe_at = now() - interval '1 minute'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    const subscribed = await sweepUntil(async () => {
      const now = await rowOf(deliveryId);
      return now.push_subscribed_until ? now : undefined;
    });
    expect(subscribed).toMatchObject({ push_subscribe_failures: 0, push_subscribe_problem: null });
    expect((await tracking(deliveryId)).status).toBe('in_transit');
  });
});
