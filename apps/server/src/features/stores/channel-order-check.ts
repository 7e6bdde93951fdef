import type { ChannelOrder } from '../../integrations/channels/channel-types.ts';

/**
 * What a channel order must satisfy before it is stored (the orders tables' checks, said in words). An order that
 * fails is counted as failed in the sync run with the reason, and the pull goes on: one bad order never blocks a
 * store's sync. Pure.
 */
export function channelOrderProblem(order: ChannelOrder): string | null {
  const where = `order ${order.orderNumber || order.externalId}`;
  if (!order.externalId) return `${where}: no platform id`;
  if (!order.orderNumber) return `${where}: no order number`;
  if (Number.isNaN(Date.parse(order.orderDate))) return `${where}: order date "${order.orderDate}" is not a date`;
  if (Number.isNaN(Date.parse(order.externalUpdatedAt))) {
    return `${where}: last-modified time "${order.externalUpdatedAt}" is not a date`;
  }
  if (!/^[A-Z]{3}$/.test(order.currency)) return `${where}: currency "${order.currency}" is not an ISO code`;
  const money = [
    order.subtotal,
    order.shippingTotal,
    order.taxTotal,
    order.discountTotal,
    order.total,
    order.paidTotal,
  ];
  if (money.some((v) => !Number.isSafeInteger(v) || v < 0)) return `${where}: an amount is negative or not whole`;
  for (const line of withoutZeroedLines(order).lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) {
      return `${where}: line ${line.sku || line.externalLineId} has quantity ${line.quantity}`;
    }
    if (!Number.isInteger(line.quantityShipped) || line.quantityShipped < 0 || line.quantityShipped > line.quantity) {
      return `${where}: line ${line.sku || line.externalLineId} has shipped quantity ${line.quantityShipped}`;
    }
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
      return `${where}: line ${line.sku || line.externalLineId} has a negative or fractional price`;
    }
    if (!Number.isInteger(line.weight) || line.weight < 0) {
      return `${where}: line ${line.sku || line.externalLineId} has weight ${line.weight}`;
    }
  }
  for (const [kind, address] of [
    ['shipping', order.shipping],
    ['billing', order.billing],
  ] as const) {
    if (address && !/^[A-Z]{2}$/.test(address.country)) {
      return `${where}: ${kind} address country "${address.country}" is not an ISO code`;
    }
  }
  return null;
}

/**
 * A canceled order as some channels send it: Amazon zeroes the quantities of a canceled order's items. Those lines
 * say nothing about what was ordered, so they are dropped; an order they leave with none keeps the lines stored
 * before (store-orders-upsert.ts), and one first seen canceled is stored without lines.
 */
export function withoutZeroedLines(order: ChannelOrder): ChannelOrder {
  if (!order.canceled || order.lines.every((line) => line.quantity !== 0)) return order;
  return { ...order, lines: order.lines.filter((line) => line.quantity !== 0) };
}

/** The newest copy of each order of a page (a platform may list an order twice while it changes). */
export function newestPerOrder(orders: readonly ChannelOrder[]): ChannelOrder[] {
  const byId = new Map<string, ChannelOrder>();
  for (const order of orders) {
    const seen = byId.get(order.externalId);
    if (!seen || Date.parse(order.externalUpdatedAt) > Date.parse(seen.externalUpdatedAt))
      byId.set(order.externalId, order);
  }
  return [...byId.values()];
}
