import { and, desc, eq } from 'drizzle-orm';
import type { Order } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { orderEvents, type OrderEventRow, type OrderRow } from '../../db/schema/index.ts';
import { createOrdersRepository } from './orders-repository.ts';
import { toOrder } from './order-views.ts';

/** What other features read of orders, in the caller's transaction (index.ts says who and why). */

const repo = createOrdersRepository();

/** The order as it is now, without a lock; undefined when it is not the tenant's. */
export function findOrder(tx: Executor, tenantId: string, orderId: number): Promise<OrderRow | undefined> {
  return repo.findOrder(tx, tenantId, orderId);
}

/** The order as the API answers it (lines, addresses, store and method names). */
export async function orderView(tx: Executor, tenantId: string, order: OrderRow): Promise<Order> {
  return toOrder(await repo.detail(tx, tenantId, order));
}

/** The tenant's time zone (undefined before one was set): what "today" is for a ship date or a hold. */
export function tenantTimeZone(tx: Executor, tenantId: string): Promise<string | undefined> {
  return repo.timeZone(tx, tenantId);
}

/** The order's newest timeline rows of one event, newest first, at most `limit`. */
export function orderTimeline(
  tx: Executor,
  tenantId: string,
  orderId: number,
  event: string,
  limit: number,
): Promise<Array<Pick<OrderEventRow, 'id' | 'at' | 'payload'>>> {
  return tx
    .select({ id: orderEvents.id, at: orderEvents.at, payload: orderEvents.payload })
    .from(orderEvents)
    .where(and(eq(orderEvents.tenantId, tenantId), eq(orderEvents.orderId, orderId), eq(orderEvents.event, event)))
    .orderBy(desc(orderEvents.id))
    .limit(limit);
}
