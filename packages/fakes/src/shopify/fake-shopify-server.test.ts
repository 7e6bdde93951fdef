import { afterEach, describe, expect, it } from 'vitest';
import { prepareOperation } from './fake-shopify-graphql-executor.ts';
import { parseDocument } from './fake-shopify-graphql-parser.ts';
import { parseSearch } from './fake-shopify-search.ts';
import { startFakeShopify, type FakeShopify } from './fake-shopify-server.ts';
import { createFakeOrderStore } from './fake-shopify-store.ts';

const fakes: FakeShopify[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function graphql(fake: FakeShopify, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${fake.url}/admin/api/2026-01/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake.accessToken },
    body: JSON.stringify({ query, variables }),
  });
  // The answers are checked field by field below; a loose type keeps those checks readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('fake Shopify orders', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('generates the same shop from the same seed, and another from another seed', () => {
    const a = createFakeOrderStore({ seed: 42, orders: 50, now });
    const b = createFakeOrderStore({ seed: 42, orders: 50, now });
    const c = createFakeOrderStore({ seed: 43, orders: 50, now });
    const page = (store: typeof a) => store.list({ first: 50, sortKey: 'UPDATED_AT' }).orders;
    expect(page(a)).toEqual(page(b));
    expect(page(a).map((o) => o.email)).not.toEqual(page(c).map((o) => o.email));
  });

  it('spreads orders over the last 60 days with ids, numbers and change times growing together', () => {
    const store = createFakeOrderStore({ seed: 1, orders: 250, now });
    const { orders } = store.list({ first: 250, sortKey: 'UPDATED_AT' });
    expect(orders).toHaveLength(250);
    expect(orders[0]!.name).toBe('#1001');
    expect(Date.parse(orders[0]!.createdAt)).toBeGreaterThanOrEqual(now - 60 * 86_400_000);
    expect(Date.parse(orders.at(-1)!.updatedAt)).toBeLessThan(now);
    for (let i = 1; i < orders.length; i++) {
      expect(Number(orders[i]!.legacyResourceId)).toBeGreaterThan(Number(orders[i - 1]!.legacyResourceId));
      expect(Date.parse(orders[i]!.updatedAt)).toBeGreaterThan(Date.parse(orders[i - 1]!.updatedAt));
      expect(Date.parse(orders[i]!.createdAt)).toBeLessThanOrEqual(Date.parse(orders[i]!.updatedAt));
    }
  });

  it('looks like a real shop: mostly paid and waiting, some shipped, some abroad, a few cancelled', () => {
    const store = createFakeOrderStore({ seed: 3, orders: 1000, now });
    const all: ReturnType<typeof store.list>['orders'] = [];
    let after: string | undefined;
    for (let page = 0; page < 4; page++) {
      const result = store.list({ first: 250, after, sortKey: 'UPDATED_AT' });
      all.push(...result.orders);
      after = result.cursors.at(-1);
    }
    const share = (test: (o: (typeof all)[number]) => boolean) => all.filter(test).length / all.length;
    expect(all).toHaveLength(1000);
    expect(
      share((o) => o.displayFinancialStatus === 'PAID' && o.displayFulfillmentStatus === 'UNFULFILLED'),
    ).toBeGreaterThan(0.5);
    expect(share((o) => o.displayFulfillmentStatus === 'FULFILLED')).toBeGreaterThan(0.1);
    expect(share((o) => o.displayFulfillmentStatus === 'PARTIALLY_FULFILLED')).toBeGreaterThan(0);
    expect(share((o) => o.displayFinancialStatus === 'PENDING')).toBeGreaterThan(0);
    expect(share((o) => o.cancelledAt !== null)).toBeGreaterThan(0.005);
    expect(share((o) => o.cancelledAt !== null)).toBeLessThan(0.08);
    expect(share((o) => o.shippingAddress.countryCodeV2 !== 'US')).toBeGreaterThan(0.05);
    expect(new Set(all.map((o) => o.shippingLine?.title)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(all.flatMap((o) => o.lineItems.map((l) => l.sku))).size).toBeGreaterThan(60);
    expect(Math.max(...all.map((o) => o.lineItems.length))).toBe(5);
    for (const order of all) {
      const cents = (amount: string) => Math.round(Number(amount) * 100);
      const lines = order.lineItems.reduce(
        (s, l) => s + l.quantity * cents(l.originalUnitPriceSet.shopMoney.amount),
        0,
      );
      expect(cents(order.subtotalPriceSet.shopMoney.amount)).toBe(
        lines - cents(order.totalDiscountsSet.shopMoney.amount),
      );
      expect(cents(order.totalPriceSet.shopMoney.amount)).toBe(
        cents(order.subtotalPriceSet.shopMoney.amount) +
          cents(order.totalShippingPriceSet.shopMoney.amount) +
          cents(order.totalTaxSet.shopMoney.amount),
      );
    }
  });

  it('answers a page of 250 from a 100,000-order shop in milliseconds, from any point', () => {
    const store = createFakeOrderStore({ seed: 9, orders: 100_000, now });
    const middle = store.list({
      first: 1,
      query: `updated_at:>='${new Date(now - 30 * 86_400_000).toISOString()}'`,
      sortKey: 'UPDATED_AT',
    });
    const started = performance.now();
    const page = store.list({ first: 250, after: middle.cursors[0], sortKey: 'UPDATED_AT' });
    expect(performance.now() - started).toBeLessThan(250);
    expect(page.orders).toHaveLength(250);
    expect(page.hasNextPage).toBe(true);
    expect(Number(page.orders[0]!.name.slice(1))).toBeGreaterThan(50_000);
  });

  it('reads the date terms of the search syntax', () => {
    expect(parseSearch("updated_at:>='2026-01-01T00:00:00Z' status:any created_at:<2026-02-01")).toEqual([
      { field: 'updated_at', op: '>=', seconds: Date.parse('2026-01-01T00:00:00Z') / 1000 },
      { field: 'created_at', op: '<', seconds: Date.parse('2026-02-01') / 1000 },
    ]);
    expect(parseSearch(null)).toEqual([]);
  });
});

