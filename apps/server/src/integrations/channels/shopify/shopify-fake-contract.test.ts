import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import { LIST_ORDERS_QUERY, MAX_QUERY_COST, ORDERS_PER_QUERY } from './shopify-queries.ts';

/**
 * The adapter's order query against the fake Shopify, which prices a query by Shopify's documented cost rules on its
 * own. The adapter sizes its requests from its own arithmetic (shopify-queries.ts); if that arithmetic drifted from
 * what Shopify charges, a full page would be refused with MAX_COST_EXCEEDED in production, so the two are held
 * against each other here.
 */

let fake: FakeShopify;
beforeAll(async () => {
  fake = await startFakeShopify({ orders: 60, seed: 7 });
});
afterAll(async () => {
  await fake.close();
});

async function listOrders(first: number) {
  const response = await fetch(`${fake.url}/admin/api/2026-01/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake.accessToken },
    body: JSON.stringify({
      query: LIST_ORDERS_QUERY.document,
      operationName: LIST_ORDERS_QUERY.name,
      variables: { first, after: null, query: null },
    }),
  });
  expect(response.status).toBe(200);
  // The answer is checked field by field below; a loose type keeps those checks readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as Record<string, any>;
}

describe('the adapter list query against the fake Shopify', () => {
  it('costs what shopify-queries.ts budgets: 2 for the connection plus 52 per order', async () => {
    const body = await listOrders(10);
    expect(body.errors).toBeUndefined();
    expect(body.extensions.cost.requestedQueryCost).toBe(522);
  });

  it('fits ORDERS_PER_QUERY orders under the single-query limit, and one more would not', async () => {
    const full = await listOrders(ORDERS_PER_QUERY);
    expect(full.errors).toBeUndefined();
    expect(full.data.orders.nodes).toHaveLength(ORDERS_PER_QUERY);
    expect(full.extensions.cost.requestedQueryCost).toBeLessThanOrEqual(MAX_QUERY_COST);

    const over = await listOrders(ORDERS_PER_QUERY + 1);
    expect(over.data).toBeUndefined();
    expect(over.errors[0].extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: MAX_QUERY_COST });
  });

  it('answers every field the query selects', async () => {
    const body = await listOrders(3);
    const [order] = body.data.orders.nodes;
    expect(order).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/),
      name: expect.stringMatching(/^#\d+$/),
      totalPriceSet: { shopMoney: { amount: expect.any(String), currencyCode: 'USD' } },
      lineItems: { pageInfo: { hasNextPage: expect.any(Boolean) }, nodes: expect.any(Array) },
    });
    expect(body.data.orders.pageInfo).toEqual({ hasNextPage: true, endCursor: expect.any(String) });
  });
});
