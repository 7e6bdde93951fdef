import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type AmazonNotificationsState, type Store } from '@shipdesk/contract';
import { generateAmazonOrders, startFakeAmazon, startFakeSqs, type FakeAmazon, type FakeSqs } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';

/**
 * Amazon ORDER_CHANGE notifications end to end against the fake Amazon and the fake SQS (issue 30): turning them on
 * makes the destination and subscription, a change at Amazon reaches the order list through the seller's queue,
 * replays and another seller's notifications are counted and change nothing, the secret stays sealed, another
 * tenant's store is a 404, and turning them off deletes the subscription.
 */

const CREDENTIALS = { clientId: 'amzn1.application-oa2-client.h1b', clientSecret: 'cs-h1b', refreshToken: 'Atzr|h1b' };
const SELLER_AWS = {
  accountId: '111122223333',
  accessKeyId: 'AKIAFAKESELLER0H1B01',
  secretAccessKey: 'seller-aws-secret-h1b-0123456789',
};
const AMAZON_AWS = { accountId: '437568002678', accessKeyId: 'AKIAFAKEAMAZON0H1B01', secretAccessKey: 'amazon-secret' };
const SELLER_ID = 'A2FAKESELLER0001';
const OTHER_SELLER_ID = 'A9OTHERSELLER99';

