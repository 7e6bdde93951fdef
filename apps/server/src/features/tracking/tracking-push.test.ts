import { createHmac } from 'node:crypto';
import { freePort } from '../../../test/free-port.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierPush, Order, ParcelTracking } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

/** How many pushes of a carrier were counted with this outcome (the process's metrics; tests share the process). */
async function counted(carrier: string, outcome: string): Promise<number> {
  const metric = await processRegistry.getSingleMetric('shipdesk_tracking_pushes_total')!.get();
  return metric.values.find((v) => v.labels.carrier === carrier && v.labels.outcome === outcome)?.value ?? 0;
}

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };

describe.each(backends)('tracking pushes from the carriers ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  let base: string;
  const tenant = newTenantId();
  const other = newTenantId();
  const accounts: Record<string, string> = {};
  beforeAll(async () => {
    fakes = await startCarrierFakes();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp(backend, { publicUrl: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    await setWarehouse(t, tenant);
    accounts.usps = await connectCarrier(t, tenant, 'usps', fakes);
    accounts.shippo = await connectCarrier(t, tenant, 'shippo', fakes);
    accounts.ups = await connectCarrier(t, tenant, 'ups', fakes);
    accounts.fedex = await connectCarrier(t, tenant, 'fedex', fakes);
    await setWarehouse(t, other);
    accounts.otherUsps = await connectCarrier(t, other, 'usps', fakes);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, who = tenant, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const tracking = async (deliveryId: string) =>
    (await call('GET', `/call/shipment/${deliveryId}/tracking`)).json().data as ParcelTracking;
  const shipped = async (carrier: string, serviceCode: string) => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier, serviceCode, parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { label } = bought.json().data as { order: Order; label: { deliveryId: string } };
    return label.deliveryId;
  };
  const subscribe = async (accountId: string, who = tenant) => {
    const res = await call('POST', `/call/carriers/${accountId}/trackingPush`, who, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CarrierPush;
  };
  const pushStatus = async (deliveryId: string, status: string) =>
    waitFor(async () => {
      const now = await tracking(deliveryId);
      return now.status === status ? now : undefined;
    });

  it('subscribes USPS and moves a parcel by its signed pushes; a bad signature is 401 and changes nothing', async () => {
    const push = await subscribe(accounts.usps!);
    expect(push).toMatchObject({
      carrier: 'usps',
      status: 'active',
      listenerUrl: expect.stringContaining(`${base}/hooks/tracking/`),
    });
    const [subscription] = [...fakes.usps.trackingPushes.subscriptions.values()];
    expect(subscription).toMatchObject({ listenerURL: push.listenerUrl, status: 'ENABLED' });
    expect(subscription!.secret).toHaveLength(32);

    const deliveryId = await shipped('usps', 'PRIORITY_MAIL');
    fakes.usps.clock.advanceHours(25);
    await fakes.usps.trackingPushes.sender.settled();
    const sent = fakes.usps.trackingPushes.sender.deliveries;
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((d) => d.status === 200)).toBe(true);
    // Every push recorded (the jobs run side by side, in any order): one event each.
    const moving = await waitFor(async () => {
      const now = await tracking(deliveryId);
      return now.events.length === sent.length ? now : undefined;
    });
    expect(moving.status).toBe('out_for_delivery');
    const count = moving.events.length;
    // Pushed parcels are asked again only once a day.
    expect(Date.parse(moving.nextCheckAt!) - Date.now()).toBeGreaterThan(20 * 3_600_000);

    // A forged push: 401, nothing recorded.
    const forged = JSON.parse(sent.at(-1)!.body) as { payload: string };
    const payload = JSON.parse(forged.payload) as { trackingEvents: Array<Record<string, string>> };
    payload.trackingEvents[0] = {
      ...payload.trackingEvents[0],
      eventCode: '01',
      eventType: 'Delivered',
      GMTTimestamp: new Date().toISOString(),
    };
    const bad = await fetch(push.listenerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-HMAC': sent.at(-1)!.headers['X-HMAC']! },
      body: JSON.stringify({ ...forged, payload: JSON.stringify(payload) }),
    });
    expect(bad.status).toBe(401);

    // A replayed push is answered 200, stored once and counted as a duplicate.
    const duplicates = await counted('usps', 'duplicate');
    const replay = await fetch(push.listenerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sent[1]!.headers },
      body: sent[1]!.body,
    });
    expect(replay.status).toBe(200);
    // An old event pushed late (out of order) does not move the parcel back.
    const late = await fetch(push.listenerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sent[0]!.headers },
      body: sent[0]!.body,
    });
    expect(late.status).toBe(200);
    await waitFor(async () => ((await counted('usps', 'duplicate')) >= duplicates + 2 ? true : undefined));
    const after = await tracking(deliveryId);
    expect(after.status).toBe('out_for_delivery');
    expect(after.events).toHaveLength(count);

    fakes.usps.clock.advanceHours(6);
    await pushStatus(deliveryId, 'delivered');
  });

  it("ignores a number that is not the account's, and another tenant's hook cannot touch this tenant's parcels", async () => {
    const deliveryId = await shipped('usps', 'PRIORITY_MAIL');
    const theirs = await subscribe(accounts.otherUsps!, other);
    const ours = [...fakes.usps.trackingPushes.subscriptions.values()].find(
      (s) => s.listenerURL !== theirs.listenerUrl,
    )!;
    fakes.usps.clock.advanceHours(25);
    await fakes.usps.trackingPushes.sender.settled();
    // The other tenant's subscription got our labels' events (same MID on the fake): its hook finds no such parcel.
    const toThem = fakes.usps.trackingPushes.sender.deliveries.filter((d) => d.url === theirs.listenerUrl);
    expect(toThem.length).toBeGreaterThan(0);
    expect(toThem.every((d) => d.status === 200)).toBe(true);
    await pushStatus(deliveryId, 'out_for_delivery');
    const stranger = await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM tracking_events WHERE tenant_id = ${other}`,
    );
    expect((stranger as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(ours.status).toBe('ENABLED');
    // Another tenant's Admin cannot reach this tenant's account.
    expect((await call('POST', `/call/carriers/${accounts.usps}/trackingPush`, other, {})).statusCode).toBe(404);
    expect((await call('DELETE', `/call/carriers/${accounts.usps}/trackingPush`, other)).statusCode).toBe(404);
  });

  it("subscribes Shippo's track_updated webhook and moves a parcel by its pushes (the URL's token)", async () => {
    const push = await subscribe(accounts.shippo!);
    expect(push.status).toBe('active');
    const [hook] = [...fakes.shippo.webhooks.webhooks.values()];
    expect(hook).toMatchObject({ event: 'track_updated', url: expect.stringContaining(`${push.listenerUrl}?token=`) });
    const deliveryId = await shipped('shippo', 'usps_priority');
    fakes.shippo.clock.advanceHours(31);
    await fakes.shippo.webhooks.sender.settled();
    expect(fakes.shippo.webhooks.sender.deliveries.every((d) => d.status === 200)).toBe(true);
    await pushStatus(deliveryId, 'delivered');
    const wrong = await fetch(push.listenerUrl + '?token=not-the-token', {
      method: 'POST',
      body: fakes.shippo.webhooks.sender.deliveries[0]!.body,
    });
    expect(wrong.status).toBe(401);

    const stopped = await call('DELETE', `/call/carriers/${accounts.shippo}/trackingPush`);
    expect(stopped.json().data.status).toBe('disabled');
    expect(fakes.shippo.webhooks.webhooks.size).toBe(0);
    expect((await fetch(hook!.url, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it("takes UPS Track Alert's pushes with a bearer token from our token endpoint, bound to the hook", async () => {
    const push = await subscribe(accounts.ups!);
    // Pending until UPS pushes: the portal step is the seller's.
    expect(push).toMatchObject({ carrier: 'ups', status: 'pending', tokenUrl: `${base}/hooks/tracking/ups/token` });
    expect(push.clientSecret).toHaveLength(32);
    const deliveryId = await shipped('ups', '03');
    const { trackingNumber } = await tracking(deliveryId);
    const basic = (secret: string) => `Basic ${Buffer.from(`${push.clientId}:${secret}`).toString('base64')}`;
    const token = async (secret: string) =>
      fetch(push.tokenUrl!, {
        method: 'POST',
        headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
    expect((await token('not-the-secret-at-all')).status).toBe(401);
    const issued = (await (await token(push.clientSecret!)).json()) as { access_token: string; expires_in: number };
    expect(issued.expires_in).toBe(3600);
    const alert = {
      trackingNumber,
      localActivityDate: '20261201',
      localActivityTime: '101500',
      gmtActivityDate: '20261201',
      gmtActivityTime: '151500',
      activityLocation: { city: 'DENVER', stateProvince: 'CO', postalCode: '80202', country: 'US' },
      activityStatus: { type: 'I', code: 'OT', description: 'Out For Delivery Today', descriptionCode: '072' },
      scheduledDeliveryDate: '20261201',
    };
    const send = (authorization: string) =>
      fetch(push.listenerUrl, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'user-agent': 'UPSPubSubTrackingService' },
        body: JSON.stringify(alert),
      });
    expect((await send('Bearer forged.9999999999.c2lnbmF0dXJl')).status).toBe(401);
    expect((await send(`Bearer ${issued.access_token}`)).status).toBe(200);
    const moved = await pushStatus(deliveryId, 'out_for_delivery');
    expect(moved.events[0]).toMatchObject({ code: '072', description: 'Out For Delivery Today' });
    expect(moved.expectedDelivery).toBe('2026-12-01');
  });

  it('takes FedEx pushes signed with its security token (HMAC-SHA256 of the raw body, header configurable)', async () => {
    expect((await call('POST', `/call/carriers/${accounts.fedex}/trackingPush`, tenant, {})).statusCode).toBe(400);
    const secret = 'fedex-security-token-0123456789';
    const push = (
      await call('POST', `/call/carriers/${accounts.fedex}/trackingPush`, tenant, {
        secret,
        signatureHeader: 'X-Fdx-Sig',
      })
    ).json().data as CarrierPush;
    expect(push.status).toBe('pending');
    const pushState = async () =>
      (await call('GET', `/call/carriers/${accounts.fedex}/trackingPush`, tenant)).json().data as CarrierPush;
    const deliveryId = await shipped('fedex', 'FEDEX_2_DAY');
    const { trackingNumber } = await tracking(deliveryId);
    const body = JSON.stringify({
      trackingNumberInfo: { trackingNumber },
      latestStatusDetail: { code: 'DL', derivedCode: 'DL', description: 'Delivered' },
      scanEvents: [
        { date: '2026-12-01T14:00:00-05:00', eventType: 'DL', eventDescription: 'Delivered', derivedStatusCode: 'DL' },
      ],
    });
    const sign = (key: string) => createHmac('sha256', key).update(body).digest('hex');
    const send = (signature: string) =>
      fetch(push.listenerUrl, { method: 'POST', headers: { 'x-fdx-sig': signature }, body });
    expect((await send(sign('another-secret-entirely'))).status).toBe(401);
    expect((await tracking(deliveryId)).status).toBe('label_created');
    // A forged push does not prove the portal step; the first verified one does.
    expect(await pushState()).toMatchObject({ status: 'pending' });
    expect((await send(sign(secret))).status).toBe(200);
    await pushStatus(deliveryId, 'delivered');
    expect(await pushState()).toMatchObject({ status: 'active', message: null });
  });
});
