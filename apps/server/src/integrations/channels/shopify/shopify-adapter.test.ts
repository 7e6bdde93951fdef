import { afterEach, describe, expect, it } from 'vitest';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import type { ChannelAdapter, ChannelOrder, StoreConnection } from '../channel-types.ts';
import { createShopifyAdapter, ORDERS_PER_PAGE, updatedSinceQuery } from './shopify-adapter.ts';
import { throttleWaitMs } from './shopify-client.ts';
import { INVALID_TOKEN_MESSAGE, startFakeShopify, type FakeShopify, type FakeShopifyOptions } from '@shipdesk/fakes';
import { LIST_ORDERS_QUERY, ORDERS_PER_QUERY } from './shopify-queries.ts';

const fakes: FakeShopify[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fakeShop(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const fake = await startFakeShopify({ orders: 60, seed: 7, ...options });
  fakes.push(fake);
  return fake;
}

/** Retries at test speed; every wait asked for is recorded (and really slept, so a bucket can refill). */
function fastHttp(waits: number[] = [], really = false): HttpOptions {
  return {
    baseDelayMs: 1,
    timeoutMs: 500,
    sleep: async (ms) => {
      waits.push(ms);
      if (really) await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

function connect(fake: FakeShopify, extra: Partial<StoreConnection> = {}): StoreConnection {
  return {
    settings: { shopDomain: 'northloop-supply.myshopify.com', apiBaseUrl: fake.url, ...extra.settings },
    credentials: { accessToken: fake.accessToken, ...extra.credentials },
    saveCredentials: extra.saveCredentials,
  };
}

async function pullAll(adapter: ChannelAdapter, updatedSince: string | null) {
  const orders: ChannelOrder[] = [];
  let pageToken: string | null = null;
  let pages = 0;
  do {
    const page = await adapter.listOrders({ updatedSince, pageToken });
    orders.push(...page.orders);
    pageToken = page.nextPageToken;
    pages += 1;
  } while (pageToken);
  return { orders, pages };
}

/** A new order still waiting to ship (a few new orders are born cancelled or unpaid, like real ones). */
function openOrder(fake: FakeShopify) {
  for (;;) {
    const [order] = fake.addOrders(1);
    if (order!.displayFulfillmentStatus === 'UNFULFILLED' && !order!.cancelledAt) return order!;
  }
}

const graphqlRequests = (fake: FakeShopify) => fake.requests.filter((r) => r.path.endsWith('/graphql.json'));
const operationOf = (body: string) => (JSON.parse(body) as { operationName: string }).operationName;

describe('Shopify adapter: connection', () => {
  it('answers the shop name, calling the versioned GraphQL endpoint with the access token', async () => {
    const fake = await fakeShop({ shopName: 'Juniper Home Goods' });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });

    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Juniper Home Goods' });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/admin/api/2026-01/graphql.json' });
    expect(request!.headers['x-shopify-access-token']).toBe(fake.accessToken);
  });

  it('uses the configured API version', async () => {
    const fake = await fakeShop();
    const adapter = createShopifyAdapter(connect(fake, { settings: { apiVersion: '2025-10' } }), { http: fastHttp() });
    await adapter.testConnection();
    expect(fake.requests[0]!.path).toBe('/admin/api/2025-10/graphql.json');
  });

  it("refuses a wrong token with Shopify's own message", async () => {
    const fake = await fakeShop();
    const adapter = createShopifyAdapter(connect(fake, { credentials: { accessToken: 'shpat_wrong' } }), {
      http: fastHttp(),
    });
    const error = await adapter.testConnection().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: 'auth', status: 401, platformMessage: INVALID_TOKEN_MESSAGE });
    expect((error as ChannelError).platformAnswer).toBe(`401: ${INVALID_TOKEN_MESSAGE}`);
    expect(fake.requests).toHaveLength(1);
  });

  it('says so when the token may not read orders', async () => {
    const fake = await fakeShop({ scopes: ['read_products'] });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    await expect(adapter.testConnection()).rejects.toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('read_orders'),
      platformMessage: 'Granted scopes: read_products',
    });
    // And a pull says what Shopify answered.
    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).rejects.toMatchObject({
      kind: 'forbidden',
      platformMessage: 'Access denied for orders field. Required access: `read_orders` access scope.',
    });
  });

  it('refuses to start without a shop domain', () => {
    expect(() => createShopifyAdapter({ settings: {}, credentials: { accessToken: 'x' } })).toThrow(ChannelError);
  });
});

