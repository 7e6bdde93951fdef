/**
 * The Orders V2 shapes as BigCommerce sends them (integrations.md section 2). Money and most quantities-with-decimals
 * are decimal strings; dates are RFC-2822 strings. Only the fields we read or the fake needs are declared.
 */

export interface BcAddress {
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

export interface BcOrder {
  id: number;
  customer_id: number;
  date_created: string;
  date_modified: string;
  /** Empty string until something shipped. */
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
  payment_status: string;
  refunded_amount: string;
  discount_amount: string;
  coupon_discount: string;
  currency_code: string;
  default_currency_code: string;
  customer_message: string;
  staff_notes: string;
  is_deleted: boolean;
  billing_address: BcAddress;
  channel_id: number;
  external_order_id: string | null;
  order_source: string;
  products: { url: string; resource: string };
  shipping_addresses: { url: string; resource: string };
}

export interface BcOrderProduct {
  /** The order_product_id shipments refer to. */
  id: number;
  order_id: number;
  product_id: number;
  variant_id: number;
  order_address_id: number;
  name: string;
  sku: string;
  type: 'physical' | 'digital' | 'giftcertificate';
  base_price: string;
  price_ex_tax: string;
  price_inc_tax: string;
  total_ex_tax: string;
  total_inc_tax: string;
  /** In the store's weight unit; BigCommerce sends a decimal string (some stores a number). */
  weight: string | number;
  width: string;
  height: string;
  depth: string;
  quantity: number;
  quantity_shipped: number;
  quantity_refunded: number;
}

export interface BcShippingAddress extends BcAddress {
  id: number;
  order_id: number;
  items_total: number;
  items_shipped: number;
  /** The service the buyer chose at checkout, as the store names it. */
  shipping_method: string;
  cost_ex_tax: string;
  cost_inc_tax: string;
}

interface BcShipmentItem {
  order_product_id: number;
  product_id?: number;
  quantity: number;
}

export interface BcShipment {
  id: number;
  order_id: number;
  customer_id: number;
  order_address_id: number;
  date_created: string;
  tracking_number: string;
  shipping_method: string;
  shipping_provider: string;
  tracking_carrier: string;
  tracking_link: string;
  comments: string;
  items: BcShipmentItem[];
  generated_tracking_link: string;
}

export interface BcShipmentCreate {
  order_address_id: number;
  items: BcShipmentItem[];
  tracking_number?: string;
  shipping_method?: string;
  shipping_provider?: string;
  tracking_carrier?: string;
  tracking_link?: string;
  comments?: string;
}

/** `GET /v2/store`: the store profile (a subset). */
export interface BcStore {
  id: string;
  domain: string;
  secure_url: string;
  name: string;
  admin_email: string;
  order_email: string;
  country_code: string;
  currency: string;
  weight_units: string;
  dimension_units: string;
  plan_name: string;
}
