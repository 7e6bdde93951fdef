import { afterEach, describe, expect, it } from 'vitest';
import { expectChannelError, pullWindow } from '../../../../test/adapter-test-kit.ts';
import type { ChannelAdapter } from '../channel-types.ts';
import { createMagentoAdapter, magentoCarrierCode, SETTLED_AFTER_MS } from './magento-adapter.ts';
import type { MagentoOrder } from './magento-wire.ts';
import { magentoErrorMessage } from './magento-client.ts';
import { generateMagentoOrders } from '@shipdesk/fakes';
import { startFakeMagento, type FakeMagento, type FakeMagentoOptions } from '@shipdesk/fakes';
import { isoToMagentoDate, mapMagentoOrder } from './magento-mapping.ts';

const TOKEN = 'o3y5q1vb8kzr2x7mhd0s4n6tgwc9lfpe';
const HOUR = 3_600_000;

let fake: FakeMagento | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function setup(
  options: Partial<FakeMagentoOptions> = {},
  connection: { token?: string; storeCode?: string; now?: () => number } = {},
): Promise<{ fake: FakeMagento; adapter: ChannelAdapter; waits: number[] }> {
  fake = await startFakeMagento({ accessToken: TOKEN, orders: 5, seed: 4, ...options });
  const waits: number[] = [];
  const adapter = createMagentoAdapter(
    {
      settings: { baseUrl: `${fake.url}/`, ...(connection.storeCode ? { storeCode: connection.storeCode } : {}) },
      credentials: { accessToken: connection.token ?? TOKEN },
    },
    {
      ...(connection.now ? { now: connection.now } : {}),
      http: {
        baseDelayMs: 1,
        timeoutMs: 300,
        sleep: async (ms) => {
          waits.push(ms);
          // Retry-After speaks in whole seconds; the fakes' windows are shorter.
          await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 250)));
        },
      },
    },
  );
  return { fake, adapter, waits };
}

/** `count` orders, updated one minute apart from `start` on. */
function ordersUpdatedFrom(count: number, start: number): MagentoOrder[] {
  return generateMagentoOrders(count, 9, start).map((order, index) => {
    const at = start + index * 60_000;
    order.created_at = isoToMagentoDate(new Date(at - HOUR).toISOString());
    order.updated_at = isoToMagentoDate(new Date(at).toISOString());
    return order;
  });
}

const searchesOf = (fake: FakeMagento) => fake.requests.filter((r) => r.path === '/rest/default/V1/orders');

describe('Magento error messages', () => {
  it('fills named and numbered placeholders from the parameters', () => {
    expect(
      magentoErrorMessage({
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: 'Magento_Sales::actions_view' },
      }),
    ).toBe("The consumer isn't authorized to access Magento_Sales::actions_view.");
    expect(magentoErrorMessage({ message: 'No such entity with %1 = %2', parameters: ['orderId', '77'] })).toBe(
      'No such entity with orderId = 77',
    );
    expect(magentoErrorMessage({ message: 'Left as is: %missing', parameters: {} })).toBe('Left as is: %missing');
    expect(magentoErrorMessage({ trace: 'x' })).toBeNull();
  });

  it("maps carriers to Magento's carrier codes", () => {
    expect(['UPS', 'USPS', 'FedEx', 'DHL Express', 'OnTrac'].map(magentoCarrierCode)).toEqual([
      'ups',
      'usps',
      'fedex',
      'dhl',
      'custom',
    ]);
  });
});

