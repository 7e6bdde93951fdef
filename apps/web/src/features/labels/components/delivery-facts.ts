import type { Delivery, Order } from '@shipdesk/contract';

const STATUS: Record<Delivery['status'], string> = {
  planned: 'To ship',
  labelled: 'Labelled',
  shipped: 'Shipped',
  canceled: 'Canceled',
};

/**
 * A delivery's status as the Deliveries card words it: a purchase the carrier has not confirmed yet comes first, with
 * why the last ask failed when one did.
 */
export function deliveryStatusText(delivery: Delivery): string {
  if (delivery.purchaseState !== 'unconfirmed') return STATUS[delivery.status];
  return delivery.purchaseProblem
    ? `Checking with the carrier: ${delivery.purchaseProblem}`
    : 'Checking with the carrier';
}

/** The carrier service a delivery ships with: its own, else the order's, else a dash. */
export function deliveryServiceText(delivery: Delivery, order: Order): string {
  return delivery.carrierMethod ?? order.shipping?.carrierMethodName ?? '—';
}
