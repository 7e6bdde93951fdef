import { randomUUID } from 'node:crypto';
import {
  generateAmazonOrders,
  generateEbayOrders,
  startFakeAmazon,
  startFakeEbay,
  startFakeShopify,
  startFakeSqs,
  type FakeAmazon,
  type FakeEbay,
  type FakeShopify,
  type FakeSqs,
} from '@shipdesk/fakes';
import type { TrackingBenchApp } from './tracking-bench-app.ts';

/**
 * The push benchmark's channels (push-latency.ts): N stores of one channel, each on its own fake (one seller, one
 * shop), connected through the API, and what a change at the channel is. A change is made in the fake at the moment
 * the benchmark records as T0, and reaches the server the way the channel pushes it:
 *
 * - Shopify: the fake shop has no webhook sender, so the bench POSTs the orders/updated (or orders/cancelled) webhook
 *   at once, with the REST order JSON Shopify posts and X-Shopify-Hmac-Sha256 signed with the store's client secret.
 * - eBay: PUT ebayNotifications (the fake eBay challenges the real endpoint on loopback); the fake delivers an
 *   ECDSA-signed message to it, one after another per store, as its delivery does.
 * - Amazon: a queue per store in one fake SQS, PUT amazonNotifications; the fake Amazon sends ORDER_CHANGE into the
 *   queue and the server's poll job long-polls it.
 */

export type PushChannel = 'shopify' | 'ebay' | 'amazon';

/** What a change should look like in the order view once it is visible. */
export interface ChangeExpectation {
  kind: string;
  visible(order: { orderStatus: string; shipTo: string | null; version: number }, versionBefore: number): boolean;
}

interface ChannelStores {
  /** The fakes' hosts, for the server's egress allow-list. */
  describe: string[];
  /** One store a fake: its connection as POST /api/v1/stores takes it. */
  storeBodies: Array<Record<string, unknown>>;
  /** Turns pushes on for store i (its id in Shipdesk) the way a seller would. */
  turnOn(run: TrackingBenchApp, i: number, storeId: string, webhookUrl: string | null): Promise<void>;
  /** Whether the channel lets this order change (default: every open order Shipdesk holds). */
  eligible?(i: number, externalId: string): boolean;
  /** Makes change `seq` to the order now, at the channel; answers what to look for. */
  change(i: number, externalId: string, seq: number): ChangeExpectation;
  /** Webhook posts the bench made itself (Shopify), by answer status. */
  posted: Record<string, number>;
  close(): Promise<void>;
}

const moved = (seq: number) => `Benchville ${seq}`;
const newer = (order: { version: number }, before: number) => order.version > before;
const canceled: ChangeExpectation = {
  kind: 'cancel',
  visible: (order, before) => newer(order, before) && order.orderStatus === 'Canceled',
};
const addressTo = (seq: number): ChangeExpectation => ({
  kind: 'address',
  visible: (order, before) => newer(order, before) && (order.shipTo ?? '').includes(moved(seq)),
});
/** A change the list shows only through the order's version (eBay's "shipped" moves no column the list reads). */
const statusChange = (kind: string): ChangeExpectation => ({ kind, visible: newer });
/** Orders generated to start this far back, so the first pull's window holds them all. */
const startFor = (orders: number) => new Date(Date.now() - (orders * 3 + 24) * 3_600_000).toISOString();

