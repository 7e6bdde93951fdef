import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Delivery, Order } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { flow } from '../../../test/order-helpers.ts';
import { scriptedChannel, type ScriptedChannel } from '../../../test/scripted-channel.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';
import { createCarrierAdapter } from '../../integrations/carriers/carrier-registry.ts';
import type { CarrierAdapter, LabelRequest, PurchasedLabel } from '../../integrations/carriers/carrier-types.ts';
import type { TrackingPush } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { jobsOf, startNow, waitFor } from '../../../test/job-helpers.ts';
import { TRACKING_PUSH_QUEUE } from './label-jobs.ts';
import { MAX_ATTEMPTS } from './tracking-push-service.ts';

/** A USPS that sells labels in memory and can be told to misbehave. */
function scriptedUsps() {
  const sold = new Map<string, PurchasedLabel>();
  const usps = {
    sold,
    charges: 0,
    /** What the next purchase does: sell, refuse, or sell and lose the answer. */
    next: 'sell' as 'sell' | 'refuse' | 'lose' | 'fail',
    /** Whether asking for a lost label fails (the carrier still down). */
    findFails: false,
    adapter(): CarrierAdapter {
      const sell = (request: LabelRequest): PurchasedLabel => {
        usps.charges += 1;
        const label: PurchasedLabel = {
          trackingNumber: `9400${String(usps.charges).padStart(18, '0')}`,
          carrierShipmentId: `ship-${usps.charges}`,
          amountMinor: 845,
          currency: 'USD',
          format: request.format,
          contentType: 'application/pdf',
          document: new TextEncoder().encode('%PDF-1.4 scripted'),
        };
        sold.set(request.idempotencyKey, label);
        return label;
      };
      return {
        carrier: 'usps',
        testConnection: async () => ({ accountName: 'Scripted USPS' }),
        rates: async (request) =>
          request.serviceCodes.map((serviceCode) => ({
            serviceCode,
            amountMinor: 845,
            currency: 'USD',
            deliveryDays: 3,
          })),
        async buyLabel(request) {
          const mode = usps.next;
          usps.next = 'sell';
          if (mode === 'refuse') {
            throw new ChannelError('invalid', 'USPS refused the label (HTTP 400)', 400, 'Address Not Found');
          }
          if (mode === 'fail') throw new ChannelError('unavailable', 'USPS is unavailable (HTTP 503)', 503);
          const label = sell(request);
          if (mode === 'lose') throw new ChannelError('timeout', 'USPS did not answer in time');
          return label;
        },
        async findLabel(request) {
          if (usps.findFails) throw new ChannelError('network', 'USPS could not be reached');
          return sold.get(request.idempotencyKey) ?? null;
        },
        voidLabel: async () => ({ status: 'voided', message: null }),
      };
    },
  };
  return usps;
}

