/**
 * Orders v2026-01-01 JSON as the fake answers it (amzn/selling-partner-api-models orders_2026-01-01.json), the parts
 * the fake fills: camelCase, money as `{ amount, currencyCode }` with a decimal string.
 */

export interface V2026Money {
  amount: string;
  currencyCode: string;
}

export interface V2026Address {
  name?: string;
  companyName?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  city?: string;
  districtOrCounty?: string;
  stateOrRegion?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string;
  addressType?: 'RESIDENTIAL' | 'COMMERCIAL' | 'PICKUP_POINT';
}

export type V2026Breakdown = {
  type: string;
  subtotal: V2026Money;
  detailedBreakdowns?: Array<{ subtype: string; value: V2026Money }>;
};

export interface V2026OrderItem {
  orderItemId: string;
  quantityOrdered: number;
  product: { asin: string; sellerSku?: string; title?: string; condition?: { conditionType: string } };
  proceeds?: { proceedsTotal: V2026Money; breakdowns: V2026Breakdown[] };
  fulfillment?: { quantityFulfilled: number; quantityUnfulfilled: number };
}

export interface V2026Order {
  orderId: string;
  orderAliases?: Array<{ aliasId: string; aliasType: 'SELLER_ORDER_ID' }>;
  createdTime: string;
  lastUpdatedTime: string;
  programs?: string[];
  salesChannel: { channelName: 'AMAZON'; marketplaceId: string; marketplaceName?: string };
  buyer?: { buyerName?: string; buyerEmail?: string; buyerCompanyName?: string; buyerPurchaseOrderNumber?: string };
  recipient?: { deliveryAddress?: V2026Address };
  proceeds?: { grandTotal: V2026Money; breakdowns?: V2026Breakdown[] };
  fulfillment?: {
    fulfillmentStatus: string;
    fulfilledBy: 'MERCHANT' | 'AMAZON';
    fulfillmentServiceLevel?: string;
    shipByWindow?: { earliestDateTime?: string; latestDateTime?: string };
  };
  orderItems: V2026OrderItem[];
  packages?: Array<{
    packageReferenceId: string;
    carrier: string;
    trackingNumber: string;
    shipTime: string;
    packageItems: Array<{ orderItemId: string; quantity: number }>;
  }>;
}
