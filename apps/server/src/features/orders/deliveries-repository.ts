import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deliveries, deliveryLines, type DeliveryRow } from '../../db/schema/index.ts';

export function createDeliveriesRepository() {
  return {
    /** The order's deliveries, each with the ids of its lines. */
    async listForOrder(
      tx: Executor,
      tenantId: string,
      orderId: number,
    ): Promise<Array<{ delivery: DeliveryRow; lineIds: number[] }>> {
      const rows = await tx
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId)))
        .orderBy(asc(deliveries.id));
      if (rows.length === 0) return [];
      const lines = await tx
        .select({ deliveryId: deliveryLines.deliveryId, lineId: deliveryLines.lineId })
        .from(deliveryLines)
        .where(
          and(
            eq(deliveryLines.tenantId, tenantId),
            inArray(
              deliveryLines.deliveryId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(deliveryLines.lineId));
      return rows.map((delivery) => ({
        delivery,
        lineIds: lines.filter((l) => l.deliveryId === delivery.id).map((l) => l.lineId),
      }));
    },
  };
}