describe('Shopify adapter: listing orders', () => {
  it('pulls every page of orders changed since a time, oldest change first', async () => {
    const fake = await fakeShop({ orders: 1400 });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    const everything = await pullAll(adapter, null);
    expect(everything.orders).toHaveLength(1400);

    const since = everything.orders[199]!.externalUpdatedAt;
    fake.requests.length = 0;
    const { orders, pages } = await pullAll(adapter, since);

    const expected = everything.orders.filter((o) => o.externalUpdatedAt >= since).map((o) => o.externalId);
    expect(expected.length).toBeGreaterThan(2 * ORDERS_PER_PAGE);
    expect(orders.map((o) => o.externalId)).toEqual(expected);
    expect(pages).toBe(3);
    const times = orders.map((o) => Date.parse(o.externalUpdatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // Each request carries the filter, the cost-limited page size and the previous page's cursor.
    const bodies = graphqlRequests(fake).map((r) => JSON.parse(r.body) as { variables: Record<string, unknown> });
    expect(bodies.length).toBe(Math.ceil(expected.length / ORDERS_PER_QUERY));
    expect(bodies.every((b) => b.variables.query === updatedSinceQuery(since))).toBe(true);
    expect(bodies.every((b) => b.variables.first === ORDERS_PER_QUERY)).toBe(true);
    expect(bodies[0]!.variables.after).toBeNull();
    expect(new Set(bodies.map((b) => b.variables.after)).size).toBe(bodies.length);
  });

  it('picks up orders changed and created after the last pull', async () => {
    const fake = await fakeShop({ orders: 40 });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    const first = await pullAll(adapter, null);
    const highWater = first.orders.at(-1)!.externalUpdatedAt;

    const target = first.orders[5]!;
    fake.updateOrder(target.externalId, { cancelledAt: new Date().toISOString(), displayFinancialStatus: 'VOIDED' });
    const [created] = fake.addOrders(1);

    const { orders } = await pullAll(adapter, highWater);
    const ids = orders.map((o) => o.externalId);
    expect(ids).toContain(target.externalId);
    expect(ids).toContain(created!.legacyResourceId);
    // The window starts at the last order seen, which comes again: nothing older does.
    expect(ids).not.toContain(first.orders[6]!.externalId);
    const changed = orders.find((o) => o.externalId === target.externalId)!;
    expect(changed).toMatchObject({ canceled: true, paymentStatus: 'Unpaid' });
    expect(Date.parse(changed.externalUpdatedAt)).toBeGreaterThan(Date.parse(target.externalUpdatedAt));
  });

  it('maps orders end to end from what the shop holds', async () => {
    const fake = await fakeShop({ orders: 30 });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    const { orders } = await pullAll(adapter, null);

    for (const order of orders) {
      const raw = fake.getOrder(order.externalId)!;
      expect(order).toMatchObject({
        orderNumber: raw.name,
        externalUpdatedAt: new Date(raw.updatedAt).toISOString(),
        currency: 'USD',
        total: Math.round(Number(raw.totalPriceSet.shopMoney.amount) * 100),
        customerEmail: raw.email,
        requestedShippingMethod: raw.shippingLine?.title ?? null,
        canceled: raw.cancelledAt !== null,
        tags: raw.tags,
      });
      expect(order.shipping?.country).toBe(raw.shippingAddress.countryCodeV2);
      expect(order.lines.map((l) => l.sku)).toEqual(raw.lineItems.map((l) => l.sku));
      expect(order.lines.every((l) => l.weight > 0 && l.unitPrice > 0)).toBe(true);
      // Line prices add up to our subtotal: lines - discount + shipping + tax is Shopify's total.
      const lines = order.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
      expect(lines).toBe(order.subtotal);
    }
  });

  it('fetches the rest of the lines of an order with more than fit in the list query', async () => {
    const fake = await fakeShop({ orders: 5 });
    const id = openOrder(fake).legacyResourceId;
    const template = fake.getOrder(id)!.lineItems[0]!;
    const lineItems = Array.from({ length: 12 }, (_, k) => ({
      ...template,
      id: `gid://shopify/LineItem/${9_000_000 + k}`,
      sku: `BULK-${k}`,
    }));
    fake.updateOrder(id, { lineItems });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });

    const order = await adapter.getOrder(id);
    expect(order?.lines.map((l) => l.sku)).toEqual(lineItems.map((l) => l.sku));
    expect(graphqlRequests(fake).map((r) => operationOf(r.body))).toEqual(['ShipdeskGetOrder', 'ShipdeskOrderLines']);
  });

  it('asks for as many orders per query as Shopify allows under its 1,000-point limit', async () => {
    const fake = await fakeShop();
    const cost = async (first: number) => {
      const response = await fetch(`${fake.url}/admin/api/2026-01/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake.accessToken },
        body: JSON.stringify({ query: LIST_ORDERS_QUERY.document, variables: { first, after: null, query: null } }),
      });
      return (await response.json()) as {
        errors?: Array<{ extensions: { code: string } }>;
        extensions?: { cost: { requestedQueryCost: number } };
      };
    };
    const fits = await cost(ORDERS_PER_QUERY);
    expect(fits.errors).toBeUndefined();
    expect(fits.extensions!.cost.requestedQueryCost).toBeLessThanOrEqual(1000);
    expect((await cost(ORDERS_PER_QUERY + 1)).errors?.[0]?.extensions.code).toBe('MAX_COST_EXCEEDED');
    expect((await cost(250)).errors?.[0]?.extensions.code).toBe('MAX_COST_EXCEEDED');
  });

  it('gets one order by legacy id or GID, and null for an unknown one', async () => {
    const fake = await fakeShop({ orders: 10 });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    const { orders } = await pullAll(adapter, null);
    const wanted = orders[3]!;

    await expect(adapter.getOrder(wanted.externalId)).resolves.toEqual(wanted);
    await expect(adapter.getOrder(`gid://shopify/Order/${wanted.externalId}`)).resolves.toEqual(wanted);
    await expect(adapter.getOrder('1234')).resolves.toBeNull();
    await expect(adapter.getOrder('#1004')).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('Shopify adapter: failures and throttling', () => {
  it('retries a 429 after the Retry-After it asks for', async () => {
    const fake = await fakeShop({ orders: 5 });
    const waits: number[] = [];
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp(waits) });
    fake.fail({
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '2.0' },
      body: {
        errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
      },
    });

    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).resolves.toMatchObject({
      nextPageToken: null,
    });
    expect(waits).toEqual([2000]);
    expect(graphqlRequests(fake)).toHaveLength(2);
  });

  it('waits out a THROTTLED body (HTTP 200) for as long as the bucket needs, then succeeds', async () => {
    const fake = await fakeShop({ orders: 60, costLimit: { maximumAvailable: 1000, restoreRate: 2000 } });
    // Another app emptied the bucket: this adapter learns of the throttle from Shopify's answer only.
    fake.drainBucket();

    const waits: number[] = [];
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp(waits, true) });
    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });

    expect(page.orders).toHaveLength(60);
    expect(waits.length).toBeGreaterThan(0);
    // (requested 990 - available ~0) / 2000 points per second: about half a second, less what refilled meanwhile.
    expect(waits[0]).toBeGreaterThan(100);
    expect(waits[0]).toBeLessThanOrEqual(495);
    expect(graphqlRequests(fake).length).toBeGreaterThan(Math.ceil(60 / ORDERS_PER_QUERY));
  });

  it('waits out a THROTTLED body sent with HTTP 429 the same way', async () => {
    const fake = await fakeShop({
      orders: 20,
      costLimit: { maximumAvailable: 1000, restoreRate: 2000 },
      throttledHttpStatus: 429,
    });
    fake.drainBucket();
    const waits: number[] = [];
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp(waits, true) });

    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).resolves.toMatchObject({
      nextPageToken: null,
    });
    expect(waits[0]).toBeGreaterThan(100);
    expect(waits[0]).toBeLessThanOrEqual(495);
    expect(graphqlRequests(fake)).toHaveLength(3);
  });

  it('paces its own queries by the bucket it was told about instead of being throttled', async () => {
    const fake = await fakeShop({ orders: 100, costLimit: { maximumAvailable: 1000, restoreRate: 5000 } });
    const waits: number[] = [];
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp(waits, true) });

    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(100);
    // One request per query: the adapter never sent one the bucket could not hold.
    expect(graphqlRequests(fake)).toHaveLength(Math.ceil(100 / ORDERS_PER_QUERY));
    expect(waits.length).toBeGreaterThan(0);
  });

  it('computes the throttle wait from the cost block Shopify sends', () => {
    const body = {
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: {
        cost: {
          requestedQueryCost: 752,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 666, restoreRate: 50 },
        },
      },
    };
    expect(throttleWaitMs(body)).toBe(1720);
    expect(throttleWaitMs({ data: { shop: { name: 'x' } } })).toBeNull();
  });

  it('retries a 500 and malformed JSON, then succeeds', async () => {
    const fake = await fakeShop({ orders: 5 });
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    fake.fail({ kind: 'status', status: 500, body: { errors: 'Internal Server Error' } });
    fake.fail({ kind: 'malformed' });

    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(5);
    expect(graphqlRequests(fake)).toHaveLength(3);
  });

  it('gives up on a Shopify that keeps failing, saying what it answered', async () => {
    const fake = await fakeShop({ orders: 5 });
    const adapter = createShopifyAdapter(connect(fake), { http: { ...fastHttp(), retries: 2 } });
    fake.fail({ kind: 'status', status: 503, body: { errors: 'Service Unavailable' } }, { times: 10 });

    const error = await adapter.listOrders({ updatedSince: null, pageToken: null }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, platformMessage: 'Service Unavailable' });
    expect(graphqlRequests(fake)).toHaveLength(3);
  });

  it('turns GraphQL errors into ChannelErrors with their message', async () => {
    const fake = await fakeShop();
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    fake.fail({
      kind: 'status',
      status: 200,
      body: {
        errors: [
          {
            message: 'Access denied for shippingAddress field. Required access: `read_orders` access scope.',
            extensions: { code: 'ACCESS_DENIED' },
          },
        ],
        data: null,
      },
    });
    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).rejects.toMatchObject({
      kind: 'forbidden',
      platformMessage: 'Access denied for shippingAddress field. Required access: `read_orders` access scope.',
    });
  });
});