async function shopifyStores(count: number, orders: number): Promise<ChannelStores> {
  const shops: FakeShopify[] = [];
  for (let i = 0; i < count; i++) {
    shops.push(
      await startFakeShopify({
        orders,
        seed: 100 + i,
        accessToken: `shpat_bench_${i}_0123456789`,
        clientSecret: `shpss_bench_secret_${i}_0123456789`,
        shopName: `bench-${i}`,
      }),
    );
  }
  const urls: string[] = [];
  const posted: Record<string, number> = {};
  return {
    describe: [`${count} fake Shopify shops (in the bench's process, no cost throttling)`],
    storeBodies: shops.map((shop, i) => ({
      name: `Shopify bench ${i}`,
      sourceType: 'Shopify',
      settings: { shopDomain: `bench-${i}.myshopify.com`, apiBaseUrl: shop.url },
      credentials: { accessToken: `shpat_bench_${i}_0123456789`, clientSecret: shop.clientSecret },
    })),
    async turnOn(_run, i, _storeId, webhookUrl) {
      if (!webhookUrl) throw new Error('the Shopify store has no webhookUrl');
      urls[i] = webhookUrl;
    },
    change(i, externalId, seq) {
      const shop = shops[i]!;
      const cancel = seq % 2 === 0;
      if (cancel) {
        shop.updateOrder(externalId, { cancelledAt: new Date().toISOString(), cancelReason: 'CUSTOMER' });
      } else {
        const before = shop.getOrder(externalId)!.shippingAddress;
        shop.updateOrder(externalId, { shippingAddress: { ...before, city: moved(seq) } });
      }
      const body = JSON.stringify(shop.orderAsRestJson(externalId));
      void fetch(urls[i]!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': shop.signWebhook(body),
          'x-shopify-topic': cancel ? 'orders/cancelled' : 'orders/updated',
          'x-shopify-shop-domain': `bench-${i}.myshopify.com`,
          'x-shopify-event-id': randomUUID(),
          'x-shopify-webhook-id': randomUUID(),
          'x-shopify-triggered-at': new Date().toISOString(),
        },
        body,
      })
        .then(async (res) => {
          await res.arrayBuffer();
          posted[res.status] = (posted[res.status] ?? 0) + 1;
        })
        .catch(() => (posted['0'] = (posted['0'] ?? 0) + 1));
      return cancel ? canceled : addressTo(seq);
    },
    posted,
    close: async () => void (await Promise.all(shops.map((shop) => shop.close()))),
  };
}

async function ebayStores(count: number, orders: number): Promise<ChannelStores> {
  const fakes: FakeEbay[] = [];
  for (let i = 0; i < count; i++) {
    const sellerId = `bench_seller_${i}`;
    fakes.push(
      await startFakeEbay({
        clientId: 'shipdesk-bench-app',
        clientSecret: 'bench-cert-secret',
        refreshToken: `bench-rt-${i}`,
        sellerId,
        orders: generateEbayOrders(orders, { seed: 200 + i, sellerId, start: startFor(orders) }),
      }),
    );
  }
  return {
    describe: [`${count} fake eBay sellers (in the bench's process; each delivers its messages one at a time)`],
    storeBodies: fakes.map((fake, i) => ({
      name: `eBay bench ${i}`,
      sourceType: 'Ebay',
      settings: { clientId: 'shipdesk-bench-app', apiBaseUrl: fake.url },
      credentials: { clientSecret: 'bench-cert-secret', refreshToken: `bench-rt-${i}` },
    })),
    async turnOn(run, _i, storeId) {
      const on = await run.api('PUT', `/call/store/${storeId}/ebayNotifications`, {});
      if (on.status !== 'pending' && on.status !== 'active')
        throw new Error(`eBay notifications: ${JSON.stringify(on)}`);
    },
    change(i, externalId, seq) {
      const cancel = seq % 2 === 0;
      fakes[i]!.notifications.changeOrder(externalId, cancel ? 'canceled' : 'shipped');
      return cancel ? canceled : statusChange('shipped');
    },
    posted: {},
    close: async () => void (await Promise.all(fakes.map((fake) => fake.close()))),
  };
}

