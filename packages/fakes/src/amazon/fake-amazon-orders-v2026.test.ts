import { afterEach, describe, expect, it } from 'vitest';
import { generateAmazonOrders } from './fake-amazon-orders.ts';
import type { V2026Order } from './fake-amazon-wire-v2026.ts';
import { startFakeAmazon, type FakeAmazon, type FakeAmazonOptions } from './fake-amazon-server.ts';

const CREDENTIALS = { clientId: 'amzn1.application-oa2-client.h8', clientSecret: 'cs', refreshToken: 'Atzr|h8' };
const SEARCH = '/orders/2026-01-01/orders';

interface Answer {
  orders: V2026Order[];
  order: V2026Order;
  pagination?: { nextToken: string };
  lastUpdatedBefore?: string;
  payload?: unknown;
  errors: Array<{ code: string; message: string }>;
}

describe('fake Amazon Orders v2026-01-01', () => {
  const open: FakeAmazon[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });

  async function start(options: Partial<FakeAmazonOptions> = {}) {
    const fake = await startFakeAmazon({ ...CREDENTIALS, orders: generateAmazonOrders(30, { seed: 5 }), ...options });
    open.push(fake);
    const token = await fetch(`${fake.url}/auth/o2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', ...toForm() }),
    }).then(async (response) => ((await response.json()) as { access_token: string }).access_token);
    const get = async (path: string, query: Record<string, string> = {}) => {
      const response = await fetch(`${fake.url}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { 'x-amz-access-token': token },
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
    };
    return { fake, get };
  }

  const toForm = () => ({
    refresh_token: CREDENTIALS.refreshToken,
    client_id: CREDENTIALS.clientId,
    client_secret: CREDENTIALS.clientSecret,
  });

  it('searches by lastUpdatedAfter in pages, camelCase without a payload wrapper, with the stated rate', async () => {
    const { fake, get } = await start();
    const first = await get(SEARCH, { lastUpdatedAfter: '2026-01-01T00:00:00Z', maxResultsPerPage: '20' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-amzn-ratelimit-limit')).toBe('0.0056');
    expect(first.body.payload).toBeUndefined();
    expect(first.body.orders).toHaveLength(20);
    expect(first.body.lastUpdatedBefore).toEqual(expect.any(String));
    const second = await get(SEARCH, { paginationToken: first.body.pagination!.nextToken });
    expect(second.body.orders).toHaveLength(10);
    expect(second.body.pagination).toBeUndefined();
    const ids = [...first.body.orders, ...second.body.orders].map((order: V2026Order) => order.orderId);
    expect(new Set(ids)).toEqual(new Set(fake.orders.keys()));
    // Without includedData: no buyer, recipient, proceeds or fulfillment; items always.
    const order = first.body.orders[0] as V2026Order;
    expect(Object.keys(order).sort()).toEqual(
      ['createdTime', 'lastUpdatedTime', 'orderAliases', 'orderId', 'orderItems', 'programs', 'salesChannel'].sort(),
    );
    expect(order.orderItems.length).toBeGreaterThan(0);
  });

  it('filters by fulfillmentStatuses and fulfilledBy, and shows the datasets asked for', async () => {
    const { fake, get } = await start();
    const answer = await get(SEARCH, {
      createdAfter: '2026-01-01T00:00:00Z',
      fulfillmentStatuses: 'UNSHIPPED,CANCELLED',
      fulfilledBy: 'MERCHANT',
      includedData: 'BUYER,RECIPIENT,PROCEEDS,FULFILLMENT',
    });
    const expected = [...fake.orders.values()].filter((entry) =>
      ['Unshipped', 'Canceled'].includes(entry.order.OrderStatus),
    );
    expect(answer.body.orders.map((order: V2026Order) => order.orderId).sort()).toEqual(
      expected.map((entry) => entry.order.AmazonOrderId).sort(),
    );
    const unshipped = (answer.body.orders as V2026Order[]).find(
      (order) => order.fulfillment?.fulfillmentStatus === 'UNSHIPPED',
    )!;
    const source = fake.orders.get(unshipped.orderId)!.order;
    expect(unshipped.buyer).toEqual({
      buyerName: source.BuyerInfo!.BuyerName,
      buyerEmail: source.BuyerInfo!.BuyerEmail,
    });
    expect(unshipped.recipient!.deliveryAddress).toMatchObject({
      name: source.ShippingAddress!.Name,
      addressLine1: source.ShippingAddress!.AddressLine1,
      addressType: source.ShippingAddress!.AddressType!.toUpperCase(),
    });
    expect(unshipped.proceeds!.grandTotal).toEqual({
      amount: source.OrderTotal!.Amount,
      currencyCode: source.OrderTotal!.CurrencyCode,
    });
    expect(unshipped.fulfillment).toMatchObject({
      fulfilledBy: 'MERCHANT',
      fulfillmentServiceLevel: expect.any(String),
    });
    const amazonOnly = await get(SEARCH, { createdAfter: '2026-01-01T00:00:00Z', fulfilledBy: 'AMAZON' });
    expect(amazonOnly.body.orders).toEqual([]);
  });

  it('hides buyer and street lines from an app without the PII roles', async () => {
    const { get } = await start({ piiAccess: false });
    const answer = await get(SEARCH, {
      createdAfter: '2026-01-01T00:00:00Z',
      fulfillmentStatuses: 'UNSHIPPED',
      includedData: 'BUYER,RECIPIENT',
    });
    const order = answer.body.orders[0] as V2026Order;
    expect(order.buyer).toBeUndefined();
    expect(Object.keys(order.recipient!.deliveryAddress!).sort()).toEqual(
      ['city', 'countryCode', 'postalCode', 'stateOrRegion'].sort(),
    );
  });

  it.each([
    [{ createdAfter: '2026-01-01T00:00:00Z', lastUpdatedAfter: '2026-01-01T00:00:00Z' }, /Exactly one/],
    [{}, /Exactly one/],
    [{ createdAfter: '2026-01-01T00:00:00Z', lastUpdatedBefore: '2026-02-01T00:00:00Z' }, /lastUpdatedBefore/],
    [{ lastUpdatedAfter: 'yesterday' }, /ISO 8601/],
    [{ lastUpdatedAfter: '2026-01-01T00:00:00Z', maxResultsPerPage: '101' }, /maxResultsPerPage/],
    [{ lastUpdatedAfter: '2026-01-01T00:00:00Z', maxResultsPerPage: '0' }, /maxResultsPerPage/],
    [{ lastUpdatedAfter: '2026-01-01T00:00:00Z', fulfillmentStatuses: 'Unshipped' }, /fulfillmentStatuses/],
    [{ lastUpdatedAfter: '2026-01-01T00:00:00Z', fulfilledBy: 'SELLER' }, /fulfilledBy/],
    [{ lastUpdatedAfter: '2026-01-01T00:00:00Z', includedData: 'BUYER,ADDRESS' }, /includedData/],
    [{ paginationToken: 'not-a-token' }, /paginationToken/],
  ])('answers 400 InvalidInput to %j', async (query, message) => {
    const { get } = await start();
    const answer = await get(SEARCH, query as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]!).toMatchObject({ code: 'InvalidInput', message: expect.stringMatching(message) });
  });

  it('gets one order with its items always, and 404 NotFound for an unknown one', async () => {
    const { fake, get } = await start();
    const [id, entry] = [...fake.orders.entries()][0]!;
    const answer = await get(`${SEARCH}/${id}`, { includedData: 'BUYER,RECIPIENT' });
    expect(answer.status).toBe(200);
    expect(answer.body.order.orderId).toBe(id);
    expect(answer.body.order.orderItems.map((item: { orderItemId: string }) => item.orderItemId)).toEqual(
      entry.items.map((item) => item.OrderItemId),
    );
    expect(answer.body.order.fulfillment).toBeUndefined();
    const missing = await get(`${SEARCH}/111-0000000-0000000`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]!.code).toBe('NotFound');
  });

  it("answers 429 QuotaExceeded from searchOrders' bucket once the burst is spent", async () => {
    const { get } = await start({ burst: 2 });
    const query = { lastUpdatedAfter: '2026-01-01T00:00:00Z' };
    expect((await get(SEARCH, query)).status).toBe(200);
    expect((await get(SEARCH, query)).status).toBe(200);
    const throttled = await get(SEARCH, query);
    expect(throttled.status).toBe(429);
    expect(throttled.body.errors[0]!.code).toBe('QuotaExceeded');
    // getOrder has a bucket of its own.
    expect((await get(`${SEARCH}/none`)).status).toBe(404);
  });
});
