import { expect } from 'vitest';
import type { CreateOrder, Order } from '@shipdesk/contract';
import type { TestContext } from './app-helper.ts';

/**
 * The search vector an order's row should hold, as SQL on an order row `o`: what the tables say, for the tests of
 * other features that write orders (the orders feature keeps it to itself).
 */
export { STORED_SEARCH_VECTOR_SQL } from '../src/features/orders/order-search.ts';

/** A valid manual order body; override any part. */
export function orderBody(overrides: Partial<CreateOrder> = {}): CreateOrder {
  return {
    customerEmail: 'ada@example.com',
    requestedShippingMethod: 'Ground',
    shippingTotal: 500,
    taxTotal: 120,
    lines: [
      { sku: 'MUG-1', name: 'Blue mug', quantity: 2, unitPrice: 1250, weight: 350 },
      { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 100, category: 'Food' },
    ],
    shippingAddress: {
      name: 'Ada Lovelace',
      address1: '12 St James Square',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    },
    ...overrides,
  };
}

/** Creates an order through the API and returns it. */
export async function createOrder(
  t: TestContext,
  tenantId: string,
  overrides: Partial<CreateOrder> = {},
  headers: Record<string, string> = {},
): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/store/1/orders',
    headers: { ...(await t.auth(tenantId)), ...headers },
    payload: orderBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

/** Runs an order event through the API. */
export async function flow(
  t: TestContext,
  tenantId: string,
  orderId: string,
  event: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/call/orders/${orderId}/${event}/orderFlow`,
    headers: { ...(await t.auth(tenantId)), ...headers },
    payload: body,
  });
}
