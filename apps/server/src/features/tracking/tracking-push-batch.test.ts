import { createHmac } from 'node:crypto';
import { freePort } from '../../../test/free-port.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarrierPush, ParcelTracking } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

/**
 * Pushes in bulk (tracking-push-group-commit.ts, tracking-push-batch.ts): many USPS-signed pushes sent at once to two
 * tenants' listeners are stored a batch a job and recorded a batch a transaction, with what one push at a time
 * guarantees: every event kept once, each parcel at its newest event, outcomes counted, tenants apart; a push is
 * answered 200 only once it is stored, and a push the database refuses fails alone.
 */

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const START = Date.parse('2026-11-30T08:00:00Z');

async function counted(outcome: string): Promise<number> {
  const metric = await processRegistry.getSingleMetric('shipdesk_tracking_pushes_total')!.get();
  return metric.values.find((v) => v.labels.carrier === 'usps' && v.labels.outcome === outcome)?.value ?? 0;
}

interface UspsEvent {
  minute: number;
  code: string;
  words: string;
}

/** A USPS push of one event of one parcel, signed as USPS signs (X-HMAC over timestamp + payload). */
function uspsPush(secret: string, trackingNumber: string, event: UspsEvent) {
  const at = new Date(START + event.minute * 60_000).toISOString().slice(0, 19);
  const timestamp = new Date().toISOString();
  const payload = JSON.stringify({
    trackingNumber,
    statusCode: '200',
    status: event.words,
    trackingEvents: [
      {
        eventType: event.words,
        eventTimestamp: at,
        GMTTimestamp: at,
        GMTOffset: '+00:00',
        eventCity: 'INDIANAPOLIS',
        eventState: 'IN',
        eventZIPCode: '46241',
        eventCode: event.code,
      },
    ],
  });
  const signature = createHmac('sha256', secret)
    .update(timestamp + payload)
    .digest('base64');
  return {
    body: JSON.stringify({ subscriptionId: 'test', subscriptionType: 'TRACKING', timestamp, payload }),
    signature,
  };
}

