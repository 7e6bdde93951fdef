import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressCheck, CreateOrder, Order, OrderEventRecord } from '@shipdesk/contract';
import { startFakeShippo, type FakeShippo } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import { createCarrierAdapter } from '../../integrations/carriers/carrier-registry.ts';
import type { CarrierAdapterFactory } from '../../integrations/carriers/carrier-types.ts';
import { checkedShipTo } from './index.ts';

const TOKEN = 'shippo_live_addresschecks01';
/** A short window so that the budget's wait is seconds, not a minute. */
const LIMITS = { perCall: 1, callsPerWindow: 4, windowSeconds: 3 };

const to = (address1: string, extra: Partial<CreateOrder['shippingAddress']> = {}): Partial<CreateOrder> => ({
  shippingAddress: {
    name: 'Priya Raman',
    address1,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
    ...extra,
  },
});

describe.each(backends)('address checks ($name)', (backend) => {
  let t: TestContext;
  let shippo: FakeShippo;
  const adapters: CarrierAdapterFactory = (carrier, connection, options) => {
    const adapter = createCarrierAdapter(carrier, connection, options);
    return adapter && carrier === 'shippo' ? { ...adapter, addressLimits: LIMITS } : adapter;
  };

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const checkOf = async (orderId: string, who: string) => {
    const res = await call('GET', `/api/v1/orders/${orderId}/addressCheck`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AddressCheck;
  };
  /** The sweep run now (instead of its interval), then each order's check once no longer pending. */
  const checked = async (orders: Order[], who: string, done = (c: AddressCheck) => c.status !== 'pending') => {
    await t.app.addressChecks.worker.sweep();
    return Promise.all(
      orders.map((order) =>
        waitFor(
          async () => {
            const check = await checkOf(order.id, who);
            return done(check) ? check : undefined;
          },
          20_000,
          `the check of ${order.orderNumber}`,
        ),
      ),
    );
  };
  const plain = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const validations = (line?: string) =>
    shippo.requests.filter(
      (r) =>
        r.path === '/v2/addresses/validate' &&
        (line === undefined || plain(r.query.get('address_line_1')) === plain(line)),
    );
  async function connectShippo(who: string): Promise<void> {
    const created = await call('POST', '/api/v1/carrierAccounts', who, {
      carrier: 'shippo',
      name: 'Shippo',
      settings: { apiBaseUrl: shippo.url },
      credentials: { apiToken: TOKEN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tested = await call('POST', '/call/carriers/testConnection', who, { accountId: created.json().data.id });
    expect(tested.json().data.ok, tested.body).toBe(true);
  }

  beforeAll(async () => {
    shippo = await startFakeShippo({ tokens: [TOKEN], rateLimits: null });
    t = await buildTestApp(backend, {}, undefined, {
      carrierAdapters: adapters,
      adapterOptions: { http: { baseDelayMs: 1, retries: 0, timeoutMs: 5_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await shippo.close();
  });

  it('checks each arriving order: verified, corrected, ambiguous, invalid, with the carrier’s words', async () => {
    const tenant = newTenantId();
    await connectShippo(tenant);
    const verified = await createOrder(t, tenant, to('44 Elm St'));
    const corrected = await createOrder(t, tenant, to('44 Oak Street', { company: 'Raman Design' }));
    const ambiguous = await createOrder(t, tenant, to('1 Multiple Way'));
    const invalid = await createOrder(t, tenant, to('9 Nowhere Rd'));
    // Arrival never waits: the order exists, its check is pending.
    expect((await checkOf(verified.id, tenant)).status).toBe('pending');

    const [v, c, a, i] = await checked([verified, corrected, ambiguous, invalid], tenant);
    expect(v).toMatchObject({ status: 'verified', carrier: 'shippo', residential: true, suggestion: null });
    expect(c).toMatchObject({
      status: 'corrected',
      residential: false,
      suggestion: {
        address1: '44 OAK ST',
        address2: null,
        city: 'SPRINGFIELD',
        state: 'IL',
        postalCode: '62701-0001',
        country: 'US',
      },
    });
    expect(a).toMatchObject({ status: 'ambiguous', candidates: [] });
    expect(a!.messages.join(' ')).toMatch(/More than one address matches/);
    expect(i).toMatchObject({ status: 'invalid', residential: null, messages: ['Address not found'] });
    expect(i!.checkedAt).not.toBeNull();

    // The corrected address is never applied by itself: the order keeps what its author typed.
    const order = (await call('GET', `/api/v1/orders/${corrected.id}`, tenant)).json().data as Order;
    expect(order.shippingAddress?.address1).toBe('44 Oak Street');

    // Labels read the carrier's residential flag and a batch's reason for the invalid one.
    const read = (id: string) =>
      t.app.db.withTenant(tenant, (tx) => checkedShipTo(tx, tenant, Number(id)), { readOnly: true });
    expect(await read(verified.id)).toEqual({ residential: true, undeliverable: null });
    expect(await read(invalid.id)).toEqual({
      residential: null,
      undeliverable: 'The address is not deliverable: Address not found; correct it on the order',
    });

    // The list filters by the check's status.
    const list = async (filter: string) => {
      const filters = encodeURIComponent(JSON.stringify({ addressCheck: filter }));
      const res = await call('GET', `/api/v1/orders?filters=${filters}&size=50`, tenant);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.rows as Array<{ id: string }>).map((r) => r.id).sort();
    };
    expect(await list('invalid')).toEqual([invalid.id]);
    expect(await list('in@corrected,ambiguous')).toEqual([corrected.id, ambiguous.id].sort());
    const bad = await call('GET', `/api/v1/orders?filters=${encodeURIComponent('{"addressCheck":"maybe"}')}`, tenant);
    expect(bad.statusCode).toBe(400);
  });

  it("feeds the carrier's home-or-business word to the shipping rules' residential condition", async () => {
    const tenant = newTenantId();
    await connectShippo(tenant);
    // A company name makes a guess of "business"; the carrier's word on the address is what the rules read.
    const order = await createOrder(t, tenant, to('44 Elm St', { company: 'Elm Studio' }));
    const dryRun = async () => {
      const res = await call('POST', '/call/shippingRuleSet/all/dryRun', tenant, {
        limit: 10,
        rules: [
          {
            id: 'home',
            name: 'Homes',
            enabled: true,
            match: 'all',
            stop: false,
            conditions: [{ field: 'residential', operator: 'is', value: true }],
            actions: [{ type: 'addTag', tag: 'home' }],
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.matches.home as number;
    };
    expect(await dryRun()).toBe(0);
    await checked([order], tenant);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`UPDATE address_checks SET residential = true WHERE tenant_id = ${tenant}`),
    );
    expect(await dryRun()).toBe(1);
  });

  it('asks once about the same address on two orders, and answers later orders from the cache', async () => {
    const tenant = newTenantId();
    await connectShippo(tenant);
    const line = '77 Cache Lane';
    const first = await createOrder(t, tenant, to(line));
    const second = await createOrder(t, tenant, to(line));
    await checked([first, second], tenant);
    expect(validations(line)).toHaveLength(1);
    // A third order to the same address, later: the cached answer, no call.
    const third = await createOrder(t, tenant, to(`  77   cache lane `));
    const [answer] = await checked([third], tenant);
    expect(answer).toMatchObject({ status: 'corrected', suggestion: { address1: '77 CACHE LN' } });
    expect(validations(line)).toHaveLength(1);
    // "Check again" bypasses the cache.
    const again = await call('POST', '/call/addressChecks', tenant, { orderIds: [third.id] });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data).toEqual({ queued: 1 });
    await waitFor(async () => (validations(line).length === 2 ? true : undefined));
  });

  it('keeps to the account’s budget: the rest wait for the next window, then are checked', async () => {
    const tenant = newTenantId();
    await connectShippo(tenant);
    const before = validations().length;
    const orders: Order[] = [];
    for (let n = 1; n <= 6; n++) orders.push(await createOrder(t, tenant, to(`${n}0 Budget St`)));
    await t.app.addressChecks.worker.sweep();
    // The first window's four calls, then two orders waiting with the next window's time.
    const waiting = await waitFor(async () => {
      const checks = await Promise.all(orders.map((o) => checkOf(o.id, tenant)));
      const done = checks.filter((c) => c.status === 'verified');
      return done.length === 4 ? checks.filter((c) => c.status === 'pending') : undefined;
    });
    expect(waiting).toHaveLength(2);
    for (const check of waiting) expect(check.nextAt).not.toBeNull();
    expect(validations().length - before).toBe(4);
    await checked(orders, tenant, (c) => c.status === 'verified');
    expect(validations().length - before).toBe(6);
  });

  it('leaves an address not checked through an outage and asks again later, never invalid', async () => {
    const tenant = newTenantId();
    await connectShippo(tenant);
    shippo.failWithServerError({ status: 503, times: 1, path: /addresses/ });
    const order = await createOrder(t, tenant, to('5 Outage Ave'));
    const [down] = await checked([order], tenant);
    expect(down).toMatchObject({ status: 'not_checked', carrier: null });
    expect(down!.messages[0]).toMatch(/Shippo could not check the address now/);
    const wait = Date.parse(down!.nextAt!) - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Its time comes: asked again, and answered.
    await t.app.db.db.execute(sql`UPDATE address_checks SET next_at = now() WHERE tenant_id = ${tenant}`);
    const [up] = await checked([order], tenant, (c) => c.status !== 'not_checked');
    expect(up).toMatchObject({ status: 'verified', carrier: 'shippo', messages: [] });
  });

  it('checks only the format without an account that checks addresses, and says so', async () => {
    const tenant = newTenantId();
    const order = await createOrder(t, tenant, to('3 Format Rd'));
    const [check] = await checked([order], tenant);
    expect(check).toMatchObject({
      status: 'format_only',
      carrier: null,
      messages: ['No carrier account checks addresses: format checked only'],
    });
  });

  it('checks an edited address again, and applies a correction through the order’s address edit', async () => {
    const tenant = newTenantId();
    const other = newTenantId();
    await connectShippo(tenant);
    const order = await createOrder(t, tenant, to('12 Birch St', { phone: '+1 217 555 0100' }));
    expect((await checked([order], tenant))[0]!.status).toBe('verified');

    // The seller edits the address: pending again, then the carrier's answer about the new one.
    const edit = await call('POST', `/call/order/${order.id}/shipping/updateOrderAddress`, tenant, {
      ...to('12 Birch Street').shippingAddress,
      phone: '+1 217 555 0100',
      version: order.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json().data as Order;
    expect((await checkOf(order.id, tenant)).status).toBe('pending');
    const [corrected] = await checked([order], tenant);
    expect(corrected).toMatchObject({ status: 'corrected', suggestion: { address1: '12 BIRCH ST' } });

    // Another tenant's order: 404, and not one of theirs to check again.
    expect((await call('GET', `/api/v1/orders/${order.id}/addressCheck`, other)).statusCode).toBe(404);
    const applyBody = { version: edited.version, use: 'suggestion' };
    const foreign = await call('POST', `/call/orders/${order.id}/addressCheck/apply`, other, applyBody);
    expect(foreign.statusCode).toBe(404);
    const request = await call('POST', '/call/addressChecks', other, { orderIds: [order.id] });
    expect(request.statusCode).toBe(400);
    expect(request.json().errors).toEqual({ 'orderIds[0]': `No order ${order.id}` });
    // A candidate where the check has none: 409.
    const wrong = await call('POST', `/call/orders/${order.id}/addressCheck/apply`, tenant, {
      version: edited.version,
      use: 'candidate',
      candidate: 0,
    });
    expect(wrong.statusCode).toBe(409);

    const applied = await call('POST', `/call/orders/${order.id}/addressCheck/apply`, tenant, applyBody);
    expect(applied.statusCode, applied.body).toBe(200);
    const { order: after, addressCheck } = applied.json().data as { order: Order; addressCheck: AddressCheck };
    expect(after.version).toBe(edited.version + 1);
    expect(after.shippingAddress).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raman',
      address1: '12 BIRCH ST',
      city: 'SPRINGFIELD',
      postalCode: '62701-0001',
      phone: '+1 217 555 0100',
    });
    expect(addressCheck.status).toBe('verified');
    const events = (await call('GET', `/api/v1/orders/${order.id}/events`, tenant)).json().data as OrderEventRecord[];
    expect(events.filter((e) => e.event === 'shippingAddressUpdated')).toHaveLength(2);
    // Applied once: nothing left to apply, and the verified form is not asked about again.
    const twice = await call('POST', `/call/orders/${order.id}/addressCheck/apply`, tenant, {
      ...applyBody,
      version: after.version,
    });
    expect(twice.statusCode).toBe(409);
    await t.app.addressChecks.worker.sweep();
    expect((await checkOf(order.id, tenant)).status).toBe('verified');
  });
});
