import { describe, expect, it } from 'vitest';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import { closeAfterEach, quickHttp, recordedSleep } from '../../../../test/adapter-test-kit.ts';
import type { StoreConnection } from '../channel-types.ts';
import { createAmazonAdapter, type AmazonAdapterOptions } from './amazon-adapter.ts';
import { generateAmazonOrders } from '@shipdesk/fakes';
import { startFakeAmazon, type FakeAmazon, type FakeAmazonOptions } from '@shipdesk/fakes';

const CREDENTIALS = {
  clientId: 'amzn1.application-oa2-client.0123456789abcdef',
  clientSecret: 'amzn1.oa2-cs.v1.secret',
  refreshToken: 'Atzr|IwEBIrefresh',
};

const keep = closeAfterEach();
let waits: number[] = [];

async function start(options: Partial<FakeAmazonOptions> = {}): Promise<FakeAmazon> {
  waits = [];
  return keep(await startFakeAmazon({ ...CREDENTIALS, orders: generateAmazonOrders(250, { seed: 3 }), ...options }));
}

const http = (extra: HttpOptions = {}) => quickHttp(waits, extra);

function adapterFor(
  server: FakeAmazon,
  {
    credentials = {},
    options = {},
    saveCredentials,
  }: {
    credentials?: Record<string, string>;
    options?: AmazonAdapterOptions;
    saveCredentials?: StoreConnection['saveCredentials'];
  } = {},
) {
  const { clientId, ...secrets } = { ...CREDENTIALS, ...credentials };
  return createAmazonAdapter(
    {
      // These tests cover the v0 reads, kept behind the store setting until 2027-03-27 (v2026: amazon-orders-v2026.test.ts).
      settings: { clientId, apiBaseUrl: server.url, authBaseUrl: server.url, ordersApiVersion: 'v0' },
      credentials: secrets,
      saveCredentials,
    },
    // A day before Amazon ends the v0 reads, so the v0 setting holds whenever these run.
    { http: http(), pacing: false, now: () => Date.parse('2027-03-26T12:00:00Z'), ...options },
  );
}

const requestsTo = (server: FakeAmazon, pattern: RegExp) =>
  server.requests.filter((request) => pattern.test(request.path));
const ORDERS_LIST = /^\/orders\/v0\/orders$/;
const ITEMS = /\/orderItems$/;
const LWA = /^\/auth\/o2\/token$/;
const RDT = /^\/tokens\//;

/** The LastUpdateDate from which the fake holds the `count` most recently updated orders. */
function recentSince(server: FakeAmazon, count: number): string {
  const updates = [...server.orders.values()].map((entry) => entry.order.LastUpdateDate).sort();
  return updates[updates.length - count]!;
}

async function listAll(adapter: ReturnType<typeof createAmazonAdapter>, updatedSince: string | null) {
  const pages: Array<{ ids: string[]; next: string | null }> = [];
  let pageToken: string | null = null;
  do {
    const page = await adapter.listOrders({ updatedSince, pageToken });
    pages.push({ ids: page.orders.map((order) => order.externalId), next: page.nextPageToken });
    pageToken = page.nextPageToken;
  } while (pageToken);
  return pages;
}

