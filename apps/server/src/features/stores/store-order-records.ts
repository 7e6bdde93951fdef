import { splitName, type OrderStatuses, type SourceType } from '@shipdesk/contract';
import type { ChannelAddress, ChannelOrder } from '../../integrations/channels/channel-types.ts';
import type { TimelineRow } from '../orders/index.ts';

/** A channel's order as the JSON records of the sync's statements (store-orders-upsert.ts) spell it. */

function shipTo(address: ChannelAddress | null): string | null {
  return address ? [address.city, address.state, address.country].filter(Boolean).join(', ') : null;
}

/** An order's own row, as the statements' JSON records spell it (snake_case columns). */
export function orderRecord(order: ChannelOrder, statuses: OrderStatuses) {
  return {
    external_id: order.externalId,
    order_number: order.orderNumber,
    order_date: order.orderDate,
    external_updated_at: order.externalUpdatedAt,
    order_status: statuses.orderStatus,
    payment_status: statuses.paymentStatus,
    shipment_status: statuses.shipmentStatus,
    currency: order.currency,
    subtotal: order.subtotal,
    shipping_total: order.shippingTotal,
    tax_total: order.taxTotal,
    discount_total: order.discountTotal,
    total: order.total,
    paid_total: order.paidTotal,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    requested_shipping_method: order.requestedShippingMethod,
    tags: order.tags,
    item_count: order.lines.reduce((n, l) => n + l.quantity, 0),
    ship_to: shipTo(order.shipping),
    ship_country: order.shipping?.country ?? null,
  };
}

function addressRecords(order: ChannelOrder) {
  const out = [];
  for (const [type, a] of [
    ['shipping', order.shipping],
    ['billing', order.billing],
  ] as const) {
    if (!a) continue;
    const { firstName, lastName } = splitName(a.name || ' ');
    out.push({
      type,
      first_name: firstName,
      last_name: lastName,
      company: a.company,
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      state: a.state,
      postal_code: a.postalCode,
      country: a.country,
      phone: a.phone,
      email: a.email,
    });
  }
  return out;
}

function deliveryStatus(statuses: OrderStatuses): string {
  if (statuses.orderStatus === 'Canceled') return 'canceled';
  if (statuses.shipmentStatus === 'Shipped Complete') return 'shipped';
  return 'planned';
}

/** Where a line's weight came from (docs/order-editing.md, "Weight sources"): null is the channel's. */
type LineWeightSource = 'seller' | 'product' | null;

/** A channel's order whose lines may carry a weight kept from the stored copy, and where that weight came from. */
type KeptOrder = Omit<ChannelOrder, 'lines'> & {
  lines: Array<ChannelOrder['lines'][number] & { weightSource?: LineWeightSource }>;
};

/**
 * A channel's copy of an order with the weights kept that were not the channel's (docs/order-editing.md, "Weight
 * sources"), matching each line to the stored line of the same SKU (the n-th such line the n-th): a weight a person
 * typed (`seller`) stays whatever the channel sends; one filled from the product (`product`), or any stored weight,
 * stays while the channel sends 0 ("not known"); otherwise a weight the channel sends is the channel's and wins.
 */
export function keepTypedWeights(
  order: ChannelOrder,
  stored: ReadonlyArray<{ sku: string; weight: number; weightSource: string | null }>,
): KeptOrder {
  if (stored.length === 0) return order;
  const bySku = new Map<string, Array<(typeof stored)[number]>>();
  for (const line of stored) bySku.set(line.sku, [...(bySku.get(line.sku) ?? []), line]);
  const taken = new Map<string, number>();
  const lines = order.lines.map((line) => {
    const sku = line.sku || line.externalLineId;
    const n = taken.get(sku) ?? 0;
    taken.set(sku, n + 1);
    const kept = bySku.get(sku)?.[n];
    if (!kept || kept.weight <= 0) return line;
    if (kept.weightSource === 'seller' || line.weight <= 0) {
      return { ...line, weight: kept.weight, weightSource: kept.weightSource as LineWeightSource };
    }
    return line;
  });
  return { ...order, lines };
}

/** What an order writes besides its own row: its lines, addresses and the one planned delivery of all its lines. */
export function childRecord(order: KeptOrder, statuses: OrderStatuses) {
  return {
    lines: order.lines.map((l, position) => ({
      position,
      sku: l.sku || l.externalLineId,
      name: l.name || l.sku || 'Item',
      quantity: l.quantity,
      quantity_shipped: l.quantityShipped,
      unit_price: l.unitPrice,
      weight: l.weight,
      weight_source: l.weightSource ?? null,
      category: l.category,
      hazardous: l.hazardous,
    })),
    addresses: addressRecords(order),
    // Absent (SQL NULL) for an order without lines: nothing to deliver.
    delivery:
      order.lines.length > 0
        ? {
            requested_ship_method: order.requestedShippingMethod,
            weight: order.lines.reduce((g, l) => g + l.quantity * l.weight, 0),
            status: deliveryStatus(statuses),
          }
        : undefined,
  };
}

/** The timeline row of a channel's copy: imported (no statuses before) or channelUpdated. */
export function timelineRow(
  target: { actor: TimelineRow['actor']; sourceType: SourceType },
  orderId: number,
  order: ChannelOrder,
  before: OrderStatuses | null,
  after: OrderStatuses,
) {
  return {
    orderId,
    event: before ? 'channelUpdated' : 'imported',
    actor: target.actor,
    before,
    after,
    payload: { externalId: order.externalId, externalUpdatedAt: order.externalUpdatedAt, source: target.sourceType },
  };
}
