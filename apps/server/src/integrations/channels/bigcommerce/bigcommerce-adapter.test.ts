import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError, type HttpOptions } from '../../http/channel-http.ts';
import { pullWindow, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { ChannelAdapter } from '../channel-types.ts';
import { createBigcommerceAdapter, SETTLED_AFTER_MS } from './bigcommerce-adapter.ts';
import { startFakeBigcommerce, type FakeBigcommerce } from '@shipdesk/fakes';
import type { FakeOrderRecord } from '@shipdesk/fakes';

const fastHttp: HttpOptions = { baseDelayMs: 1, timeoutMs: 1000 };

function adapterFor(fake: FakeBigcommerce, http: HttpOptions = fastHttp, token = fake.accessToken): ChannelAdapter {
  return createBigcommerceAdapter(
    { settings: { storeHash: fake.storeHash, apiBaseUrl: fake.url }, credentials: { accessToken: token } },
    { http },
  );
}

function findOrder(fake: FakeBigcommerce, test: (record: FakeOrderRecord) => boolean): FakeOrderRecord {
  const record = fake
    .orderIds()
    .map((id) => fake.order(id)!)
    .find(test);
  if (!record) throw new Error('the generated store has no such order');
  return record;
}

const awaitingFulfillment = (record: FakeOrderRecord) =>
  record.order.status_id === 11 &&
  record.addresses.length === 1 &&
  record.products.filter((p) => p.type === 'physical').length >= 2;

describe('BigCommerce adapter against the fake store', () => {
  describe('a store of 500 orders', () => {
    let fake: FakeBigcommerce;
    beforeAll(async () => {
      fake = await startFakeBigcommerce({ orders: 500, seed: 7, quota: null });
    });
    afterAll(() => fake.close());

    it('lists every order in pages of 250, oldest change first, ending on the 204 page', async () => {
      const adapter = adapterFor(fake);
      const { orders, tokens } = await pullWindow(adapter, null);
      const seen = orders.map((o) => o.externalId);
      const updated = orders.map((o) => o.externalUpdatedAt);

      expect(tokens).toHaveLength(3);
      expect(tokens[2]).toBeNull();
      expect(seen).toHaveLength(500);
      expect(new Set(seen).size).toBe(500);
      expect(updated).toEqual([...updated].sort());
      const listCalls = fake.requests.filter((r) => r.path.endsWith('/v2/orders'));
      expect(listCalls).toHaveLength(3);
      // Each page starts from the last one's position, never from a page number.
      expect(listCalls.every((r) => !r.query.has('page'))).toBe(true);
      expect(listCalls[1]!.query.get('min_date_modified')).toBe(updated[249]!.replace('.000Z', 'Z'));
      expect(listCalls[0]!.query.get('sort')).toBe('date_modified:asc');
      expect(listCalls[0]!.query.get('limit')).toBe('250');
      expect(listCalls[0]!.query.has('min_date_modified')).toBe(false);
      // Each order's products and shipping addresses were read with the token.
      expect(fake.requests.filter((r) => r.path.endsWith('/products')).length).toBe(500);
      expect(fake.requests.every((r) => r.headers['x-auth-token'] === fake.accessToken)).toBe(true);
    });

    it('lists only what changed since the window start', async () => {
      const adapter = adapterFor(fake);
      const all = fake
        .orderIds()
        .map((id) => Date.parse(fake.order(id)!.order.date_modified))
        .sort((a, b) => a - b);
      const since = new Date(all[200]!).toISOString();
      const expected = all.filter((time) => time >= all[200]!).length;

      const first = await adapter.listOrders({ updatedSince: since, pageToken: null });
      expect(first.nextPageToken).not.toBeNull();
      const second = await adapter.listOrders({ updatedSince: since, pageToken: first.nextPageToken });
      expect(second.nextPageToken).toBeNull();
      expect(first.orders.length + second.orders.length).toBe(expected);
      expect(first.orders.every((o) => o.externalUpdatedAt >= since)).toBe(true);
      const sent = fake.requests.filter((r) => r.path.endsWith('/v2/orders')).at(-2)!;
      expect(sent.query.get('min_date_modified')).toBe(since.replace('.000Z', 'Z'));
    });

    it('answers an empty window (204 No Content) with no orders', async () => {
      const direct = await fetch(
        `${fake.url}/stores/${fake.storeHash}/v2/orders?min_date_modified=2099-01-01T00:00:00Z`,
        {
          headers: { 'X-Auth-Token': fake.accessToken, Accept: 'application/json' },
        },
      );
      expect(direct.status).toBe(204);
      expect(await direct.text()).toBe('');

      const page = await adapterFor(fake).listOrders({ updatedSince: '2099-01-01T00:00:00.000Z', pageToken: null });
      expect(page).toEqual({ orders: [], nextPageToken: null });
    });
  });

  describe('a small store', () => {
    let fake: FakeBigcommerce;
    beforeAll(async () => {
      fake = await startFakeBigcommerce({ orders: 40, seed: 3, quota: null });
    });
    afterAll(() => fake.close());

    it('tests the connection with the store profile', async () => {
      await expect(adapterFor(fake).testConnection()).resolves.toEqual({ accountName: 'Trailhead Outfitters' });
      const paths = fake.requests.slice(-2).map((r) => r.path);
      expect(paths).toEqual([`/stores/${fake.storeHash}/v2/store`, `/stores/${fake.storeHash}/v2/orders`]);
      expect(fake.requests.at(-1)!.headers.accept).toBe('application/json');
    });

    it('reports a wrong token as an auth error with BigCommerce message', async () => {
      const error = await adapterFor(fake, fastHttp, 'wrong-token')
        .testConnection()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error).toMatchObject({
        kind: 'auth',
        status: 401,
        platformMessage: 'You are not authorized to access this resource. Please check your X-Auth-Token.',
      });
    });

    it('reports a missing or unusable store hash before calling anything', async () => {
      const count = fake.requests.length;
      const missing = createBigcommerceAdapter({ settings: {}, credentials: { accessToken: 'x' } });
      await expect(missing.testConnection()).rejects.toMatchObject({
        kind: 'invalid',
        message: /store hash is missing/,
      });
      const injected = createBigcommerceAdapter({
        settings: { storeHash: '../admin', apiBaseUrl: fake.url },
        credentials: { accessToken: 'x' },
      });
      await expect(injected.testConnection()).rejects.toMatchObject({ kind: 'invalid' });
      expect(fake.requests.length).toBe(count);
    });

    it('accepts "stores/{hash}" as the store hash', async () => {
      const adapter = createBigcommerceAdapter(
        {
          settings: { storeHash: `stores/${fake.storeHash}`, apiBaseUrl: `${fake.url}/` },
          credentials: { accessToken: fake.accessToken },
        },
        { http: fastHttp },
      );
      await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Trailhead Outfitters' });
    });

    it('maps an order end to end, the same from getOrder and listOrders', async () => {
      const record = findOrder(fake, awaitingFulfillment);
      const adapter = adapterFor(fake);
      const order = await adapter.getOrder(String(record.order.id));
      expect(order).not.toBeNull();
      const address = record.addresses[0]!;
      expect(order).toMatchObject({
        externalId: String(record.order.id),
        orderNumber: String(record.order.id),
        orderDate: new Date(record.order.date_created).toISOString(),
        externalUpdatedAt: new Date(record.order.date_modified).toISOString(),
        currency: 'USD',
        total: Math.round(Number(record.order.total_inc_tax) * 100),
        paymentStatus: 'Paid',
        shipmentStatus: 'Unshipped',
        canceled: false,
        requestedShippingMethod: address.shipping_method,
        customerName: `${record.order.billing_address.first_name} ${record.order.billing_address.last_name}`,
        shipping: expect.objectContaining({
          name: `${address.first_name} ${address.last_name}`,
          address1: address.street_1,
          country: address.country_iso2,
        }),
      });
      expect(order!.lines.map((l) => [l.externalLineId, l.sku, l.quantity])).toEqual(
        record.products.map((p) => [String(p.id), p.sku, p.quantity]),
      );
      expect(order!.subtotal + order!.shippingTotal + order!.taxTotal - order!.discountTotal).toBe(order!.total);

      const listed = (await pullWindow(adapter, null)).orders;
      expect(listed.find((o) => o.externalId === String(record.order.id))).toEqual(order);
    });

    it('answers null for an order BigCommerce does not know', async () => {
      await expect(adapterFor(fake).getOrder('999999')).resolves.toBeNull();
      await expect(adapterFor(fake).getOrder('not-a-number')).resolves.toBeNull();
    });

    it('sees an order the merchant changed after the last pull', async () => {
      const adapter = adapterFor(fake);
      const record = findOrder(fake, (r) => r.order.status_id === 7);
      const before = new Date(
        Math.max(...fake.orderIds().map((id) => Date.parse(fake.order(id)!.order.date_modified))),
      );
      fake.updateOrder(record.order.id, { status_id: 11 });
      const page = await adapter.listOrders({
        updatedSince: new Date(before.getTime() + 1000).toISOString(),
        pageToken: null,
      });
      expect(page.orders.map((o) => [o.externalId, o.paymentStatus])).toEqual([[String(record.order.id), 'Paid']]);
    });

    it('pushes tracking for the whole order and BigCommerce marks it shipped', async () => {
      const record = findOrder(fake, awaitingFulfillment);
      const adapter = adapterFor(fake);
      await adapter.pushTracking({
        externalOrderId: String(record.order.id),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: null,
        serviceName: 'UPS Ground',
        shippedAt: '2026-01-02T10:00:00.000Z',
      });
      const shipment = fake.shipments.at(-1)!;
      expect(shipment).toMatchObject({
        order_id: record.order.id,
        order_address_id: record.addresses[0]!.id,
        tracking_number: '1Z999AA10123456784',
        shipping_provider: 'ups',
        shipping_method: 'UPS Ground',
      });
      expect(shipment.items).toEqual(
        record.products
          .filter((p) => p.type === 'physical')
          .map((p) => ({ order_product_id: p.id, product_id: p.product_id, quantity: p.quantity })),
      );
      const after = await adapter.getOrder(String(record.order.id));
      expect(after).toMatchObject({ shipmentStatus: 'Shipped Complete' });
      expect(after!.lines.every((l) => l.quantityShipped === l.quantity)).toBe(true);

      // The same push again (a retry after a lost answer) ships nothing twice.
      const count = fake.shipments.length;
      await adapter.pushTracking({
        externalOrderId: String(record.order.id),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: null,
        serviceName: null,
        shippedAt: '2026-01-02T10:00:00.000Z',
      });
      expect(fake.shipments.length).toBe(count);
    });

    it('pushes given lines with a custom tracking link for a carrier BigCommerce does not know', async () => {
      const record = findOrder(fake, (r) => awaitingFulfillment(r) && r.order.items_shipped === 0);
      const line = record.products[0]!;
      await adapterFor(fake).pushTracking({
        externalOrderId: String(record.order.id),
        carrier: 'Local Courier',
        trackingNumber: 'LC-0042',
        trackingUrl: 'https://courier.example/track/LC-0042',
        serviceName: null,
        shippedAt: '2026-01-02T10:00:00.000Z',
        lines: [{ externalLineId: String(line.id), quantity: 1 }],
      });
      expect(fake.shipments.at(-1)).toMatchObject({
        tracking_number: 'LC-0042',
        shipping_provider: '',
        tracking_carrier: '',
        tracking_link: 'https://courier.example/track/LC-0042',
        items: [{ order_product_id: line.id, quantity: 1 }],
      });
      const after = await adapterFor(fake).getOrder(String(record.order.id));
      expect(after!.shipmentStatus).toBe('Shipped Partial');
    });

    it('reports what BigCommerce refused in a shipment', async () => {
      const record = findOrder(fake, (r) => awaitingFulfillment(r) && r.order.items_shipped === 0);
      const error = await adapterFor(fake)
        .pushTracking({
          externalOrderId: String(record.order.id),
          carrier: 'USPS',
          trackingNumber: '9400100000000000000000',
          trackingUrl: null,
          serviceName: null,
          shippedAt: '2026-01-02T10:00:00.000Z',
          lines: [{ externalLineId: '1', quantity: 1 }],
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: 'invalid',
        status: 400,
        platformMessage: expect.stringContaining('order product 1'),
      });
    });
  });

  describe('orders that change during a pull', () => {
    let fake: FakeBigcommerce;
    afterEach(() => fake.close());

    it('reads every order when one on a page already read changes before the next page', async () => {
      fake = await startFakeBigcommerce({ orders: 600, seed: 5, quota: null });
      const adapter = adapterFor(fake);
      let changed = '';
      const first = await pullWindow(adapter, null, (page, orders) => {
        // A merchant edits an order of page 1 while page 2 is about to be asked for: it moves to the end.
        if (page !== 1) return;
        changed = orders[10]!.externalId;
        fake.updateOrder(Number(changed), { staff_notes: 'Gift wrap' });
      });
      const second = await pullWindow(adapter, first.next);

      const read = new Set([...first.orders, ...second.orders].map((o) => o.externalId));
      expect([...read].sort()).toEqual(fake.orderIds().map(String).sort());
      // The changed order is read again with its new modification time.
      const latest = fake.order(Number(changed))!.order.date_modified;
      expect(
        [...first.orders, ...second.orders].some(
          (o) => o.externalId === changed && o.externalUpdatedAt === new Date(latest).toISOString(),
        ),
      ).toBe(true);
    });

    it('walks 300 orders changed in one second by id, and goes on past that second once it is settled', async () => {
      fake = await startFakeBigcommerce({ orders: 330, seed: 9, quota: null });
      const ids = fake.orderIds();
      const bulk = fake.updateOrders(ids.slice(0, 300), { status_id: 9 });
      const later = ids[310]!;
      fake.updateOrder(later, { staff_notes: 'Call before delivery' });
      const adapter = createBigcommerceAdapter(
        {
          settings: { storeHash: fake.storeHash, apiBaseUrl: fake.url },
          credentials: { accessToken: fake.accessToken },
        },
        { http: fastHttp, now: () => Date.now() + SETTLED_AFTER_MS + 1000 },
      );
      const walked = ids[5]!;

      const window = await pullWindow(adapter, null, (page) => {
        // One of the bulk-changed orders already walked changes again before the walk goes on.
        if (page === 2) fake.updateOrder(walked, { staff_notes: 'Address corrected' });
      });

      expect(window.tokens.length).toBeLessThanOrEqual(6);
      expect(window.tokens.at(-1)).toBeNull();
      expect(new Set(window.orders.map((o) => o.externalId))).toEqual(new Set(ids.map(String)));
      const bulkTime = new Date(bulk).toISOString();
      expect(window.orders.filter((o) => o.externalUpdatedAt === bulkTime)).toHaveLength(300);
      expect(window.orders.filter((o) => o.externalId === String(walked))).toHaveLength(2);
      const walks = fake.requests.filter((r) => r.path.endsWith('/v2/orders') && r.query.get('sort') === 'id:asc');
      expect(walks.length).toBeGreaterThanOrEqual(2);
      expect(walks[0]!.query.get('min_date_modified')).toBe(bulkTime.replace('.000Z', 'Z'));
    });

    it('ends the window after a bulk second that is still current, and the next window reads it again', async () => {
      fake = await startFakeBigcommerce({ orders: 330, seed: 9, quota: null });
      const ids = fake.orderIds();
      const bulk = new Date(fake.updateOrders(ids.slice(0, 300), { status_id: 9 })).toISOString();
      fake.updateOrder(ids[310]!, { staff_notes: 'Call before delivery' });
      const adapter = adapterFor(fake);

      const first = await pullWindow(adapter, null);
      expect(first.tokens.at(-1)).toBeNull();
      expect(first.next).toBe(bulk);
      expect(first.orders.some((o) => o.externalId === String(ids[310]))).toBe(false);
      expect(new Set(first.orders.map((o) => o.externalId)).size).toBe(329);

      const second = await pullWindow(adapter, first.next);
      expect(second.orders.filter((o) => o.externalUpdatedAt === bulk)).toHaveLength(300);
    });

    it('starts the window over for a page-number token from before positions', async () => {
      fake = await startFakeBigcommerce({ orders: 5, seed: 2, quota: null });
      const page = await adapterFor(fake).listOrders({ updatedSince: null, pageToken: '2' });
      expect(page.orders).toHaveLength(5);
      expect(page.nextPageToken).toBeNull();
    });
  });

  describe('failures and rate limits', () => {
    let fake: FakeBigcommerce;
    const waits: number[] = [];
    const recordingHttp = quickHttp(waits, { ...fastHttp, retries: 2 });
    beforeAll(async () => {
      fake = await startFakeBigcommerce({ orders: 5, seed: 11, quota: null });
    });
    afterEach(() => {
      waits.length = 0;
    });
    afterAll(() => fake.close());

    it('waits X-Rate-Limit-Time-Reset-Ms after a 429, then succeeds', async () => {
      fake.fail(
        {
          kind: 'status',
          status: 429,
          headers: {
            'X-Rate-Limit-Time-Reset-Ms': '1234',
            'X-Rate-Limit-Time-Window-Ms': '30000',
            'X-Rate-Limit-Requests-Quota': '150',
            'X-Rate-Limit-Requests-Left': '0',
          },
          body: [{ status: 429, message: 'You have exceeded your rate limit.' }],
        },
        { path: /\/v2\/store$/ },
      );
      await expect(adapterFor(fake, recordingHttp).testConnection()).resolves.toEqual({
        accountName: 'Trailhead Outfitters',
      });
      expect(waits).toEqual([1234]);
    });

    it('retries a 500, then succeeds', async () => {
      fake.fail({ kind: 'status', status: 500, body: [{ status: 500, message: 'Internal Server Error' }] });
      const page = await adapterFor(fake, recordingHttp).listOrders({ updatedSince: null, pageToken: null });
      expect(page.orders).toHaveLength(5);
      expect(waits).toHaveLength(1);
    });

    it('retries malformed JSON, then succeeds', async () => {
      fake.fail({ kind: 'malformed' }, { path: /\/v2\/orders$/ });
      const page = await adapterFor(fake, recordingHttp).listOrders({ updatedSince: null, pageToken: null });
      expect(page.orders).toHaveLength(5);
      expect(waits).toHaveLength(1);
    });

    it('gives up on a persistent 500 with what BigCommerce said', async () => {
      fake.fail(
        { kind: 'status', status: 500, body: [{ status: 500, message: 'Internal Server Error' }] },
        { times: 3 },
      );
      const error = await adapterFor(fake, recordingHttp)
        .listOrders({ updatedSince: null, pageToken: null })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error).toMatchObject({ kind: 'unavailable', status: 500, platformMessage: 'Internal Server Error' });
      expect(waits).toHaveLength(2);
    });
  });

  describe('the store quota', () => {
    let fake: FakeBigcommerce;
    afterEach(() => fake.close());

    it('answers 429 over the quota and the adapter waits for the window to reset', async () => {
      fake = await startFakeBigcommerce({ orders: 2, quota: { perWindow: 3, windowMs: 300 } });
      // Another app on the store spends the shared quota.
      for (let i = 0; i < 4; i++) {
        await fetch(`${fake.url}/stores/${fake.storeHash}/v2/store`, { headers: { 'X-Auth-Token': fake.accessToken } });
      }
      expect(fake.throttledCount).toBe(1);
      const started = Date.now();
      const order = await adapterFor(fake).getOrder(String(fake.orderIds()[0]));
      expect(order).not.toBeNull();
      expect(fake.throttledCount).toBeGreaterThan(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    it('paces itself when no requests are left in the window instead of running into 429s', async () => {
      fake = await startFakeBigcommerce({ orders: 2, quota: { perWindow: 2, windowMs: 200 } });
      const adapter = adapterFor(fake);
      const started = Date.now();
      for (let i = 0; i < 3; i++) await adapter.testConnection();
      expect(fake.requests).toHaveLength(6);
      expect(fake.throttledCount).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      const headers = await fetch(`${fake.url}/stores/${fake.storeHash}/v2/store`, {
        headers: { 'X-Auth-Token': fake.accessToken },
      }).then((r) => r.headers);
      expect(headers.get('x-rate-limit-requests-quota')).toBe('2');
      expect(headers.get('x-rate-limit-time-window-ms')).toBe('200');
    });
  });
});
