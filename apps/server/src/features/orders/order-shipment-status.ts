import type { OrderStatuses } from '@shipdesk/contract';

/**
 * The statuses an order has once its lines' shipped units changed (a label bought or voided): the shipment status
 * follows the units, and an order that was completed by shipping goes back to Sales Order when a void leaves units
 * unshipped again. A canceled order stays canceled; an order completes only from Sales Order.
 */
export function statusesAfterShipping(
  current: OrderStatuses,
  units: { ordered: number; shipped: number },
): OrderStatuses {
  const shipmentStatus =
    units.shipped <= 0 ? 'Unshipped' : units.shipped >= units.ordered ? 'Shipped Complete' : 'Shipped Partial';
  let orderStatus = current.orderStatus;
  if (orderStatus === 'Sales Order' && shipmentStatus === 'Shipped Complete') orderStatus = 'Completed';
  else if (orderStatus === 'Completed' && shipmentStatus !== 'Shipped Complete') orderStatus = 'Sales Order';
  return { orderStatus, paymentStatus: current.paymentStatus, shipmentStatus };
}
