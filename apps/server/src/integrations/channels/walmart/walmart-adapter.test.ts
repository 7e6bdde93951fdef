import { describe, expect, it } from 'vitest';
import type { HttpOptions } from '../../http/channel-http.ts';
import {
  closeAfterEach,
  expectChannelError,
  pullWindow,
  quickHttp,
  recordedSleep,
} from '../../../../test/adapter-test-kit.ts';
import type { ChannelAdapter } from '../channel-types.ts';
import { createWalmartAdapter } from './walmart-adapter.ts';
import type { WalmartOrder } from './walmart-wire.ts';
import { generateWalmartOrders } from '@shipdesk/fakes';
import { startFakeWalmart, type FakeWalmart, type FakeWalmartOptions } from '@shipdesk/fakes';
import { mapWalmartOrder } from './walmart-mapping.ts';

const CLIENT_ID = '8a3f1c2e-5d7b-4e9a-b1c3-2f4e6a8b0d1c';
const CLIENT_SECRET = 'walmart-test-secret';
const HOUR = 3_600_000;

const keep = closeAfterEach();

async function setup(
  options: Partial<FakeWalmartOptions> = {},
  http: HttpOptions = {},
  secret = CLIENT_SECRET,
): Promise<{ fake: FakeWalmart; adapter: ChannelAdapter; waits: number[] }> {
  const fake = keep(
    await startFakeWalmart({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, orders: 5, seed: 3, ...options }),
  );
  const waits: number[] = [];
  const adapter = createWalmartAdapter(
    { settings: { clientId: CLIENT_ID, apiBaseUrl: fake.url }, credentials: { clientSecret: secret } },
    { http: quickHttp(waits, { sleep: recordedSleep(waits), ...http }) },
  );
  return { fake, adapter, waits };
}

const header = (request: { headers: Record<string, string | string[] | undefined> }, name: string) =>
  request.headers[name.toLowerCase()];

/** `count` orders, the first `recent` of them changed an hour ago and the rest over a week ago. */
function ordersChanged(count: number, recent: number): WalmartOrder[] {
  const now = Date.now();
  return generateWalmartOrders(count, 11, now).map((order, index) => {
    const changedAt = index < recent ? now - HOUR : now - 8 * 24 * HOUR;
    order.orderDate = Math.min(order.orderDate, changedAt - HOUR);
    for (const line of order.orderLines.orderLine) line.statusDate = changedAt;
    return order;
  });
}

