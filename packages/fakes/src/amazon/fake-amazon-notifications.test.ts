import { afterEach, describe, expect, it } from 'vitest';
import { callSqs } from '../sqs/fake-sqs-client.ts';
import { startFakeSqs, type FakeSqs } from '../sqs/fake-sqs-server.ts';
import { generateAmazonOrders } from './fake-amazon-orders.ts';
import { startFakeAmazon, type FakeAmazon } from './fake-amazon-server.ts';

const CREDENTIALS = { clientId: 'amzn1.application-oa2-client.n1', clientSecret: 'cs', refreshToken: 'Atzr|n1' };
const SELLER_AWS = { accountId: '111122223333', accessKeyId: 'AKIAFAKESELLER000001', secretAccessKey: 'seller-secret' };
const AMAZON_AWS = { accountId: '437568002678', accessKeyId: 'AKIAFAKEAMAZON000001', secretAccessKey: 'amazon-secret' };

interface OrderChangeBody {
  NotificationType: string;
  Payload: {
    OrderChangeNotification: {
      AmazonOrderId: string;
      OrderChangeType: string;
      OrderChangeTrigger: { ChangeReason: string };
      Summary: { OrderStatus: string; OrderItems: Array<{ IsBuyerRequestedCancel: boolean }> };
    };
  };
  NotificationMetadata: { NotificationId: string; SubscriptionId: string };
}

/** An SP-API answer: the payload (a destination, a subscription or a list) or the errors. */
interface ApiAnswer {
  payload: { destinationId: string; subscriptionId: string } & Record<string, unknown>;
  errors: Array<{ code: string; message: string }>;
}