describe('Magento adapter against the fake', () => {
  it('tests the connection with the bearer token and names the store by its base URL', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: `${fake.url}/` });
    expect(fake.requests[0]?.path).toBe('/rest/default/V1/store/storeConfigs');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('uses the configured store view code in the path', async () => {
    const { fake, adapter } = await setup({ storeCodes: ['default', 'us_en'] }, { storeCode: 'us_en' });
    await adapter.listOrders({ updatedSince: null, pageToken: null });
    expect(fake.requests.map((r) => r.path)).toEqual(['/rest/us_en/V1/store/storeConfigs', '/rest/us_en/V1/orders']);
  });

  it('reports a store view code the shop does not have', async () => {
    const { adapter } = await setup({}, { storeCode: 'nope' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error.kind).toBe('invalid');
    expect(error.platformMessage).toContain("The store that was requested wasn't found");
  });

  it("reports a wrong token as an auth error with Magento's message filled in", async () => {
    const { adapter } = await setup({}, { token: 'wrong' });
    const connection = await expectChannelError(adapter.testConnection());
    expect(connection.kind).toBe('auth');
    expect(connection.message).toContain('Allow OAuth Access Tokens to be used as standalone Bearer tokens');

    const listing = await expectChannelError(adapter.getOrder('1'));
    expect(listing).toMatchObject({ kind: 'auth', status: 401 });
    expect(listing.platformAnswer).toBe("401: The consumer isn't authorized to access Magento_Backend::store.");
  });

  it('lists every page changed since the window start, oldest change first, stopping on total_count', async () => {
    const start = Date.UTC(2026, 2, 1, 8, 0, 0);
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(330, start) });
    await adapter.testConnection();
    // Orders 30.. changed at or after this second: 300 of them, exactly three pages.
    const since = new Date(start + 30 * 60_000).toISOString();
    const { orders, tokens } = await pullWindow(adapter, since);

    // A page's last second is read again by the next page, so 100-row pages bring 99 new orders each.
    expect(tokens).toHaveLength(4);
    expect(tokens.at(-1)).toBeNull();
    expect(orders).toHaveLength(300);
    expect(orders.map((o) => o.externalId)).toEqual(Array.from({ length: 300 }, (_, i) => String(i + 31)));
    const updated = orders.map((o) => o.externalUpdatedAt);
    expect([...updated].sort()).toEqual(updated);

    const searches = searchesOf(fake);
    // No fifth request: the last page's total_count said nothing follows.
    expect(searches).toHaveLength(4);
    const first = searches[0]!.query;
    expect(first.get('searchCriteria[filter_groups][0][filters][0][field]')).toBe('updated_at');
    expect(first.get('searchCriteria[filter_groups][0][filters][0][value]')).toBe('2026-03-01 08:30:00');
    expect(first.get('searchCriteria[filter_groups][0][filters][0][condition_type]')).toBe('gteq');
    expect(first.get('searchCriteria[sortOrders][0][field]')).toBe('updated_at');
    expect(first.get('searchCriteria[sortOrders][0][direction]')).toBe('ASC');
    expect(first.get('searchCriteria[pageSize]')).toBe('100');
    // Each page starts from where the last one stopped (the 100th order's second), never from a page number.
    expect(searches.map((r) => r.query.get('searchCriteria[currentPage]'))).toEqual(['1', '1', '1', '1']);
    expect(searches[1]!.query.get('searchCriteria[filter_groups][0][filters][0][value]')).toBe('2026-03-01 10:09:00');
  });

  it('the fake answers the last page again past the end, and the adapter ends there anyway', async () => {
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(250, Date.UTC(2026, 2, 1)) });
    const pastTheEnd = await fetch(
      `${fake.url}/rest/default/V1/orders?searchCriteria[pageSize]=100&searchCriteria[currentPage]=7`,
      { headers: { authorization: `Bearer ${TOKEN}` } },
    );
    const body = (await pastTheEnd.json()) as { items: MagentoOrder[]; total_count: number };
    expect(body.total_count).toBe(250);
    expect(body.items.map((o) => o.entity_id)).toEqual(Array.from({ length: 50 }, (_, i) => 201 + i));

    // A page-number token kept from before positions starts the window over.
    const stale = await adapter.listOrders({ updatedSince: null, pageToken: '7' });
    expect(stale.orders[0]?.externalId).toBe('1');
    expect(stale.nextPageToken).not.toBeNull();

    const { orders, tokens } = await pullWindow(adapter, null);
    expect(orders).toHaveLength(250);
    expect(new Set(orders.map((o) => o.externalId)).size).toBe(250);
    expect(tokens).toHaveLength(3);
    expect(tokens.at(-1)).toBeNull();
  });

  it('reads every order when one on a page already read changes before the next page', async () => {
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(350, Date.UTC(2026, 2, 1)) });
    const first = await pullWindow(adapter, null, (page, orders) => {
      // The merchant edits an order of page 1 while page 2 is about to be asked for: it moves to the end.
      if (page === 1)
        fake.orders.get(Number(orders[10]!.externalId))!.updated_at = isoToMagentoDate(new Date().toISOString());
    });
    const second = await pullWindow(adapter, first.next);

    const read = new Set([...first.orders, ...second.orders].map((o) => o.externalId));
    expect(read.size).toBe(350);
    expect([...read].sort()).toEqual([...fake.orders.keys()].map(String).sort());
    // The changed order was read before and after the change.
    expect(first.orders.filter((o) => o.externalId === '11')).toHaveLength(2);
  });

  /** 330 orders a minute apart, 300 of them (21..320) then updated in one second by a mass action. */
  function massUpdated(at: number): MagentoOrder[] {
    const orders = ordersUpdatedFrom(330, at - 20 * 60_000);
    for (const order of orders.slice(20, 320)) order.updated_at = isoToMagentoDate(new Date(at).toISOString());
    for (const [index, order] of orders.slice(320).entries()) {
      order.updated_at = isoToMagentoDate(new Date(at + (index + 1) * 60_000).toISOString());
    }
    return orders;
  }

  it('walks 300 orders updated in one second by entity id, then goes on past that second', async () => {
    const at = Date.UTC(2026, 2, 1, 9, 0, 0);
    const { fake, adapter } = await setup({ orders: massUpdated(at) });
    const window = await pullWindow(adapter, null, (page) => {
      // An order the walk already passed changes again before the walk goes on.
      if (page === 2) fake.orders.get(25)!.updated_at = isoToMagentoDate(new Date().toISOString());
    });

    expect(window.tokens.length).toBeLessThanOrEqual(6);
    expect(window.tokens.at(-1)).toBeNull();
    expect(new Set(window.orders.map((o) => o.externalId)).size).toBe(330);
    const second = new Date(at).toISOString();
    expect(window.orders.filter((o) => o.externalUpdatedAt === second)).toHaveLength(300);
    expect(window.orders.filter((o) => o.externalId === '25')).toHaveLength(2);
    const walk = searchesOf(fake).find(
      (r) => r.query.get('searchCriteria[filter_groups][0][filters][0][condition_type]') === 'eq',
    )!;
    expect(walk.query.get('searchCriteria[filter_groups][0][filters][0][value]')).toBe('2026-03-01 09:00:00');
    expect(walk.query.get('searchCriteria[filter_groups][1][filters][0][field]')).toBe('entity_id');
    expect(walk.query.get('searchCriteria[filter_groups][1][filters][0][condition_type]')).toBe('gt');
    expect(walk.query.get('searchCriteria[sortOrders][0][field]')).toBe('entity_id');
  });

  it('ends the window after a mass-updated second that is still current; the next window reads it again', async () => {
    const at = Date.UTC(2026, 2, 1, 9, 0, 0);
    const { adapter } = await setup({ orders: massUpdated(at) }, { now: () => at + SETTLED_AFTER_MS / 2 });
    const first = await pullWindow(adapter, null);
    expect(first.tokens.at(-1)).toBeNull();
    expect(first.next).toBe(new Date(at).toISOString());
    expect(first.orders).toHaveLength(320);

    const second = await pullWindow(adapter, first.next);
    expect(second.orders.filter((o) => o.externalUpdatedAt === first.next)).toHaveLength(300);
  });

  it('retries a 429 after the Retry-After it names', async () => {
    const { fake, adapter, waits } = await setup();
    await adapter.testConnection();
    fake.fail({ kind: 'status', status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too Many Requests' } });
    expect((await adapter.listOrders({ updatedSince: null, pageToken: null })).orders).toHaveLength(5);
    expect(waits).toEqual([2000]);
  });

  it('gets through the configured host rate limit', async () => {
    const { fake, adapter, waits } = await setup({
      orders: ordersUpdatedFrom(250, Date.UTC(2026, 2, 1)),
      rateLimit: { requests: 2, windowMs: 200 },
    });
    const { orders } = await pullWindow(adapter, null);
    expect(orders).toHaveLength(250);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.every((ms) => ms === 1000)).toBe(true);
    expect(fake.requests.length).toBe(4 + waits.length);
  });

  it('retries a 500 and malformed JSON, and gives up on a persistent 500', async () => {
    const { fake, adapter } = await setup();
    await adapter.testConnection();

    fake.fail({
      kind: 'status',
      status: 500,
      body: { message: 'Internal Error. Details are available in Magento log file.' },
    });
    expect((await adapter.listOrders({ updatedSince: null, pageToken: null })).orders).toHaveLength(5);

    fake.fail({ kind: 'malformed' });
    expect((await adapter.listOrders({ updatedSince: null, pageToken: null })).orders).toHaveLength(5);

    fake.fail(
      { kind: 'status', status: 503, body: { message: 'Service %1 is down', parameters: ['sales'] } },
      { times: 10 },
    );
    const before = fake.requests.length;
    const error = await expectChannelError(adapter.listOrders({ updatedSince: null, pageToken: null }));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, platformMessage: 'Service sales is down' });
    expect(fake.requests.length - before).toBe(5);
  });

  it('gets one order mapped end to end in the store weight unit, and null for an unknown one', async () => {
    const { fake, adapter } = await setup({ weightUnit: 'kgs' });
    const stored = fake.orders.get(3)!;
    await expect(adapter.getOrder('3')).resolves.toEqual(mapMagentoOrder(stored, 'kgs'));
    expect(fake.requests.at(-1)?.path).toBe('/rest/default/V1/orders/3');
    await expect(adapter.getOrder('9999')).resolves.toBeNull();
  });

  it('ships the whole order with its tracking number', async () => {
    const start = Date.now() - 2 * HOUR;
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(1, start) });
    const stored = fake.orders.get(1)!;
    stored.state = 'processing';
    for (const item of stored.items) Object.assign(item, { qty_shipped: 0, qty_canceled: 0 });

    await adapter.pushTracking({
      externalOrderId: '1',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: null,
      serviceName: 'UPS Ground',
      shippedAt: new Date().toISOString(),
    });

    expect(fake.shipments).toEqual([
      {
        shipmentId: 1,
        entityId: 1,
        request: {
          notify: true,
          tracks: [{ track_number: '1Z999AA10123456784', title: 'UPS', carrier_code: 'ups' }],
        },
      },
    ]);
    expect(fake.requests.at(-1)?.path).toBe('/rest/default/V1/order/1/ship');
    const after = await adapter.getOrder('1');
    expect(after?.shipmentStatus).toBe('Shipped Complete');
    expect(Date.parse(after!.externalUpdatedAt)).toBeGreaterThan(start);
  });

  it('ships chosen items with a custom carrier, leaving the order partly shipped', async () => {
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(1, Date.UTC(2026, 2, 1)) });
    const stored = fake.orders.get(1)!;
    stored.state = 'processing';
    stored.items = [
      { ...stored.items[0]!, item_id: 11, parent_item_id: null, qty_ordered: 3, qty_shipped: 0, qty_canceled: 0 },
    ];

    await adapter.pushTracking({
      externalOrderId: '1',
      carrier: 'OnTrac',
      trackingNumber: 'C11999999999999',
      trackingUrl: null,
      serviceName: null,
      shippedAt: new Date().toISOString(),
      lines: [{ externalLineId: '11', quantity: 2 }],
    });

    expect(fake.shipments[0]?.request).toEqual({
      items: [{ order_item_id: 11, qty: 2 }],
      notify: true,
      tracks: [{ track_number: 'C11999999999999', title: 'OnTrac', carrier_code: 'custom' }],
    });
    const after = await adapter.getOrder('1');
    expect(after).toMatchObject({ shipmentStatus: 'Shipped Partial', lines: [{ quantityShipped: 2 }] });
  });

  it("surfaces Magento's refusal to ship a canceled order", async () => {
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(1, Date.UTC(2026, 2, 1)) });
    fake.orders.get(1)!.state = 'canceled';
    const error = await expectChannelError(
      adapter.pushTracking({
        externalOrderId: '1',
        carrier: 'USPS',
        trackingNumber: '9400100000000000000000',
        trackingUrl: null,
        serviceName: null,
        shippedAt: new Date().toISOString(),
      }),
    );
    expect(error.kind).toBe('invalid');
    expect(error.platformMessage).toContain('The order does not allow a shipment to be created.');
    expect(fake.shipments).toHaveLength(0);
  });
});

