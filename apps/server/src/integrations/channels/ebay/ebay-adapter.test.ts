import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import { pullWindow, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { StoreConnection } from '../channel-types.ts';
import { createEbayAdapter, WINDOW_END_LAG_MS } from './ebay-adapter.ts';
import { generateEbayOrders } from '@shipdesk/fakes';
import { startFakeEbay, type FakeEbay } from '@shipdesk/fakes';
import { EBAY_FULFILLMENT_SCOPE } from './ebay-wire.ts';

const CREDENTIALS = {
  clientId: 'ShipDesk-App-PRD-1a2b3c',
  clientSecret: 'PRD-cert-9f8e7d',
  refreshToken: 'v^1.1#r^1#refresh',
};

let fake: FakeEbay;
let waits: number[];
let urls: string[];

function http(extra: HttpOptions = {}): HttpOptions {
  return quickHttp(waits, {
    fetch: (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    },
    ...extra,
  });
}

function connection(
  overrides: Partial<typeof CREDENTIALS> = {},
  extra: Partial<StoreConnection> = {},
): StoreConnection {
  const { clientId, ...secrets } = { ...CREDENTIALS, ...overrides };
  return { settings: { clientId, apiBaseUrl: fake.url }, credentials: secrets, ...extra };
}

const apiRequests = () => fake.requests.filter((request) => request.path.startsWith('/sell/'));
const tokenRequests = () => fake.requests.filter((request) => request.path === '/identity/v1/oauth2/token');

beforeEach(async () => {
  waits = [];
  urls = [];
  fake = await startFakeEbay({
    ...CREDENTIALS,
    orders: generateEbayOrders(450, { seed: 7, sellerId: 'northwind_outlet' }),
  });
});

afterEach(async () => {
  await fake.close();
});

describe('eBay adapter', () => {
  it('tests the connection with one order read, minting a user token from the refresh token', async () => {
    const adapter = createEbayAdapter(connection(), { http: http() });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'northwind_outlet' });

    const [token] = tokenRequests();
    const basic = Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64');
    expect(token?.headers.authorization).toBe(`Basic ${basic}`);
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: CREDENTIALS.refreshToken,
      scope: EBAY_FULFILLMENT_SCOPE,
    });
    expect(apiRequests().map((request) => request.query.get('limit'))).toEqual(['1']);
  });

  it('names a seller without orders generically', async () => {
    fake.orders.clear();
    const adapter = createEbayAdapter(connection(), { http: http() });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'eBay seller' });
  });

  it("reports a refused refresh token as an auth error with eBay's description", async () => {
    const adapter = createEbayAdapter(connection({ refreshToken: 'v^1.1#r^1#revoked' }), { http: http() });
    const error = await adapter.testConnection().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({
      kind: 'auth',
      status: 400,
      platformMessage: 'the provided authorization refresh token is invalid or was issued to another client',
    });
    expect(apiRequests()).toHaveLength(0);
  });

  it('reports a wrong client secret as an auth error', async () => {
    const adapter = createEbayAdapter(connection({ clientSecret: 'wrong' }), { http: http() });
    await expect(adapter.testConnection()).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
      platformMessage: 'client authentication failed',
    });
  });

  it('refuses to start without the credentials, naming what is missing', async () => {
    const adapter = createEbayAdapter(connection({ refreshToken: '' }), { http: http() });
    await expect(adapter.testConnection()).rejects.toMatchObject({ kind: 'auth', message: /refresh token/ });
    expect(fake.requests).toHaveLength(0);
  });

  it('reads every page changed since the window start, 200 at a time, with the filter encoded', async () => {
    const since = '2026-05-05T00:00:00.000Z';
    const expected = [...fake.orders.values()].filter((order) => order.lastModifiedDate >= since);
    expect(expected.length).toBeGreaterThan(400);

    const adapter = createEbayAdapter(connection(), { http: http() });
    const { orders, tokens } = await pullWindow(adapter, since);
    const seen = orders.map((order) => order.externalId);
    for (const order of orders) expect(order.externalUpdatedAt >= since).toBe(true);

    expect(tokens).toHaveLength(3);
    expect(tokens.at(-1)).toBeNull();
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen).size).toBe(expected.length);
    const listUrls = urls.filter((url) => url.includes('/sell/fulfillment/v1/order?'));
    expect(listUrls).toHaveLength(3);
    // The window's end is fixed when it starts, a little before now, and kept for every page.
    const until = /\.\.([^%]+)%5D/.exec(listUrls[0]!)![1]!;
    expect(Date.now() - Date.parse(until)).toBeGreaterThanOrEqual(WINDOW_END_LAG_MS);
    expect(Date.now() - Date.parse(until)).toBeLessThan(WINDOW_END_LAG_MS + 10_000);
    expect(listUrls[0]).toContain(`filter=lastmodifieddate:%5B${since}..${until}%5D&limit=200&offset=0`);
    expect(listUrls.every((url) => url.includes(`..${until}%5D`))).toBe(true);
    expect(listUrls[2]).toContain('offset=400');
    // One token served the whole window.
    expect(tokenRequests()).toHaveLength(1);
  });

  it('reads the last two years when no window start is given', async () => {
    const adapter = createEbayAdapter(connection(), { http: http() });
    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(200);
    const filter = apiRequests()[0]!.query.get('filter')!;
    const from = Date.parse(/\[(.+)\.\./.exec(filter)![1]!);
    expect(Date.now() - from).toBeGreaterThan(728 * 86_400_000);
    expect(Date.now() - from).toBeLessThan(730 * 86_400_000);
  });

  it('reads every order when one on a page already read changes before the next page', async () => {
    let clock = Date.now();
    const adapter = createEbayAdapter(connection(), { http: http(), now: () => clock });
    let changed = '';
    const first = await pullWindow(adapter, null, (page, orders) => {
      if (page !== 1) return;
      // The seller ships an order of page 1 while page 2 is about to be asked for: it leaves the window's range.
      changed = orders[10]!.externalId;
      fake.orders.get(changed)!.lastModifiedDate = new Date().toISOString();
    });

    expect(new Set(first.orders.map((order) => order.externalId))).toEqual(new Set(fake.orders.keys()));
    // eBay's total dropped by one, so page 2 was asked for again one place earlier.
    const listed = apiRequests().filter((request) => request.query.has('filter'));
    expect(listed.map((request) => request.query.get('offset'))).toEqual(['0', '200', '199', '399']);
    expect(new Set(listed.map((request) => request.query.get('filter'))).size).toBe(1);

    // The next window, started at the newest change seen, reads the order's new version.
    clock += 10 * 60_000;
    const second = await pullWindow(adapter, first.next);
    expect(second.orders.find((order) => order.externalId === changed)?.externalUpdatedAt).toBe(
      fake.orders.get(changed)!.lastModifiedDate,
    );
  });

  it('pages to the end through 300 orders changed in the same millisecond', async () => {
    const at = '2026-06-01T12:00:00.000Z';
    fake.orders.clear();
    fake.putOrders(generateEbayOrders(300, { seed: 3 }).map((order) => ({ ...order, lastModifiedDate: at })));
    const adapter = createEbayAdapter(connection(), { http: http() });
    const window = await pullWindow(adapter, at, (page, orders) => {
      if (page === 1) fake.orders.get(orders[0]!.externalId)!.lastModifiedDate = new Date().toISOString();
    });
    expect(window.tokens).toHaveLength(2);
    expect(window.tokens.at(-1)).toBeNull();
    expect(new Set(window.orders.map((order) => order.externalId))).toEqual(new Set(fake.orders.keys()));
  });

  it('reads nothing yet when the window starts within the last minutes', async () => {
    const adapter = createEbayAdapter(connection(), { http: http() });
    const recent = new Date(Date.now() - 30_000).toISOString();
    await expect(adapter.listOrders({ updatedSince: recent, pageToken: null })).resolves.toEqual({
      orders: [],
      nextPageToken: null,
    });
    expect(apiRequests()).toHaveLength(0);
  });

  it('starts the window over for a bare offset token from before positions', async () => {
    const adapter = createEbayAdapter(connection(), { http: http() });
    const page = await adapter.listOrders({ updatedSince: '2026-06-01T00:00:00.000Z', pageToken: '200' });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(apiRequests()[0]!.query.get('offset')).toBe('0');
  });

  it("retries a 429 with eBay's error body, waiting what Retry-After asks", async () => {
    fake.throttle({ times: 1, retryAfterSeconds: 2 });
    const adapter = createEbayAdapter(connection(), { http: http() });
    const page = await adapter.listOrders({ updatedSince: '2026-06-01T00:00:00.000Z', pageToken: null });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(waits).toEqual([2000]);
    expect(apiRequests()).toHaveLength(2);
  });

  it('gives up on a 429 that does not stop, saying what eBay answered', async () => {
    fake.throttle({ times: 10 });
    const adapter = createEbayAdapter(connection(), { http: http({ retries: 2 }) });
    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).rejects.toMatchObject({
      kind: 'rate_limited',
      status: 429,
      platformMessage: 'Too many requests. The request limit has been reached for the resource. (errorId 2001)',
    });
    expect(apiRequests()).toHaveLength(3);
  });

  it('retries a 500 and malformed JSON, then succeeds', async () => {
    fake.fail(
      { kind: 'status', status: 500, body: { errors: [{ errorId: 2003, message: 'Internal error' }] } },
      { path: /^\/sell\// },
    );
    fake.fail({ kind: 'malformed' }, { path: /^\/sell\// });
    const adapter = createEbayAdapter(connection(), { http: http() });
    const page = await adapter.listOrders({ updatedSince: '2026-06-01T00:00:00.000Z', pageToken: null });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(apiRequests()).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('throws an unavailable ChannelError after the retries of a persistent 500', async () => {
    fake.fail(
      {
        kind: 'status',
        status: 500,
        body: { errors: [{ errorId: 2003, domain: 'ACCESS', message: 'Internal error' }] },
      },
      { times: 10, path: /^\/sell\// },
    );
    const adapter = createEbayAdapter(connection(), { http: http({ retries: 3 }) });
    const error = await adapter.listOrders({ updatedSince: null, pageToken: null }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'unavailable', status: 500, platformMessage: 'Internal error (errorId 2003)' });
    expect((error as ChannelError).retryable).toBe(true);
    expect(apiRequests()).toHaveLength(4);
  });

  it('times out a hanging call and retries it', async () => {
    fake.fail({ kind: 'hang' }, { path: /^\/sell\// });
    const adapter = createEbayAdapter(connection(), { http: http({ timeoutMs: 100 }) });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'northwind_outlet' });
    expect(apiRequests()).toHaveLength(2);
  });

  it('mints a new token once when eBay answers 401 to a kept one', async () => {
    const adapter = createEbayAdapter(connection(), { http: http() });
    await adapter.testConnection();
    fake.revokeTokens();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'northwind_outlet' });
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests()).toHaveLength(3);
  });

  it('keeps the minted token through saveCredentials and reuses a kept one', async () => {
    const saved: Array<Record<string, string>> = [];
    const first = createEbayAdapter(connection({}, { saveCredentials: async (changed) => void saved.push(changed) }), {
      http: http(),
    });
    await first.testConnection();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).toMatch(/^v\^1\.1#/);
    const expiresIn = Date.parse(saved[0]!.accessTokenExpiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(7000_000);
    expect(expiresIn).toBeLessThanOrEqual(7140_000);

    const kept = connection();
    const second = createEbayAdapter({ ...kept, credentials: { ...kept.credentials, ...saved[0] } }, { http: http() });
    await second.testConnection();
    expect(tokenRequests()).toHaveLength(1);
  });

  it('maps an order end to end and answers null for an order eBay does not know', async () => {
    const source = [...fake.orders.values()][3]!;
    const adapter = createEbayAdapter(connection(), { http: http() });
    const order = await adapter.getOrder(source.orderId);
    expect(order).toMatchObject({
      externalId: source.orderId,
      orderNumber: source.orderId,
      externalUpdatedAt: source.lastModifiedDate,
      total: Math.round(Number(source.pricingSummary!.total!.value) * 100),
      requestedShippingMethod: source.fulfillmentStartInstructions![0]!.shippingStep!.shippingServiceCode,
      customerName: source.fulfillmentStartInstructions![0]!.shippingStep!.shipTo!.fullName,
    });
    expect(order!.lines.map((line) => line.externalLineId)).toEqual(source.lineItems.map((line) => line.lineItemId));
    await expect(adapter.getOrder('99-99999-99999')).resolves.toBeNull();
  });

  it('pushes tracking for the given lines and the fake records it', async () => {
    const source = [...fake.orders.values()].find(
      (order) => order.lineItems.length > 1 && order.orderFulfillmentStatus === 'NOT_STARTED',
    )!;
    const line = source.lineItems[0]!;
    const adapter = createEbayAdapter(connection(), { http: http() });
    await adapter.pushTracking({
      externalOrderId: source.orderId,
      carrier: 'fedex',
      trackingNumber: '7712 3456 7890',
      trackingUrl: null,
      serviceName: 'FedEx Ground',
      shippedAt: '2026-06-02T15:04:05.000Z',
      lines: [{ externalLineId: line.lineItemId, quantity: line.quantity }],
    });
    expect(fake.fulfillments).toEqual([
      {
        orderId: source.orderId,
        fulfillmentId: '771234567890',
        request: {
          lineItems: [{ lineItemId: line.lineItemId, quantity: line.quantity }],
          shippedDate: '2026-06-02T15:04:05.000Z',
          shippingCarrierCode: 'FedEx',
          trackingNumber: '771234567890',
        },
      },
    ]);
    expect((await adapter.getOrder(source.orderId))!.shipmentStatus).toBe('Shipped Partial');
  });

  it('pushes the whole order when no lines are given', async () => {
    const source = [...fake.orders.values()].find((order) => order.orderFulfillmentStatus === 'NOT_STARTED')!;
    const adapter = createEbayAdapter(connection(), { http: http() });
    await adapter.pushTracking({
      externalOrderId: source.orderId,
      carrier: 'USPS',
      trackingNumber: '9400111899223100012345',
      trackingUrl: null,
      serviceName: null,
      shippedAt: '2026-06-02T15:04:05.000Z',
    });
    expect(fake.fulfillments[0]!.request.lineItems).toEqual(
      source.lineItems.map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity })),
    );
    expect(fake.orders.get(source.orderId)!.orderFulfillmentStatus).toBe('FULFILLED');
  });

  it("reports eBay's validation error for a line it does not know", async () => {
    const source = [...fake.orders.values()][0]!;
    const adapter = createEbayAdapter(connection(), { http: http() });
    const push = adapter.pushTracking({
      externalOrderId: source.orderId,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: null,
      serviceName: null,
      shippedAt: '2026-06-02T15:04:05.000Z',
      lines: [{ externalLineId: '123', quantity: 1 }],
    });
    await expect(push).rejects.toMatchObject({
      kind: 'invalid',
      status: 400,
      platformMessage: 'Invalid line item ID or quantity: 123 (errorId 32200)',
    });
    expect(fake.fulfillments).toHaveLength(0);
  });
});
