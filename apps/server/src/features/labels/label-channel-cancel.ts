import { and, desc, eq, sql } from 'drizzle-orm';
import { channelName } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { orderEvents, type OrderRow } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-errors.ts';

const CANCELED = ['Canceled', 'Completed - Canceled Partial'];

/**
 * A label for an order its channel canceled is refused in the channel's words (docs/stores.md, "Pushes"): the buyer
 * canceled on Amazon or eBay, the change arrived by a push or a pull, and the packing table must not ship it. Other
 * refusals of a canceled order (canceled here by a person) keep the lifecycle's message.
 */
export async function refuseChannelCanceled(tx: Executor, tenantId: string, order: OrderRow): Promise<void> {
  if (!CANCELED.includes(order.orderStatus) || order.storeId === null) return;
  // The event that moved the order into a canceled status: the channel's copy, or a person here.
  const [canceling] = await tx
    .select({ event: orderEvents.event, at: orderEvents.at })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.tenantId, tenantId),
        eq(orderEvents.orderId, order.id),
        sql`${orderEvents.after} ->> 'orderStatus' IN ('Canceled', 'Completed - Canceled Partial')`,
        sql`(${orderEvents.before} IS NULL OR ${orderEvents.before} ->> 'orderStatus' NOT IN ('Canceled', 'Completed - Canceled Partial'))`,
      ),
    )
    .orderBy(desc(orderEvents.id))
    .limit(1);
  if (!canceling || (canceling.event !== 'channelUpdated' && canceling.event !== 'imported')) return;
  const channel = channelName(order.sourceType);
  const when = new Date(canceling.at).toISOString().slice(0, 16).replace('T', ' ');
  throw new HttpError(409, `${channel} canceled this order (${when} UTC); it must not be shipped`, {
    reason: 'channel_canceled',
  });
}