describe('Shopify adapter: expiring tokens', () => {
  function refreshable(
    fake: FakeShopify,
    saved: Array<Record<string, string>>,
    credentials: Record<string, string> = {},
  ) {
    return connect(fake, {
      settings: { clientId: fake.clientId },
      credentials: { refreshToken: fake.refreshToken, clientSecret: fake.clientSecret, ...credentials },
      saveCredentials: async (changed) => {
        saved.push(changed);
      },
    });
  }

  it('refreshes a token Shopify refuses, keeps the new ones, and retries once', async () => {
    const fake = await fakeShop({ orders: 5 });
    const saved: Array<Record<string, string>> = [];
    const adapter = createShopifyAdapter(refreshable(fake, saved), { http: fastHttp() });
    fake.expireAccessTokens();

    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).resolves.toMatchObject({
      nextPageToken: null,
    });
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/admin/api/2026-01/graphql.json',
      '/admin/oauth/access_token',
      '/admin/api/2026-01/graphql.json',
    ]);
    const refresh = new URLSearchParams(fake.requests[1]!.body);
    expect(Object.fromEntries(refresh)).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: 'shprt_fake_refresh_token',
    });
    expect(saved).toEqual([
      { accessToken: fake.accessToken, refreshToken: fake.refreshToken, accessTokenExpiresAt: expect.any(String) },
    ]);
    expect(Date.parse(saved[0]!.accessTokenExpiresAt!)).toBeGreaterThan(Date.now() + 3_000_000);
    expect(fake.requests[2]!.headers['x-shopify-access-token']).toBe(fake.accessToken);

    // The new token serves the next calls without another refresh.
    await adapter.testConnection();
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('refreshes before calling when the token is known to have expired', async () => {
    const fake = await fakeShop({ orders: 5 });
    const saved: Array<Record<string, string>> = [];
    const expired = new Date(Date.now() - 60_000).toISOString();
    const adapter = createShopifyAdapter(refreshable(fake, saved, { accessTokenExpiresAt: expired }), {
      http: fastHttp(),
    });

    await adapter.testConnection();
    expect(fake.requests.map((r) => r.path)).toEqual(['/admin/oauth/access_token', '/admin/api/2026-01/graphql.json']);
    expect(saved).toHaveLength(1);
  });

  it("reports a refused refresh as an auth problem with Shopify's reason", async () => {
    const fake = await fakeShop({ orders: 5 });
    const saved: Array<Record<string, string>> = [];
    const adapter = createShopifyAdapter(refreshable(fake, saved, { refreshToken: 'shprt_revoked' }), {
      http: fastHttp(),
    });
    fake.expireAccessTokens();

    await expect(adapter.testConnection()).rejects.toMatchObject({
      kind: 'auth',
      platformMessage: 'The refresh token is invalid or has expired.',
    });
    expect(saved).toEqual([]);
  });
});