const AMAZON_APP = { clientId: 'amzn1.application-oa2-client.bench', clientSecret: 'cs-bench' };
const SELLER_AWS = {
  accountId: '111122223333',
  accessKeyId: 'AKIAFAKESELLERBENCH1',
  secretAccessKey: 'seller-aws-secret-bench-0123456789',
};
const AMAZON_AWS = { accountId: '437568002678', accessKeyId: 'AKIAFAKEAMAZONBENCH1', secretAccessKey: 'amazon-secret' };
/** Amazon's getOrder plan: 0.5 a second, burst 30 (the fake's one burst applies to every operation). */
const AMAZON_BURST = 30;

async function amazonStores(count: number, orders: number): Promise<ChannelStores> {
  const sqs: FakeSqs = await startFakeSqs({ accounts: [SELLER_AWS, AMAZON_AWS] });
  const fakes: FakeAmazon[] = [];
  const queues: string[] = [];
  for (let i = 0; i < count; i++) {
    fakes.push(
      await startFakeAmazon({
        ...AMAZON_APP,
        refreshToken: `Atzr|bench-${i}`,
        orders: generateAmazonOrders(orders, { seed: 300 + i, start: startFor(orders) }),
        burst: AMAZON_BURST,
        notifications: {
          sqs: { endpoint: sqs.url, credentials: AMAZON_AWS },
          sellerId: `A2BENCHSELLER${String(i).padStart(3, '0')}`,
        },
      }),
    );
    queues.push(
      sqs.createQueue({ accountId: SELLER_AWS.accountId, name: `orders-bench-${i}`, senders: [AMAZON_AWS.accountId] })
        .url,
    );
  }
  return {
    describe: [
      `${count} fake Amazon sellers (in the bench's process) enforcing Amazon's usage plans per operation with a burst of ${AMAZON_BURST}`,
      "one fake SQS holding a queue a seller, long-polled by the server's amazon-notifications-poll jobs",
    ],
    storeBodies: fakes.map((fake, i) => ({
      name: `Amazon bench ${i}`,
      sourceType: 'AmazonSP',
      settings: { clientId: AMAZON_APP.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url },
      credentials: { clientSecret: AMAZON_APP.clientSecret, refreshToken: `Atzr|bench-${i}` },
    })),
    async turnOn(run, i, storeId) {
      const on = await run.api('PUT', `/call/store/${storeId}/amazonNotifications`, {
        queueUrl: queues[i],
        awsAccessKeyId: SELLER_AWS.accessKeyId,
        awsSecretAccessKey: SELLER_AWS.secretAccessKey,
        sellerId: `A2BENCHSELLER${String(i).padStart(3, '0')}`,
      });
      if (on.status !== 'pending' && on.status !== 'active')
        throw new Error(`Amazon notifications: ${JSON.stringify(on)}`);
    },
    // Only orders Amazon holds as Unshipped: a Pending order has no address yet (Amazon shows none until payment).
    eligible: (i, externalId) => fakes[i]!.orders.get(externalId)?.order.OrderStatus === 'Unshipped',
    change(i, externalId, seq) {
      // No cancels: a canceled Amazon order's lines have quantity 0, which the stores' order check refuses (pulled
      // or pushed; amazon-push.test.ts says so), so a cancel would be "ignored", never visible.
      const address = seq % 2 === 0;
      const fake = fakes[i]!;
      if (address) {
        const before = fake.orders.get(externalId)!.order.ShippingAddress;
        fake.notifications.changeOrder(externalId, 'addressChanged', before && { ...before, City: moved(seq) });
        return addressTo(seq);
      }
      fake.notifications.changeOrder(externalId, 'shipped');
      return statusChange('shipped');
    },
    posted: {},
    close: async () => {
      await Promise.all(fakes.map((fake) => fake.close()));
      await sqs.close();
    },
  };
}

export function channelStores(channel: PushChannel, count: number, orders: number): Promise<ChannelStores> {
  if (channel === 'shopify') return shopifyStores(count, orders);
  if (channel === 'ebay') return ebayStores(count, orders);
  return amazonStores(count, orders);
}
