/**
 * Amazon Selling Partner API JSON as far as we read or write it: Orders v0, Tokens 2021-03-01, Sellers v1, and the
 * Login with Amazon token exchange (integrations.md section 4; amzn/selling-partner-api-models ordersV0.json).
 */

export interface AmazonMoney {
  CurrencyCode: string;
  /** A decimal string: "12.30". */
  Amount: string;
}

export interface AmazonAddress {
  Name?: string;
  CompanyName?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  County?: string;
  District?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
  AddressType?: 'Residential' | 'Commercial';
}

export type AmazonOrderStatus =
  | 'PendingAvailability'
  | 'Pending'
  | 'Unshipped'
  | 'PartiallyShipped'
  | 'Shipped'
  | 'Canceled'
  | 'Unfulfillable'
  | 'InvoiceUnconfirmed';

export interface AmazonOrder {
  AmazonOrderId: string;
  SellerOrderId?: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: AmazonOrderStatus;
  FulfillmentChannel?: 'MFN' | 'AFN';
  SalesChannel?: string;
  ShipServiceLevel?: string;
  ShipmentServiceLevelCategory?: string;
  /** Left out for Pending orders. */
  OrderTotal?: AmazonMoney;
  NumberOfItemsShipped?: number;
  NumberOfItemsUnshipped?: number;
  PaymentMethod?: string;
  MarketplaceId?: string;
  IsPrime?: boolean;
  IsBusinessOrder?: boolean;
  IsPremiumOrder?: boolean;
  EarliestShipDate?: string;
  LatestShipDate?: string;
  /** Complete only with a Restricted Data Token for shippingAddress; otherwise city, region, postal code, country. */
  ShippingAddress?: AmazonAddress;
  /** Name and e-mail only with a Restricted Data Token for buyerInfo. */
  BuyerInfo?: {
    BuyerEmail?: string;
    BuyerName?: string;
    BuyerCounty?: string;
    PurchaseOrderNumber?: string;
  };
}

export interface AmazonOrderItem {
  OrderItemId: string;
  ASIN: string;
  SellerSKU?: string;
  Title?: string;
  QuantityOrdered: number;
  QuantityShipped?: number;
  /** The line total (unit price times quantity), not the unit price. Left out for Pending orders. */
  ItemPrice?: AmazonMoney;
  ShippingPrice?: AmazonMoney;
  ItemTax?: AmazonMoney;
  ShippingTax?: AmazonMoney;
  ShippingDiscount?: AmazonMoney;
  PromotionDiscount?: AmazonMoney;
  IsGift?: string | boolean;
  ConditionId?: string;
}

export interface AmazonGetOrdersResponse {
  payload?: {
    Orders: AmazonOrder[];
    NextToken?: string;
    LastUpdatedBefore?: string;
    CreatedBefore?: string;
  };
  errors?: AmazonErrorDetail[];
}

export interface AmazonGetOrderResponse {
  payload?: AmazonOrder;
  errors?: AmazonErrorDetail[];
}

export interface AmazonOrderItemsResponse {
  payload?: { AmazonOrderId: string; OrderItems: AmazonOrderItem[]; NextToken?: string };
  errors?: AmazonErrorDetail[];
}

export interface AmazonErrorDetail {
  code: string;
  message: string;
  details?: string;
}

export interface AmazonMarketplaceParticipation {
  marketplace: {
    id: string;
    name: string;
    countryCode: string;
    defaultCurrencyCode: string;
    defaultLanguageCode: string;
    domainName: string;
  };
  participation: { isParticipating: boolean; hasSuspendedListings: boolean };
  storeName?: string;
}

export interface AmazonShipmentConfirmation {
  marketplaceId: string;
  packageDetail: {
    packageReferenceId: string;
    carrierCode: string;
    carrierName?: string;
    shippingMethod?: string;
    trackingNumber: string;
    shipDate: string;
    orderItems: Array<{ orderItemId: string; quantity: number }>;
  };
}

export interface AmazonRestrictedResource {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  dataElements?: string[];
}

export interface LwaTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

export const AMAZON_US_MARKETPLACE = 'ATVPDKIKX0DER';
export const AMAZON_ORDERS_PATH = '/orders/v0/orders';
export const AMAZON_RDT_PATH = '/tokens/2021-03-01/restrictedDataToken';
export const AMAZON_PARTICIPATIONS_PATH = '/sellers/v1/marketplaceParticipations';

/** The operations we call, each with its own usage plan. */
export type AmazonOperation =
  | 'getOrders'
  | 'getOrder'
  | 'searchOrders'
  | 'getOrder2026'
  | 'getOrderItems'
  | 'confirmShipment'
  | 'createRestrictedDataToken'
  | 'getMarketplaceParticipations';

/** Default usage plans (requests per second, burst) from the API references. */
export const AMAZON_USAGE_PLANS: Record<AmazonOperation, { rate: number; burst: number }> = {
  getOrders: { rate: 0.0167, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  // Orders v2026-01-01 (orders_2026-01-01.json usage plans).
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder2026: { rate: 0.5, burst: 30 },
  getOrderItems: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  createRestrictedDataToken: { rate: 1, burst: 10 },
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
};