describe.each(backends)('Amazon order notifications through SQS ($name)', (backend) => {
  let t: TestContext;
  let sqs: FakeSqs;
  let amazon: FakeAmazon;
  let other: FakeAmazon;
  const logLines: string[] = [];
  const tenant = newTenantId();
  const stranger = newTenantId();

  beforeAll(async () => {
    sqs = await startFakeSqs({ accounts: [SELLER_AWS, AMAZON_AWS] });
    const link = { sqs: { endpoint: sqs.url, credentials: AMAZON_AWS } };
    amazon = await startFakeAmazon({
      ...CREDENTIALS,
      orders: generateAmazonOrders(6, { seed: 30 }),
      notifications: { ...link, sellerId: SELLER_ID },
    });
    // Another seller's Amazon account, sending into a queue of ours.
    other = await startFakeAmazon({
      ...CREDENTIALS,
      orders: generateAmazonOrders(3, { seed: 31 }),
      notifications: { ...link, sellerId: OTHER_SELLER_ID },
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { retries: 2, baseDelayMs: 1, timeoutMs: 25_000 } },
      logger: { level: 'debug', stream },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([amazon?.close(), other?.close(), sqs?.close()]);
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload && { payload }) });

  async function amazonStore(name: string, fake: FakeAmazon): Promise<Store> {
    const created = await call('POST', '/api/v1/stores', {
      name,
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data;
  }

  const setup = (queueUrl: string, sellerId = SELLER_ID) => ({
    queueUrl,
    awsAccessKeyId: SELLER_AWS.accessKeyId,
    awsSecretAccessKey: SELLER_AWS.secretAccessKey,
    sellerId,
  });
  const state = async (storeId: string): Promise<AmazonNotificationsState> =>
    (await call('GET', `/call/store/${storeId}/amazonNotifications`)).json().data;

  /** The store's order with this Amazon id, in full, or undefined while it is not in the order list. */
  async function storedOrder(storeId: string, externalId: string): Promise<string | undefined> {
    const filters = encodeURIComponent(JSON.stringify({ storeId }));
    const rows = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`)).json().data.rows as Array<{
      id: string;
      orderNumber: string;
    }>;
    const row = rows.find((r) => r.orderNumber === externalId);
    return row ? (await call('GET', `/api/v1/orders/${row.id}`)).body : undefined;
  }

  const openOrderOf = (fake: FakeAmazon) =>
    [...fake.orders.values()].find((entry) => entry.order.OrderStatus === 'Unshipped')!.order.AmazonOrderId;

  it('turns on, takes an address change at Amazon to the order list, counts a replay, and keeps the secret sealed', async () => {
    const store = await amazonStore('Amazon live', amazon);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-live',
      senders: [AMAZON_AWS.accountId],
    });

    const on = await call('PUT', `/call/store/${store.id}/amazonNotifications`, setup(queue.url));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ status: 'pending', queueUrl: queue.url, sellerId: SELLER_ID });
    expect(on.json().data.awsAccessKeyId).toBe(`••••${SELLER_AWS.accessKeyId.slice(-4)}`);
    const [destination] = [...amazon.notifications.destinations.values()];
    expect(destination?.resource.sqs.arn).toBe(queue.arn);
    const [subscription] = [...amazon.notifications.subscriptions.values()];
    expect(subscription?.destinationId).toBe(destination?.destinationId);
    expect(subscription?.processingDirective?.eventFilter?.marketplaceIds).toEqual(['ATVPDKIKX0DER']);

    // Every change is sent twice: the second copy of each is a replay.
    amazon.notifications.chaos({ repeat: 1 });
    const orderId = openOrderOf(amazon);
    // An address change (a cancel has a test of its own below).
    amazon.notifications.changeOrder(orderId, 'addressChanged');
    const order = await waitFor(() => storedOrder(store.id, orderId), 20_000, 'the changed order');
    expect(order).toContain('Cupertino');
    const live = await waitFor(
      async () => {
        const now = await state(store.id);
        return now.counts.duplicate >= 1 ? now : undefined;
      },
      20_000,
      'the replay',
    );
    expect(live).toMatchObject({ status: 'active', error: null, counts: { recorded: 1, duplicate: 1, ignored: 0 } });
    expect(live.lastHeardAt).not.toBeNull();
    await waitFor(async () => (sqs.messages(queue.url).length === 0 ? true : undefined), 5_000, 'the deletes');

    const listed = (await call('GET', '/api/v1/stores')).json().data.rows.find((s: Store) => s.id === store.id);
    expect(listed.push).toMatchObject({ status: 'active' });
    for (const body of [JSON.stringify(live), JSON.stringify(listed), on.body, logLines.join('')]) {
      expect(body).not.toContain(SELLER_AWS.secretAccessKey);
    }

    const off = await call('DELETE', `/call/store/${store.id}/amazonNotifications`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({
      status: 'off',
      queueUrl: null,
      awsAccessKeyId: null,
      subscriptionId: null,
    });
    expect(amazon.notifications.subscriptions.size).toBe(0);
    expect(amazon.notifications.destinations.size).toBe(0);
  });

  it("takes a buyer's cancel at Amazon to the order before the packing table: its lines kept, a label refused", async () => {
    const store = await amazonStore('Amazon cancels', amazon);
    await call('GET', `/call/store/${store.id}/pullOrders`);
    await settleSyncRun(t, tenant, store.id);
    const orderId = openOrderOf(amazon);
    const before = JSON.parse((await storedOrder(store.id, orderId))!).data;
    expect(before.orderStatus).toBe('Sales Order');
    expect(before.lines.length).toBeGreaterThan(0);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-cancels',
      senders: [AMAZON_AWS.accountId],
    });
    const on = await call('PUT', `/call/store/${store.id}/amazonNotifications`, setup(queue.url));
    expect(on.statusCode, on.body).toBe(200);

    // Amazon zeroes a canceled order's item quantities; the stored lines stay what was ordered.
    amazon.notifications.changeOrder(orderId, 'canceled');
    const canceled = await waitFor(
      async () => {
        const order = JSON.parse((await storedOrder(store.id, orderId))!).data;
        return order.orderStatus === 'Canceled' ? order : undefined;
      },
      20_000,
      'the cancel',
    );
    expect(canceled.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual(
      before.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity]),
    );
    const label = await flow(t, tenant, canceled.id, 'shipLabel', {
      version: canceled.version,
      label: {
        carrier: 'usps',
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(label.statusCode, label.body).toBe(409);
    expect(label.json()).toMatchObject({ reason: 'channel_canceled' });
    expect(label.json().message).toMatch(/^Amazon canceled this order/);
    expect((await call('DELETE', `/call/store/${store.id}/amazonNotifications`)).statusCode).toBe(200);
  });

  it('ends with what a full pull gives through dropped, repeated and reordered notifications, nothing twice', async () => {
    const store = await amazonStore('Amazon chaos', amazon);
    await call('GET', `/call/store/${store.id}/pullOrders`);
    await settleSyncRun(t, tenant, store.id);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-chaos',
      senders: [AMAZON_AWS.accountId],
    });
    expect((await call('PUT', `/call/store/${store.id}/amazonNotifications`, setup(queue.url))).statusCode).toBe(200);

    amazon.notifications.chaos({ drop: 0.3, repeat: 0.4, reorder: 3, seed: 30 });
    const open = [...amazon.orders.values()]
      .filter((entry) => entry.order.OrderStatus === 'Unshipped')
      .slice(0, 6)
      .map((entry) => entry.order.AmazonOrderId);
    // Each order's address changes, then half of them are canceled: the later change is the one that holds.
    for (const orderId of open) amazon.notifications.changeOrder(orderId, 'addressChanged');
    for (const [i, orderId] of open.entries()) if (i % 2 === 0) amazon.notifications.changeOrder(orderId, 'canceled');
    amazon.notifications.release();
    await amazon.notifications.settled();
    await waitFor(async () => (sqs.messages(queue.url).length === 0 ? true : undefined), 20_000, 'the queue read');
    // The scheduled pull is the reconciliation: whatever a dropped notification missed, it brings.
    await call('GET', `/call/store/${store.id}/pullOrders`);
    await settleSyncRun(t, tenant, store.id);

    const filters = encodeURIComponent(JSON.stringify({ storeId: store.id }));
    const rows = (await call('GET', `/api/v1/orders?size=100&filters=${filters}`)).json().data.rows as Array<{
      orderNumber: string;
      orderStatus: string;
    }>;
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(rows.length);
    for (const [i, orderId] of open.entries()) {
      const row = rows.find((r) => r.orderNumber === orderId);
      expect(row?.orderStatus, orderId).toBe(i % 2 === 0 ? 'Canceled' : 'Sales Order');
      // A canceled order keeps the content it had (its lines zeroed by Amazon); an open one takes the new address.
      if (i % 2 === 1) expect(await storedOrder(store.id, orderId), orderId).toContain('Cupertino');
    }
    const pushed = (await state(store.id)).counts;
    expect(pushed.duplicate).toBeGreaterThan(0);
    expect((await call('DELETE', `/call/store/${store.id}/amazonNotifications`)).statusCode).toBe(200);
  });

  it("ignores and counts another seller's notification, and never changes its order", async () => {
    const store = await amazonStore('Amazon wary', other);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-wary',
      senders: [AMAZON_AWS.accountId],
    });
    // The store expects SELLER_ID; this Amazon account sends as OTHER_SELLER_ID.
    const on = await call('PUT', `/call/store/${store.id}/amazonNotifications`, setup(queue.url, SELLER_ID));
    expect(on.statusCode, on.body).toBe(200);
    const orderId = openOrderOf(other);
    other.notifications.changeOrder(orderId, 'canceled');
    const seen = await waitFor(
      async () => {
        const now = await state(store.id);
        return now.counts.ignored >= 1 ? now : undefined;
      },
      20_000,
      'the ignored notification',
    );
    expect(seen.counts).toEqual({ recorded: 0, duplicate: 0, ignored: 1 });
    expect(await storedOrder(store.id, orderId)).toBeUndefined();
    await waitFor(async () => (sqs.messages(queue.url).length === 0 ? true : undefined), 5_000, 'the delete');
  });

  it("fails the push in AWS's words when the keys may not read the queue, keeps Amazon's setup when turned on again, and fails when the keys are gone", async () => {
    // A queue of Amazon's account whose policy lets the seller's keys read its attributes but not its messages.
    const other = await amazonStore('Amazon denied', amazon);
    const denied = sqs.createQueue({
      accountId: AMAZON_AWS.accountId,
      name: 'orders-denied',
      senders: [SELLER_AWS.accountId],
    });
    const on = await call('PUT', `/call/store/${other.id}/amazonNotifications`, setup(denied.url));
    expect(on.statusCode, on.body).toBe(200);
    const failed = await waitFor(
      async () => {
        const now = await state(other.id);
        return now.status === 'failed' ? now : undefined;
      },
      20_000,
      'the refusal',
    );
    expect(failed.error).toMatch(/^AWS answered: AccessDenied/);
    await call('DELETE', `/call/store/${other.id}/amazonNotifications`);

    // The seller edits the store's own credentials: the AWS keys kept beside them go, and the push says so.
    const edited = await amazonStore('Amazon edited', amazon);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-edited',
      senders: [AMAZON_AWS.accountId],
    });
    const first = await call('PUT', `/call/store/${edited.id}/amazonNotifications`, setup(queue.url));
    expect(first.statusCode, first.body).toBe(200);
    // Turned on again (Amazon answers 409 to both): its destination and subscription are kept, not doubled.
    const again = await call('PUT', `/call/store/${edited.id}/amazonNotifications`, setup(queue.url));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      destinationId: first.json().data.destinationId,
      subscriptionId: first.json().data.subscriptionId,
    });
    expect([amazon.notifications.destinations.size, amazon.notifications.subscriptions.size]).toEqual([1, 1]);
    const put = await call('PUT', `/api/v1/stores/${edited.id}`, {
      credentials: { clientSecret: CREDENTIALS.clientSecret },
    });
    expect(put.statusCode, put.body).toBe(200);
    const gone = await waitFor(
      async () => {
        const now = await state(edited.id);
        return now.status === 'failed' ? now : undefined;
      },
      30_000,
      'the keys gone',
    );
    expect(gone.error).toMatch(/AWS keys are gone/);
    await call('DELETE', `/call/store/${edited.id}/amazonNotifications`);
  });

  it('refuses bad input by field, and keys AWS refuses, before anything is made at Amazon', async () => {
    const store = await amazonStore('Amazon checked', amazon);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'orders-checked',
      senders: [AMAZON_AWS.accountId],
    });
    const put = (body: object) => call('PUT', `/call/store/${store.id}/amazonNotifications`, body);
    const subscriptionsBefore = amazon.notifications.subscriptions.size;

    const badUrl = await put(setup('https://example.com/queue'));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors).toHaveProperty('queueUrl');
    const badSeller = await put(setup(queue.url, 'seller one'));
    expect(badSeller.json().errors).toHaveProperty('sellerId');
    const wrongSecret = await put({ ...setup(queue.url), awsSecretAccessKey: 'not-the-secret-at-all-000' });
    expect(wrongSecret.statusCode, wrongSecret.body).toBe(400);
    expect(wrongSecret.json().errors).toHaveProperty('awsSecretAccessKey');
    const gone = await put(setup(`${sqs.url}/${SELLER_AWS.accountId}/no-such-queue`));
    expect(gone.json().errors).toHaveProperty('queueUrl');
    expect(amazon.notifications.subscriptions.size).toBe(subscriptionsBefore);
    expect((await state(store.id)).status).toBe('off');

    // Amazon refuses the seller's grant after the destination was made: nothing half-made stays at Amazon.
    const revoked = await call('POST', '/api/v1/stores', {
      name: 'Amazon revoked',
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: amazon.url, authBaseUrl: amazon.url },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: 'Atzr|revoked' },
    });
    const destinationsBefore = amazon.notifications.destinations.size;
    const destinationCalls = () =>
      amazon.requests.filter((r) => r.method === 'POST' && r.path === '/notifications/v1/destinations').length;
    const callsBefore = destinationCalls();
    const refused = await call('PUT', `/call/store/${revoked.json().data.id}/amazonNotifications`, setup(queue.url));
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().message).toMatch(/^Amazon did not set up the notifications: /);
    expect(destinationCalls()).toBe(callsBefore + 1);
    expect(amazon.notifications.destinations.size).toBe(destinationsBefore);

    const shopify = await call('POST', '/api/v1/stores', {
      name: 'Not Amazon',
      sourceType: 'Shopify',
      settings: { shopDomain: 'not-amazon.myshopify.com' },
      credentials: { accessToken: 'shpat_0123456789abcdef' },
    });
    const notAmazon = await call('GET', `/call/store/${shopify.json().data.id}/amazonNotifications`);
    expect(notAmazon.statusCode).toBe(400);
    expect(notAmazon.json().errors).toHaveProperty('storeId');
  });

  it("answers 404 for another tenant's store and a Manager may read but not turn on", async () => {
    const store = await amazonStore('Amazon private', amazon);
    const url = `/call/store/${store.id}/amazonNotifications`;
    expect((await call('GET', url, undefined, stranger)).statusCode).toBe(404);
    expect((await call('PUT', url, setup(`${sqs.url}/${SELLER_AWS.accountId}/x`), stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url, undefined, stranger)).statusCode).toBe(404);
    const manager = await t.auth(tenant, Role.Manager);
    expect((await t.app.inject({ method: 'GET', url, headers: manager })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'DELETE', url, headers: manager });
    expect(refused.statusCode).toBe(403);
  });
});
