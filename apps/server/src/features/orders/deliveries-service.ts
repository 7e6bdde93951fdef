import type { Delivery, DeliveryStatus } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createOrdersRepository } from './orders-repository.ts';
import { ORDER_NOT_FOUND } from './order-changes.ts';
import { parseId } from '../../lib/ids.ts';
import { idText } from './order-views.ts';
import { createDeliveriesRepository } from './deliveries-repository.ts';
import { toLabel } from './delivery-label-view.ts';

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

/** The order's deliveries as the API answers them, in the caller's transaction. */
export async function deliveriesOf(tx: Executor, tenantId: string, orderId: number): Promise<Delivery[]> {
  return (await createDeliveriesRepository().listForOrder(tx, tenantId, orderId)).map(({ delivery, lines, label }) => ({
    deliveryId: String(delivery.id),
    orderId: String(delivery.orderId),
    requestedShipMethod: delivery.requestedShipMethod,
    carrierMethod: delivery.carrierMethod,
    boxSizeId: idText(delivery.boxSizeId),
    weight: delivery.weight,
    status: delivery.status as DeliveryStatus,
    lineIds: lines.map((l) => String(l.lineId)),
    lines: lines.map((l) => ({ lineId: String(l.lineId), quantity: l.quantity })),
    trackingNumber: delivery.trackingNumber,
    packageType: delivery.packageType,
    length: numberOrNull(delivery.length),
    width: numberOrNull(delivery.width),
    height: numberOrNull(delivery.height),
    purchaseState: delivery.purchaseState as Delivery['purchaseState'],
    // Kept by the label purchase in its own record (features/labels, PurchaseRecord.settleProblem).
    purchaseProblem: delivery.purchaseState
      ? ((delivery.purchaseRequest as { settleProblem?: string } | null)?.settleProblem ?? null)
      : null,
    label: label ? toLabel(label) : null,
  }));
}

export function createDeliveriesService(database: Database) {
  const orders = createOrdersRepository();
  return {
    /** `GET /api/v1/deliveries?orderId=`: the order's planned and labelled shipments (its shipping methods). */
    list(auth: AuthContext, orderIdText: string): Promise<Delivery[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const orderId = parseId(orderIdText);
        const order = orderId === null ? undefined : await orders.findOrder(tx, auth.tenantId, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        return deliveriesOf(tx, auth.tenantId, order.id);
      });
    },
  };
}
