import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  deliveries,
  deliveryLines,
  labelColumns,
  shippingLabels,
  type DeliveryRow,
  type LabelRow,
} from '../../db/schema/index.ts';

type LabelSummaryRow = LabelRow;

export function createDeliveriesRepository() {
  return {
    /** The order's deliveries, each with the ids of its lines. */
    async listForOrder(
      tx: Executor,
      tenantId: string,
      orderId: number,
    ): Promise<
      Array<{
        delivery: DeliveryRow;
        lines: Array<{ lineId: number; quantity: number }>;
        label: LabelSummaryRow | null;
      }>
    > {
      const rows = await tx
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId)))
        .orderBy(asc(deliveries.id));
      if (rows.length === 0) return [];
      const lines = await tx
        .select({
          deliveryId: deliveryLines.deliveryId,
          lineId: deliveryLines.lineId,
          quantity: deliveryLines.quantity,
        })
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
      // Per delivery its standing label, else its newest voided one.
      const labels = await tx
        .select(labelColumns)
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            inArray(
              shippingLabels.deliveryId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(sql`${shippingLabels.status} = 'active' DESC`, desc(shippingLabels.id));
      return rows.map((delivery) => ({
        delivery,
        lines: lines
          .filter((l) => l.deliveryId === delivery.id)
          .map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
        label: labels.find((l) => l.deliveryId === delivery.id) ?? null,
      }));
    },
  };
}
