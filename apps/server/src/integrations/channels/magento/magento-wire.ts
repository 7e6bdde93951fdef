/**
 * Magento 2 / Adobe Commerce REST JSON as documented (integrations.md section 6). Only the fields we read or the fake
 * writes; Magento sends many more. Money comes as JSON numbers, dates as 'YYYY-MM-DD HH:MM:SS' in UTC.
 */

export interface MagentoAddress {
  entity_id?: number;
  address_type?: string;
  firstname: string;
  lastname: string;
  company?: string | null;
  street: string[];
  city: string;
  region?: string | null;
  region_code?: string | null;
  postcode?: string | null;
  country_id: string;
  telephone?: string | null;
  email?: string | null;
}

export interface MagentoOrderItem {
  item_id: number;
  order_id?: number;
  sku: string;
  name: string;
  product_type: string;
  /** Set on the simple child of a configurable or bundle parent; the parent carries the price. */
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

export interface MagentoOrder {
  entity_id: number;
  increment_id: string;
  state: string;
  status: string;
  created_at: string;
  updated_at: string;
  order_currency_code: string;
  base_currency_code?: string;
  grand_total: number;
  subtotal: number;
  shipping_amount: number;
  tax_amount: number;
  discount_amount?: number;
  total_paid?: number | null;
  total_due?: number | null;
  weight?: number | null;
  shipping_description?: string | null;
  customer_email?: string | null;
  customer_firstname?: string | null;
  customer_lastname?: string | null;
  customer_is_guest?: number;
  payment?: { method: string } | null;
  items: MagentoOrderItem[];
  billing_address?: MagentoAddress | null;
  extension_attributes?: {
    shipping_assignments?: Array<{
      shipping?: { address?: MagentoAddress | null; method?: string | null };
      items?: MagentoOrderItem[];
    }>;
  } | null;
}

export interface MagentoSearchResult<T> {
  items: T[];
  search_criteria: unknown;
  total_count: number;
}

export interface MagentoStoreConfig {
  id: number;
  code: string;
  website_id: number;
  locale?: string;
  base_currency_code?: string;
  default_display_currency_code?: string;
  timezone?: string;
  /** 'lbs' or 'kgs'. */
  weight_unit?: string;
  base_url?: string;
  secure_base_url?: string;
}

export interface MagentoShipRequest {
  items?: Array<{ order_item_id: number; qty: number }>;
  notify?: boolean;
  appendComment?: boolean;
  comment?: { comment: string; is_visible_on_front: number };
  tracks?: Array<{ track_number: string; title: string; carrier_code: string }>;
}

/** `{ message: "... %1 ...", parameters: [...] | { name: value } }`. */
export interface MagentoErrorBody {
  message?: string;
  parameters?: unknown[] | Record<string, unknown>;
  trace?: string;
}
