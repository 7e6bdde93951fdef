import { sql, type SQL } from 'drizzle-orm';
import { gramsText, parcelEditRefusal, type OrderStatuses } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { resolveShipping } from '../shipping/index.ts';
import type { OrderRules } from './new-order-rules.ts';
import { changeOrders, type OrderActor } from './order-changes.ts';

/**
 * Order lines weighed from their products (docs/products.md, "Filling open orders"): the orders' side of the
 * catalogue's background fill. A line of an open order whose weight is 0 (not known) or was filled before, and that
 * no person typed, takes the weight of the live product of its SKU; the deliveries whose weight follows their lines
 * are weighed again; each order changed moves its version with one timeline row; then shipping is resolved and the
 * rules run again on them, as after a seller's line weights. Set-based: a handful of statements per batch of orders,
 * whatever its size (docs/PERFORMANCE.md, "Product weight fill").
 */

export const WEIGHT_FILLED_EVENT = 'productWeightFilled';
/** Who the timeline names for a fill. */
const FILL_ACTOR: OrderActor = { id: 'system', email: 'Product catalogue' };

/** `ARRAY[...]` of texts sent as one JSON parameter (SKUs may hold any character; thousands of them). */
const texts = (values: readonly string[]): SQL =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const ids = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::bigint[]`;

/**
 * A line (`l`, joined to its live product `p`) the fill writes: of one of `skus`, not typed by a person, without a
 * weight or filled before, its product weighed and different, and not in a parcel that has a label.
 */
function lineToFill(tenantId: string, skus: readonly string[]): SQL {
  return sql`l.tenant_id = ${tenantId} AND l.sku = ANY(${texts(skus)})
    AND l.weight_source IS DISTINCT FROM 'seller' AND (l.weight = 0 OR l.weight_source = 'product')
    AND p.weight > 0 AND p.weight <> l.weight
    AND NOT EXISTS (
      SELECT 1 FROM delivery_lines dl JOIN deliveries d ON d.tenant_id = dl.tenant_id AND d.id = dl.delivery_id
      WHERE dl.tenant_id = l.tenant_id AND dl.line_id = l.id AND d.status NOT IN ('planned', 'canceled'))`;
}

const LIVE_PRODUCT = sql`JOIN products p ON p.tenant_id = l.tenant_id AND p.sku = l.sku AND p.archived_at IS NULL`;
/** The open orders of `parcelEditRefusal` (checked again on each locked order): Draft or Sales Order, unshipped. */
const OPEN_ORDER = sql`JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
  AND o.order_status IN ('Draft Order', 'Sales Order') AND o.shipment_status = 'Unshipped'`;

async function rows<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How many open orders have lines of `skus` to fill. */
export async function countOrdersToFill(tx: Executor, tenantId: string, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const [row] = await rows<{ n: string | number }>(
    tx,
    sql`SELECT count(DISTINCT l.order_id) AS n FROM order_lines l ${LIVE_PRODUCT} ${OPEN_ORDER}
        WHERE ${lineToFill(tenantId, skus)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The next open orders with lines of `skus` to fill after `afterId`, by id, at most `limit`: what a fill walks, read
 * once for many batches (the lines are found by the SKU's index, which is not in order id order, so each read costs
 * every line of the SKU; reading 500 at a time would read them all 500 times over).
 */
export async function ordersToFill(
  tx: Executor,
  tenantId: string,
  skus: readonly string[],
  afterId: number,
  limit: number,
): Promise<number[]> {
  if (skus.length === 0) return [];
  return (
    await rows<{ order_id: string | number }>(
      tx,
      sql`SELECT DISTINCT l.order_id FROM order_lines l ${LIVE_PRODUCT} ${OPEN_ORDER}
          WHERE ${lineToFill(tenantId, skus)} AND l.order_id > ${afterId} ORDER BY l.order_id LIMIT ${limit}`,
    )
  ).map((r) => Number(r.order_id));
}

export interface FillOutcome {
  /** Orders written (version moved, timeline row), for the realtime notice after the commit. */
  filled: number[];
  /** Orders passed over because a label purchase is in flight: the fill asks for them again later. */
  deferred: number[];
}

interface ChangedLine {
  id: string | number;
  order_id: string | number;
  sku: string;
  position: number;
  old_weight: number;
  new_weight: number;
}

interface LockedOrder {
  id: string | number;
  order_status: OrderStatuses['orderStatus'];
  payment_status: OrderStatuses['paymentStatus'];
  shipment_status: OrderStatuses['shipmentStatus'];
  in_flight: boolean;
}

/** "MUG-1: 340 g" for a line weighed for the first time, "MUG-1: 300 g -> 340 g" for a product's weight changed. */
const fillWords = (line: ChangedLine) =>
  line.old_weight > 0
    ? `${line.sku}: ${gramsText(line.old_weight)} -> ${gramsText(line.new_weight)}`
    : `${line.sku}: ${gramsText(line.new_weight)}`;

/**
 * One batch of the fill, in the caller's transaction: the orders are locked (by id, as every writer takes them), an
 * order with a purchase in flight is passed over (deferred), and the others' lines, deliveries, versions and
 * timelines are written in one statement each; then shipping resolution and the rules (`manual`) run on them.
 */
export async function fillLineWeights(
  tx: Executor,
  tenantId: string,
  skus: readonly string[],
  orderIds: readonly number[],
  rules?: OrderRules,
): Promise<FillOutcome> {
  const outcome: FillOutcome = { filled: [], deferred: [] };
  if (skus.length === 0 || orderIds.length === 0) return outcome;
  const locked = await rows<LockedOrder>(
    tx,
    sql`SELECT o.id, o.order_status, o.payment_status, o.shipment_status,
          EXISTS (SELECT 1 FROM deliveries d WHERE d.tenant_id = o.tenant_id AND d.order_id = o.id
                  AND d.purchase_state IS NOT NULL) AS in_flight
        FROM orders o WHERE o.tenant_id = ${tenantId} AND o.id = ANY(${ids(orderIds)})
        ORDER BY o.id FOR UPDATE OF o`,
  );
  const statusesById = new Map<number, OrderStatuses>();
  for (const order of locked) {
    const statuses = {
      orderStatus: order.order_status,
      paymentStatus: order.payment_status,
      shipmentStatus: order.shipment_status,
    };
    // Closed or shipped since the batch was chosen: nothing to fill any more.
    if (parcelEditRefusal(statuses)) continue;
    if (order.in_flight) outcome.deferred.push(Number(order.id));
    else statusesById.set(Number(order.id), statuses);
  }
  if (statusesById.size === 0) return outcome;

  // `prev` is the statement's snapshot of the same row: its weight before the update.
  const changed = await rows<ChangedLine>(
    tx,
    sql`UPDATE order_lines l SET weight = p.weight, weight_source = 'product'
        FROM products p, order_lines prev
        WHERE p.tenant_id = l.tenant_id AND p.sku = l.sku AND p.archived_at IS NULL
          AND prev.tenant_id = l.tenant_id AND prev.id = l.id
          AND l.order_id = ANY(${ids([...statusesById.keys()])}) AND ${lineToFill(tenantId, skus)}
        RETURNING l.id, l.order_id, l.sku, l.position, prev.weight AS old_weight, l.weight AS new_weight`,
  );
  if (changed.length === 0) return outcome;
  // The planned deliveries whose weight is their lines' follow them (a person's weight stands).
  await tx.execute(sql`
    UPDATE deliveries d SET weight = s.weight, updated_at = now()
    FROM (
      SELECT dl.delivery_id, sum(dl.quantity * l.weight)::integer AS weight
      FROM delivery_lines dl JOIN order_lines l ON l.tenant_id = dl.tenant_id AND l.id = dl.line_id
      WHERE dl.tenant_id = ${tenantId} AND dl.delivery_id IN (
        SELECT c.delivery_id FROM delivery_lines c
        WHERE c.tenant_id = ${tenantId} AND c.line_id = ANY(${ids(changed.map((l) => Number(l.id)))}))
      GROUP BY dl.delivery_id
    ) s
    WHERE d.tenant_id = ${tenantId} AND d.id = s.delivery_id AND d.status = 'planned'
      AND d.weight_source = 'lines' AND d.weight <> s.weight`);

  const byOrder = new Map<number, ChangedLine[]>();
  for (const line of changed) {
    const id = Number(line.order_id);
    byOrder.set(id, [...(byOrder.get(id) ?? []), line]);
  }
  const filled = [...byOrder.keys()].sort((a, b) => a - b);
  await changeOrders(
    tx,
    tenantId,
    filled.map((orderId) => {
      const statuses = statusesById.get(orderId)!;
      const lines = byOrder.get(orderId)!.sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id));
      return {
        orderId,
        event: WEIGHT_FILLED_EVENT,
        actor: FILL_ACTOR,
        before: statuses,
        after: statuses,
        payload: {
          changes: lines.map(fillWords),
          weights: lines.map((l) => ({ sku: l.sku, from: l.old_weight, to: l.new_weight })),
          skus: [...new Set(lines.map((l) => l.sku))],
        },
      };
    }),
  );
  // What ships weighs differently: as after a seller's line weights, the service and the rules follow.
  await resolveShipping(tx, tenantId, filled);
  await rules?.(tx, tenantId, filled, 'manual', FILL_ACTOR);
  return { ...outcome, filled };
}