describe('Amazon SP-API adapter', () => {
  it('tests the connection through marketplaceParticipations with an LWA access token', async () => {
    const server = await start({ storeName: 'Northwind Outlet' });
    await expect(adapterFor(server).testConnection()).resolves.toEqual({
      accountName: 'Amazon.com - Northwind Outlet',
    });

    const [exchange] = requestsTo(server, LWA);
    expect(Object.fromEntries(new URLSearchParams(exchange!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: CREDENTIALS.refreshToken,
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.clientSecret,
    });
    const [call] = requestsTo(server, /^\/sellers\//);
    expect(call!.headers['x-amz-access-token']).toBe('Atza|fake-access-1');
  });

  it("reports a refused refresh token as an auth error with LWA's description", async () => {
    const server = await start();
    const error = await adapterFor(server, { credentials: { refreshToken: 'Atzr|revoked' } })
      .testConnection()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({
      kind: 'auth',
      status: 400,
      platformMessage: 'The request has an invalid grant parameter : refresh_token',
    });
    expect(requestsTo(server, /^\/sellers\//)).toHaveLength(0);
  });

  it('reports a wrong client secret as an auth error', async () => {
    const server = await start();
    await expect(adapterFor(server, { credentials: { clientSecret: 'wrong' } }).testConnection()).rejects.toMatchObject(
      { kind: 'auth', status: 401, platformMessage: 'Client authentication failed' },
    );
  });

  it('exchanges the refresh token again once when Amazon answers 403 to a kept access token', async () => {
    const server = await start();
    const adapter = adapterFor(server);
    await adapter.testConnection();
    server.revokeTokens();
    await expect(adapter.testConnection()).resolves.toMatchObject({
      accountName: expect.stringContaining('Amazon.com'),
    });
    expect(requestsTo(server, LWA)).toHaveLength(2);
    expect(requestsTo(server, /^\/sellers\//)).toHaveLength(3);
  });

  it("surfaces Amazon's 403 Unauthorized when even a fresh token is refused", async () => {
    const server = await start();
    server.fail(
      {
        kind: 'status',
        status: 403,
        body: { errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' }] },
      },
      { path: /^\/sellers\// },
    );
    await expect(adapterFor(server).testConnection()).rejects.toMatchObject({
      kind: 'forbidden',
      status: 403,
      platformMessage: 'Unauthorized: Access to requested resource is denied.',
    });
  });

  it('reads every NextToken page changed since the window start, with items and PII through an RDT', async () => {
    const server = await start();
    const since = '2026-05-04T00:00:00.000Z';
    const expected = [...server.orders.values()].filter((entry) => entry.order.LastUpdateDate >= since);
    expect(expected.length).toBeGreaterThan(200);

    const adapter = adapterFor(server);
    const pages = await listAll(adapter, since);
    expect(pages.map((page) => page.ids.length)).toEqual([100, 100, expected.length - 200]);
    expect(new Set(pages.flatMap((page) => page.ids)).size).toBe(expected.length);

    const lists = requestsTo(server, ORDERS_LIST);
    expect(Object.fromEntries(lists[0]!.query)).toEqual({
      MarketplaceIds: 'ATVPDKIKX0DER',
      LastUpdatedAfter: since,
      MaxResultsPerPage: '100',
    });
    expect([...lists[1]!.query.keys()].sort()).toEqual(['MarketplaceIds', 'NextToken']);
    // getOrders went out with the RDT, asked for once with the PII it needs.
    for (const list of lists) expect(list.headers['x-amz-access-token']).toMatch(/^Atz\.sprdt\|/);
    const rdt = requestsTo(server, RDT);
    expect(rdt).toHaveLength(1);
    expect(JSON.parse(rdt[0]!.body)).toEqual({
      restrictedResources: [
        { method: 'GET', path: '/orders/v0/orders', dataElements: ['buyerInfo', 'shippingAddress'] },
      ],
    });
    expect(requestsTo(server, ITEMS)).toHaveLength(expected.length);
    expect(requestsTo(server, LWA)).toHaveLength(1);
  });

  it('maps an order end to end from a listing, with buyer e-mail and full address', async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'Unshipped')!;
    const page = await adapterFor(server).listOrders({ updatedSince: source.order.LastUpdateDate, pageToken: null });
    const order = page.orders.find((candidate) => candidate.externalId === source.order.AmazonOrderId)!;
    expect(order).toMatchObject({
      orderNumber: source.order.AmazonOrderId,
      externalUpdatedAt: source.order.LastUpdateDate,
      total: Math.round(Number(source.order.OrderTotal!.Amount) * 100),
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      customerEmail: source.order.BuyerInfo!.BuyerEmail,
      requestedShippingMethod: source.order.ShipServiceLevel,
    });
    expect(order.shipping).toMatchObject({
      name: source.order.ShippingAddress!.Name,
      address1: source.order.ShippingAddress!.AddressLine1,
    });
    expect(order.lines.map((line) => line.externalLineId)).toEqual(source.items.map((item) => item.OrderItemId));
  });

  it('carries on without PII when Amazon refuses the Restricted Data Token, and does not ask again', async () => {
    const server = await start({ piiAccess: false });
    const adapter = adapterFor(server);
    const since = recentSince(server, 30);
    const first = await adapter.listOrders({ updatedSince: since, pageToken: null });
    await adapter.listOrders({ updatedSince: since, pageToken: null });
    const shippable = first.orders.find((order) => order.shipmentStatus === 'Unshipped' && !order.canceled)!;
    expect(shippable.customerEmail).toBeNull();
    expect(shippable.shipping).toMatchObject({ name: '', address1: '', city: expect.any(String), country: 'US' });
    expect(requestsTo(server, RDT)).toHaveLength(1);
    expect(requestsTo(server, ORDERS_LIST)[0]!.headers['x-amz-access-token']).toMatch(/^Atza\|/);
  });

  it('follows the NextToken of an order’s items', async () => {
    const server = await start({ itemsPerPage: 1 });
    const source = [...server.orders.values()].find((entry) => entry.items.length === 3)!;
    const order = await adapterFor(server).getOrder(source.order.AmazonOrderId);
    expect(order!.lines).toHaveLength(3);
    const itemCalls = requestsTo(server, ITEMS);
    expect(itemCalls.map((call) => call.query.get('NextToken'))).toEqual([null, 'items-1', 'items-2']);
  });

  it('gets one order with an RDT for its own path, and null for an unknown one', async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'Shipped')!;
    const adapter = adapterFor(server);
    const order = await adapter.getOrder(source.order.AmazonOrderId);
    expect(order).toMatchObject({
      shipmentStatus: 'Shipped Complete',
      customerEmail: source.order.BuyerInfo!.BuyerEmail,
    });
    expect(JSON.parse(requestsTo(server, RDT)[0]!.body).restrictedResources[0].path).toBe(
      `/orders/v0/orders/${source.order.AmazonOrderId}`,
    );
    await expect(adapter.getOrder('111-0000000-0000000')).resolves.toBeNull();
  });

  it('retries a 429 QuotaExceeded after one request of the stated rate', async () => {
    const server = await start();
    server.throttle({ times: 1, rate: 2 });
    await expect(adapterFor(server).testConnection()).resolves.toBeTruthy();
    expect(waits).toEqual([500]);
    expect(requestsTo(server, /^\/sellers\//)).toHaveLength(2);
  });

  it("answers 429 from the fake's token bucket once the burst is spent, and the client rides it out", async () => {
    // A refill slow enough (500 ms a token) that a loaded machine still spends the burst before it comes back.
    const server = await start({ burst: 2, rate: 2 });
    // The fake's bucket refills in real time, so this client really waits.
    const adapter = adapterFor(server, { options: { http: http({ sleep: recordedSleep(waits) }) } });
    for (let i = 0; i < 3; i++) await adapter.testConnection();
    expect(requestsTo(server, /^\/sellers\//)).toHaveLength(4);
    expect(waits).toEqual([500]);
  });

  it('gives up on a throttle that does not stop, with the QuotaExceeded text', async () => {
    const server = await start();
    server.throttle({ times: 10, rate: 2 });
    await expect(
      adapterFor(server, { options: { http: http({ retries: 2 }) } }).testConnection(),
    ).rejects.toMatchObject({
      kind: 'rate_limited',
      status: 429,
      platformMessage: 'QuotaExceeded: You exceeded your quota for the requested resource.',
    });
  });

  it('paces calls by x-amzn-RateLimit-Limit once the burst is used', async () => {
    const server = await start({ rate: 0.5 });
    const adapter = adapterFor(server, { options: { pacing: { bursts: { getOrderItems: 1 } } } });
    const page = await adapter.listOrders({ updatedSince: recentSince(server, 6), pageToken: null });
    expect(page.orders).toHaveLength(6);
    // The first items call spends the burst; each later one waits about 1 / 0.5 s.
    expect(waits).toHaveLength(page.orders.length - 1);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(1800);
      expect(wait).toBeLessThanOrEqual(2000);
    }
  });

  it('does not pace when Amazon states no rate', async () => {
    const server = await start({ rate: 0.5 });
    const adapter = adapterFor(server, { options: { pacing: { bursts: { getMarketplaceParticipations: 1 } } } });
    server.fail({ kind: 'status', status: 200, body: { payload: [] } }, { times: 3, path: /^\/sellers\// });
    for (let i = 0; i < 3; i++)
      await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Amazon seller' });
    expect(waits).toEqual([]);
  });

  it('retries a 500 and malformed JSON, then succeeds', async () => {
    const server = await start();
    server.fail(
      {
        kind: 'status',
        status: 500,
        body: { errors: [{ code: 'InternalFailure', message: 'We encountered an internal error.' }] },
      },
      { path: /^\/sellers\// },
    );
    server.fail({ kind: 'malformed' }, { path: /^\/sellers\// });
    await expect(adapterFor(server).testConnection()).resolves.toBeTruthy();
    expect(requestsTo(server, /^\/sellers\//)).toHaveLength(3);
  });

  it('throws an unavailable ChannelError after the retries of a persistent 500', async () => {
    const server = await start();
    server.fail(
      {
        kind: 'status',
        status: 503,
        body: { errors: [{ code: 'ServiceUnavailable', message: 'Service is temporarily unavailable.' }] },
      },
      { times: 10, path: /^\/orders\// },
    );
    const error = await adapterFor(server, { options: { http: http({ retries: 2 }) } })
      .listOrders({ updatedSince: null, pageToken: null })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'unavailable',
      status: 503,
      platformMessage: 'ServiceUnavailable: Service is temporarily unavailable.',
    });
    expect(requestsTo(server, ORDERS_LIST)).toHaveLength(3);
  });

  it('confirms a shipment for the given items and the fake records it', async () => {
    const server = await start();
    const source = [...server.orders.values()].find(
      (entry) => entry.order.OrderStatus === 'Unshipped' && entry.items.length > 1,
    )!;
    const item = source.items[0]!;
    const adapter = adapterFor(server);
    await adapter.pushTracking({
      externalOrderId: source.order.AmazonOrderId,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: null,
      serviceName: 'UPS Ground',
      shippedAt: '2026-06-02T15:04:05Z',
      lines: [{ externalLineId: item.OrderItemId, quantity: item.QuantityOrdered }],
    });
    expect(server.confirmations).toEqual([
      {
        orderId: source.order.AmazonOrderId,
        body: {
          marketplaceId: 'ATVPDKIKX0DER',
          packageDetail: {
            packageReferenceId: '1',
            carrierCode: 'UPS',
            shippingMethod: 'UPS Ground',
            trackingNumber: '1Z999AA10123456784',
            shipDate: '2026-06-02T15:04:05.000Z',
            orderItems: [{ orderItemId: item.OrderItemId, quantity: item.QuantityOrdered }],
          },
        },
      },
    ]);
    expect((await adapter.getOrder(source.order.AmazonOrderId))!.shipmentStatus).toBe('Shipped Partial');
  });

  it('confirms the rest of the order when no lines are given, naming an unlisted carrier', async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'PartiallyShipped')!;
    const remaining = source.items
      .map((item) => ({ orderItemId: item.OrderItemId, quantity: item.QuantityOrdered - (item.QuantityShipped ?? 0) }))
      .filter((item) => item.quantity > 0);
    expect(remaining.length).toBeGreaterThan(0);
    await adapterFor(server).pushTracking({
      externalOrderId: source.order.AmazonOrderId,
      carrier: 'Veho',
      trackingNumber: 'VH123456789',
      trackingUrl: null,
      serviceName: null,
      shippedAt: '2026-06-02T15:04:05Z',
    });
    const detail = server.confirmations[0]!.body.packageDetail;
    expect(detail).toMatchObject({ carrierCode: 'Other', carrierName: 'Veho' });
    expect(detail.orderItems).toEqual(remaining);
    expect(server.orders.get(source.order.AmazonOrderId)!.order.OrderStatus).toBe('Shipped');
  });

  it("reports Amazon's InvalidInput when a canceled order is confirmed", async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'Canceled')!;
    const push = adapterFor(server).pushTracking({
      externalOrderId: source.order.AmazonOrderId,
      carrier: 'USPS',
      trackingNumber: '9400111899223100012345',
      trackingUrl: null,
      serviceName: null,
      shippedAt: '2026-06-02T15:04:05Z',
      lines: [{ externalLineId: source.items[0]!.OrderItemId, quantity: 1 }],
    });
    await expect(push).rejects.toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: `InvalidInput: Order ${source.order.AmazonOrderId} is Canceled and cannot be confirmed.`,
    });
    expect(server.confirmations).toHaveLength(0);
  });

  it('keeps the access token through saveCredentials and reuses a kept one', async () => {
    const server = await start();
    const saved: Array<Record<string, string>> = [];
    await adapterFor(server, { saveCredentials: async (changed) => void saved.push(changed) }).testConnection();
    expect(saved).toEqual([{ accessToken: 'Atza|fake-access-1', accessTokenExpiresAt: expect.any(String) }]);
    await adapterFor(server, { credentials: saved[0] }).testConnection();
    expect(requestsTo(server, LWA)).toHaveLength(1);
  });

  it('refuses to start without the credentials, naming what is missing', async () => {
    const server = await start();
    await expect(adapterFor(server, { credentials: { clientSecret: '' } }).testConnection()).rejects.toMatchObject({
      kind: 'auth',
      message: /LWA client secret/,
    });
    expect(server.requests).toHaveLength(0);
  });
});
