import { GRAMS_PER_UNIT, type ShipmentStatus, type WeightUnit } from '@shipdesk/contract';
import { toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type { WalmartAmount, WalmartOrder, WalmartOrderLine, WalmartPostalAddress } from './walmart-wire.ts';

/** Walmart writes three-letter countries ("USA"); we keep ISO alpha-2. */
const ALPHA3_TO_ALPHA2: Readonly<Record<string, string>> = { USA: 'US', CAN: 'CA', MEX: 'MX', PRI: 'PR' };

/** Walmart's unit words, by the unit they name. */
const WALMART_UNITS: Readonly<Record<string, WeightUnit>> = {
  LB: 'lb',
  LBS: 'lb',
  POUND: 'lb',
  POUNDS: 'lb',
  OZ: 'oz',
  OUNCE: 'oz',
  OUNCES: 'oz',
  KG: 'kg',
  KGS: 'kg',
  G: 'g',
  GRAM: 'g',
  GRAMS: 'g',
};

const SHIPPED = new Set(['Shipped', 'Delivered']);

export function walmartCountry(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  if (!code) return 'US';
  return ALPHA3_TO_ALPHA2[code] ?? code;
}

/** Quantities travel as decimal strings ("1"). */
function walmartQuantity(amount: string | number | null | undefined): number {
  const value = Number(amount ?? 0);
  return Number.isFinite(value) ? Math.round(value) : 0;
}

function amountOf(amount: WalmartAmount | null | undefined): number {
  return amount ? toMinorUnits(String(amount.amount)) : 0;
}

/** How many units of the line are in the given statuses, from its split status quantities. */
function quantityIn(line: WalmartOrderLine, statuses: ReadonlySet<string>): number {
  return (line.orderLineStatuses?.orderLineStatus ?? [])
    .filter((status) => statuses.has(status.status))
    .reduce((sum, status) => sum + walmartQuantity(status.statusQuantity?.amount), 0);
}

const CANCELLED = new Set(['Cancelled']);

function lineQuantityShipped(line: WalmartOrderLine): number {
  return quantityIn(line, SHIPPED);
}

/** What is left to ship on the line: ordered, less shipped or delivered, less cancelled. */
export function lineQuantityOpen(line: WalmartOrderLine): number {
  const ordered = walmartQuantity(line.orderLineQuantity?.amount);
  return Math.max(0, ordered - lineQuantityShipped(line) - quantityIn(line, CANCELLED));
}

function weightInGrams(weight: WalmartOrderLine['item']['weight']): number {
  if (!weight) return 0;
  const unit =
    WALMART_UNITS[
      String(weight.unit ?? '')
        .trim()
        .toUpperCase()
    ];
  const value = Number(weight.value);
  if (!unit || !Number.isFinite(value)) return 0;
  return Math.round(value * GRAMS_PER_UNIT[unit]);
}

function mapLine(line: WalmartOrderLine): ChannelOrderLine {
  const quantity = walmartQuantity(line.orderLineQuantity?.amount);
  const product = line.charges.charge
    .filter((charge) => charge.chargeType === 'PRODUCT')
    .reduce((sum, charge) => sum + amountOf(charge.chargeAmount), 0);
  return {
    externalLineId: line.lineNumber,
    sku: line.item.sku,
    name: line.item.productName,
    quantity,
    quantityShipped: lineQuantityShipped(line),
    // The PRODUCT charge covers the line's quantity (Walmart usually splits units into lines of one).
    unitPrice: quantity > 0 ? Math.round(product / quantity) : product,
    weight: weightInGrams(line.item.weight),
    category: null,
    hazardous: false,
  };
}

function mapAddress(address: WalmartPostalAddress, phone: string | null, email: string | null): ChannelAddress {
  return {
    name: address.name,
    company: null,
    address1: address.address1,
    address2: address.address2 || null,
    city: address.city,
    state: address.state || null,
    postalCode: address.postalCode || null,
    country: walmartCountry(address.country),
    phone,
    email,
  };
}

interface Totals {
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
}

/** Walmart has no order total: the lines' charges add up to it. */
function sumCharges(lines: WalmartOrderLine[]): Totals {
  const totals: Totals = { subtotal: 0, shippingTotal: 0, taxTotal: 0, discountTotal: 0 };
  for (const line of lines) {
    for (const charge of line.charges?.charge ?? []) {
      const amount = amountOf(charge.chargeAmount);
      totals.taxTotal += amountOf(charge.tax?.taxAmount);
      if (charge.chargeType === 'PRODUCT' && amount >= 0) totals.subtotal += amount;
      else if (charge.chargeType === 'SHIPPING' && amount >= 0) totals.shippingTotal += amount;
      // Discounts come as negative charges; other fees count with the product.
      else if (amount < 0 || /DISCOUNT/i.test(charge.chargeType)) totals.discountTotal += Math.abs(amount);
      else totals.subtotal += amount;
    }
  }
  return totals;
}

function shipmentStatusOf(lines: WalmartOrderLine[]): ShipmentStatus {
  const open = lines.filter((line) => lineQuantityOpen(line) > 0 || lineQuantityShipped(line) > 0);
  const shipped = lines.reduce((sum, line) => sum + lineQuantityShipped(line), 0);
  if (shipped === 0) return 'Unshipped';
  return open.every((line) => lineQuantityOpen(line) === 0) ? 'Shipped Complete' : 'Shipped Partial';
}

function isCanceled(lines: WalmartOrderLine[]): boolean {
  return (
    lines.length > 0 &&
    lines.every((line) => {
      const statuses = line.orderLineStatuses?.orderLineStatus ?? [];
      return statuses.length > 0 && statuses.every((status) => status.status === 'Cancelled');
    })
  );
}

function currencyOf(lines: WalmartOrderLine[]): string {
  for (const line of lines) {
    for (const charge of line.charges?.charge ?? []) {
      if (charge.chargeAmount?.currency) return charge.chargeAmount.currency;
    }
  }
  return 'USD';
}

/** Walmart keeps no order-level modified time: the latest line status change stands for it. */
export function walmartUpdatedAt(order: WalmartOrder): string {
  const latest = Math.max(order.orderDate, ...order.orderLines.orderLine.map((line) => line.statusDate ?? 0));
  return new Date(latest).toISOString();
}

export function mapWalmartOrder(order: WalmartOrder): ChannelOrder {
  const lines = order.orderLines?.orderLine ?? [];
  const totals = sumCharges(lines);
  const total = totals.subtotal + totals.shippingTotal + totals.taxTotal - totals.discountTotal;
  const email = order.customerEmailId || null;
  const address = order.shippingInfo?.postalAddress;
  return {
    externalId: order.purchaseOrderId,
    orderNumber: order.customerOrderId,
    orderDate: new Date(order.orderDate).toISOString(),
    externalUpdatedAt: walmartUpdatedAt(order),
    currency: currencyOf(lines),
    ...totals,
    total,
    // Walmart collects payment itself and lists only orders the buyer has paid for.
    paidTotal: total,
    paymentStatus: 'Paid',
    shipmentStatus: shipmentStatusOf(lines),
    canceled: isCanceled(lines),
    customerName: address?.name || null,
    customerEmail: email,
    requestedShippingMethod: order.shippingInfo?.methodCode || null,
    tags: order.orderType && order.orderType !== 'REGULAR' ? [order.orderType] : [],
    lines: lines.map(mapLine),
    billing: null,
    shipping: address ? mapAddress(address, order.shippingInfo.phone || null, email) : null,
  };
}
