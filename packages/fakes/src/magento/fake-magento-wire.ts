/**
 * Magento 2 / Adobe Commerce REST as the fake answers and accepts it, spelled from Adobe's REST reference
 * (salesOrderRepositoryV1, salesShipOrderV1, storeStoreConfigManagerV1) rather than from the adapter. Money and
 * quantities are JSON numbers; dates are 'YYYY-MM-DD HH:MM:SS' in UTC, the way Magento stores and compares them.
 */

/** '2026-03-10 14:30:05': a time as Magento writes it, in UTC without a zone. */
export function magentoDateTime(time: number | Date | string): string {
  const at = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  return `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

/** `sales-data-order-address-interface`. */
export interface MagentoAddress {
  /** billing or shipping. */
  address_type?: string;
  firstname: string;
  lastname: string;
  company?: string | null;
  /** One entry per street line. */
  street: string[];
  city: string;
  region?: string | null;
  region_code?: string | null;
  postcode?: string | null;
  /** ISO 3166-1 alpha-2. */
  country_id: string;
  telephone?: string | null;
  email?: string | null;
}

/** `sales-data-order-item-interface`. */
export interface MagentoOrderItem {
  item_id: number;
  order_id?: number;
  sku: string;
  name: string;
  /** simple, configurable, bundle, virtual, downloadable, ... */
  product_type: string;
  /** The simple child of a configurable or bundle names its parent, which carries the price. */
  parent_item_id?: number | null;
  qty_ordered: number;
  qty_shipped: number;
  qty_canceled?: number;
  qty_refunded?: number;
  price: number;
  row_total: number;
  /** Per unit, in the store's weight unit. */
  weight?: number | null;
}

/** `sales-data-order-interface`, the part the fake keeps. */
export interface MagentoOrder {
  /** The id every API call uses. */
  entity_id: number;
  /** The number the customer sees. */
  increment_id: string;
  /** new, pending_payment, processing, complete, closed, canceled, holded or payment_review. */
  state: string;
  /** A label the store configures under the state ("pending", "processing", ...). */
  status: string;
  created_at: string;
  updated_at: string;
  order_currency_code: string;
  base_currency_code?: string;
  grand_total: number;
  subtotal: number;
  shipping_amount: number;
  tax_amount: number;
  /** Negative, as Magento keeps discounts. */
  discount_amount?: number;
  total_paid?: number | null;
  total_due?: number | null;
  weight?: number | null;
  /** "Flat Rate - Fixed": the carrier and method titles as the customer saw them. */
  shipping_description?: string | null;
  customer_email?: string | null;
  customer_firstname?: string | null;
  customer_lastname?: string | null;
  customer_is_guest?: number;
  payment?: { method: string } | null;
  items: MagentoOrderItem[];
  billing_address?: MagentoAddress | null;
  /** The shipping address lives only here, in the first shipping assignment. */
  extension_attributes?: {
    shipping_assignments?: Array<{
      shipping?: { address?: MagentoAddress | null; method?: string | null };
      items?: MagentoOrderItem[];
    }>;
  } | null;
}

/** `store-data-store-config-interface`. */
export interface MagentoStoreConfig {
  id: number;
  code: string;
  website_id: number;
  locale: string;
  base_currency_code: string;
  default_display_currency_code: string;
  timezone: string;
  /** 'lbs' or 'kgs'. */
  weight_unit: string;
  base_url: string;
  secure_base_url: string;
}

/** The body of `POST /V1/order/{id}/ship`: no items means every open one. */
export interface MagentoShipOrder {
  items?: Array<{ order_item_id: number; qty: number }>;
  notify?: boolean;
  appendComment?: boolean;
  comment?: { comment: string; is_visible_on_front: number };
  tracks?: Array<{ track_number: string; title: string; carrier_code: string }>;
}
