import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boxSizes, deliveries, deliveryLines, orderLines, products } from '../../db/schema/index.ts';

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
          weightSource: deliveries.weightSource,
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

    /** A weight a person typed: the line's from now on (a product fill and a channel's 0 leave it). */
    async setLineWeight(tx: Executor, tenantId: string, lineId: number, weight: number): Promise<void> {
      await tx
        .update(orderLines)
        .set({ weight, weightSource: 'seller' })
        .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.id, lineId)));
    },

    async setDeliveryParcel(
      tx: Executor,
      tenantId: string,
      deliveryId: number,
      parcel: {
        boxSizeId?: number | null;
        weight: number;
        /** `seller`: a person typed the weight and it stands; `lines`: it follows the lines (absent: as it was). */
        weightSource?: 'lines' | 'seller';
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

/** What a delivery holds, weighed: each line's own weight and, for a line without one, its product's. */
interface DeliveryContents {
  /** Grams with a line without a weight counted at its live product's weight per unit (docs/products.md). */
  weight: number;
  /** The SKUs of lines with no weight of their own nor a weighed product, in line order, each once. */
  unweighed: string[];
}

/**
 * A delivery's contents, weighed in one query (its lines joined to the tenant's live product of each line's SKU): an
 * order line without a weight counts its product's weight per unit; the lines that have neither are named, what a
 * batch asks the seller to weigh ("enter a weight for MUG-1 on the order").
 */
export async function deliveryContents(tx: Executor, tenantId: string, deliveryId: number): Promise<DeliveryContents> {
  const rows = await tx
    .select({
      sku: orderLines.sku,
      quantity: deliveryLines.quantity,
      weight: orderLines.weight,
      productWeight: products.weight,
    })
    .from(deliveryLines)
    .innerJoin(
      orderLines,
      and(eq(orderLines.tenantId, deliveryLines.tenantId), eq(orderLines.id, deliveryLines.lineId)),
    )
    .leftJoin(
      products,
      and(eq(products.tenantId, orderLines.tenantId), eq(products.sku, orderLines.sku), isNull(products.archivedAt)),
    )
    .where(and(eq(deliveryLines.tenantId, tenantId), eq(deliveryLines.deliveryId, deliveryId)))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  const unweighed = new Set<string>();
  let weight = 0;
  for (const row of rows) {
    const perUnit = row.weight > 0 ? row.weight : (row.productWeight ?? 0);
    if (perUnit <= 0) unweighed.add(row.sku);
    weight += row.quantity * perUnit;
  }
  return { weight, unweighed: [...unweighed] };
}
