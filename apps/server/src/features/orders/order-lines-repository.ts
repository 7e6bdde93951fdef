import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deliveries, deliveryLines, orderLines } from '../../db/schema/index.ts';
import type { PlannedLine, StoredLine } from './order-lines-rules.ts';

/** The SQL of editing an order's lines: its lines, and the planned deliveries that carry them. */
export function createOrderLinesRepository() {
  return {
    async listLines(tx: Executor, tenantId: string, orderId: number): Promise<StoredLine[]> {
      return tx
        .select({
          id: orderLines.id,
          sku: orderLines.sku,
          name: orderLines.name,
          quantity: orderLines.quantity,
          unitPrice: orderLines.unitPrice,
          weight: orderLines.weight,
          category: orderLines.category,
          hazardous: orderLines.hazardous,
          hazardClass: orderLines.hazardClass,
        })
        .from(orderLines)
        .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.position));
    },

    /** The order's deliveries' statuses and purchases in flight: what says whether its lines may change. */
    async deliveryStates(tx: Executor, tenantId: string, orderId: number) {
      return tx
        .select({ id: deliveries.id, status: deliveries.status, purchaseState: deliveries.purchaseState })
        .from(deliveries)
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId)))
        .orderBy(asc(deliveries.id));
    },

    /**
     * Writes the lines as planned: lines not kept are deleted (their delivery rows go with them), kept ones updated
     * in place (their ids stay, so labels' history and the timeline still name them), new ones inserted. Returns
     * every line's id and units, in position order.
     */
    async replaceLines(
      tx: Executor,
      tenantId: string,
      orderId: number,
      planned: ReadonlyArray<PlannedLine & { weightSource?: 'seller' | null }>,
    ): Promise<Array<{ id: number; quantity: number; weight: number }>> {
      const keptIds = planned.flatMap((l) => (l.id === undefined ? [] : [l.id]));
      const ofOrder = and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId));
      await tx
        .delete(orderLines)
        .where(keptIds.length > 0 ? and(ofOrder, notInArray(orderLines.id, keptIds)) : ofOrder);
      const written: Array<{ id: number; quantity: number; weight: number }> = [];
      for (const [position, line] of planned.entries()) {
        const { id, ...values } = line;
        if (id !== undefined) {
          await tx
            .update(orderLines)
            .set({ ...values, position })
            .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.id, id)));
          written.push({ id, quantity: line.quantity, weight: line.weight });
        } else {
          const [row] = await tx
            .insert(orderLines)
            .values({ tenantId, orderId, position, quantityShipped: 0, ...values })
            .returning({ id: orderLines.id });
          written.push({ id: row!.id, quantity: line.quantity, weight: line.weight });
        }
      }
      return written;
    },

    /**
     * Every unit of the lines into one planned delivery: the first planned one keeps its box and dimensions, the
     * other planned ones (a split made before the edit) are folded into it; one is made when none is planned. Its
     * weight becomes the lines' weight, as for a new order.
     */
    async replanDelivery(
      tx: Executor,
      tenantId: string,
      orderId: number,
      plannedIds: readonly number[],
      lines: ReadonlyArray<{ id: number; quantity: number; weight: number }>,
      requestedShipMethod: string | null,
    ): Promise<void> {
      const weight = lines.reduce((g, l) => g + l.quantity * l.weight, 0);
      let deliveryId = plannedIds[0];
      if (plannedIds.length > 0) {
        await tx
          .delete(deliveryLines)
          .where(and(eq(deliveryLines.tenantId, tenantId), inArray(deliveryLines.deliveryId, [...plannedIds])));
        if (plannedIds.length > 1) {
          await tx
            .delete(deliveries)
            .where(and(eq(deliveries.tenantId, tenantId), inArray(deliveries.id, plannedIds.slice(1))));
        }
        await tx
          .update(deliveries)
          .set({ weight, weightSource: 'lines', updatedAt: new Date() })
          .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.id, deliveryId!)));
      } else {
        const [row] = await tx
          .insert(deliveries)
          .values({ tenantId, orderId, requestedShipMethod, weight })
          .returning({ id: deliveries.id });
        deliveryId = row!.id;
      }
      await tx
        .insert(deliveryLines)
        .values(lines.map((l) => ({ tenantId, deliveryId: deliveryId!, lineId: l.id, quantity: l.quantity })));
    },
  };
}