/** A parcel's journey: `n` scans a minute apart, the last one out for delivery or delivered. */
function journey(n: number, last: 'OF' | '01'): UspsEvent[] {
  return Array.from({ length: n }, (_, i) =>
    i === n - 1
      ? { minute: i, code: last, words: last === '01' ? 'Delivered' : 'Out for Delivery' }
      : { minute: i, code: '10', words: `Processed through USPS Facility ${i}` },
  );
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(backends)('tracking pushes in bulk ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const a = newTenantId();
  const b = newTenantId();
  const hooks: Record<string, { url: string; secret: string }> = {};
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    const port = await freePort();
    t = await buildTestApp(backend, { publicUrl: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    for (const tenant of [a, b]) {
      await setWarehouse(t, tenant);
      const accountId = await connectCarrier(t, tenant, 'usps', fakes);
      const res = await t.app.inject({
        method: 'POST',
        url: `/call/carriers/${accountId}/trackingPush`,
        headers: await t.auth(tenant),
        payload: {},
      });
      const push = res.json().data as CarrierPush;
      const subscription = [...fakes.usps.trackingPushes.subscriptions.values()].find(
        (s) => s.listenerURL === push.listenerUrl,
      )!;
      hooks[tenant] = { url: push.listenerUrl, secret: subscription.secret };
    }
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const tracking = async (tenant: string, deliveryId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/call/shipment/${deliveryId}/tracking`,
        headers: await t.auth(tenant),
      })
    ).json().data as ParcelTracking;
  const shipped = async (tenant: string) => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier: 'usps', serviceCode: 'PRIORITY_MAIL', parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { label } = bought.json().data as { label: { deliveryId: string } };
    const { trackingNumber } = await tracking(tenant, label.deliveryId);
    return { tenant, orderId: order.id, deliveryId: label.deliveryId, trackingNumber };
  };
  const send = (tenant: string, push: { body: string; signature: string }) =>
    fetch(hooks[tenant]!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-HMAC': push.signature },
      body: push.body,
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(query)) as unknown as { rows: T[] }).rows;
  const eventsOf = async (tenant: string) =>
    Number(
      (await rows<{ n: string }>(sql`SELECT count(*) AS n FROM tracking_events WHERE tenant_id = ${tenant}`))[0]!.n,
    );

  it('takes 200 pushes at once (replays, out of order, two tenants, an unknown number): each event once, parcels at their newest', async () => {
    const parcelsA = [await shipped(a), await shipped(a), await shipped(a), await shipped(a)];
    const parcelsB = [await shipped(b), await shipped(b)];
    const plans = [
      ...parcelsA.map((p, i) => ({ parcel: p, events: journey(30, i === 0 ? '01' : 'OF') })),
      ...parcelsB.map((p) => ({ parcel: p, events: journey(25, '01') })),
    ];
    const distinct = plans.flatMap(({ parcel, events }) =>
      events.map((e) => ({
        tenant: parcel.tenant,
        push: uspsPush(hooks[parcel.tenant]!.secret, parcel.trackingNumber, e),
      })),
    );
    expect(distinct).toHaveLength(170);
    const replays = distinct.filter((_, i) => i % 8 === 3).slice(0, 20);
    const unknown = Array.from({ length: 5 }, (_, i) => ({
      tenant: a,
      push: uspsPush(hooks[a]!.secret, '9400100000000000000999', { minute: i, code: '10', words: 'Nobody knows' }),
    }));
    // Tenant A's parcels pushed to tenant B's hook (signed with B's secret): B has no such parcel.
    const crossed = parcelsA
      .slice(0, 1)
      .flatMap((p) =>
        journey(5, 'OF').map((e) => ({ tenant: b, push: uspsPush(hooks[b]!.secret, p.trackingNumber, e) })),
      );
    const before = { recorded: await counted('recorded'), duplicate: await counted('duplicate') };
    const unknownBefore = await counted('unknown_number');
    // The buyer's delivered e-mail (tenant A's manual orders): queued, or skipped for want of an address, once.
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/call/buyerNotices/settings/manual',
      headers: await t.auth(a),
      payload: {
        shippedEnabled: false,
        deliveredEnabled: true,
        evenWhenChannelNotifies: false,
        shippedSubject: null,
        shippedBody: null,
        deliveredSubject: null,
        deliveredBody: null,
        senderName: null,
        replyTo: null,
        logoUrl: null,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const told: Array<{ tenant: string; orderIds: string[] }> = [];
    const realtime = vi.spyOn(t.app.realtime, 'toTenant');
    realtime.mockImplementation((tenant: string, event: string, message: unknown) => {
      if (event === 'orders:changed') told.push({ tenant, orderIds: (message as { orderIds: string[] }).orderIds });
    });
    const jobsBefore = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'tracking-push-event'`,
    );

    // Every distinct push before its replay, the rest in any order: all at once.
    const firstHalf = shuffled([...distinct, ...unknown, ...crossed]);
    const answers = await Promise.all([
      ...firstHalf.map((p) => send(p.tenant, p.push)),
      ...replays.map(async (p) => {
        await new Promise((r) => setTimeout(r, 200));
        return send(p.tenant, p.push);
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(200));

    await waitFor(async () => ((await eventsOf(a)) === 120 && (await eventsOf(b)) === 50 ? true : undefined), 60_000);
    await waitFor(
      async () =>
        (await counted('recorded')) - before.recorded >= 170 && (await counted('duplicate')) - before.duplicate >= 20
          ? true
          : undefined,
      30_000,
    );
    expect((await counted('recorded')) - before.recorded).toBe(170);
    expect((await counted('duplicate')) - before.duplicate).toBe(20);
    expect((await counted('unknown_number')) - unknownBefore).toBe(10);
    // Fewer jobs than pushes: the listener stored them in batches.
    const jobs = await rows<{ n: string; pushes: string }>(sql`
      SELECT count(*) AS n, sum(jsonb_array_length(data->'pushes')) AS pushes FROM pgboss.job
      WHERE name = 'tracking-push-event'`);
    expect(Number(jobs[0]!.pushes)).toBeGreaterThanOrEqual(200);
    expect(Number(jobs[0]!.n) - Number(jobsBefore[0]!.n)).toBeLessThan(200);

    for (const { parcel, events } of plans) {
      const now = await tracking(parcel.tenant, parcel.deliveryId);
      const last = events.at(-1)!;
      expect(now.status).toBe(last.code === '01' ? 'delivered' : 'out_for_delivery');
      expect(now.statusAt).toBe(new Date(START + last.minute * 60_000).toISOString());
      expect(now.events).toHaveLength(events.length);
      // The order's rollup and its timeline: it moved forward only, to the newest status.
      const timeline = await rows<{ to: string; from: string }>(sql`
        SELECT payload->>'to' AS to, payload->>'from' AS from FROM order_events
        WHERE tenant_id = ${parcel.tenant} AND order_id = ${Number(parcel.orderId)} AND event = 'parcelStatus'
        ORDER BY id`);
      expect(timeline.at(-1)!.to).toBe(now.status);
      expect(timeline.some((r) => r.from === 'delivered')).toBe(false);
      const [order] = await rows<{ parcel_status: string }>(sql`
        SELECT parcel_status FROM orders WHERE tenant_id = ${parcel.tenant} AND id = ${Number(parcel.orderId)}`);
      expect(order!.parcel_status).toBe(now.status);
    }
    // Every order whose parcel moved was told to its own tenant's sockets, and only there.
    realtime.mockRestore();
    for (const { parcel } of plans) {
      expect(told.some((m) => m.tenant === parcel.tenant && m.orderIds.includes(String(parcel.orderId)))).toBe(true);
    }
    const ofA = new Set(parcelsA.map((p) => String(p.orderId)));
    expect(
      told
        .filter((m) => m.tenant === b)
        .flatMap((m) => m.orderIds)
        .filter((id) => ofA.has(id)),
    ).toEqual([]);
    const deliveredLabel = Number((await tracking(a, parcelsA[0]!.deliveryId)).labelId);
    const notices = await rows<{ n: string }>(sql`
      SELECT count(*) AS n FROM buyer_notices WHERE tenant_id = ${a} AND label_id = ${deliveredLabel} AND kind = 'delivered'`);
    expect(Number(notices[0]!.n)).toBe(1);
    // Nothing of tenant A's on tenant B: B's events are its own parcels' only.
    const strays = await rows<{ n: string }>(sql`
      SELECT count(*) AS n FROM tracking_events e JOIN shipping_labels l ON l.id = e.label_id
      WHERE e.tenant_id = ${b} AND l.tenant_id <> ${b}`);
    expect(Number(strays[0]!.n)).toBe(0);
  });

  it('answers 503 to a push whose batch could not be stored, and 200 only to those stored', async () => {
    const parcel = await shipped(a);
    // The database refuses any job holding the marked push (and so the whole batch it is in).
    await t.app.db.db.execute(sql`
      CREATE OR REPLACE FUNCTION public.test_refuse_marked_push() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.app.db.db.execute(sql`
      CREATE TRIGGER test_refuse_marked_push BEFORE INSERT ON pgboss.job FOR EACH ROW
      WHEN (NEW.data::text LIKE '%Refused by the test%') EXECUTE FUNCTION public.test_refuse_marked_push()`);
    const events = journey(6, 'OF');
    const poison = { minute: 100, code: '10', words: 'Refused by the test' };
    const pushes = [...events, poison].map((e) => ({
      event: e,
      push: uspsPush(hooks[a]!.secret, parcel.trackingNumber, e),
    }));
    let answers: number[];
    try {
      answers = (await Promise.all(pushes.map((p) => send(a, p.push)))).map((r) => r.status);
    } finally {
      await t.app.db.db.execute(sql`DROP TRIGGER test_refuse_marked_push ON pgboss.job`);
    }
    expect(answers.at(-1)).toBe(503);
    expect(answers.every((s) => s === 200 || s === 503)).toBe(true);
    const stored = events.filter((_, i) => answers[i] === 200);
    // Each push answered 200 is recorded; none answered 503 is (nothing of its batch was written).
    await waitFor(async () =>
      (await tracking(a, parcel.deliveryId)).events.length === stored.length ? true : undefined,
    );
    const kept = new Set((await tracking(a, parcel.deliveryId)).events.map((e) => e.description));
    expect([...kept].sort()).toEqual(stored.map((e) => e.words).sort());
    const jobs = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'tracking-push-event' AND data::text LIKE '%Refused by the test%'`,
    );
    expect(Number(jobs[0]!.n)).toBe(0);
    // The carrier sends the refused ones again: stored and recorded now.
    const again = pushes.filter((_, i) => answers[i] === 503);
    expect((await Promise.all(again.map((p) => send(a, p.push)))).map((r) => r.status)).toEqual(again.map(() => 200));
    const all = await waitFor(async () => {
      const now = await tracking(a, parcel.deliveryId);
      return now.events.length === 7 ? now : undefined;
    });
    expect(all.status).toBe('in_transit');
  });

  it('records the rest of a batch when the database refuses one of its pushes', async () => {
    const parcel = await shipped(b);
    const good = journey(3, 'OF').map((e) => uspsPush(hooks[b]!.secret, parcel.trackingNumber, e));
    // A NUL escaped in the carrier's JSON: PostgreSQL's text cannot keep it, so recording that push fails.
    const bad = uspsPush(hooks[b]!.secret, parcel.trackingNumber, {
      minute: 50,
      code: '10',
      words: 'Bad \u0000 words',
    });
    const accountId = Number(
      (
        await rows<{ id: string }>(
          sql`SELECT carrier_account_id AS id FROM tracking_push_subscriptions WHERE tenant_id = ${b}`,
        )
      )[0]!.id,
    );
    const job = (body: string) => ({ tenantId: b, carrierAccountId: accountId, carrier: 'usps', body });
    await expect(
      t.app.trackingPushes.work({
        pushes: [job(good[0]!.body), job(bad.body), job(good[1]!.body), job(good[2]!.body)],
      }),
    ).rejects.toThrow();
    const now = await tracking(b, parcel.deliveryId);
    expect(now.events).toHaveLength(3);
    expect(now.status).toBe('out_for_delivery');
    // A raw NUL in a push is refused at the door (it could not be stored with the others).
    const raw = uspsPush(hooks[b]!.secret, parcel.trackingNumber, { minute: 60, code: '10', words: 'x' });
    const res = await send(b, { ...raw, body: raw.body.replace('"TRACKING"', '"TRACKING\u0000"') });
    expect(res.status).toBe(400);
  });
});
