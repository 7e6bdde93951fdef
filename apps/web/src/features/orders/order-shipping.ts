import { CARRIER_NAMES, type OrderSummary } from '@shipdesk/contract';

/**
 * How an order ships, as the screens tell it: a carrier service; a shipping method that no carrier service fulfils
 * yet; a requested service no method covers ('unmapped'); or nothing to say (nothing asked, nothing chosen, or an
 * order no longer open, which the mappings do not move).
 */
type OrderShippingView =
  | { kind: 'resolved'; service: string; carrier: string; method: string | null; chosenByUser: boolean }
  | { kind: 'no-carrier'; method: string }
  | { kind: 'unmapped'; requested: string }
  | { kind: 'none' };

const OPEN = new Set<OrderSummary['orderStatus']>(['Draft Order', 'Sales Order']);

export function orderShippingView(
  order: Pick<OrderSummary, 'shipping' | 'requestedShippingMethod' | 'orderStatus'>,
): OrderShippingView {
  const { shipping } = order;
  if (shipping.carrier && shipping.carrierMethod) {
    return {
      kind: 'resolved',
      service: shipping.carrierMethodName ?? shipping.carrierMethod,
      carrier: CARRIER_NAMES[shipping.carrier],
      method: shipping.shipMethod?.name ?? null,
      chosenByUser: shipping.chosenByUser,
    };
  }
  if (!OPEN.has(order.orderStatus)) return { kind: 'none' };
  if (shipping.shipMethod) return { kind: 'no-carrier', method: shipping.shipMethod.name };
  const requested = order.requestedShippingMethod?.trim();
  return requested ? { kind: 'unmapped', requested } : { kind: 'none' };
}

/**
 * Why a person cannot choose how this order ships, or null when they can. The server refuses the others (409
 * invalid_status): a completed or canceled order has nothing left to label, so the screen does not offer it.
 */
export function shippingChangeBlocked(order: Pick<OrderSummary, 'orderStatus'>): string | null {
  return OPEN.has(order.orderStatus)
    ? null
    : `Only Draft and Sales Orders can change how they ship: this order is ${order.orderStatus}.`;
}
