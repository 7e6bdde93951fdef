/**
 * Amazon SP-API Orders v2026-01-01 JSON as far as we read it (amzn/selling-partner-api-models
 * orders_2026-01-01.json): camelCase, no `payload` wrapper, money as `{ amount, currencyCode }`.
 */

export const AMAZON_ORDERS_V2026_PATH = '/orders/2026-01-01/orders';

/** The datasets an order listing needs: who, where to, how much, and the fulfillment status and quantities. */
export const AMAZON_ORDER_DATASETS = ['BUYER', 'RECIPIENT', 'PROCEEDS', 'FULFILLMENT'] as const;

export interface AmazonMoneyV2026 {
  /** A decimal string: "12.30". */
  amount: string;
  currencyCode: string;
}

export type AmazonFulfillmentStatus =
  'PENDING_AVAILABILITY' | 'PENDING' | 'UNSHIPPED' | 'PARTIALLY_SHIPPED' | 'SHIPPED' | 'CANCELLED' | 'UNFULFILLABLE';

export interface AmazonAddressV2026 {
  name?: string;
  companyName?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  city?: string;
  districtOrCounty?: string;
  stateOrRegion?: string;
  municipality?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string;
  addressType?: 'RESIDENTIAL' | 'COMMERCIAL' | 'PICKUP_POINT';
}

/** type ITEM, SHIPPING, GIFT_WRAP, COD_FEE, OTHER, TAX or DISCOUNT; TAX and DISCOUNT split by subtype. */
interface AmazonProceedsBreakdown {
  type: string;
  subtotal?: AmazonMoneyV2026;
  detailedBreakdowns?: Array<{ subtype: string; value?: AmazonMoneyV2026 }>;
}

export interface AmazonOrderItemV2026 {
  orderItemId: string;
  quantityOrdered: number;
  product?: { asin?: string; sellerSku?: string; title?: string };
  /** With includedData PROCEEDS. */
  proceeds?: { proceedsTotal?: AmazonMoneyV2026; breakdowns?: AmazonProceedsBreakdown[] };
  /** With includedData FULFILLMENT. */
  fulfillment?: { quantityFulfilled?: number; quantityUnfulfilled?: number };
}

export interface AmazonOrderV2026 {
  orderId: string;
  orderAliases?: Array<{ aliasId: string; aliasType: string }>;
  createdTime: string;
  lastUpdatedTime: string;
  /** PRIME, AMAZON_BUSINESS, PREMIUM, PREORDER, ... */
  programs?: string[];
  salesChannel?: { channelName?: string; marketplaceId?: string; marketplaceName?: string };
  /** With includedData BUYER; name and e-mail only for an app with the PII roles. */
  buyer?: { buyerName?: string; buyerEmail?: string; buyerCompanyName?: string; buyerPurchaseOrderNumber?: string };
  /** With includedData RECIPIENT; the full address only for an app with the PII roles. */
  recipient?: { deliveryAddress?: AmazonAddressV2026 };
  /** With includedData PROCEEDS; left out while the order is pending. */
  proceeds?: { grandTotal?: AmazonMoneyV2026; breakdowns?: AmazonProceedsBreakdown[] };
  /** With includedData FULFILLMENT. */
  fulfillment?: {
    fulfillmentStatus?: AmazonFulfillmentStatus;
    fulfilledBy?: 'MERCHANT' | 'AMAZON';
    /** STANDARD, EXPEDITED, FREE_ECONOMY, NEXT_DAY, PRIORITY, SAME_DAY, SECOND_DAY, SCHEDULED. */
    fulfillmentServiceLevel?: string;
  };
  orderItems?: AmazonOrderItemV2026[];
}

export interface AmazonSearchOrdersResponse {
  orders?: AmazonOrderV2026[];
  pagination?: { nextToken?: string };
  lastUpdatedBefore?: string;
  createdBefore?: string;
}

export interface AmazonGetOrderResponseV2026 {
  order?: AmazonOrderV2026;
}
