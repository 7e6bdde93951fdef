/**
 * BigCommerce's Orders V2 JSON as the fake store sends and accepts it, spelled from BigCommerce's reference
 * (orders.v2.oas2.yml, "Get Order Statuses") rather than taken from the adapter, so a wrong id or name on either side
 * shows up in the adapter's tests. V2 writes money as decimal strings with four places and dates as RFC 2822.
 */

/**
 * The fixed order statuses of `GET /v2/order_statuses`: id and the name BigCommerce gives it. Stores may rename them
 * in the control panel; the ids never change.
 */
export const ORDER_STATUS = {
  incomplete: 0,
  pending: 1,
  shipped: 2,
  partiallyShipped: 3,
  refunded: 4,
  cancelled: 5,
  declined: 6,
  awaitingPayment: 7,
  awaitingPickup: 8,
  awaitingShipment: 9,
  completed: 10,
  awaitingFulfillment: 11,
  manualVerificationRequired: 12,
  disputed: 13,
  partiallyRefunded: 14,
} as const;

const STATUS_NAMES: ReadonlyMap<number, string> = new Map([
  [ORDER_STATUS.incomplete, 'Incomplete'],
  [ORDER_STATUS.pending, 'Pending'],
  [ORDER_STATUS.shipped, 'Shipped'],
  [ORDER_STATUS.partiallyShipped, 'Partially Shipped'],
  [ORDER_STATUS.refunded, 'Refunded'],
  [ORDER_STATUS.cancelled, 'Cancelled'],
  [ORDER_STATUS.declined, 'Declined'],
  [ORDER_STATUS.awaitingPayment, 'Awaiting Payment'],
  [ORDER_STATUS.awaitingPickup, 'Awaiting Pickup'],
  [ORDER_STATUS.awaitingShipment, 'Awaiting Shipment'],
  [ORDER_STATUS.completed, 'Completed'],
  [ORDER_STATUS.awaitingFulfillment, 'Awaiting Fulfillment'],
  [ORDER_STATUS.manualVerificationRequired, 'Manual Verification Required'],
  [ORDER_STATUS.disputed, 'Disputed'],
  [ORDER_STATUS.partiallyRefunded, 'Partially Refunded'],
]);

/** The `status` text that goes with a `status_id`; a custom id a test sets has none. */
export function orderStatusName(statusId: number): string | undefined {
  return STATUS_NAMES.get(statusId);
}

/** "Tue, 05 Mar 2019 21:43:38 +0000": RFC 2822 in UTC, the way V2 writes every date. */
export function rfc2822(time: number | Date): string {
  return new Date(time).toUTCString().replace(/GMT$/, '+0000');
}

/** "12.9900": cents as V2's four-decimal money string. */
export function v2Money(cents: number): string {
  return (cents / 100).toFixed(4);
}

/** The address fields an order's billing address and its shipping addresses share. */
export interface V2Address {
  first_name: string;
  last_name: string;
  company: string;
  street_1: string;
  street_2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  country_iso2: string;
  phone: string;
  email: string;
}

/** `GET /v2/orders/{id}`, the fields the fake keeps; BigCommerce sends many more. */
export interface V2Order {
  id: number;
  customer_id: number;
  date_created: string;
  date_modified: string;
  /** "" until the first shipment. */
  date_shipped: string;
  status_id: number;
  status: string;
  subtotal_ex_tax: string;
  subtotal_inc_tax: string;
  subtotal_tax: string;
  shipping_cost_ex_tax: string;
  shipping_cost_inc_tax: string;
  handling_cost_ex_tax: string;
  wrapping_cost_ex_tax: string;
  total_ex_tax: string;
  total_inc_tax: string;
  total_tax: string;
  items_total: number;
  items_shipped: number;
  payment_method: string;
  /** authorized, captured, capture pending, declined, held for review, paid, partially refunded, pending, ... */
  payment_status: string;
  refunded_amount: string;
  discount_amount: string;
  coupon_discount: string;
  currency_code: string;
  default_currency_code: string;
  customer_message: string;
  staff_notes: string;
  is_deleted: boolean;
  billing_address: V2Address;
  channel_id: number;
  external_order_id: string | null;
  order_source: string;
  /** Where the sub-resources are: V2 links them instead of embedding them. */
  products: { url: string; resource: string };
  shipping_addresses: { url: string; resource: string };
}

/** `GET /v2/orders/{id}/products`. */
export interface V2OrderProduct {
  /** The order_product_id a shipment names. */
  id: number;
  order_id: number;
  product_id: number;
  variant_id: number;
  /** 0 for digital items, which ship nowhere. */
  order_address_id: number;
  name: string;
  sku: string;
  type: 'physical' | 'digital' | 'giftcertificate';
  base_price: string;
  price_ex_tax: string;
  price_inc_tax: string;
  total_ex_tax: string;
  total_inc_tax: string;
  /** In the store's weight unit, which the product does not name (see the store's `weight_units`). */
  weight: string;
  width: string;
  height: string;
  depth: string;
  quantity: number;
  quantity_shipped: number;
  quantity_refunded: number;
}

/** `GET /v2/orders/{id}/shipping_addresses`. */
export interface V2ShippingAddress extends V2Address {
  id: number;
  order_id: number;
  items_total: number;
  items_shipped: number;
  /** The service the buyer picked at checkout, in the store's words. */
  shipping_method: string;
  cost_ex_tax: string;
  cost_inc_tax: string;
}

interface V2ShipmentItem {
  order_product_id: number;
  product_id?: number;
  quantity: number;
}

/** `GET|POST /v2/orders/{id}/shipments` as answered. */
export interface V2Shipment {
  id: number;
  order_id: number;
  customer_id: number;
  order_address_id: number;
  date_created: string;
  tracking_number: string;
  shipping_method: string;
  /** auspost, canadapost, endicia, usps, fedex, royalmail, ups, upsready, shipperhq or "". */
  shipping_provider: string;
  tracking_carrier: string;
  tracking_link: string;
  comments: string;
  items: V2ShipmentItem[];
  generated_tracking_link: string;
}

/** The body of `POST /v2/orders/{id}/shipments`: an address and its items are required, the rest optional. */
export interface V2ShipmentRequest {
  order_address_id: number;
  items: Array<{ order_product_id: number; quantity: number }>;
  tracking_number?: string;
  shipping_method?: string;
  shipping_provider?: string;
  tracking_carrier?: string;
  tracking_link?: string;
  comments?: string;
}

/** `GET /v2/store`, the part the fake answers. */
export interface V2Store {
  id: string;
  domain: string;
  secure_url: string;
  name: string;
  admin_email: string;
  order_email: string;
  country_code: string;
  currency: string;
  /** "LBS", "KGS", "Ounces" or "Grams". */
  weight_units: string;
  dimension_units: string;
  plan_name: string;
}
