import { sql } from 'drizzle-orm';
import type { OrderStatuses } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { STORED_SEARCH_VECTOR_SQL } from './order-search.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';

/**
 * The one writer of an order's statuses and timeline (docs/orders.md, "One writer"): every feature that changes an
 * order (the lifecycle, labels, store sync, shipping rules, and any later one) does it through these use cases, so
 * that each change locks the order, moves its version and leaves its `order_events` row in the same way. A test
 * (security/order-writers.test.ts) fails when code outside this feature writes either itself.
 */

export const ORDER_NOT_FOUND = 'Order not found';

export function staleVersion(current: number): HttpError {
  return new HttpError(409, `The order changed meanwhile (now version ${current}); reload it and try again`, {
    reason: 'stale_version',
  });
}

/** Who the timeline names: a person, or a system actor (a store's sync, the shipping rules). */
export interface OrderActor {
  id: string;
  email: string;
}

/** One timeline row. `before`/`after`: the statuses on either side, null where the row changes none. */
export interface TimelineRow {
  orderId: number;
  event: string;
  actor: OrderActor;
  before: OrderStatuses | null;
  after: OrderStatuses | null;
  payload: object;
}

interface OrderChange {
  /** What happened, as the timeline names it (`approve`, `shipLabel`, `voidLabel`, ...). */
  event: string;
  actor: OrderActor;
  /** The version the caller's form was loaded with (409 `stale_version` when it moved); absent: the order as it is. */
  version?: number | null | undefined;
  /** The change alters what the order is found by (a tracking number, an address): its search words are rewritten. */
  searchChanged?: boolean;
}

/** What the caller's work did to the locked order; anything else it returns comes back with the order. */
export interface ChangeOutcome {
  /** The order's statuses after the change; absent: unchanged. */
  statuses?: OrderStatuses;
  /** Columns of the order the lifecycle's own effects set with the statuses (a payment's paid total, a ship-to). */
  columns?: Partial<Pick<OrderRow, 'paidTotal' | 'shipTo' | 'subtotal' | 'total' | 'itemCount'>>;
  /** The timeline row's payload. */
  payload: Record<string, unknown>;
}

const repo = createOrdersRepository();

/**
 * The order locked for a change (`SELECT ... FOR UPDATE`, held to the caller's commit): 404 when it is not the
 * tenant's (an id that cannot be one too), 409 `stale_version` when the caller's version is not the order's.
 */
export async function lockOrder(
  tx: Executor,
  tenantId: string,
  orderId: number | string,
  version?: number | null,
): Promise<OrderRow> {
  const id = typeof orderId === 'number' ? orderId : parseId(orderId);
  const order = id === null ? undefined : await repo.findOrder(tx, tenantId, id, true);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (version != null && version !== order.version) throw staleVersion(order.version);
  return order;
}

/**
 * Changes one order in the caller's transaction: locks it and checks the caller's version, runs `work` on it and its
 * statuses (the feature's own writes, which decide the statuses after and the payload), sets the statuses, moves the version,
 * and appends the timeline row with who, what, from and to. Returns the order before and after, and what `work`
 * returned. A throw anywhere rolls all of it back with the caller's transaction.
 */
export async function changeOrder<T extends ChangeOutcome>(
  tx: Executor,
  tenantId: string,
  orderId: number | string,
  change: OrderChange,
  work: (order: OrderRow, statuses: OrderStatuses) => Promise<T>,
): Promise<{ before: OrderRow; order: OrderRow; outcome: T }> {
  const before = await lockOrder(tx, tenantId, orderId, change.version);
  const outcome = await work(before, statusesOf(before));
  const order = await repo.updateOrder(
    tx,
    tenantId,
    before.id,
    { ...outcome.statuses, ...outcome.columns },
    { searchChanged: change.searchChanged },
  );
  await repo.insertEvent(tx, tenantId, {
    orderId: before.id,
    event: change.event,
    actorId: change.actor.id,
    actorEmail: change.actor.email,
    before: statusesOf(before),
    after: statusesOf(order),
    payload: outcome.payload,
  });
  return { before, order, outcome };
}

const EVENT_COLUMNS = sql.raw(
  'order_id bigint, event text, actor_id text, actor_email text, before jsonb, after jsonb, payload jsonb',
);

function eventRecords(rows: readonly TimelineRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      order_id: r.orderId,
      event: r.event,
      actor_id: r.actor.id,
      actor_email: r.actor.email,
      before: r.before,
      after: r.after,
      payload: r.payload,
    })),
  );
}

/**
 * Timeline rows of any number of orders in one statement, in the order given, changing nothing else: the orders a
 * store sync imported, the applications of the shipping rules (thousands at once), a reship's original told of its
 * label. One statement however many orders, so a pull page or a rules run costs one round trip for its timeline.
 */
export async function recordOrderEvents(tx: Executor, tenantId: string, rows: readonly TimelineRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO order_events (tenant_id, order_id, event, actor_id, actor_email, before, after, payload)
    SELECT ${tenantId}, e.order_id, e.event, e.actor_id, e.actor_email, e.before, e.after, e.payload
    FROM jsonb_to_recordset(${eventRecords(rows)}::jsonb) AS e(${EVENT_COLUMNS})`);
}

/**
 * Many orders changed at once (a channel's newer copies of orders already stored, which the caller has locked):
 * each order's statuses set to its row's `after`, its version moved and, with `searchChanged`, its search words
 * rewritten from the tables, and its timeline row appended, all in one statement for any number of orders.
 */
export async function changeOrders(
  tx: Executor,
  tenantId: string,
  rows: ReadonlyArray<TimelineRow & { after: OrderStatuses }>,
  options: { searchChanged?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const search = options.searchChanged ? sql`, search_vector = ${sql.raw(STORED_SEARCH_VECTOR_SQL)}` : sql``;
  await tx.execute(sql`
    WITH e AS (SELECT * FROM jsonb_to_recordset(${eventRecords(rows)}::jsonb) AS e(${EVENT_COLUMNS})),
    changed AS (
      UPDATE orders o SET order_status = e.after ->> 'orderStatus', payment_status = e.after ->> 'paymentStatus',
        shipment_status = e.after ->> 'shipmentStatus', version = o.version + 1, updated_at = now()${search}
      FROM e WHERE o.tenant_id = ${tenantId} AND o.id = e.order_id
    )
    INSERT INTO order_events (tenant_id, order_id, event, actor_id, actor_email, before, after, payload)
    SELECT ${tenantId}, e.order_id, e.event, e.actor_id, e.actor_email, e.before, e.after, e.payload FROM e`);
}