describe('Magento adapter signing with OAuth 1.0a', () => {
  const OAUTH = {
    consumerKey: 'k7w2m9x4q1z8c3v6b5n0a2s4d6f8g1h3',
    consumerSecret: 'p0o9i8u7y6t5r4e3w2q1l2k3j4h5g6f7',
    accessTokenSecret: 'z1x2c3v4b5n6m7a8s9d0f1g2h3j4k5l6',
  };
  const nonceOf = (request: { headers: Record<string, unknown> }) =>
    /oauth_nonce="([^"]+)"/.exec(String(request.headers.authorization))?.[1];

  async function signedSetup(orders: MagentoOrder[] | number, secrets: Partial<typeof OAUTH> = {}) {
    fake = await startFakeMagento({ accessToken: TOKEN, oauth: OAUTH, orders, seed: 4 });
    const adapter = createMagentoAdapter(
      { settings: { baseUrl: fake.url }, credentials: { accessToken: TOKEN, ...OAUTH, ...secrets } },
      { http: { baseDelayMs: 1, timeoutMs: 300 } },
    );
    return { fake, adapter };
  }

  it('lists several pages changed since the window start, every request signed', async () => {
    const start = Date.UTC(2026, 2, 1, 8, 0, 0);
    const { fake, adapter } = await signedSetup(ordersUpdatedFrom(330, start));
    const { orders, tokens } = await pullWindow(adapter, new Date(start + 30 * 60_000).toISOString());

    expect(orders).toHaveLength(300);
    expect(tokens).toHaveLength(4);
    expect(searchesOf(fake)[0]!.query.get('searchCriteria[filter_groups][0][filters][0][value]')).toBe(
      '2026-03-01 08:30:00',
    );
    expect(fake.requests).toHaveLength(5);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toMatch(/^OAuth oauth_consumer_key="k7w2m9x4q1z8c3v6b5n0a2s4d6f8g1h3", /);
      expect(request.headers.authorization).toContain('oauth_signature_method="HMAC-SHA256"');
    }
    expect(new Set(fake.requests.map(nonceOf)).size).toBe(5);
  });

  it("fails the connection test with Magento's answer when a secret is wrong", async () => {
    const { adapter } = await signedSetup(1, { consumerSecret: 'not-the-consumer-secret' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.platformAnswer).toBe('401: The signature is invalid. Verify and try again.');
    expect(error.message).toContain('Integration Details');
    expect(error.message).not.toContain('standalone Bearer tokens');
  });

  it('is refused as a bearer token where the store requires signing, and says what to add', async () => {
    fake = await startFakeMagento({ accessToken: TOKEN, oauth: OAUTH, orders: 1 });
    const adapter = createMagentoAdapter({ settings: { baseUrl: fake.url }, credentials: { accessToken: TOKEN } });
    const error = await expectChannelError(adapter.testConnection());
    expect(error.platformAnswer).toBe("401: The consumer isn't authorized to access Magento_Backend::store.");
    expect(error.message).toContain('add its consumer key, consumer secret and access token secret');
  });

  it('signs a tracking push, and a retry goes out with a fresh nonce', async () => {
    const { fake, adapter } = await signedSetup(ordersUpdatedFrom(1, Date.now() - 2 * HOUR));
    const stored = fake.orders.get(1)!;
    stored.state = 'processing';
    for (const item of stored.items) Object.assign(item, { qty_shipped: 0, qty_canceled: 0 });

    fake.fail({ kind: 'status', status: 429, body: { message: 'Too Many Requests' } }, { times: 1 });
    await adapter.pushTracking({
      externalOrderId: '1',
      carrier: 'FedEx',
      trackingNumber: '794644790132',
      trackingUrl: null,
      serviceName: null,
      shippedAt: new Date().toISOString(),
    });

    expect(fake.shipments.map((s) => s.request.tracks)).toEqual([
      [{ track_number: '794644790132', title: 'FedEx', carrier_code: 'fedex' }],
    ]);
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.every((r) => String(r.headers.authorization).startsWith('OAuth '))).toBe(true);
    expect(nonceOf(posts[0]!)).not.toBe(nonceOf(posts[1]!));
  });

  it('the fake refuses a nonce used before and a request without a signature', async () => {
    const { fake, adapter } = await signedSetup(1);
    await adapter.testConnection();
    const sent = fake.requests[0]!;
    const again = await fetch(`${fake.url}${sent.path}`, {
      headers: { authorization: String(sent.headers.authorization) },
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({
      message: 'The nonce is already being used by the consumer with ID %1.',
      parameters: ['1'],
    });

    const unsigned = await fetch(`${fake.url}/rest/default/V1/orders/1`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: 'Magento_Sales::actions_view' },
    });
  });
});
