import type { OrderStatuses, ShipmentStatus } from '@shipdesk/contract';

/**
 * How a channel's copy of an order meets ours (docs/stores.md, "What a pull changes"). Pure: no I/O.
 *
 * - A new channel order arrives as a Sales Order (it was placed by a customer; Draft is for orders still being
 *   written by hand), Completed when the channel already shipped it all, Canceled when it was canceled there.
 * - A later copy never undoes work done here: a shipment recorded here is not taken back, an order completed,
 *   canceled or deleted here stays so. The channel may cancel an open order, ship it (shipped outside the app) and
 *   change its payment status.
 */

const SHIPPED_RANK: Record<ShipmentStatus, number> = { Unshipped: 0, 'Shipped Partial': 1, 'Shipped Complete': 2 };

interface ChannelStatusInput {
  paymentStatus: OrderStatuses['paymentStatus'];
  shipmentStatus: ShipmentStatus;
  canceled: boolean;
}

export function statusesForNewOrder(channel: ChannelStatusInput): OrderStatuses {
  const { paymentStatus, shipmentStatus } = channel;
  if (channel.canceled) {
    const partly = shipmentStatus !== 'Unshipped';
    return { orderStatus: partly ? 'Completed - Canceled Partial' : 'Canceled', paymentStatus, shipmentStatus };
  }
  if (shipmentStatus === 'Shipped Complete') return { orderStatus: 'Completed', paymentStatus, shipmentStatus };
  return { orderStatus: 'Sales Order', paymentStatus, shipmentStatus };
}

const OPEN = new Set<OrderStatuses['orderStatus']>(['Draft Order', 'Sales Order']);

export function mergeStatuses(local: OrderStatuses, channel: ChannelStatusInput): OrderStatuses {
  if (!OPEN.has(local.orderStatus)) {
    // Finished here: only the payment status still follows the channel (a refund, a late capture).
    return { ...local, paymentStatus: channel.paymentStatus };
  }
  const shipmentStatus =
    SHIPPED_RANK[channel.shipmentStatus] > SHIPPED_RANK[local.shipmentStatus]
      ? channel.shipmentStatus
      : local.shipmentStatus;
  return statusesForNewOrder({ ...channel, shipmentStatus });
}

/** A stored copy is replaced only by a strictly newer one: replays and out-of-order deliveries change nothing. */
export function isNewer(channelUpdatedAt: string, storedUpdatedAt: Date | string | null): boolean {
  if (storedUpdatedAt === null) return true;
  const stored = typeof storedUpdatedAt === 'string' ? Date.parse(storedUpdatedAt) : storedUpdatedAt.getTime();
  return Date.parse(channelUpdatedAt) > stored;
}

/** The later of two ISO instants (null-safe): the high-water mark of a pull. */
export function laterOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
