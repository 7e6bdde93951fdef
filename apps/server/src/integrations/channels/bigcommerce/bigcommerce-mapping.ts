import { GRAMS_PER_UNIT, type PaymentStatus, type ShipmentStatus } from '@shipdesk/contract';
import { ChannelError, toMinorUnits } from '../../http/channel-http.ts';
import type { ChannelAddress, ChannelOrder, ChannelOrderLine } from '../channel-types.ts';
import type { BcAddress, BcOrder, BcOrderProduct, BcShippingAddress } from './bigcommerce-wire.ts';

/** BigCommerce order status ids (integrations.md section 2). */
const BC_STATUS = {
  Incomplete: 0,
  Pending: 1,
  Shipped: 2,
  PartiallyShipped: 3,
  Refunded: 4,
  Cancelled: 5,
  Declined: 6,
  AwaitingPayment: 7,
  AwaitingPickup: 8,
  AwaitingShipment: 9,
  Completed: 10,
  AwaitingFulfillment: 11,
  ManualVerificationRequired: 12,
  Disputed: 13,
  PartiallyRefunded: 14,
} as const;

/** The store's weight unit: BigCommerce sends product weights in it without saying which it is. */
type BcWeightUnit = 'lb' | 'oz' | 'kg' | 'g';

/** Reads a setting ("kg", "KGS", "Ounces", "grams", ...) or the store's `weight_units`; pounds when unknown. */
export function parseWeightUnit(value: string | null | undefined): BcWeightUnit {
  const unit = (value ?? '').trim().toLowerCase();
  if (unit === 'kg' || unit === 'kgs' || unit === 'kilograms') return 'kg';
  if (unit === 'g' || unit === 'grams' || unit === 'gram') return 'g';
  if (unit === 'oz' || unit === 'ounces' || unit === 'ounce') return 'oz';
  return 'lb';
}

/** The store's length unit (`dimension_units`: "Inches" or "Centimeters"), in which products' sides come. */
type BcLengthUnit = 'in' | 'cm';

/** Reads a setting ("cm", "Centimeters", "in", "Inches", ...); inches when unknown. */
export function parseLengthUnit(value: string | null | undefined): BcLengthUnit {
  const unit = (value ?? '').trim().toLowerCase();
  return unit === 'cm' || unit === 'centimeters' || unit === 'centimetres' ? 'cm' : 'in';
}

const CM_PER_INCH = 2.54;

/** RFC-2822 ("Tue, 05 Mar 2019 21:43:38 +0000") to ISO 8601 UTC; null for BigCommerce's empty dates. */
export function bcDateToIso(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new ChannelError('malformed', `BigCommerce sent an unreadable date: "${value}"`);
  return new Date(time).toISOString();
}

function requiredDate(value: string, field: string, orderId: number): string {
  const iso = bcDateToIso(value);
  if (!iso) throw new ChannelError('malformed', `BigCommerce order ${orderId} has no ${field}`);
  return iso;
}

const UNPAID_STATUSES: ReadonlySet<number> = new Set([
  BC_STATUS.Incomplete,
  BC_STATUS.Pending,
  BC_STATUS.AwaitingPayment,
  // The payment was refused: nothing was taken.
  BC_STATUS.Declined,
]);

export function bcPaymentStatus(statusId: number): PaymentStatus {
  return UNPAID_STATUSES.has(statusId) ? 'Unpaid' : 'Paid';
}

export function bcShipmentStatus(order: Pick<BcOrder, 'status_id' | 'items_total' | 'items_shipped'>): ShipmentStatus {
  if (order.status_id === BC_STATUS.Shipped || order.status_id === BC_STATUS.Completed) return 'Shipped Complete';
  if (order.status_id === BC_STATUS.PartiallyShipped) return 'Shipped Partial';
  // A refund or a dispute replaces the status id after shipping; the item counters still tell.
  if (order.items_shipped > 0) {
    return order.items_shipped >= order.items_total ? 'Shipped Complete' : 'Shipped Partial';
  }
  return 'Unshipped';
}

