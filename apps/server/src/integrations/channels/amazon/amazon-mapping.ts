import type { PaymentStatus, ShipmentStatus } from '@shipdesk/contract';
import { toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type { AmazonAddress, AmazonMoney, AmazonOrder, AmazonOrderItem, AmazonOrderStatus } from './amazon-wire.ts';

/** SP-API Orders v0 order + its items -> our order model. Pure. */

export interface StatusMapping {
  payment: PaymentStatus;
  shipment: ShipmentStatus;
  canceled: boolean;
}

const STATUS: Record<AmazonOrderStatus, StatusMapping> = {
  // Amazon has not yet charged the buyer (payment authorisation or pre-order availability pending).
  Pending: { payment: 'Unpaid', shipment: 'Unshipped', canceled: false },
  PendingAvailability: { payment: 'Unpaid', shipment: 'Unshipped', canceled: false },
  Unshipped: { payment: 'Paid', shipment: 'Unshipped', canceled: false },
  PartiallyShipped: { payment: 'Paid', shipment: 'Shipped Partial', canceled: false },
  Shipped: { payment: 'Paid', shipment: 'Shipped Complete', canceled: false },
  // Shipped, waiting only for the seller's invoice confirmation (Brazil).
  InvoiceUnconfirmed: { payment: 'Paid', shipment: 'Shipped Complete', canceled: false },
  Canceled: { payment: 'Unpaid', shipment: 'Unshipped', canceled: true },
  Unfulfillable: { payment: 'Unpaid', shipment: 'Unshipped', canceled: true },
};

const money = (amount: AmazonMoney | undefined): number => toMinorUnits(amount?.Amount);
const sum = (items: AmazonOrderItem[], pick: (item: AmazonOrderItem) => AmazonMoney | undefined) =>
  items.reduce((total, item) => total + money(pick(item)), 0);

export function text(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Without an RDT Amazon sends only city, region, postal code and country: kept, with the rest empty. */
function mapAmazonAddress(address: AmazonAddress | undefined, email: string | null): ChannelAddress | null {
  if (!address) return null;
  const lines = [address.AddressLine1, address.AddressLine2, address.AddressLine3].map(text).filter(Boolean);
  return {
    name: text(address.Name) ?? '',
    company: text(address.CompanyName),
    address1: lines[0] ?? '',
    address2: lines.length > 1 ? lines.slice(1).join(', ') : null,
    city: text(address.City) ?? '',
    state: text(address.StateOrRegion),
    postalCode: text(address.PostalCode),
    country: (text(address.CountryCode) ?? '').toUpperCase(),
    phone: text(address.Phone),
    email,
  };
}

function mapAmazonLine(item: AmazonOrderItem): ChannelOrderLine {
  const quantity = item.QuantityOrdered;
  const lineTotal = money(item.ItemPrice);
  return {
    externalLineId: item.OrderItemId,
    sku: text(item.SellerSKU) ?? item.ASIN,
    name: text(item.Title) ?? item.ASIN,
    quantity,
    quantityShipped: item.QuantityShipped ?? 0,
    // ItemPrice is the line's total; a canceled line can have quantity 0.
    unitPrice: quantity > 0 ? Math.round(lineTotal / quantity) : lineTotal,
    weight: 0,
    category: null,
    hazardous: false,
  };
}

export function mapAmazonOrder(order: AmazonOrder, items: AmazonOrderItem[]): ChannelOrder {
  const status = STATUS[order.OrderStatus] ?? { payment: 'Unpaid', shipment: 'Unshipped', canceled: false };
  const email = text(order.BuyerInfo?.BuyerEmail);
  const shipping = mapAmazonAddress(order.ShippingAddress, email);
  const subtotal = sum(items, (item) => item.ItemPrice);
  const shippingTotal = sum(items, (item) => item.ShippingPrice);
  const taxTotal = sum(items, (item) => item.ItemTax) + sum(items, (item) => item.ShippingTax);
  const discountTotal = sum(items, (item) => item.PromotionDiscount) + sum(items, (item) => item.ShippingDiscount);
  // Pending orders carry no OrderTotal; the items (when priced) are the best we have.
  const total = order.OrderTotal ? money(order.OrderTotal) : subtotal + shippingTotal + taxTotal - discountTotal;
  const currency =
    order.OrderTotal?.CurrencyCode ?? items.find((item) => item.ItemPrice)?.ItemPrice?.CurrencyCode ?? 'USD';
  const tags = [order.IsPrime ? 'Prime' : null, order.IsBusinessOrder ? 'Business' : null].filter(
    (tag): tag is string => tag !== null,
  );

  return {
    externalId: order.AmazonOrderId,
    orderNumber: order.AmazonOrderId,
    orderDate: new Date(order.PurchaseDate).toISOString(),
    externalUpdatedAt: new Date(order.LastUpdateDate).toISOString(),
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
    customerName: text(order.BuyerInfo?.BuyerName) ?? (shipping?.name || null),
    customerEmail: email,
    requestedShippingMethod: text(order.ShipServiceLevel) ?? text(order.ShipmentServiceLevelCategory),
    tags,
    lines: items.map(mapAmazonLine),
    billing: null,
    shipping,
  };
}
