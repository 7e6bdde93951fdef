import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boxSizes, deliveries, deliveryLines, orderLines } from '../../db/schema/index.ts';

/** The SQL of changing an order's line weights and its planned deliveries' parcels (docs/order-editing.md). */
export function createOrderWeightsRepository() {
  return {
    /** The order's deliveries, each with its units per line. */
    async deliveriesWithLines(tx: Executor, tenantId: string, orderId: number) {
      const rows = await tx
        .select({
          id: deliveries.id,
          status: deliveries.status,
          purchaseState: deliveries.purchaseState,
          boxSizeId: deliveries.boxSizeId,
          weight: deliveries.weight,
          length: deliveries.length,
          width: deliveries.width,
          height: deliveries.height,
        })
        .from(deliveries)
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId)))
        .orderBy(asc(deliveries.id));
      const ids = rows.map((r) => r.id);
      const lines =
        ids.length === 0
          ? []
          : await tx
              .select({
                deliveryId: deliveryLines.deliveryId,
                lineId: deliveryLines.lineId,
                quantity: deliveryLines.quantity,
              })
              .from(deliveryLines)
              .where(and(eq(deliveryLines.tenantId, tenantId), inArray(deliveryLines.deliveryId, ids)));
      return rows.map((row) => ({
        ...row,
        length: row.length === null ? null : Number(row.length),
        width: row.width === null ? null : Number(row.width),
        height: row.height === null ? null : Number(row.height),
        lines: lines.filter((l) => l.deliveryId === row.id).map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
      }));
    },

    async setLineWeight(tx: Executor, tenantId: string, lineId: number, weight: number): Promise<void> {
      await tx
        .update(orderLines)
        .set({ weight })
        .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.id, lineId)));
    },

    async setDeliveryParcel(
      tx: Executor,
      tenantId: string,
      deliveryId: number,
      parcel: {
        boxSizeId?: number | null;
        weight: number;
        length?: number | null;
        width?: number | null;
        height?: number | null;
      },
    ): Promise<void> {
      await tx
        .update(deliveries)
        .set({ ...parcel, updatedAt: new Date() })
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.id, deliveryId)));
    },

    async findBox(tx: Executor, tenantId: string, id: number) {
      const [row] = await tx
        .select({ id: boxSizes.id, name: boxSizes.name, archivedAt: boxSizes.archivedAt })
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
      return row;
    },
  };
}

/**
 * The SKUs of a delivery's lines that have no weight, in line order: what a batch names when it cannot weigh the
 * parcel ("Enter a weight for MUG-1 on the order").
 */
export async function unweighedSkus(tx: Executor, tenantId: string, deliveryId: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ sku: orderLines.sku, position: orderLines.position })
    .from(deliveryLines)
    .innerJoin(
      orderLines,
      and(eq(orderLines.tenantId, deliveryLines.tenantId), eq(orderLines.id, deliveryLines.lineId)),
    )
    .where(
      and(eq(deliveryLines.tenantId, tenantId), eq(deliveryLines.deliveryId, deliveryId), eq(orderLines.weight, 0)),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((r) => r.sku);
}