describe('fake Shopify GraphQL', () => {
  // One order node: the order 1, a money bag 2 (the bag and its shopMoney), the address 1, and a connection of
  // five lines at 2 + 5 x (the line 1 + its money bag 2); scalars and pageInfo cost nothing.
  const ORDERS_QUERY = `
    query Orders($first: Int!, $after: String) {
      orders(first: $first, after: $after, sortKey: UPDATED_AT) {
        pageInfo { hasNextPage endCursor }
        nodes { ...OrderBits }
      }
    }
    fragment OrderBits on Order {
      id
      name
      totalPriceSet { shopMoney { amount currencyCode } }
      shippingAddress { ...Place }
      lineItems(first: 5) { nodes { id quantity originalUnitPriceSet { shopMoney { amount } } } }
    }
    fragment Place on MailingAddress { name zip countryCodeV2 }
  `;
  const ORDER_NODE_COST = 1 + 2 + 1 + (2 + 5 * (1 + 2));

  it('computes the requested cost of a query the way Shopify does: 2 per connection plus first x node', () => {
    const prepared = prepareOperation(parseDocument(ORDERS_QUERY), 'Orders', { first: 10, after: null });
    expect(prepared.requestedCost).toBe(2 + 10 * ORDER_NODE_COST);
  });

  it('refuses a single query whose requested cost is over 1,000 points', async () => {
    const fake = await startFakeShopify({ orders: 60 });
    fakes.push(fake);
    const within = await graphql(fake, ORDERS_QUERY, { first: 47 });
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data.orders.nodes).toHaveLength(47);
    expect(within.body.extensions.cost.requestedQueryCost).toBe(2 + 47 * ORDER_NODE_COST);
    const over = await graphql(fake, ORDERS_QUERY, { first: 48 });
    expect(over.body.data).toBeUndefined();
    expect(over.body.errors[0].extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', cost: 2 + 48 * ORDER_NODE_COST });
  });

  it('answers only the selected fields, with aliases, edges and fragments', async () => {
    const fake = await startFakeShopify({ orders: 3 });
    fakes.push(fake);
    const { body } = await graphql(
      fake,
      `
        query Few($n: Int!) {
          shop {
            name
          }
          list: orders(first: $n, sortKey: UPDATED_AT) {
            edges {
              cursor
              node {
                ...Bits
              }
            }
            pageInfo {
              hasNextPage
            }
          }
        }
        fragment Bits on Order {
          name
          total: totalPriceSet {
            shopMoney {
              amount
            }
          }
        }
      `,
      { n: 2 },
    );
    expect(body.data.shop).toEqual({ name: 'Northloop Supply Co.' });
    expect(body.data.list.pageInfo).toEqual({ hasNextPage: true });
    expect(body.data.list.edges).toHaveLength(2);
    expect(Object.keys(body.data.list.edges[0].node)).toEqual(['name', 'total']);
    expect(body.data.list.edges[0].node.name).toBe('#1001');
    expect(typeof body.data.list.edges[0].cursor).toBe('string');
    expect(body.extensions.cost).toMatchObject({
      requestedQueryCost: 1 + 2 + 2 * 3,
      throttleStatus: expect.any(Object),
    });
  });

  it('refuses unknown fields, parse errors and missing variables like a GraphQL server', async () => {
    const fake = await startFakeShopify({ orders: 3 });
    fakes.push(fake);
    const unknown = await graphql(fake, '{ shop { name planName } }');
    expect(unknown.body.errors[0]).toMatchObject({
      message: "Field 'planName' doesn't exist on type 'Shop'",
      extensions: { code: 'undefinedField' },
    });
    expect(unknown.body.data).toBeUndefined();
    const broken = await graphql(fake, '{ shop { name }');
    expect(broken.body.errors[0].message).toMatch(/^Parse error/);
    const missing = await graphql(fake, 'query One($id: ID!) { order(id: $id) { name } }');
    expect(missing.body.errors[0].message).toMatch(/\$id of type ID!/);
    const wrongPath = await fetch(`${fake.url}/admin/api/2026-02/graphql.json`, { method: 'POST', body: '{}' });
    expect(wrongPath.status).toBe(404);
  });
});

