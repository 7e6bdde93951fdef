import { afterEach, describe, expect, it } from 'vitest';
import { ChannelError } from '../../http/channel-http.ts';
import type { ChannelAdapter, ChannelOrder } from '../types.ts';
import { createMagentoAdapter, magentoCarrierCode, SETTLED_AFTER_MS } from './adapter.ts';
import type { MagentoOrder } from './api-types.ts';
import { magentoErrorMessage } from './client.ts';
import { generateMagentoOrders } from './fake-orders.ts';
import { startFakeMagento, type FakeMagento, type FakeMagentoOptions } from './fake-server.ts';
import { isoToMagentoDate, mapMagentoOrder } from './mapping.ts';

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

async function expectChannelError(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** One window as the sync engine runs it: pages until the token runs out; `between` runs after each page. */
async function pullAll(
  adapter: ChannelAdapter,
  updatedSince: string | null,
  between: (page: number, orders: ChannelOrder[]) => void = () => {},
) {
  const orders: ChannelOrder[] = [];
  const tokens: Array<string | null> = [];
  let pageToken: string | null = null;
  do {
    const page = await adapter.listOrders({ updatedSince, pageToken });
    orders.push(...page.orders);
    tokens.push(page.nextPageToken);
    pageToken = page.nextPageToken;
    if (tokens.length > 20) throw new Error('the window does not end');
    between(tokens.length, page.orders);
  } while (pageToken);
  // The engine starts the next window at the newest change it saw.
  const newest = orders.reduce<string | null>(
    (n, o) => (n === null || o.externalUpdatedAt > n ? o.externalUpdatedAt : n),
    null,
  );
  return { orders, tokens, next: newest ?? updatedSince };
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
    const { orders, tokens } = await pullAll(adapter, since);

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

    const { orders, tokens } = await pullAll(adapter, null);
    expect(orders).toHaveLength(250);
    expect(new Set(orders.map((o) => o.externalId)).size).toBe(250);
    expect(tokens).toHaveLength(3);
    expect(tokens.at(-1)).toBeNull();
  });

  it('reads every order when one on a page already read changes before the next page', async () => {
    const { fake, adapter } = await setup({ orders: ordersUpdatedFrom(350, Date.UTC(2026, 2, 1)) });
    const first = await pullAll(adapter, null, (page, orders) => {
      // The merchant edits an order of page 1 while page 2 is about to be asked for: it moves to the end.
      if (page === 1)
        fake.orders.get(Number(orders[10]!.externalId))!.updated_at = isoToMagentoDate(new Date().toISOString());
    });
    const second = await pullAll(adapter, first.next);

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
    const window = await pullAll(adapter, null, (page) => {
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
    const first = await pullAll(adapter, null);
    expect(first.tokens.at(-1)).toBeNull();
    expect(first.next).toBe(new Date(at).toISOString());
    expect(first.orders).toHaveLength(320);

    const second = await pullAll(adapter, first.next);
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
    const { orders } = await pullAll(adapter, null);
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
