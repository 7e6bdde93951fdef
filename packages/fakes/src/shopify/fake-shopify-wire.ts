/**
 * The GraphQL Admin API's shapes as the fake Shopify answers them (shopify.dev Admin GraphQL reference: `Order`,
 * `LineItem`, `FulfillmentOrder`, `Fulfillment`, `MailingAddress`, `MoneyBag`), with the enums and the number and
 * date formats Shopify prints. Written from Shopify's documentation, not from the adapter, so the two can disagree
 * in a test.
 */

/** Shopify's `WeightUnit` enum. */
export type WeightUnit = 'GRAMS' | 'KILOGRAMS' | 'OUNCES' | 'POUNDS';

export type FinancialStatus =
  'PENDING' | 'AUTHORIZED' | 'PARTIALLY_PAID' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED' | 'EXPIRED';
export type FulfillmentStatus = 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';

export interface FakeMoneyBag {
  shopMoney: { amount: string; currencyCode: string };
}

export interface FakeAddress {
  firstName: string;
  lastName: string;
  name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string | null;
  provinceCode: string | null;
  zip: string;
  country: string;
  countryCodeV2: string;
  phone: string | null;
}

export interface FakeLineItem {
  __typename: 'LineItem';
  id: string;
  sku: string;
  name: string;
  title: string;
  variantTitle: string | null;
  vendor: string;
  quantity: number;
  currentQuantity: number;
  unfulfilledQuantity: number;
  requiresShipping: boolean;
  originalUnitPriceSet: FakeMoneyBag;
  variant: {
    __typename: 'ProductVariant';
    id: string;
    sku: string;
    title: string;
    inventoryItem: {
      __typename: 'InventoryItem';
      id: string;
      measurement: { __typename: 'InventoryItemMeasurement'; weight: { unit: WeightUnit; value: number } };
      harmonizedSystemCode: string | null;
      countryCodeOfOrigin: string | null;
    };
  };
  product: { __typename: 'Product'; id: string; title: string; productType: string };
}

interface FakeFulfillmentOrderLine {
  __typename: 'FulfillmentOrderLineItem';
  id: string;
  totalQuantity: number;
  remainingQuantity: number;
  lineItem: FakeLineItem;
}

export interface FakeFulfillmentOrder {
  __typename: 'FulfillmentOrder';
  id: string;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED' | 'ON_HOLD';
  requestStatus: 'UNSUBMITTED';
  lineItems: FakeFulfillmentOrderLine[];
}

export interface FakeTrackingInfo {
  __typename: 'FulfillmentTrackingInfo';
  company: string | null;
  number: string | null;
  url: string | null;
}

/** `Fulfillment`: one shipment of an order's items, with its tracking; `fulfillmentCancel` makes it CANCELLED. */
export interface FakeFulfillment {
  __typename: 'Fulfillment';
  id: string;
  name: string;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: string;
  trackingInfo: FakeTrackingInfo[];
}

export interface FakeShopifyOrder {
  __typename: 'Order';
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  displayFinancialStatus: FinancialStatus;
  displayFulfillmentStatus: FulfillmentStatus;
  currencyCode: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  taxesIncluded: boolean;
  totalWeight: string;
  subtotalPriceSet: FakeMoneyBag;
  totalPriceSet: FakeMoneyBag;
  totalShippingPriceSet: FakeMoneyBag;
  totalTaxSet: FakeMoneyBag;
  totalDiscountsSet: FakeMoneyBag;
  totalOutstandingSet: FakeMoneyBag;
  totalReceivedSet: FakeMoneyBag;
  discountCodes: string[];
  customer: {
    __typename: 'Customer';
    id: string;
    displayName: string;
    firstName: string;
    lastName: string;
    email: string | null;
  };
  shippingAddress: FakeAddress;
  billingAddress: FakeAddress;
  shippingLine: {
    __typename: 'ShippingLine';
    title: string;
    code: string;
    source: string;
    carrierIdentifier: string | null;
    originalPriceSet: FakeMoneyBag;
  } | null;
  lineItems: FakeLineItem[];
  fulfillmentOrders: FakeFulfillmentOrder[];
  /** Oldest first, cancelled ones included; the fake's generated orders start with none, even shipped ones. */
  fulfillments: FakeFulfillment[];
}

/** The shop's currency: every generated order is in it. */
export const SHOP_CURRENCY = 'USD';

/** Shopify's Decimal as GraphQL prints it: "28.0", "24.95", "0.0". */
function decimal(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  if (fraction === 0) return `${whole}.0`;
  return fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** A `MoneyBag` in the shop's currency (the fake has no presentment currencies). */
export function moneyBag(cents: number, currencyCode = SHOP_CURRENCY): FakeMoneyBag {
  return { shopMoney: { amount: decimal(cents), currencyCode } };
}

/** Shopify's DateTime: ISO 8601 in UTC to the second, "2026-03-10T14:30:05Z". */
export function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

const GRAMS_PER: Record<WeightUnit, number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };

/** The line's unit weight in grams, from the weight its variant's inventory item states. */
export const gramsOf = (line: FakeLineItem) => {
  const { unit, value } = line.variant.inventoryItem.measurement.weight;
  return Math.round(value * GRAMS_PER[unit]);
};
