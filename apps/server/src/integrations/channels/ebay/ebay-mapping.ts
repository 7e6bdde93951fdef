import type { PaymentStatus, ShipmentStatus } from '@shipdesk/contract';
import { toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type { EbayAmount, EbayFulfillmentStatus, EbayOrder, EbayPaymentStatus, EbayShipTo } from './ebay-wire.ts';

/** eBay order JSON (Sell Fulfillment API) -> our order model. Pure. */

const SHIPMENT_STATUS: Record<EbayFulfillmentStatus, ShipmentStatus> = {
  NOT_STARTED: 'Unshipped',
  IN_PROGRESS: 'Shipped Partial',
  FULFILLED: 'Shipped Complete',
};

/** Refunds do not undo the payment: the order was paid, the money went back afterwards. */
const PAYMENT_STATUS: Record<EbayPaymentStatus, PaymentStatus> = {
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Paid',
  FULLY_REFUNDED: 'Paid',
  PENDING: 'Unpaid',
  FAILED: 'Unpaid',
};

const money = (amount: EbayAmount | undefined): number => toMinorUnits(amount?.value);
/** eBay sends discounts negative; we keep them as positive amounts taken off. */
const discount = (amount: EbayAmount | undefined): number => Math.abs(money(amount));

function text(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function mapEbayAddress(shipTo: EbayShipTo | undefined): ChannelAddress | null {
  if (!shipTo) return null;
  const address = shipTo.contactAddress ?? {};
  return {
    name: text(shipTo.fullName) ?? '',
    company: text(shipTo.companyName),
    address1: text(address.addressLine1) ?? '',
    address2: text(address.addressLine2),
    city: text(address.city) ?? '',
    state: text(address.stateOrProvince),
    postalCode: text(address.postalCode),
    country: (text(address.countryCode) ?? '').toUpperCase(),
    phone: text(shipTo.primaryPhone?.phoneNumber),
    email: text(shipTo.email),
  };
}

function mapEbayLine(line: EbayOrder['lineItems'][number]): ChannelOrderLine {
  const quantity = line.quantity;
  const lineCost = money(line.lineItemCost);
  return {
    externalLineId: line.lineItemId,
    sku: text(line.sku) ?? '',
    name: line.title,
    quantity,
    // eBay tells per line only whether it is fulfilled, not how many units went out.
    quantityShipped: line.lineItemFulfillmentStatus === 'FULFILLED' ? quantity : 0,
    unitPrice: quantity > 0 ? Math.round(lineCost / quantity) : lineCost,
    weight: 0,
    category: null,
    hazardous: false,
  };
}

export function mapEbayOrder(order: EbayOrder): ChannelOrder {
  const pricing = order.pricingSummary ?? {};
  const shippingStep = order.fulfillmentStartInstructions?.[0]?.shippingStep;
  const shipping = mapEbayAddress(shippingStep?.shipTo);
  const billing = mapEbayAddress(order.buyer?.buyerRegistrationAddress);
  const paymentStatus = PAYMENT_STATUS[order.orderPaymentStatus] ?? 'Unpaid';
  const total = money(pricing.total);
  const currency =
    pricing.total?.currency ?? pricing.priceSubtotal?.currency ?? order.lineItems[0]?.lineItemCost.currency ?? 'USD';

  return {
    externalId: order.orderId,
    orderNumber: order.orderId,
    orderDate: new Date(order.creationDate).toISOString(),
    externalUpdatedAt: new Date(order.lastModifiedDate).toISOString(),
    currency,
    subtotal: money(pricing.priceSubtotal),
    shippingTotal: money(pricing.deliveryCost),
    taxTotal: money(pricing.tax),
    discountTotal: discount(pricing.priceDiscount) + discount(pricing.deliveryDiscount),
    total,
    paidTotal: paymentStatus === 'Paid' ? total : 0,
    paymentStatus,
    shipmentStatus: SHIPMENT_STATUS[order.orderFulfillmentStatus] ?? 'Unshipped',
    canceled: order.cancelStatus?.cancelState === 'CANCELED',
    customerName: shipping?.name || billing?.name || null,
    customerEmail: shipping?.email ?? billing?.email ?? null,
    requestedShippingMethod: text(shippingStep?.shippingServiceCode),
    tags: [],
    lines: order.lineItems.map(mapEbayLine),
    billing,
    shipping,
  };
}
