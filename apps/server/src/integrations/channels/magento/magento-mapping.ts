import { GRAMS_PER_UNIT, type PaymentStatus, type ShipmentStatus } from '@shipdesk/contract';
import { ChannelError, toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type { MagentoAddress, MagentoOrder, MagentoOrderItem } from './magento-wire.ts';

export type MagentoWeightUnit = 'lbs' | 'kgs';

const GRAMS_PER: Record<MagentoWeightUnit, number> = { lbs: GRAMS_PER_UNIT.lb, kgs: GRAMS_PER_UNIT.kg };

/** '2026-03-10 14:30:05' (UTC, as Magento stores and compares it) -> ISO 8601. */
export function magentoDateToIso(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value);
  const at = match ? Date.parse(`${match[1]}T${match[2]}Z`) : Number.NaN;
  if (Number.isNaN(at)) throw new ChannelError('malformed', `Magento sent an unreadable date: "${value}"`);
  return new Date(at).toISOString();
}

/** ISO 8601 -> '2026-03-10 14:30:05' in UTC, the form Magento's search filters compare. */
export function isoToMagentoDate(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

const money = (value: number | string | null | undefined) => toMinorUnits(value ?? 0);

/** Magento quantities are decimals ("2.0000" as 2). */
const count = (value: number | null | undefined) => Math.round(Number(value ?? 0));

/** Children of configurable and bundle parents repeat the parent's product; the parent carries price and quantity. */
export function visibleItems(order: MagentoOrder): MagentoOrderItem[] {
  return (order.items ?? []).filter((item) => item.parent_item_id === null || item.parent_item_id === undefined);
}

/** What the item still owes a shipment: ordered, less canceled and refunded. */
function itemQuantityDue(item: MagentoOrderItem): number {
  return Math.max(0, count(item.qty_ordered) - count(item.qty_canceled) - count(item.qty_refunded));
}

function shipmentStatusOf(order: MagentoOrder, items: MagentoOrderItem[]): ShipmentStatus {
  if (order.state === 'complete' || order.state === 'closed') return 'Shipped Complete';
  const shipped = items.reduce((sum, item) => sum + count(item.qty_shipped), 0);
  if (shipped === 0) return 'Unshipped';
  const due = items.filter((item) => itemQuantityDue(item) > 0);
  return due.every((item) => count(item.qty_shipped) >= itemQuantityDue(item)) ? 'Shipped Complete' : 'Shipped Partial';
}

function paymentStatusOf(order: MagentoOrder): PaymentStatus {
  const paid = money(order.total_paid);
  const due = money(order.total_due);
  if (paid > 0 && due === 0) return 'Paid';
  if (paid > 0) return 'Paid Partial';
  return 'Unpaid';
}

function mapAddress(address: MagentoAddress | null | undefined): ChannelAddress | null {
  if (!address) return null;
  const [address1 = '', ...rest] = address.street ?? [];
  return {
    name: [address.firstname, address.lastname].filter(Boolean).join(' '),
    company: address.company || null,
    address1,
    address2: rest.filter(Boolean).join(', ') || null,
    city: address.city,
    state: address.region_code || address.region || null,
    postalCode: address.postcode || null,
    country: (address.country_id || '').toUpperCase(),
    phone: address.telephone || null,
    email: address.email || null,
  };
}

function mapItem(item: MagentoOrderItem, weightUnit: MagentoWeightUnit): ChannelOrderLine {
  return {
    externalLineId: String(item.item_id),
    sku: item.sku,
    name: item.name,
    quantity: count(item.qty_ordered),
    quantityShipped: count(item.qty_shipped),
    unitPrice: money(item.price),
    weight: Math.round(Number(item.weight ?? 0) * GRAMS_PER[weightUnit]),
    category: null,
    hazardous: false,
  };
}

export function mapMagentoOrder(order: MagentoOrder, weightUnit: MagentoWeightUnit = 'lbs'): ChannelOrder {
  const items = visibleItems(order);
  const shippingAddress = order.extension_attributes?.shipping_assignments?.[0]?.shipping?.address;
  const customerName = [order.customer_firstname, order.customer_lastname].filter(Boolean).join(' ');
  const billing = mapAddress(order.billing_address);
  return {
    externalId: String(order.entity_id),
    orderNumber: order.increment_id,
    orderDate: magentoDateToIso(order.created_at),
    externalUpdatedAt: magentoDateToIso(order.updated_at),
    currency: order.order_currency_code,
    subtotal: money(order.subtotal),
    shippingTotal: money(order.shipping_amount),
    taxTotal: money(order.tax_amount),
    // Magento keeps discounts negative.
    discountTotal: Math.abs(money(order.discount_amount)),
    total: money(order.grand_total),
    paidTotal: money(order.total_paid),
    paymentStatus: paymentStatusOf(order),
    shipmentStatus: shipmentStatusOf(order, items),
    canceled: order.state === 'canceled',
    customerName: customerName || billing?.name || null,
    customerEmail: order.customer_email || null,
    requestedShippingMethod: order.shipping_description || null,
    tags: [],
    lines: items.map((item) => mapItem(item, weightUnit)),
    billing,
    shipping: mapAddress(shippingAddress),
  };
}
