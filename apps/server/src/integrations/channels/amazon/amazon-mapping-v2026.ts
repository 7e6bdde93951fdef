import { toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import { text, type StatusMapping } from './amazon-mapping.ts';
import type {
  AmazonAddressV2026,
  AmazonFulfillmentStatus,
  AmazonMoneyV2026,
  AmazonOrderItemV2026,
  AmazonOrderV2026,
} from './amazon-wire-v2026.ts';

/**
 * SP-API Orders v2026-01-01 order -> our order model, the same as the v0 mapping gives for the same Amazon order
 * (amazon-mapping.ts), except the requested shipping method: v2026 names only the service level's category. Pure.
 */

const STATUS: Record<AmazonFulfillmentStatus, StatusMapping> = {
  PENDING: { payment: 'Unpaid', shipment: 'Unshipped', canceled: false },
  PENDING_AVAILABILITY: { payment: 'Unpaid', shipment: 'Unshipped', canceled: false },
  UNSHIPPED: { payment: 'Paid', shipment: 'Unshipped', canceled: false },
  PARTIALLY_SHIPPED: { payment: 'Paid', shipment: 'Shipped Partial', canceled: false },
  SHIPPED: { payment: 'Paid', shipment: 'Shipped Complete', canceled: false },
  CANCELLED: { payment: 'Unpaid', shipment: 'Unshipped', canceled: true },
  UNFULFILLABLE: { payment: 'Unpaid', shipment: 'Unshipped', canceled: true },
};

const money = (amount: AmazonMoneyV2026 | undefined): number => toMinorUnits(amount?.amount);

/** A proceeds category of one item (ITEM, SHIPPING, TAX, DISCOUNT, ...), 0 when absent. */
function proceedsOf(item: AmazonOrderItemV2026, type: string): number {
  return (item.proceeds?.breakdowns ?? [])
    .filter((breakdown) => breakdown.type === type)
    .reduce((total, breakdown) => total + money(breakdown.subtotal), 0);
}

const sum = (items: AmazonOrderItemV2026[], type: string) =>
  items.reduce((total, item) => total + proceedsOf(item, type), 0);

/** STANDARD -> Standard, SECOND_DAY -> SecondDay: v0's ShipmentServiceLevelCategory spelling. */
export function serviceLevelName(level: string | undefined): string | null {
  const words = text(level)?.toLowerCase().split('_').filter(Boolean);
  return words?.length ? words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') : null;
}

/** Without the PII roles Amazon sends only city, region, postal code and country: kept, with the rest empty. */
function mapAddress(address: AmazonAddressV2026 | undefined, email: string | null): ChannelAddress | null {
  if (!address) return null;
  const lines = [address.addressLine1, address.addressLine2, address.addressLine3].map(text).filter(Boolean);
  return {
    name: text(address.name) ?? '',
    company: text(address.companyName),
    address1: lines[0] ?? '',
    address2: lines.length > 1 ? lines.slice(1).join(', ') : null,
    city: text(address.city) ?? '',
    state: text(address.stateOrRegion),
    postalCode: text(address.postalCode),
    country: (text(address.countryCode) ?? '').toUpperCase(),
    phone: text(address.phone),
    email,
  };
}

function mapLine(item: AmazonOrderItemV2026): ChannelOrderLine {
  const quantity = item.quantityOrdered;
  const lineTotal = proceedsOf(item, 'ITEM');
  const asin = item.product?.asin ?? '';
  return {
    externalLineId: item.orderItemId,
    sku: text(item.product?.sellerSku) ?? asin,
    name: text(item.product?.title) ?? asin,
    quantity,
    quantityShipped: item.fulfillment?.quantityFulfilled ?? 0,
    // The ITEM proceeds are the line's total; a canceled line can have quantity 0.
    unitPrice: quantity > 0 ? Math.round(lineTotal / quantity) : lineTotal,
    weight: 0,
    category: null,
    hazardous: false,
  };
}

export function mapAmazonOrderV2026(order: AmazonOrderV2026): ChannelOrder {
  const status = (order.fulfillment?.fulfillmentStatus && STATUS[order.fulfillment.fulfillmentStatus]) ?? {
    payment: 'Unpaid',
    shipment: 'Unshipped',
    canceled: false,
  };
  const items = order.orderItems ?? [];
  const email = text(order.buyer?.buyerEmail);
  const shipping = mapAddress(order.recipient?.deliveryAddress, email);
  const subtotal = sum(items, 'ITEM');
  const shippingTotal = sum(items, 'SHIPPING');
  const taxTotal = sum(items, 'TAX');
  // Discounts are proceeds taken away; counted as a positive amount whichever sign Amazon gives them.
  const discountTotal = items.reduce((total, item) => total + Math.abs(proceedsOf(item, 'DISCOUNT')), 0);
  const grandTotal = order.proceeds?.grandTotal;
  // Pending orders carry no proceeds; the items (when priced) are the best we have.
  const total = grandTotal ? money(grandTotal) : subtotal + shippingTotal + taxTotal - discountTotal;
  const itemCurrency = items.flatMap((item) => item.proceeds?.breakdowns ?? []).find((breakdown) => breakdown.subtotal)
    ?.subtotal?.currencyCode;
  const currency = grandTotal?.currencyCode ?? itemCurrency ?? 'USD';
  const programs = new Set(order.programs ?? []);
  const tags = [programs.has('PRIME') ? 'Prime' : null, programs.has('AMAZON_BUSINESS') ? 'Business' : null].filter(
    (tag): tag is string => tag !== null,
  );

  return {
    externalId: order.orderId,
    orderNumber: order.orderId,
    orderDate: new Date(order.createdTime).toISOString(),
    externalUpdatedAt: new Date(order.lastUpdatedTime).toISOString(),
    currency,
    subtotal,
    shippingTotal,
    taxTotal,
    discountTotal,
    total,
    paidTotal: status.payment === 'Paid' ? total : 0,
    paymentStatus: status.payment,
    shipmentStatus: status.shipment,
    canceled: status.canceled,
    customerName: text(order.buyer?.buyerName) ?? (shipping?.name || null),
    customerEmail: email,
    requestedShippingMethod: serviceLevelName(order.fulfillment?.fulfillmentServiceLevel),
    tags,
    lines: items.map(mapLine),
    billing: null,
    shipping,
  };
}
