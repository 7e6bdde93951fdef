import { expect } from 'vitest';
import type { CreateOrder, Order } from '@shipdesk/contract';
import type { TestContext } from './app-helper.ts';
import { createOrder, flow } from './order-helpers.ts';

/** The ship-from address the label tests use. */
export const WAREHOUSE = {
  name: 'Northloop Supply',
  address1: '400 Industrial Way',
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  country: 'US',
};
/** Sets the tenant's ship-from address. */
export async function setWarehouse(t: TestContext, tenant: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/call/configs/createOrUpdate',
    headers: await t.auth(tenant),
    payload: { key: 'warehouse_info', options: WAREHOUSE },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A paid Sales Order, ready for a label. */
export async function paidOrder(t: TestContext, tenant: string, overrides: Partial<CreateOrder> = {}): Promise<Order> {
  const order = await createOrder(t, tenant, overrides);
  expect((await flow(t, tenant, order.id, 'approve', { version: 1 })).statusCode).toBe(200);
  const paid = await flow(t, tenant, order.id, 'processPayment', { version: 2 });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.order as Order;
}