describe('Walmart adapter against the fake', () => {
  it('tests the connection with a client-credentials token and the documented headers', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Walmart seller 8a3f1c2e' });

    const [token, orders] = fake.requests;
    expect(token?.path).toBe('/v3/token');
    expect(header(token!, 'authorization')).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(header(token!, 'WM_SVC.NAME')).toBe('Walmart Marketplace');
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(orders?.path).toBe('/v3/orders');
    expect(orders?.query.get('limit')).toBe('1');
    expect(header(orders!, 'WM_SEC.ACCESS_TOKEN')).toEqual(expect.any(String));
    expect(header(orders!, 'accept')).toBe('application/json');
    // A new correlation id per call.
    expect(header(orders!, 'WM_QOS.CORRELATION_ID')).not.toBe(header(token!, 'WM_QOS.CORRELATION_ID'));
  });

  it('passes a connection test on an account without orders (Walmart answers 404 there)', async () => {
    const { adapter } = await setup({ orders: [] });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Walmart seller 8a3f1c2e' });
    await expect(adapter.listOrders({ updatedSince: null, pageToken: null })).resolves.toEqual({
      orders: [],
      nextPageToken: null,
    });
  });

  it('reports refused credentials as an auth error with Walmart message', async () => {
    const { adapter } = await setup({}, {}, 'wrong-secret');
    const error = await expectChannelError(adapter.testConnection());
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.platformMessage).toContain('Unauthorized token or incorrect authorization header');
    expect(error.platformMessage).toContain('UNAUTHORIZED.GMP_GATEWAY_API');
  });

  it('keeps the token for later calls and renews it once when Walmart refuses it', async () => {
    const { fake, adapter } = await setup();
    await adapter.testConnection();
    await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(fake.tokensIssued()).toBe(1);

    fake.expireTokens();
    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(5);
    expect(fake.tokensIssued()).toBe(2);
    const statuses = fake.requests.filter((r) => r.path === '/v3/orders').map((r) => r.headers['wm_sec.access_token']);
    expect(statuses.at(-1)).not.toBe(statuses.at(-2));
  });

  it('renews a token a minute before it expires', async () => {
    const { fake, adapter } = await setup({ tokenTtlSeconds: 50 });
    await adapter.getOrder('0000000000000');
    await adapter.getOrder('0000000000000');
    expect(fake.tokensIssued()).toBe(2);
  });

  it('lists every page of orders changed since the window start, following nextCursor verbatim', async () => {
    const { fake, adapter } = await setup({ orders: ordersChanged(480, 450) });
    const since = new Date(Date.now() - 24 * HOUR).toISOString();
    const { orders, tokens } = await pullWindow(adapter, since);
    const seen = orders.map((o) => o.externalId);

    expect(tokens).toHaveLength(3);
    expect(new Set(seen).size).toBe(450);
    const expected = [...fake.orders.values()].slice(0, 450).map((o) => o.purchaseOrderId);
    expect(new Set(seen)).toEqual(new Set(expected));

    const listing = fake.requests.filter((r) => r.path === '/v3/orders');
    expect(listing[0]?.query.get('lastModifiedStartDate')).toBe(since);
    expect(listing[0]?.query.get('limit')).toBe('200');
    expect(listing[0]?.query.get('productInfo')).toBe('true');
    // Pages two and three asked exactly what the cursor said, nothing added.
    expect(`?${listing[1]?.query}`).toBe(tokens[0]);
    expect(`?${listing[2]?.query}`).toBe(tokens[1]);
    expect(tokens[0]).toMatch(/^\?limit=200&hasMoreElements=true&soIndex=200/);
  });

  it('gets an error from Walmart for a cursor that was tampered with', async () => {
    const { adapter } = await setup({ orders: ordersChanged(250, 250) });
    const first = await adapter.listOrders({ updatedSince: null, pageToken: null });
    const tampered = `${first.nextPageToken}&limit=200`;
    const error = await expectChannelError(adapter.listOrders({ updatedSince: null, pageToken: tampered }));
    expect(error.kind).toBe('invalid');
    expect(error.platformMessage).toContain('send nextCursor exactly as received');
  });

  it('asks for 180 days of orders on a first pull', async () => {
    const { fake, adapter } = await setup();
    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(5);
    expect(page.nextPageToken).toBeNull();
    const start = Date.parse(fake.requests.at(-1)!.query.get('createdStartDate')!);
    expect(Math.abs(start - (Date.now() - 180 * 24 * HOUR))).toBeLessThan(60_000);
    expect(fake.requests.at(-1)!.query.has('lastModifiedStartDate')).toBe(false);
  });

  it('waits for the token bucket to refill when Walmart throttles', async () => {
    const { fake, adapter, waits } = await setup({
      orders: ordersChanged(450, 450),
      // A refill slow enough that even a loaded machine asks for the third page before a token is back.
      bucket: { size: 2, refillMs: 600 },
    });
    const count = (await pullWindow(adapter, null)).orders.length;
    expect(count).toBe(450);

    const throttled = fake.requests.filter((r) => r.path === '/v3/orders').length - 3;
    expect(throttled).toBeGreaterThanOrEqual(1);
    expect(waits.length).toBe(throttled);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(600);
    }
  });

  it('honours X-Next-Replenishment-Time on a 429', async () => {
    const { fake, adapter, waits } = await setup();
    await adapter.testConnection();
    fake.fail({
      kind: 'status',
      status: 429,
      headers: { 'X-Next-Replenishment-Time': String(Date.now() + 300), 'X-Current-Token-Count': '0' },
      body: { errors: [{ code: 'REQUEST_THRESHOLD_VIOLATED.GMP_ORDER_API', message: 'Too many requests' }] },
    });
    const page = await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(page.orders).toHaveLength(5);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(100);
    expect(waits[0]).toBeLessThanOrEqual(300);
  });

  it('retries a 500 and malformed JSON, and gives up on a persistent 500', async () => {
    const { fake, adapter } = await setup();
    await adapter.testConnection();

    fake.fail({ kind: 'status', status: 500, body: { errors: [{ code: 'SYSTEM_ERROR.GMP_ORDER_API' }] } });
    expect((await adapter.listOrders({ updatedSince: null, pageToken: null })).orders).toHaveLength(5);

    fake.fail({ kind: 'malformed' }, { path: /^\/v3\/orders$/ });
    expect((await adapter.listOrders({ updatedSince: null, pageToken: null })).orders).toHaveLength(5);

    fake.fail(
      { kind: 'status', status: 500, body: { errors: [{ code: 'SYSTEM_ERROR.GMP_ORDER_API', message: 'Oops' }] } },
      { times: 10 },
    );
    const before = fake.requests.length;
    const error = await expectChannelError(adapter.listOrders({ updatedSince: null, pageToken: null }));
    expect(error).toMatchObject({
      kind: 'unavailable',
      status: 500,
      platformMessage: 'Oops (SYSTEM_ERROR.GMP_ORDER_API)',
    });
    expect(fake.requests.length - before).toBe(5);
  });

  it('gets one order mapped end to end, and null for an unknown one', async () => {
    const { fake, adapter } = await setup();
    const stored = [...fake.orders.values()][0]!;
    const order = await adapter.getOrder(stored.purchaseOrderId);
    expect(order).toEqual(mapWalmartOrder(stored));
    expect(order).toMatchObject({
      externalId: stored.purchaseOrderId,
      orderNumber: stored.customerOrderId,
      paymentStatus: 'Paid',
      requestedShippingMethod: stored.shippingInfo.methodCode,
    });
    expect(order!.lines[0]!.weight).toBeGreaterThan(0);
    await expect(adapter.getOrder('0000000000000')).resolves.toBeNull();
  });

  it('acknowledges, then ships every open line with the tracking number', async () => {
    const { fake, adapter } = await setup({ orders: ordersChanged(1, 1) });
    const stored = [...fake.orders.values()][0]!;
    for (const line of stored.orderLines.orderLine) {
      line.orderLineStatuses.orderLineStatus = [{ status: 'Created', statusQuantity: line.orderLineQuantity }];
    }
    const shippedAt = '2026-03-12T15:00:00.000Z';
    await adapter.pushTracking({
      externalOrderId: stored.purchaseOrderId,
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      serviceName: 'UPS Ground',
      shippedAt,
    });

    expect(fake.acknowledgements).toEqual([stored.purchaseOrderId]);
    expect(fake.shipments).toHaveLength(1);
    const lines = fake.shipments[0]!.request.orderShipment.orderLines.orderLine;
    expect(lines.map((l) => l.lineNumber)).toEqual(stored.orderLines.orderLine.map((l) => l.lineNumber));
    expect(lines[0]!.orderLineStatuses.orderLineStatus[0]).toEqual({
      status: 'Shipped',
      statusQuantity: { unitOfMeasurement: 'EACH', amount: stored.orderLines.orderLine[0]!.orderLineQuantity.amount },
      trackingInfo: {
        shipDateTime: Date.parse(shippedAt),
        carrierName: { carrier: 'UPS' },
        methodCode: stored.shippingInfo.methodCode,
        trackingNumber: '1Z999AA10123456784',
        trackingURL: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });
    const after = await adapter.getOrder(stored.purchaseOrderId);
    expect(after?.shipmentStatus).toBe('Shipped Complete');
    expect(Date.parse(after!.externalUpdatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ships chosen lines of an acknowledged order, ignoring "already acknowledged"', async () => {
    const { fake, adapter } = await setup({ orders: ordersChanged(1, 1) });
    const stored = [...fake.orders.values()][0]!;
    stored.orderLines.orderLine = [stored.orderLines.orderLine[0]!];
    const line = stored.orderLines.orderLine[0]!;
    line.orderLineQuantity = { unitOfMeasurement: 'EACH', amount: '2' };
    line.orderLineStatuses.orderLineStatus = [
      { status: 'Acknowledged', statusQuantity: { unitOfMeasurement: 'EACH', amount: '2' } },
    ];

    await adapter.pushTracking({
      externalOrderId: stored.purchaseOrderId,
      carrier: 'Acme Freight',
      trackingNumber: 'AF123',
      trackingUrl: 'https://acme.example/t/AF123',
      serviceName: null,
      shippedAt: '2026-03-12T15:00:00Z',
      lines: [{ externalLineId: line.lineNumber, quantity: 1 }],
    });

    const acknowledge = fake.requests.find((r) => r.path.endsWith('/acknowledge'));
    expect(acknowledge).toBeDefined();
    expect(fake.acknowledgements).toEqual([]);
    const status =
      fake.shipments[0]!.request.orderShipment.orderLines.orderLine[0]!.orderLineStatuses.orderLineStatus[0]!;
    expect(status.statusQuantity.amount).toBe('1');
    expect(status.trackingInfo.carrierName).toEqual({ otherCarrier: 'Acme Freight' });
    expect((await adapter.getOrder(stored.purchaseOrderId))?.shipmentStatus).toBe('Shipped Partial');
  });

  it('surfaces Walmart refusing a shipment', async () => {
    const { fake, adapter } = await setup({ orders: ordersChanged(1, 1) });
    const stored = [...fake.orders.values()][0]!;
    const error = await expectChannelError(
      adapter.pushTracking({
        externalOrderId: stored.purchaseOrderId,
        carrier: 'USPS',
        trackingNumber: '9400100000000000000000',
        trackingUrl: null,
        serviceName: null,
        shippedAt: '2026-03-12T15:00:00Z',
        lines: [{ externalLineId: '99', quantity: 1 }],
      }),
    );
    expect(error.kind).toBe('invalid');
    expect(error.platformMessage).toContain('Order line 99 not found');
  });
});
