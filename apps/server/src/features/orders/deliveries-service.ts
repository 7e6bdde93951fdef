import type { Delivery, DeliveryStatus } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createOrdersRepository } from './orders-repository.ts';
import { ORDER_NOT_FOUND } from './orders-service.ts';
import { idText, parseId } from './order-views.ts';
import { createDeliveriesRepository } from './deliveries-repository.ts';
import { toLabel } from './delivery-label-view.ts';

export function createDeliveriesService(database: Database) {
  const repo = createDeliveriesRepository();
  const orders = createOrdersRepository();
  return {
    /** `GET /api/v1/deliveries?orderId=`: the order's planned and labelled shipments (its shipping methods). */
    list(auth: AuthContext, orderIdText: string): Promise<Delivery[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const orderId = parseId(orderIdText);
        const order = orderId === null ? undefined : await orders.findOrder(tx, auth.tenantId, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        return (await repo.listForOrder(tx, auth.tenantId, order.id)).map(({ delivery, lineIds, label }) => ({
          deliveryId: String(delivery.id),
          orderId: String(delivery.orderId),
          requestedShipMethod: delivery.requestedShipMethod,
          carrierMethod: delivery.carrierMethod,
          boxSizeId: idText(delivery.boxSizeId),
          weight: delivery.weight,
          status: delivery.status as DeliveryStatus,
          lineIds: lineIds.map(String),
          trackingNumber: delivery.trackingNumber,
          packageType: delivery.packageType,
          length: delivery.length === null ? null : Number(delivery.length),
          width: delivery.width === null ? null : Number(delivery.width),
          height: delivery.height === null ? null : Number(delivery.height),
          purchaseState: delivery.purchaseState as Delivery['purchaseState'],
          label: label ? toLabel(label) : null,
        }));
      });
    },
  };
}