describe('Shopify adapter: pushing tracking', () => {
  const push = (externalOrderId: string) => ({
    externalOrderId,
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    serviceName: 'UPS Ground',
    shippedAt: new Date().toISOString(),
  });

  it('fulfils every open line of the order with the tracking number', async () => {
    const fake = await fakeShop({ orders: 5 });
    const raw = openOrder(fake);
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });

    await adapter.pushTracking(push(raw.legacyResourceId));

    expect(fake.fulfillments).toHaveLength(1);
    expect(fake.fulfillments[0]).toMatchObject({
      orderId: raw.legacyResourceId,
      notifyCustomer: false,
      trackingInfo: [
        { company: 'UPS', number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      ],
      lineItems: raw.lineItems.map((l) => ({ lineItemId: l.id, sku: l.sku, quantity: l.quantity })),
    });
    expect(graphqlRequests(fake).map((r) => operationOf(r.body))).toEqual([
      'ShipdeskFulfillmentOrders',
      'ShipdeskFulfillmentCreate',
    ]);
    const order = await adapter.getOrder(raw.legacyResourceId);
    expect(order).toMatchObject({ shipmentStatus: 'Shipped Complete' });
    expect(order!.lines.every((l) => l.quantityShipped === l.quantity)).toBe(true);
    expect(Date.parse(order!.externalUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(raw.updatedAt));
  });

  it('fulfils only the lines and quantities asked for', async () => {
    const fake = await fakeShop({ orders: 5 });
    const id = openOrder(fake).legacyResourceId;
    const template = fake.getOrder(id)!.lineItems[0]!;
    fake.updateOrder(id, {
      lineItems: [
        { ...template, id: 'gid://shopify/LineItem/700', sku: 'TEE-CRW-BLK-M', quantity: 3, unfulfilledQuantity: 3 },
        { ...template, id: 'gid://shopify/LineItem/701', sku: 'BN-MER-RST', quantity: 1, unfulfilledQuantity: 1 },
      ],
    });
    const adapter = createShopifyAdapter(connect(fake, { settings: { notifyCustomer: 'true' } }), { http: fastHttp() });

    await adapter.pushTracking({ ...push(id), lines: [{ externalLineId: '700', quantity: 2 }] });

    expect(fake.fulfillments[0]).toMatchObject({
      notifyCustomer: true,
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/700', quantity: 2 }],
    });
    const mapped = await adapter.getOrder(id);
    expect(mapped).toMatchObject({ shipmentStatus: 'Shipped Partial' });
    expect(mapped!.lines.map((l) => l.quantityShipped)).toEqual([2, 0]);

    await expect(
      adapter.pushTracking({ ...push(id), lines: [{ externalLineId: '700', quantity: 2 }] }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    expect(fake.fulfillments).toHaveLength(1);
  });

  it('does not send a fulfillment twice when Shopify fails while it may have applied it', async () => {
    const fake = await fakeShop({ orders: 5 });
    const id = openOrder(fake).legacyResourceId;
    const failing: typeof fetch = async (url, init) => {
      if (typeof init?.body === 'string' && init.body.includes('ShipdeskFulfillmentCreate')) {
        fake.fail({ kind: 'status', status: 502, body: { errors: 'Bad Gateway' } });
      }
      return fetch(url, init);
    };
    const adapter = createShopifyAdapter(connect(fake), { http: { ...fastHttp(), fetch: failing } });

    await expect(adapter.pushTracking(push(id))).rejects.toMatchObject({ kind: 'unavailable', status: 502 });
    expect(graphqlRequests(fake).map((r) => operationOf(r.body))).toEqual([
      'ShipdeskFulfillmentOrders',
      'ShipdeskFulfillmentCreate',
    ]);
  });

  it("reports Shopify's userErrors when the order changed under it", async () => {
    const fake = await fakeShop({ orders: 5 });
    const id = openOrder(fake).legacyResourceId;
    // Someone fulfils the order in the Shopify admin between our read and our fulfillment.
    const racing: typeof fetch = async (url, init) => {
      if (typeof init?.body === 'string' && init.body.includes('ShipdeskFulfillmentCreate')) {
        const { fulfillmentOrders } = fake.getOrder(id)!;
        fake.updateOrder(id, { fulfillmentOrders: fulfillmentOrders.map((fo) => ({ ...fo, status: 'CLOSED' })) });
      }
      return fetch(url, init);
    };
    const adapter = createShopifyAdapter(connect(fake), { http: { ...fastHttp(), fetch: racing } });

    const error = await adapter.pushTracking(push(id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: 'invalid' });
    expect((error as ChannelError).platformMessage).toMatch(/unfulfillable status= closed/);
    expect(fake.fulfillments).toHaveLength(0);
  });

  it('refuses to push to an order with nothing left to fulfil, or one Shopify does not know', async () => {
    const fake = await fakeShop({ orders: 5 });
    const id = openOrder(fake).legacyResourceId;
    const adapter = createShopifyAdapter(connect(fake), { http: fastHttp() });
    await adapter.pushTracking(push(id));

    await expect(adapter.pushTracking(push(id))).rejects.toMatchObject({ kind: 'invalid' });
    await expect(adapter.pushTracking(push('1234'))).rejects.toMatchObject({ kind: 'not_found' });
    expect(fake.fulfillments).toHaveLength(1);
  });
});
