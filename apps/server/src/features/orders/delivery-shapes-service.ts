import { and, eq, inArray } from 'drizzle-orm';
import type { DeliveriesShape, Delivery, SuccessEnvelope } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { boxSizes, deliveries, deliveryLines } from '../../db/schema/index.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { idempotencyKey, runIdempotent, type WriteRequest } from '../../lib/idempotency.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createDeliveriesRepository } from './deliveries-repository.ts';
import { deliveriesOf } from './deliveries-service.ts';
import { changeOrder } from './order-changes.ts';
import { createOrdersRepository } from './orders-repository.ts';
import type { OrdersNotifier } from './orders-notifier.ts';

/** Orders whose boxes may still change. */
const OPEN = new Set(['Draft Order', 'Sales Order']);

/**
 * Splitting an order's lines across several deliveries (boxes) or merging them back: the unlabelled deliveries are
 * replaced by the shape sent, in one transaction. Labelled deliveries stay as they are; every unit not in one of them
 * must be in exactly one box of the shape (errors name the field: `deliveries[1].lines[0].quantity`).
 */
export function createDeliveryShapes(database: Database, notify: OrdersNotifier) {
  const orders = createOrdersRepository();
  const repo = createDeliveriesRepository();

  async function check(tx: Executor, tenantId: string, orderId: number, shape: DeliveriesShape) {
    const [lines, current] = await Promise.all([
      orders.detail(tx, tenantId, (await orders.findOrder(tx, tenantId, orderId))!).then((d) => d.lines),
      repo.listForOrder(tx, tenantId, orderId),
    ]);
    const planned = current.filter((d) => d.delivery.status === 'planned');
    if (planned.some((d) => d.delivery.purchaseState)) {
      throw new HttpError(409, 'A label is being bought for one of these deliveries; wait for it to finish', {
        reason: 'purchase_in_progress',
      });
    }
    // Units already in labelled, shipped or canceled deliveries are not the shape's to move.
    const fixed = new Map<number, number>();
    for (const d of current.filter((c) => c.delivery.status !== 'planned')) {
      for (const l of d.lines) fixed.set(l.lineId, (fixed.get(l.lineId) ?? 0) + l.quantity);
    }
    const errors: Record<string, string> = {};
    const placed = new Map<number, number>();
    const plannedIds = new Set(planned.map((d) => d.delivery.id));
    const boxIds = new Set<number>();
    shape.deliveries.forEach((box, i) => {
      if (box.deliveryId && !plannedIds.has(Number(box.deliveryId))) {
        errors[`deliveries[${i}].deliveryId`] =
          `Delivery ${box.deliveryId} is not an unlabelled delivery of this order`;
      }
      if (box.boxSizeId) boxIds.add(Number(box.boxSizeId));
      const seen = new Set<number>();
      box.lines.forEach((line, j) => {
        const id = Number(line.lineId);
        if (!lines.some((l) => l.id === id))
          errors[`deliveries[${i}].lines[${j}].lineId`] = `No line ${line.lineId} in this order`;
        else if (seen.has(id))
          errors[`deliveries[${i}].lines[${j}].lineId`] = `Line ${line.lineId} is twice in this box`;
        seen.add(id);
        placed.set(id, (placed.get(id) ?? 0) + line.quantity);
      });
    });
    for (const line of lines) {
      const open = line.quantity - (fixed.get(line.id) ?? 0);
      const given = placed.get(line.id) ?? 0;
      if (given !== open) {
        errors[`deliveries.lines[${line.id}]`] =
          `${line.sku || line.name}: ${open} unit${open === 1 ? '' : 's'} to place, ${given} placed`;
      }
    }
    if (boxIds.size > 0) {
      const found = await tx
        .select({ id: boxSizes.id })
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), inArray(boxSizes.id, [...boxIds])));
      const known = new Set(found.map((b) => b.id));
      shape.deliveries.forEach((box, i) => {
        if (box.boxSizeId && !known.has(Number(box.boxSizeId)))
          errors[`deliveries[${i}].boxSizeId`] = `No box size ${box.boxSizeId}`;
      });
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return { planned, lineWeights: new Map(lines.map((l) => [Number(l.id), l.weight])) };
  }

  return {
    /** `POST /call/order/{orderId}/shapeDeliveries`: the order's deliveries after the change. */
    async shape(auth: AuthContext, idText: string, shape: DeliveriesShape, request: WriteRequest) {
      const { tenantId } = auth;
      const answer = await runIdempotent<SuccessEnvelope<Delivery[]>>(
        database,
        tenantId,
        idempotencyKey(request, auth.userId, shape),
        async (tx) => {
          const change = {
            event: 'deliveriesShaped',
            actor: { id: auth.userId, email: auth.email },
            version: shape.version,
          };
          const { order } = await changeOrder(tx, tenantId, idText, change, async (order) => {
            if (!OPEN.has(order.orderStatus)) {
              throw new HttpError(409, `The deliveries of a ${order.orderStatus} order cannot change`, {
                reason: 'invalid_status',
              });
            }
            const { planned, lineWeights } = await check(tx, tenantId, order.id, shape);
            const kept = new Set(shape.deliveries.filter((b) => b.deliveryId).map((b) => Number(b.deliveryId)));
            const dropped = planned.map((d) => d.delivery.id).filter((d) => !kept.has(d));
            if (dropped.length > 0) {
              await tx
                .delete(deliveries)
                .where(and(eq(deliveries.tenantId, tenantId), inArray(deliveries.id, dropped)));
            }
            for (const box of shape.deliveries) {
              // A weight sent that is not its lines' own total was typed for the box: it stands (docs/order-editing.md).
              const own = box.lines.reduce((g, l) => g + l.quantity * (lineWeights.get(Number(l.lineId)) ?? 0), 0);
              const parcel = {
                boxSizeId: box.boxSizeId ? Number(box.boxSizeId) : null,
                weight: box.weight ?? 0,
                weightSource: box.weight && box.weight !== own ? ('seller' as const) : ('lines' as const),
                length: box.length ?? null,
                width: box.width ?? null,
                height: box.height ?? null,
                updatedAt: new Date(),
              };
              let deliveryId: number;
              if (box.deliveryId) {
                deliveryId = Number(box.deliveryId);
                await tx
                  .update(deliveries)
                  .set(parcel)
                  .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.id, deliveryId)));
                await tx
                  .delete(deliveryLines)
                  .where(and(eq(deliveryLines.tenantId, tenantId), eq(deliveryLines.deliveryId, deliveryId)));
              } else {
                const [row] = await tx
                  .insert(deliveries)
                  .values({
                    tenantId,
                    orderId: order.id,
                    requestedShipMethod: order.requestedShippingMethod,
                    ...parcel,
                  })
                  .returning({ id: deliveries.id });
                deliveryId = row!.id;
              }
              await tx.insert(deliveryLines).values(
                box.lines.map((line) => ({
                  tenantId,
                  deliveryId,
                  lineId: Number(line.lineId),
                  quantity: line.quantity,
                })),
              );
            }
            return { payload: { boxes: shape.deliveries.length, before: planned.length } };
          });
          const data = await deliveriesOf(tx, tenantId, order.id);
          return { statusCode: 200, body: { code: 200, success: true as const, data } };
        },
      );
      if (!answer.replayed) notify(tenantId, { orderIds: [idText], event: 'deliveriesShaped' });
      return answer;
    },
  };
}