describe.each(backends)('label purchases that go wrong, and tracking pushes ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const usps = scriptedUsps();
  let channel: ScriptedChannel;
  const pushes: TrackingPush[] = [];
  let pushFailure: ChannelError | null = null;
  let accountId: string;

  beforeAll(async () => {
    channel = scriptedChannel(3);
    t = await buildTestApp(backend, {}, undefined, {
      adapters: (_type, connection) => {
        const adapter = channel.adapter(connection.credentials);
        return {
          ...adapter,
          async pushTracking(push) {
            if (pushFailure) throw pushFailure;
            pushes.push(push);
          },
        };
      },
      carrierAdapters: (carrier, connection, options) =>
        carrier === 'usps' ? usps.adapter() : createCarrierAdapter(carrier, connection, options),
    });
    await setWarehouse(t, tenant);
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carrierAccounts',
      headers: await t.auth(tenant),
      payload: {
        carrier: 'usps',
        name: 'USPS main',
        settings: {
          clientId: 'id',
          crid: '56982563',
          mid: '900066622',
          accountType: 'EPS',
          accountNumber: '1000123456',
        },
        credentials: { clientSecret: 'secret' },
      },
    });
    expect(account.statusCode, account.body).toBe(201);
    accountId = account.json().data.id;
    await t.app.db.db.execute(sql`UPDATE carrier_accounts SET status = 'verified' WHERE tenant_id = ${tenant}`);
  });
  afterAll(() => t.close());

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(tenant) });
  const delivery = async (orderId: string) =>
    ((await get(`/api/v1/deliveries?orderId=${orderId}`)).json().data as Delivery[])[0]!;
  type Push = NonNullable<Delivery['label']>['trackingPush'];
  /** The order's label's tracking push, once `until` holds for it. */
  const pushState = (orderId: string, until: (push: Push) => boolean) =>
    waitFor(async () => {
      const push = (await delivery(orderId)).label?.trackingPush;
      return push && until(push) ? push : undefined;
    });
  const usLabel = () => ({
    carrier: 'usps',
    carrierAccountId: accountId,
    serviceCode: 'USPS_GROUND_ADVANTAGE',
    parcel: { weight: 900, length: 8, width: 6, height: 4 },
  });

  it('quotes the connected account beside the built-in carrier', async () => {
    const order = await paidOrder(t, tenant);
    const flowAnswer = (await get(`/call/orders/${order.id}/shipLabel/fsmFlow?length=8&width=6&height=4`)).json().data;
    const usRates = flowAnswer.defaults.rates.filter((r: { carrier: string }) => r.carrier === 'usps');
    expect(usRates.length).toBeGreaterThan(0);
    expect(usRates[0]).toMatchObject({ carrierAccountId: accountId, accountName: 'USPS main', amount: 845 });
    // Paid services come before the built-in carrier's free ones.
    expect(flowAnswer.defaults.rates[0].carrier).toBe('usps');
  });

  it("answers a carrier's refusal in its words, records nothing and lets the seller try again", async () => {
    const order = await paidOrder(t, tenant);
    usps.next = 'refuse';
    const refused = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: usLabel() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'carrier_refused',
      message: expect.stringContaining('Address Not Found'),
    });
    expect(await delivery(order.id)).toMatchObject({ status: 'planned', purchaseState: null, label: null });
    expect((await get(`/api/v1/orders/${order.id}`)).json().data).toMatchObject({ version: order.version });

    const bought = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: usLabel() });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.label).toMatchObject({
      carrier: 'usps',
      amount: 845,
      trackingPush: { status: 'not_needed' },
    });
  });

  it('finds a label whose answer was lost instead of buying it twice', async () => {
    const order = await paidOrder(t, tenant);
    const before = usps.charges;
    usps.next = 'lose';
    const found = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: usLabel() });
    expect(found.statusCode, found.body).toBe(200);
    expect(usps.charges).toBe(before + 1);

    const down = await paidOrder(t, tenant);
    usps.next = 'fail';
    const nothing = await flow(t, tenant, down.id, 'shipLabel', { version: down.version, label: usLabel() });
    expect(nothing.statusCode).toBe(502);
    expect(nothing.json()).toMatchObject({
      reason: 'carrier_unavailable',
      message: expect.stringContaining('nothing was bought'),
    });
    expect(await delivery(down.id)).toMatchObject({ purchaseState: null });
  });

  it('keeps a purchase the carrier did not confirm until the carrier is asked again, then records it once', async () => {
    const order = await paidOrder(t, tenant);
    const before = usps.charges;
    usps.next = 'lose';
    usps.findFails = true;
    const options = { insuredValue: 20_000, insuranceProvider: 'carrier', signature: 'adult' };
    const body = { version: order.version, label: { ...usLabel(), options } };
    const key = { 'idempotency-key': `unconfirmed-${order.id}` };
    const lost = await flow(t, tenant, order.id, 'shipLabel', body, key);
    expect(lost.statusCode).toBe(502);
    expect(lost.json()).toMatchObject({ reason: 'purchase_unconfirmed' });
    const pending = await delivery(order.id);
    expect(pending).toMatchObject({ purchaseState: 'unconfirmed', status: 'planned' });

    // The same request again (same key) is told that the purchase is still being settled, not kept waiting for it.
    const again = await flow(t, tenant, order.id, 'shipLabel', body, key);
    expect(again.json()).toMatchObject({ reason: 'purchase_in_progress' });

    usps.findFails = false;
    expect(await t.app.labels.purchases.settle(tenant, Number(pending.deliveryId))).toBe('recorded');
    expect(usps.charges).toBe(before + 1);
    const settled = await delivery(order.id);
    expect(settled).toMatchObject({
      status: 'labelled',
      purchaseState: null,
      label: { carrier: 'usps', status: 'active' },
    });
    // The purchase kept on the delivery carried the options: the label found again records them.
    expect(settled.label!.options).toEqual({ ...options, insuredCurrency: order.currency });
    const shipped = (await get(`/api/v1/orders/${order.id}`)).json().data as Order;
    expect(shipped).toMatchObject({ shipmentStatus: 'Shipped Complete' });
  });

  it("tells a store order's channel the tracking number, retries failures and gives up with the platform's words", async () => {
    const store = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers: await t.auth(tenant),
      payload: {
        name: 'Main shop',
        sourceType: 'Shopify',
        settings: { shopDomain: 'main-shop.myshopify.com' },
        credentials: { accessToken: 'good-token', clientSecret: 'shpss_secret_value_1234' },
      },
    });
    expect(store.statusCode, store.body).toBe(201);
    const storeId = store.json().data.id;
    expect((await get(`/call/store/${storeId}/pullOrders`)).statusCode).toBe(202);
    await settleSyncRun(t, tenant, storeId);
    const list = (await get(`/api/v1/orders?size=10&filters=${encodeURIComponent(JSON.stringify({ storeId }))}`)).json()
      .data.rows as Array<{ id: string }>;
    const [first, second] = await Promise.all(
      list.slice(0, 2).map(async (row) => (await get(`/api/v1/orders/${row.id}`)).json().data as Order),
    );

    const bought = await flow(t, tenant, first!.id, 'shipLabel', {
      version: first!.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_COURIER',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.label.trackingPush).toMatchObject({ status: 'pending' });
    // The push is a job sent with the label: the queue runs it at once.
    expect(await pushState(first!.id, (push) => push.status === 'pushed')).toMatchObject({ attempts: 1 });
    expect(pushes.at(-1)).toMatchObject({
      externalOrderId: first!.externalId,
      carrier: 'Shipdesk Local',
      trackingNumber: bought.json().data.label.trackingNumber,
    });

    // Voided after the channel was told: the channel is asked to take the confirmation back.
    const firstLabel = bought.json().data.label;
    expect((await get(`/call/usps/cancelShipment/${firstLabel.deliveryId}`)).statusCode).toBe(200);
    expect((await delivery(first!.id)).label).toMatchObject({ status: 'voided' });
    expect(await pushState(first!.id, (push) => push.status === 'pushed')).toMatchObject({ message: null });
    expect(channel.canceled).toContainEqual({
      externalOrderId: first!.externalId,
      trackingNumber: firstLabel.trackingNumber,
    });

    pushFailure = new ChannelError('platform', 'Shopify refused the fulfillment', 422, 'Fulfillment order is closed');
    const failing = await flow(t, tenant, second!.id, 'shipLabel', {
      version: second!.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_COURIER',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(failing.statusCode, failing.body).toBe(200);
    const labelId = failing.json().data.label.id as string;
    // An attempt counts from its start (the lease); its outcome is written when the channel answers.
    expect(await pushState(second!.id, (push) => push.attempts === 1 && push.message !== null)).toMatchObject({
      status: 'pending',
      message: expect.stringContaining('Fulfillment order is closed'),
    });
    // The next attempt is a job at the backoff: a minute (and a second), then twice that.
    const nextAttempt = async (attempts: number) =>
      waitFor(async () => {
        // The attempt's own next job, later on; not one the minute's sweep sent for the push that was due.
        const waitingJobs = (await jobsOf(t, TRACKING_PUSH_QUEUE, 'labelId', labelId)).filter(
          (job) => job.state === 'created' && job.startsIn > 5,
        );
        const push = (await delivery(second!.id)).label!.trackingPush;
        return push.attempts === attempts && push.message !== null && waitingJobs.length === 1
          ? waitingJobs[0]!.startsIn
          : undefined;
      });
    const afterFirst = await nextAttempt(1);
    expect(afterFirst).toBeGreaterThan(55);
    expect(afterFirst).toBeLessThanOrEqual(61);
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET tracking_push_next_at = now() WHERE tenant_id = ${tenant} AND id = ${Number(labelId)}`,
    );
    expect(await startNow(t, TRACKING_PUSH_QUEUE, 'labelId', labelId)).toBe(1);
    const afterSecond = await nextAttempt(2);
    expect(afterSecond).toBeGreaterThan(115);
    expect(afterSecond).toBeLessThanOrEqual(121);

    // The last attempt fails too: the label says so, and nothing is sent again on its own.
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET tracking_push_attempts = ${MAX_ATTEMPTS - 1}, tracking_push_next_at = now() WHERE tenant_id = ${tenant} AND id = ${Number(labelId)}`,
    );
    await startNow(t, TRACKING_PUSH_QUEUE, 'labelId', labelId);
    expect(await pushState(second!.id, (push) => push.status === 'failed')).toMatchObject({ attempts: MAX_ATTEMPTS });
    await waitFor(async () => {
      const jobs = await jobsOf(t, TRACKING_PUSH_QUEUE, 'labelId', labelId);
      return jobs.every((job) => job.state === 'completed') ? true : undefined;
    });
    const waiting = (await delivery(second!.id)).label!;

    pushFailure = null;
    const retried = await get(`/call/shipment/${waiting.deliveryId}/retryTrackingPush`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.trackingPush).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await pushState(second!.id, (push) => push.status === 'pushed')).toMatchObject({ message: null });
    expect((await get(`/call/shipment/${waiting.deliveryId}/retryTrackingPush`)).json()).toMatchObject({
      reason: 'push_done',
    });
  });
});
