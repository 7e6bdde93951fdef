import { describe, expect, it } from 'vitest';
import { closeAfterEach, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { ChannelOrder } from '../channel-types.ts';
import { QuotaWait } from '../../http/channel-error.ts';
import { AMAZON_V0_READS_END, createAmazonAdapter, type AmazonAdapterOptions } from './amazon-adapter.ts';
import { generateAmazonOrders, startFakeAmazon, type FakeAmazon, type FakeAmazonOptions } from '@shipdesk/fakes';

/** The adapter reading through Orders v2026-01-01 against the fake, and the same orders as through v0. */

const CREDENTIALS = {
  clientId: 'amzn1.application-oa2-client.0123456789abcdef',
  clientSecret: 'amzn1.oa2-cs.v1.secret',
  refreshToken: 'Atzr|IwEBIrefresh',
};
const BEFORE_END = () => AMAZON_V0_READS_END - 24 * 60 * 60 * 1000;

const keep = closeAfterEach();
let waits: number[] = [];

async function start(options: Partial<FakeAmazonOptions> = {}): Promise<FakeAmazon> {
  waits = [];
  return keep(await startFakeAmazon({ ...CREDENTIALS, orders: generateAmazonOrders(250, { seed: 3 }), ...options }));
}

function adapterFor(server: FakeAmazon, settings: Record<string, string> = {}, options: AmazonAdapterOptions = {}) {
  const { clientId, ...secrets } = CREDENTIALS;
  return createAmazonAdapter(
    { settings: { clientId, apiBaseUrl: server.url, authBaseUrl: server.url, ...settings }, credentials: secrets },
    { http: quickHttp(waits), pacing: false, now: BEFORE_END, ...options },
  );
}

const requestsTo = (server: FakeAmazon, pattern: RegExp) =>
  server.requests.filter((request) => pattern.test(request.path));
const SEARCH = /^\/orders\/2026-01-01\/orders$/;
const V0_READS = /^\/orders\/v0\/orders(\/[^/]+(\/orderItems)?)?$/;
const RDT = /^\/tokens\//;

async function listAll(adapter: ReturnType<typeof createAmazonAdapter>, updatedSince: string | null) {
  const orders: ChannelOrder[] = [];
  let pageToken: string | null = null;
  let pages = 0;
  do {
    const page = await adapter.listOrders({ updatedSince, pageToken });
    orders.push(...page.orders);
    pageToken = page.nextPageToken;
    pages++;
  } while (pageToken);
  return { orders, pages };
}

const byId = (orders: ChannelOrder[]) => new Map(orders.map((order) => [order.externalId, order]));

describe('Amazon adapter on Orders v2026-01-01', () => {
  it('reads every page through searchOrders by default: one call a page, no v0 read, no RDT', async () => {
    const server = await start();
    const since = '2026-05-04T00:00:00.000Z';
    const expected = [...server.orders.values()].filter((entry) => entry.order.LastUpdateDate >= since);
    const { orders, pages } = await listAll(adapterFor(server), since);
    expect(pages).toBe(3);
    expect(new Set(orders.map((order) => order.externalId)).size).toBe(expected.length);

    const searches = requestsTo(server, SEARCH);
    expect(searches).toHaveLength(3);
    expect(Object.fromEntries(searches[0]!.query)).toEqual({
      marketplaceIds: 'ATVPDKIKX0DER',
      lastUpdatedAfter: since,
      maxResultsPerPage: '100',
      includedData: 'BUYER,RECIPIENT,PROCEEDS,FULFILLMENT',
    });
    expect([...searches[1]!.query.keys()].sort()).toEqual(['includedData', 'paginationToken']);
    expect(requestsTo(server, V0_READS)).toEqual([]);
    expect(requestsTo(server, RDT)).toEqual([]);
  });

  it('gives the same orders as the v0 reads, field by field, but for the shipping method v2026 names by category', async () => {
    for (const piiAccess of [true, false]) {
      const server = await start({ piiAccess });
      const v0 = byId((await listAll(adapterFor(server, { ordersApiVersion: 'v0' }), null)).orders);
      const v2026 = byId((await listAll(adapterFor(server, { ordersApiVersion: '2026-01-01' }), null)).orders);
      expect([...v2026.keys()].sort()).toEqual([...v0.keys()].sort());
      expect(v0.size).toBe(250);
      for (const [id, old] of v0) {
        const source = server.orders.get(id)!.order;
        const next = v2026.get(id)!;
        expect({ ...next, requestedShippingMethod: null }).toEqual({ ...old, requestedShippingMethod: null });
        expect(old.requestedShippingMethod).toBe(source.ShipServiceLevel);
        expect(next.requestedShippingMethod).toBe(source.ShipmentServiceLevelCategory);
      }
    }
  });

  it('gets one order through getOrder with includedData, and null for an unknown one', async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'PartiallyShipped')!;
    const adapter = adapterFor(server);
    const order = await adapter.getOrder(source.order.AmazonOrderId);
    expect(order).toMatchObject({
      externalId: source.order.AmazonOrderId,
      shipmentStatus: 'Shipped Partial',
      customerEmail: source.order.BuyerInfo!.BuyerEmail,
    });
    expect(order!.lines.map((line) => line.quantityShipped)).toEqual(
      source.items.map((item) => item.QuantityShipped ?? 0),
    );
    const [call] = requestsTo(server, /^\/orders\/2026-01-01\/orders\/[^/]+$/);
    expect(call!.query.get('includedData')).toBe('BUYER,RECIPIENT,PROCEEDS,FULFILLMENT');
    await expect(adapter.getOrder('111-0000000-0000000')).resolves.toBeNull();
    expect(requestsTo(server, V0_READS)).toEqual([]);
  });

  it('confirms a shipment through v0 shipmentConfirmation, reading the open items through v2026 getOrder', async () => {
    const server = await start();
    const source = [...server.orders.values()].find((entry) => entry.order.OrderStatus === 'PartiallyShipped')!;
    // Read before the confirmation ships them in the fake.
    const open = source.items
      .map((item) => ({ orderItemId: item.OrderItemId, quantity: item.QuantityOrdered - (item.QuantityShipped ?? 0) }))
      .filter((item) => item.quantity > 0);
    await adapterFor(server).pushTracking({
      externalOrderId: source.order.AmazonOrderId,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: null,
      serviceName: null,
      shippedAt: '2026-06-01T10:00:00.000Z',
    });
    expect(server.confirmations).toHaveLength(1);
    expect(server.confirmations[0]!.body.packageDetail.orderItems).toEqual(open);
    expect(requestsTo(server, V0_READS)).toEqual([]);
    expect(requestsTo(server, /shipmentConfirmation$/)).toHaveLength(1);
  });

  it('starts the window again when handed a page token of the other version', async () => {
    const server = await start();
    const since = '2026-05-04T00:00:00.000Z';
    const onV0 = await adapterFor(server, { ordersApiVersion: 'v0' }).listOrders({
      updatedSince: since,
      pageToken: null,
    });
    const fromV0Token = await adapterFor(server).listOrders({ updatedSince: since, pageToken: onV0.nextPageToken });
    expect(fromV0Token.orders.map((order) => order.externalId)).toEqual(onV0.orders.map((order) => order.externalId));
    const backToV0 = await adapterFor(server, { ordersApiVersion: 'v0' }).listOrders({
      updatedSince: since,
      pageToken: fromV0Token.nextPageToken,
    });
    expect(backToV0.orders.map((order) => order.externalId)).toEqual(onV0.orders.map((order) => order.externalId));
  });

  it('ignores the v0 setting from the day Amazon ends the v0 reads', async () => {
    const server = await start();
    const adapter = adapterFor(server, { ordersApiVersion: 'v0' }, { now: () => AMAZON_V0_READS_END });
    await adapter.listOrders({ updatedSince: '2026-05-04T00:00:00.000Z', pageToken: null });
    expect(requestsTo(server, SEARCH)).toHaveLength(1);
    expect(requestsTo(server, V0_READS)).toEqual([]);
  });

  it('paces searchOrders at the 0.0056 a second Amazon states: a wait longer than a slice comes back as a QuotaWait', async () => {
    const server = await start();
    let clock = Date.now();
    const http = { ...quickHttp(waits), now: () => clock };
    const adapter = adapterFor(server, {}, { pacing: { bursts: { searchOrders: 1 } }, http });
    const since = '2026-05-04T00:00:00.000Z';
    const first = await adapter.listOrders({ updatedSince: since, pageToken: null });
    // The burst of one is spent: the next call may go in 1 / 0.0056 s, about three minutes, too long to hold a worker.
    const next = { updatedSince: since, pageToken: first.nextPageToken };
    const held = await adapter.listOrders(next).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(QuotaWait);
    expect((held as QuotaWait).waitMs).toBeGreaterThan(178_000);
    expect((held as QuotaWait).waitMs).toBeLessThanOrEqual(Math.ceil(1000 / 0.0056));
    expect(requestsTo(server, SEARCH)).toHaveLength(1);
    clock += (held as QuotaWait).waitMs;
    expect((await adapter.listOrders(next)).orders.length).toBeGreaterThan(0);
    expect(waits).toEqual([]);
  });

  it("shares a seller's buckets between the adapters built for it: a new slice does not burst again", async () => {
    const server = await start();
    const since = '2026-05-04T00:00:00.000Z';
    const spender = adapterFor(server, {}, { pacing: true });
    for (let call = 0; call < 20; call++) await spender.listOrders({ updatedSince: since, pageToken: null });
    const nextSlice = adapterFor(server, {}, { pacing: true });
    await expect(nextSlice.listOrders({ updatedSince: since, pageToken: null })).rejects.toBeInstanceOf(QuotaWait);
    expect(requestsTo(server, SEARCH)).toHaveLength(20);
    // Another seller's authorisation has buckets of its own: its call goes out (and the fake, which knows no such
    // seller, refuses it), it is not held back.
    const other = createAmazonAdapter(
      {
        settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: server.url, authBaseUrl: server.url },
        credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: 'Atzr|another-seller' },
      },
      { http: quickHttp(waits), pacing: true, now: BEFORE_END },
    );
    await expect(other.listOrders({ updatedSince: since, pageToken: null })).rejects.toMatchObject({ kind: 'auth' });
  });

  it('rides out a 429 QuotaExceeded on searchOrders, and gives a wait past the retry ceiling back to the run', async () => {
    const server = await start();
    server.throttle({ times: 1, rate: 2 });
    const { pages } = await listAll(adapterFor(server), '2026-05-04T00:00:00.000Z');
    expect(pages).toBe(3);
    expect(requestsTo(server, SEARCH)).toHaveLength(4);
    expect(waits).toEqual([500]);
    // At the documented 0.0056 a second one request's wait is about three minutes, longer than the HTTP layer waits:
    // the run fails as rate limited and the next pull resumes at that page (the pacer keeps to the rate before that).
    server.throttle({ times: 1, rate: 0.0056 });
    await expect(
      adapterFor(server).listOrders({ updatedSince: '2026-05-04T00:00:00.000Z', pageToken: null }),
    ).rejects.toMatchObject({ kind: 'rate_limited', status: 429 });
  });
});
