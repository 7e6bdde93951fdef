import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order, OrderList } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';
import { STORED_SEARCH_VECTOR_SQL } from './order-search.ts';

const ADDRESS = { address1: '1 Main St', city: 'Columbus', state: 'OH', postalCode: '43215', country: 'US' };

describe.each(backends)('order search ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  let miller: Order;
  let grace: Order;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    miller = await createOrder(t, tenant, {
      customerName: 'Stephen Miller',
      customerEmail: 'stephen.miller@mail.example',
      shippingAddress: { name: 'Stephen Miller', ...ADDRESS },
    });
    grace = await createOrder(t, tenant, {
      orderNumber: 'GH-1959-7',
      customerName: 'Navy Yard Buying Office',
      customerEmail: 'orders@navy.example',
      lines: [{ sku: 'COBOL-1959', name: 'Compiler manual', quantity: 1, unitPrice: 4000, weight: 500 }],
      shippingAddress: {
        name: 'Grace Hopper',
        address1: '1 Navy Way',
        city: 'Arlington',
        state: 'VA',
        postalCode: '22202',
        country: 'US',
      },
    });
    for (const name of ['Anna Müller', 'Jörg MÜLLER', 'Bernd Mueller']) {
      await createOrder(t, tenant, { customerName: name, shippingAddress: { name, ...ADDRESS } });
    }
    await createOrder(t, other, {
      customerName: 'Stephen Miller',
      lines: [{ sku: 'COBOL-1959', name: 'Copy', quantity: 1, unitPrice: 100, weight: 10 }],
      shippingAddress: { name: 'Stephen Miller', ...ADDRESS, city: 'Arlington' },
    });
  }, 120_000);
  afterAll(() => t.close());

  const list = async (text: string, who = tenant) => {
    const filters = encodeURIComponent(JSON.stringify({ search: text }));
    const res = await t.app.inject({ url: `/api/v1/orders?size=100&filters=${filters}`, headers: await t.auth(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrderList;
  };
  const names = async (text: string, who = tenant) =>
    (await list(text, who)).rows.map((r) => r.customerName).sort((a, b) => String(a).localeCompare(String(b)));
  const numbers = async (text: string, who = tenant) => (await list(text, who)).rows.map((r) => r.orderNumber);
  /** Every order of the tenant holds the vector its tables give (what the migration's backfill writes). */
  const vectorsAreCurrent = async (tenantId: string) => {
    const res = (await t.app.db.db.execute(
      sql`SELECT count(*)::int AS n FROM orders o WHERE o.tenant_id = ${tenantId}
            AND o.search_vector <> ${sql.raw(STORED_SEARCH_VECTOR_SQL)}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(res.rows[0]!.n).toBe(0);
  };

  it('finds a customer by any word of the name or its start, whatever the case', async () => {
    expect(await numbers('Miller')).toEqual([miller.orderNumber]);
    expect(await numbers('mill')).toEqual([miller.orderNumber]);
    expect(await numbers('STEPHEN')).toEqual([miller.orderNumber]);
    expect(await numbers('iller')).toEqual([]);
    expect(await list('Miller')).toMatchObject({ total: 1, totalIsEstimate: false });
  });

  it('ignores accents: muller finds Müller and MÜLLER, not Mueller', async () => {
    expect(await names('muller')).toEqual(['Anna Müller', 'Jörg MÜLLER']);
    expect(await names('MÜLLER')).toEqual(['Anna Müller', 'Jörg MÜLLER']);
    expect(await names('jorg')).toEqual(['Jörg MÜLLER']);
    expect(await names('müller')).not.toContain('Bernd Mueller');
    expect(await names('mueller')).toEqual(['Bernd Mueller']);
  });

  it('finds by e-mail, order number, SKU prefix, ship-to name, city and postal code', async () => {
    for (const text of [
      'orders@navy.example',
      'orders@navy',
      'gh-1959-7',
      'GH-1959',
      'cobol-19',
      'cobol',
      'grace',
      'hopper',
      'arlington',
      '22202',
      'navy yard',
    ]) {
      expect(await numbers(text), text).toEqual([grace.orderNumber]);
    }
    // The e-mail's local part, whole or by its pieces, but not the domain's pieces every order shares.
    expect(await numbers('stephen.miller')).toEqual([miller.orderNumber]);
    expect(await numbers('mail')).toEqual([]);
  });

  it('narrows with every word: all must match, in any order', async () => {
    expect(await numbers('grace arlington')).toEqual([grace.orderNumber]);
    expect(await numbers('arlington grace 22202')).toEqual([grace.orderNumber]);
    expect(await numbers('grace columbus')).toEqual([]);
    expect(await names('muller anna')).toEqual(['Anna Müller']);
  });

  it("never shows another tenant's order, nor counts it", async () => {
    const own = await list('stephen miller');
    expect(own.rows.map((r) => r.id)).toEqual([miller.id]);
    expect(own.statusCounts['Draft Order']).toBe(1);
    expect(await numbers('cobol')).toEqual([grace.orderNumber]);
    expect((await list('cobol', other)).rows).toHaveLength(1);
    expect(await numbers('grace', other)).toEqual([]);
  });

  it('answers any input with a list or a named 400, never an error of the database', async () => {
    for (const text of [
      "a & b | !c :* ' ( )",
      "'",
      '\\',
      "\\'",
      ':*',
      '!!',
      '<->',
      'a:*b',
      'miller:A',
      '%_',
      '(miller',
      'miller)',
      '&',
      '   ',
      '\u0000',
      '🙂 miller',
      'x'.repeat(100),
    ]) {
      const filters = encodeURIComponent(JSON.stringify({ search: text }));
      const res = await t.app.inject({ url: `/api/v1/orders?filters=${filters}`, headers: await t.auth(tenant) });
      expect([200, 400], `${JSON.stringify(text)}: ${res.body}`).toContain(res.statusCode);
    }
    expect(await numbers('miller)')).toEqual([miller.orderNumber]);
    expect(await numbers("a & b | !c :* ' ( )")).toEqual([]);
  });

  it('follows a changed ship-to address', async () => {
    const order = await createOrder(t, tenant, {
      shippingAddress: { name: 'Ada Lovelace', ...ADDRESS, city: 'Akron' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/call/order/${order.id}/shipping/updateOrderAddress`,
      headers: await t.auth(tenant),
      payload: { name: 'Ada King', ...ADDRESS, city: 'Toledo', postalCode: '43604', version: order.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await numbers('toledo')).toEqual([order.orderNumber]);
    expect(await numbers('ada king 43604')).toEqual([order.orderNumber]);
    expect(await numbers('akron')).toEqual([]);
    await vectorsAreCurrent(tenant);
  });

  it("finds an order by its label's tracking number until the label is voided", async () => {
    const order = await paidOrder(t, tenant, { customerName: 'Tracked Buyer' });
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_NEXT_DAY',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { trackingNumber, deliveryId } = bought.json().data.label as { trackingNumber: string; deliveryId: string };
    expect(await numbers(trackingNumber)).toEqual([order.orderNumber]);
    expect(await numbers(trackingNumber.slice(0, -2).toLowerCase())).toEqual([order.orderNumber]);
    await vectorsAreCurrent(tenant);

    const voided = await t.app.inject({
      url: `/call/usps/cancelShipment/${deliveryId}`,
      headers: await t.auth(tenant),
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await numbers(trackingNumber)).toEqual([]);
    expect(await numbers('tracked buyer')).toEqual([order.orderNumber]);
    await vectorsAreCurrent(tenant);
  });

  it('finds a reorder by what it copied', async () => {
    const res = await flow(t, tenant, grace.id, 'reorder', { version: grace.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await numbers('cobol')).length).toBe(2);
    await vectorsAreCurrent(tenant);
  });
});
