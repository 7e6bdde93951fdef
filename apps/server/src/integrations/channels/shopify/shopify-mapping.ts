import { GRAMS_PER_UNIT, currencyDigits, type PaymentStatus, type ShipmentStatus } from '@shipdesk/contract';
import { toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type {
  ShopifyAddress,
  ShopifyLineItem,
  ShopifyMoneyBag,
  ShopifyOrder,
  ShopifyWeightUnit,
} from './shopify-queries.ts';

/** Shopify's GraphQL order -> our order model. Pure. */

const PAYMENT_STATUS: Record<string, PaymentStatus> = {
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Paid',
  REFUNDED: 'Paid',
  PARTIALLY_PAID: 'Paid Partial',
  PENDING: 'Unpaid',
  AUTHORIZED: 'Unpaid',
  EXPIRED: 'Unpaid',
  VOIDED: 'Unpaid',
};

const SHIPMENT_STATUS: Record<string, ShipmentStatus> = {
  FULFILLED: 'Shipped Complete',
  PARTIALLY_FULFILLED: 'Shipped Partial',
};

const GRAMS_PER: Record<ShopifyWeightUnit, number> = {
  GRAMS: GRAMS_PER_UNIT.g,
  KILOGRAMS: GRAMS_PER_UNIT.kg,
  OUNCES: GRAMS_PER_UNIT.oz,
  POUNDS: GRAMS_PER_UNIT.lb,
};

export function paymentStatusOf(displayFinancialStatus: string | null): PaymentStatus {
  return PAYMENT_STATUS[displayFinancialStatus ?? ''] ?? 'Unpaid';
}

export function shipmentStatusOf(displayFulfillmentStatus: string | null): ShipmentStatus {
  return SHIPMENT_STATUS[displayFulfillmentStatus ?? ''] ?? 'Unshipped';
}

/** The number at the end of a GID: "gid://shopify/LineItem/123" -> "123". */
export function legacyIdOf(gid: string): string {
  const slash = gid.lastIndexOf('/');
  return (slash >= 0 ? gid.slice(slash + 1) : gid).replace(/\?.*$/, '');
}

export function orderGid(externalId: string): string | null {
  if (/^gid:\/\/shopify\/Order\/\d+$/.test(externalId)) return externalId;
  return /^\d+$/.test(externalId) ? `gid://shopify/Order/${externalId}` : null;
}

export function gramsOf(weight: { unit: ShopifyWeightUnit; value: number } | null | undefined): number {
  if (!weight || !(weight.value > 0)) return 0;
  return Math.round(weight.value * (GRAMS_PER[weight.unit] ?? 0));
}

function isoUtc(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

function mapAddress(address: ShopifyAddress | null, email: string | null): ChannelAddress | null {
  if (!address) return null;
  return {
    name: address.name?.trim() ?? '',
    company: address.company || null,
    address1: address.address1 ?? '',
    address2: address.address2 || null,
    city: address.city ?? '',
    state: address.provinceCode || address.province || null,
    postalCode: address.zip || null,
    country: address.countryCodeV2 ?? '',
    phone: address.phone || null,
    email,
  };
}

/** The customs facts the shop set on the line's inventory item, when it set any. */
function customsOf(
  item: { harmonizedSystemCode?: string | null; countryCodeOfOrigin?: string | null } | null | undefined,
) {
  const hsCode = item?.harmonizedSystemCode ?? null;
  const originCountry = item?.countryCodeOfOrigin ?? null;
  return hsCode || originCountry ? { customs: { hsCode, originCountry } } : {};
}

function mapLine(line: ShopifyLineItem, digits: number): ChannelOrderLine {
  const shipped = line.quantity - line.unfulfilledQuantity;
  return {
    externalLineId: legacyIdOf(line.id),
    sku: line.sku ?? '',
    name: line.name,
    quantity: line.quantity,
    quantityShipped: Math.min(line.quantity, Math.max(0, shipped)),
    unitPrice: toMinorUnits(line.originalUnitPriceSet.shopMoney.amount, digits),
    weight: gramsOf(line.variant?.inventoryItem?.measurement?.weight),
    ...customsOf(line.variant?.inventoryItem),
    category: null,
    hazardous: false,
  };
}

export function mapShopifyOrder(order: ShopifyOrder): ChannelOrder {
  const currency = order.totalPriceSet.shopMoney.currencyCode || order.currencyCode;
  // JPY has no minor unit, KWD three: amounts are kept in the currency's own minor units.
  const digits = currencyDigits(currency);
  const money = (bag: ShopifyMoneyBag | null) => (bag ? toMinorUnits(bag.shopMoney.amount, digits) : 0);

  const total = money(order.totalPriceSet);
  const shippingTotal = money(order.totalShippingPriceSet);
  const taxTotal = money(order.totalTaxSet);
  const discountTotal = money(order.totalDiscountsSet);
  // Our model says total = subtotal + shipping + tax - discount. Shopify's own subtotal is after discounts and, in
  // tax-inclusive shops, includes tax; deriving ours from the total keeps the identity in every shop.
  const subtotal = Math.max(0, total - shippingTotal - taxTotal + discountTotal);

  const paymentStatus = paymentStatusOf(order.displayFinancialStatus);
  const paidTotal =
    paymentStatus === 'Paid'
      ? total
      : paymentStatus === 'Paid Partial'
        ? Math.max(0, total - money(order.totalOutstandingSet))
        : 0;

  return {
    externalId: order.legacyResourceId || legacyIdOf(order.id),
    orderNumber: order.name,
    orderDate: isoUtc(order.processedAt ?? order.createdAt),
    externalUpdatedAt: isoUtc(order.updatedAt),
    currency,
    subtotal,
    shippingTotal,
    taxTotal,
    discountTotal,
    total,
    paidTotal,
    paymentStatus,
    shipmentStatus: shipmentStatusOf(order.displayFulfillmentStatus),
    canceled: order.cancelledAt !== null,
    customerName: order.customer?.displayName || order.shippingAddress?.name || order.billingAddress?.name || null,
    customerEmail: order.email || null,
    requestedShippingMethod: order.shippingLine?.title || null,
    tags: order.tags,
    lines: order.lineItems.nodes.map((line) => mapLine(line, digits)),
    billing: mapAddress(order.billingAddress, order.email),
    shipping: mapAddress(order.shippingAddress, order.email),
  };
}