describe('fake Shopify fulfillments', () => {
  const CREATE = `
    mutation Create($fulfillment: FulfillmentInput!) {
      fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
    }`;
  const CANCEL = `
    mutation Cancel($id: ID!) {
      fulfillmentCancel(id: $id) { fulfillment { id status } userErrors { field message } }
    }`;
  const READ = `
    query Read($id: ID!) {
      order(id: $id) {
        displayFulfillmentStatus
        fulfillments { id status trackingInfo { number } }
        fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { remainingQuantity } } } }
      }
    }`;

  it('lists what fulfillmentCreate shipped on the order; fulfillmentCancel puts the items back', async () => {
    const fake = await startFakeShopify({ orders: 3 });
    fakes.push(fake);
    let [order] = fake.addOrders(1);
    while (order!.displayFulfillmentStatus !== 'UNFULFILLED' || order!.cancelledAt) [order] = fake.addOrders(1);
    const [fo] = order!.fulfillmentOrders;

    const created = await graphql(fake, CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo!.id }], trackingInfo: { number: 'T1' } },
    });
    const fulfillmentId = created.body.data.fulfillmentCreate.fulfillment.id as string;
    const shipped = await graphql(fake, READ, { id: order!.id });
    expect(shipped.body.data.order.displayFulfillmentStatus).toBe('FULFILLED');
    expect(shipped.body.data.order.fulfillments).toEqual([
      { id: fulfillmentId, status: 'SUCCESS', trackingInfo: [{ number: 'T1' }] },
    ]);

    const cancelled = await graphql(fake, CANCEL, { id: fulfillmentId });
    expect(cancelled.body.data.fulfillmentCancel).toEqual({
      fulfillment: { id: fulfillmentId, status: 'CANCELLED' },
      userErrors: [],
    });
    expect(fake.fulfillments.map((f) => f.status)).toEqual(['CANCELLED']);
    const after = await graphql(fake, READ, { id: order!.id });
    expect(after.body.data.order.displayFulfillmentStatus).toBe('UNFULFILLED');
    expect(after.body.data.order.fulfillments[0].status).toBe('CANCELLED');
    // The closed fulfillment order stays closed; a new one holds the items again.
    const [closed, reopened] = after.body.data.order.fulfillmentOrders.nodes;
    expect(closed).toMatchObject({ id: fo!.id, status: 'CLOSED' });
    expect(reopened.status).toBe('OPEN');
    expect(reopened.lineItems.nodes.map((l: { remainingQuantity: number }) => l.remainingQuantity)).toEqual(
      order!.lineItems.map((l) => l.quantity),
    );

    // Cancelling again changes nothing; an unknown fulfillment is a userError.
    const again = await graphql(fake, CANCEL, { id: fulfillmentId });
    expect(again.body.data.fulfillmentCancel.userErrors).toEqual([]);
    expect((await graphql(fake, READ, { id: order!.id })).body.data.order.fulfillmentOrders.nodes).toHaveLength(2);
    const unknown = await graphql(fake, CANCEL, { id: 'gid://shopify/Fulfillment/1' });
    expect(unknown.body.data.fulfillmentCancel).toEqual({
      fulfillment: null,
      userErrors: [{ field: ['id'], message: 'Fulfillment does not exist.' }],
    });
  });

  it('refuses fulfillmentCancel to a token without the fulfillment scope', async () => {
    const fake = await startFakeShopify({ orders: 3, scopes: ['read_orders'] });
    fakes.push(fake);
    const { body } = await graphql(fake, CANCEL, { id: 'gid://shopify/Fulfillment/1' });
    expect(body.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});
