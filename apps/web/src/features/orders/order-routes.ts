import { ORDER_EVENTS, ORDER_STATUSES, type OrderEvent, type OrderStatus } from '@shipdesk/contract';

/** The `:filterStatus` segment as an order status, or null when it names none. */
export function parseOrderStatus(segment: string | undefined): OrderStatus | null {
  if (!segment) return null;
  const wanted = segment.trim().toLowerCase();
  return ORDER_STATUSES.find((status) => status.toLowerCase() === wanted) ?? null;
}

/** Actions reachable at /orders/:action/:id: editing, plus the lifecycle events of spec 4.1. */
export type OrderAction = 'edit' | OrderEvent;

const ACTION_TITLES: Record<OrderAction, string> = {
  edit: 'Edit order',
  packingSlip: 'Packing slip',
  cancel: 'Cancel order',
  approve: 'Approve order',
  shipComplete: 'Mark as shipped',
  processPayment: 'Process payment',
  shipLabel: 'Create shipping label',
  zpl: 'Create ZPL label',
  delete: 'Delete order',
  reorder: 'Reorder',
  reship: 'Reship order',
  returnLabel: 'Return label',
};

export function parseOrderAction(segment: string | undefined): OrderAction | null {
  if (!segment) return null;
  return segment === 'edit' || (ORDER_EVENTS as readonly string[]).includes(segment) ? (segment as OrderAction) : null;
}

export function orderActionTitle(action: OrderAction): string {
  return ACTION_TITLES[action];
}