function bcCanceled(statusId: number): boolean {
  return statusId === BC_STATUS.Cancelled || statusId === BC_STATUS.Declined;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function mapBcAddress(address: BcAddress | null | undefined): ChannelAddress | null {
  if (!address || (!address.street_1?.trim() && !address.city?.trim())) return null;
  const name = [address.first_name, address.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return {
    name,
    company: blankToNull(address.company),
    address1: address.street_1?.trim() ?? '',
    address2: blankToNull(address.street_2),
    city: address.city?.trim() ?? '',
    state: blankToNull(address.state),
    postalCode: blankToNull(address.zip),
    country: (address.country_iso2 ?? '').trim().toUpperCase(),
    phone: blankToNull(address.phone),
    email: blankToNull(address.email),
  };
}

function gramsOf(weight: string | number | null | undefined, unit: BcWeightUnit): number {
  const value = typeof weight === 'number' ? weight : Number.parseFloat(weight ?? '');
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value * GRAMS_PER_UNIT[unit]);
}

/** The product's sides in inches (length is BigCommerce's depth), when all three are above 0. */
function sizeOf(product: BcOrderProduct, lengthUnit: BcLengthUnit): ChannelOrderLine['size'] {
  const sides = [product.depth, product.width, product.height].map((side) => {
    const value = typeof side === 'number' ? side : Number.parseFloat(side ?? '');
    return Number.isFinite(value) && value > 0 ? (lengthUnit === 'cm' ? value / CM_PER_INCH : value) : 0;
  });
  if (!sides.every((side) => side > 0)) return undefined;
  const [length, width, height] = sides as [number, number, number];
  return { length, width, height };
}

function mapBcLine(product: BcOrderProduct, weightUnit: BcWeightUnit, lengthUnit: BcLengthUnit): ChannelOrderLine {
  const size = sizeOf(product, lengthUnit);
  return {
    externalLineId: String(product.id),
    sku: product.sku?.trim() ?? '',
    name: product.name,
    quantity: product.quantity,
    quantityShipped: product.quantity_shipped ?? 0,
    unitPrice: toMinorUnits(product.price_ex_tax),
    weight: gramsOf(product.weight, weightUnit),
    ...(size && { size }),
    category: null,
    hazardous: false,
  };
}

interface BcMappingOptions {
  weightUnit?: BcWeightUnit;
  lengthUnit?: BcLengthUnit;
}

/** One V2 order with its products and shipping addresses, as our order model. */
export function mapBigcommerceOrder(
  order: BcOrder,
  products: readonly BcOrderProduct[],
  shippingAddresses: readonly BcShippingAddress[],
  options: BcMappingOptions = {},
): ChannelOrder {
  const weightUnit = options.weightUnit ?? 'lb';
  const lengthUnit = options.lengthUnit ?? 'in';
  const firstShipping = shippingAddresses[0] ?? null;
  const billing = mapBcAddress(order.billing_address);
  const total = toMinorUnits(order.total_inc_tax);
  const paymentStatus = bcPaymentStatus(order.status_id);
  const customerName = billing?.name || null;
  return {
    externalId: String(order.id),
    orderNumber: String(order.id),
    orderDate: requiredDate(order.date_created, 'date_created', order.id),
    externalUpdatedAt: requiredDate(order.date_modified, 'date_modified', order.id),
    // Amounts are in the transactional currency; currency_code is only what the storefront displayed.
    currency: (order.default_currency_code || order.currency_code || 'USD').toUpperCase(),
    subtotal: toMinorUnits(order.subtotal_ex_tax),
    shippingTotal:
      toMinorUnits(order.shipping_cost_ex_tax) +
      toMinorUnits(order.handling_cost_ex_tax) +
      toMinorUnits(order.wrapping_cost_ex_tax),
    taxTotal: toMinorUnits(order.total_tax),
    discountTotal: toMinorUnits(order.discount_amount) + toMinorUnits(order.coupon_discount),
    total,
    paidTotal: paymentStatus === 'Paid' ? total : 0,
    paymentStatus,
    shipmentStatus: bcShipmentStatus(order),
    canceled: bcCanceled(order.status_id),
    customerName,
    customerEmail: billing?.email ?? null,
    requestedShippingMethod: blankToNull(firstShipping?.shipping_method),
    tags: [],
    lines: products.map((product) => mapBcLine(product, weightUnit, lengthUnit)),
    billing,
    shipping: mapBcAddress(firstShipping),
  };
}