describe('fake Amazon ORDER_CHANGE notifications over the fake SQS', () => {
  const open: Array<FakeAmazon | FakeSqs> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });

  async function start(options: { subscribe?: boolean; senders?: string[] } = {}) {
    const sqs = await startFakeSqs({ accounts: [SELLER_AWS, AMAZON_AWS] });
    open.push(sqs);
    const queue = sqs.createQueue({
      accountId: SELLER_AWS.accountId,
      name: 'shipdesk-amazon',
      senders: options.senders ?? [AMAZON_AWS.accountId],
    });
    const amazon = await startFakeAmazon({
      ...CREDENTIALS,
      orders: generateAmazonOrders(8, { seed: 2 }),
      notifications: { sqs: { endpoint: sqs.url, credentials: AMAZON_AWS } },
    });
    open.push(amazon);
    const token = async (form: Record<string, string>) => {
      const response = await fetch(`${amazon.url}/auth/o2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          client_id: CREDENTIALS.clientId,
          client_secret: CREDENTIALS.clientSecret,
          ...form,
        }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const grantless = await token({ grant_type: 'client_credentials', scope: 'sellingpartnerapi::notifications' });
    const seller = await token({ grant_type: 'refresh_token', refresh_token: CREDENTIALS.refreshToken });
    const api = async (method: string, path: string, accessToken: string, body?: object) => {
      const response = await fetch(`${amazon.url}/notifications/v1${path}`, {
        method,
        headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as ApiAnswer };
    };
    let subscriptionId = '';
    if (options.subscribe !== false) {
      const destination = await api('POST', '/destinations', grantless, {
        name: 'shipdesk',
        resourceSpecification: { sqs: { arn: queue.arn } },
      });
      expect(destination.status).toBe(200);
      const subscription = await api('POST', '/subscriptions/ORDER_CHANGE', seller, {
        payloadVersion: '1.0',
        destinationId: destination.body.payload.destinationId,
        processingDirective: {
          eventFilter: {
            eventFilterType: 'ORDER_CHANGE',
            orderChangeTypes: ['OrderStatusChange', 'BuyerRequestedChange'],
          },
        },
      });
      expect(subscription.status).toBe(200);
      subscriptionId = subscription.body.payload.subscriptionId;
    }
    /** Everything in the queue, received and deleted, in receive order. */
    const drain = async () => {
      await amazon.notifications.settled();
      const bodies: OrderChangeBody[] = [];
      for (;;) {
        const answer = await callSqs({
          endpoint: sqs.url,
          region: 'us-east-1',
          credentials: SELLER_AWS,
          action: 'ReceiveMessage',
          body: { QueueUrl: queue.url, MaxNumberOfMessages: 10 },
        });
        const messages = (answer.body.Messages ?? []) as Array<{ Body: string; ReceiptHandle: string }>;
        if (messages.length === 0) return bodies;
        for (const message of messages) {
          bodies.push(JSON.parse(message.Body) as OrderChangeBody);
          await callSqs({
            endpoint: sqs.url,
            region: 'us-east-1',
            credentials: SELLER_AWS,
            action: 'DeleteMessage',
            body: { QueueUrl: queue.url, ReceiptHandle: message.ReceiptHandle },
          });
        }
      }
    };
    const unshipped = [...amazon.orders.values()].filter((entry) => entry.order.OrderStatus === 'Unshipped');
    return { sqs, queue, amazon, api, grantless, seller, drain, subscriptionId, unshipped };
  }

  it('serves destinations and the subscription with the token each takes', async () => {
    const { amazon, api, grantless, seller, queue, subscriptionId } = await start();
    const destinations = await api('GET', '/destinations', grantless);
    expect(destinations.body.payload).toEqual([
      { destinationId: expect.any(String), name: 'shipdesk', resource: { sqs: { arn: queue.arn } } },
    ]);
    expect((await api('GET', '/destinations', seller)).status).toBe(403);
    const mine = await api('GET', '/subscriptions/ORDER_CHANGE', seller);
    expect(mine.body.payload).toMatchObject({ subscriptionId, payloadVersion: '1.0' });
    const again = await api('POST', '/subscriptions/ORDER_CHANGE', seller, {
      payloadVersion: '1.0',
      destinationId: mine.body.payload.destinationId,
    });
    expect(again.status).toBe(409);
    expect((await api('DELETE', `/subscriptions/ORDER_CHANGE/${subscriptionId}`, seller)).status).toBe(403);
    expect((await api('DELETE', `/subscriptions/ORDER_CHANGE/${subscriptionId}`, grantless)).status).toBe(200);
    expect((await api('GET', '/subscriptions/ORDER_CHANGE', seller)).status).toBe(404);
    const bad = await api('POST', '/destinations', grantless, {
      name: 'x',
      resourceSpecification: { sqs: { arn: 'nope' } },
    });
    expect(bad.body.errors[0]).toMatchObject({ code: 'InvalidInput', message: expect.stringMatching(/arn/) });
    const elsewhere = await api('POST', '/destinations', grantless, {
      name: 'eu',
      resourceSpecification: { sqs: { arn: queue.arn.replace('us-east-1', 'eu-west-1') } },
    });
    expect(elsewhere.body.errors[0]!.message).toMatch(/us-east-1/);
    amazon.revokeTokens();
    expect((await api('GET', '/destinations', grantless)).status).toBe(403);
  });

  it("refuses a destination whose queue policy does not let Amazon's account send", async () => {
    const { api, grantless, queue } = await start({ subscribe: false, senders: [] });
    const refused = await api('POST', '/destinations', grantless, {
      name: 'q',
      resourceSpecification: { sqs: { arn: queue.arn } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]!.message).toMatch(/policy/);
  });

  it('puts an ORDER_CHANGE message in the queue when an order is canceled, a cancel is asked for or it ships', async () => {
    const { amazon, drain, subscriptionId, unshipped, sqs, queue } = await start();
    const [first, second] = unshipped;
    amazon.notifications.changeOrder(first!.order.AmazonOrderId, 'canceled');
    amazon.notifications.changeOrder(second!.order.AmazonOrderId, 'buyerCancelRequested');
    await amazon.notifications.settled();
    expect(sqs.messages(queue.url)).toHaveLength(2);
    const [canceled, requested] = await drain();
    expect(canceled).toMatchObject({
      NotificationType: 'ORDER_CHANGE',
      NotificationVersion: '1.0',
      PayloadVersion: '1.0',
      NotificationMetadata: { SubscriptionId: subscriptionId, NotificationId: expect.any(String) },
      Payload: {
        OrderChangeNotification: {
          AmazonOrderId: first!.order.AmazonOrderId,
          OrderChangeType: 'OrderStatusChange',
          NotificationLevel: 'OrderLevel',
          Summary: { OrderStatus: 'Canceled', MarketplaceId: 'ATVPDKIKX0DER', FulfillmentType: 'MFN' },
        },
      },
    });
    expect(requested!.Payload.OrderChangeNotification).toMatchObject({
      OrderChangeType: 'BuyerRequestedChange',
      OrderChangeTrigger: { ChangeReason: 'Buyer Requested Cancel' },
    });
    expect(
      requested!.Payload.OrderChangeNotification.Summary.OrderItems.every((item) => item.IsBuyerRequestedCancel),
    ).toBe(true);
    expect(amazon.orders.get(first!.order.AmazonOrderId)!.order.OrderStatus).toBe('Canceled');

    // A shipment confirmed through the SP-API is a change too.
    const token = await fetch(`${amazon.url}/auth/o2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: CREDENTIALS.refreshToken,
        client_id: CREDENTIALS.clientId,
        client_secret: 'cs',
      }),
    }).then(async (response) => ((await response.json()) as { access_token: string }).access_token);
    const third = unshipped[2]!;
    const confirmed = await fetch(`${amazon.url}/orders/v0/orders/${third.order.AmazonOrderId}/shipmentConfirmation`, {
      method: 'POST',
      headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        marketplaceId: 'ATVPDKIKX0DER',
        packageDetail: {
          packageReferenceId: '1',
          carrierCode: 'USPS',
          trackingNumber: '9400100000000000000000',
          shipDate: new Date().toISOString(),
          orderItems: third.items.map((item) => ({ orderItemId: item.OrderItemId, quantity: item.QuantityOrdered })),
        },
      }),
    });
    expect(confirmed.status).toBe(204);
    const [shipped] = await drain();
    expect(shipped!.Payload.OrderChangeNotification).toMatchObject({
      AmazonOrderId: third.order.AmazonOrderId,
      Summary: { OrderStatus: 'Shipped' },
    });
  });

  it('drops, repeats and reorders on command, the same way for the same seed', async () => {
    const run = async () => {
      const { amazon, drain, unshipped } = await start();
      const ids = unshipped.slice(0, 3).map((entry) => entry.order.AmazonOrderId);
      // Only repeats: every message twice, with one NotificationId.
      amazon.notifications.chaos({ repeat: 1, seed: 7 });
      amazon.notifications.changeOrder(ids[0]!, 'addressChanged');
      const repeated = await drain();
      expect(repeated).toHaveLength(2);
      expect(repeated[0]!.NotificationMetadata.NotificationId).toBe(repeated[1]!.NotificationMetadata.NotificationId);

      // Only drops: nothing arrives.
      amazon.notifications.chaos({ drop: 1, seed: 7 });
      amazon.notifications.changeOrder(ids[1]!, 'buyerCancelRequested');
      expect(await drain()).toEqual([]);
      expect(amazon.notifications.delivery.dropped).toHaveLength(1);

      // Reorder: three changes held and sent out of order, released in threes.
      amazon.notifications.chaos({ reorder: true, seed: 7 });
      for (const id of ids) {
        amazon.notifications.changeOrder(id, 'buyerCancelRequested');
        await new Promise((resolve) => setImmediate(resolve));
      }
      const reordered = (await drain()).map((body) => body.Payload.OrderChangeNotification.AmazonOrderId);
      expect([...reordered].sort()).toEqual([...ids].sort());
      expect(reordered).not.toEqual(ids);

      // A held message waits for release.
      amazon.notifications.changeOrder(ids[0]!, 'addressChanged');
      expect(await drain()).toEqual([]);
      expect(amazon.notifications.delivery.held).toBe(1);
      const released = await fetch(`${amazon.url}/_fake/notifications/release`, { method: 'POST' });
      expect(released.status).toBe(204);
      expect(await drain()).toHaveLength(1);
      return reordered.map((id) => ids.indexOf(id));
    };
    expect(await run()).toEqual(await run());
  });

  it('takes chaos and order changes over its control routes, refusing bad fields by name', async () => {
    const { amazon, drain, unshipped } = await start();
    const post = (path: string, body: object) =>
      fetch(`${amazon.url}/_fake/notifications/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect(await (await post('chaos', { drop: 2 })).json()).toEqual({ error: 'drop must be a number from 0 to 1' });
    expect((await post('chaos', { reorder: 1 })).status).toBe(400);
    expect((await post('chaos', { repeat: 0, seed: 3 })).status).toBe(204);
    expect((await post('orderChange', { orderId: 'nope', change: 'canceled' })).status).toBe(404);
    expect((await post('orderChange', { orderId: unshipped[0]!.order.AmazonOrderId, change: 'explode' })).status).toBe(
      400,
    );
    const moved = await post('orderChange', {
      orderId: unshipped[0]!.order.AmazonOrderId,
      change: 'addressChanged',
      address: {
        Name: 'Kim Lee',
        AddressLine1: '5 Main St',
        City: 'Boise',
        StateOrRegion: 'ID',
        PostalCode: '83702',
        CountryCode: 'US',
      },
    });
    expect(moved.status).toBe(204);
    expect(unshipped[0]!.order.ShippingAddress?.City).toBe('Boise');
    const [message] = await drain();
    expect(message!.Payload.OrderChangeNotification.OrderChangeType).toBe('BuyerRequestedChange');
  });
});
