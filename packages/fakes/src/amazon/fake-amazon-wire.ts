/**
 * Amazon's Selling Partner API as the fake answers and accepts it, spelled from Amazon's models
 * (amzn/selling-partner-api-models: ordersV0.json, tokens_2021-03-01.json, sellers.json) and usage-plan pages rather
 * than from the adapter. Money is `{ CurrencyCode, Amount }` with a decimal string; dates are ISO 8601 in UTC.
 */

/** Amazon.com's marketplace id. */
export const US_MARKETPLACE_ID = 'ATVPDKIKX0DER';

export const ORDERS_V0 = '/orders/v0/orders';
export const ORDERS_V2026 = '/orders/2026-01-01/orders';
export const RESTRICTED_DATA_TOKEN_PATH = '/tokens/2021-03-01/restrictedDataToken';
export const MARKETPLACE_PARTICIPATIONS_PATH = '/sellers/v1/marketplaceParticipations';

/** The operations the fake serves; each has a usage plan of its own. */
export type SpApiOperation =
  | 'getOrders'
  | 'getOrder'
  | 'searchOrders'
  | 'getOrder2026'
  | 'getOrderItems'
  | 'confirmShipment'
  | 'createRestrictedDataToken'
  | 'getMarketplaceParticipations';

/** Requests per second of each operation's default usage plan, as x-amzn-RateLimit-Limit states it. */
export const DEFAULT_RATE: Record<SpApiOperation, number> = {
  getOrders: 0.0167,
  getOrder: 0.5,
  searchOrders: 0.0056,
  getOrder2026: 0.5,
  getOrderItems: 0.5,
  confirmShipment: 2,
  createRestrictedDataToken: 1,
  getMarketplaceParticipations: 0.016,
};

export interface Money {
  CurrencyCode: string;
  /** "12.30". */
  Amount: string;
}

export interface SpAddress {
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

export type OrderStatus =
  | 'PendingAvailability'
  | 'Pending'
  | 'Unshipped'
  | 'PartiallyShipped'
  | 'Shipped'
  | 'Canceled'
  | 'Unfulfillable'
  | 'InvoiceUnconfirmed';

/** An Orders v0 `Order`, with every field the fake knows; what a caller sees depends on its token. */
export interface SpOrder {
  AmazonOrderId: string;
  SellerOrderId?: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: OrderStatus;
  /** MFN: the seller ships; AFN: Amazon does. */
  FulfillmentChannel?: 'MFN' | 'AFN';
  SalesChannel?: string;
  ShipServiceLevel?: string;
  /** Expedited, FreeEconomy, NextDay, Priority, SameDay, SecondDay, Scheduled or Standard. */
  ShipmentServiceLevelCategory?: string;
  /** Absent while the order is Pending. */
  OrderTotal?: Money;
  NumberOfItemsShipped?: number;
  NumberOfItemsUnshipped?: number;
  PaymentMethod?: string;
  MarketplaceId?: string;
  IsPrime?: boolean;
  IsBusinessOrder?: boolean;
  IsPremiumOrder?: boolean;
  EarliestShipDate?: string;
  LatestShipDate?: string;
  /** In full only for a Restricted Data Token granting shippingAddress; otherwise city, region, postcode, country. */
  ShippingAddress?: SpAddress;
  /** Only for a Restricted Data Token granting buyerInfo. */
  BuyerInfo?: { BuyerEmail?: string; BuyerName?: string; BuyerCounty?: string; PurchaseOrderNumber?: string };
}

/** An Orders v0 `OrderItem`. */
export interface SpOrderItem {
  OrderItemId: string;
  ASIN: string;
  SellerSKU?: string;
  Title?: string;
  QuantityOrdered: number;
  QuantityShipped?: number;
  /** For the whole line (unit price times quantity). Absent while the order is Pending, like the other prices. */
  ItemPrice?: Money;
  ShippingPrice?: Money;
  ItemTax?: Money;
  ShippingTax?: Money;
  ShippingDiscount?: Money;
  PromotionDiscount?: Money;
  /** "true" or "false": a string in v0. */
  IsGift?: string;
  ConditionId?: string;
}

/** One entry of an error body's `errors`. */
export interface SpError {
  code: string;
  message: string;
  details: string;
}

/** The error entries the fake answers with, in Amazon's codes and words. */
export const spErrors = {
  unauthorized: (): SpError => ({
    code: 'Unauthorized',
    message: 'Access to requested resource is denied.',
    details: 'The access token you provided is revoked, malformed or invalid.',
  }),
  quotaExceeded: (): SpError => ({
    code: 'QuotaExceeded',
    message: 'You exceeded your quota for the requested resource.',
    details: '',
  }),
  invalidInput: (message: string): SpError => ({ code: 'InvalidInput', message, details: '' }),
  notFound: (message: string): SpError => ({ code: 'NotFound', message, details: '' }),
};

/** A `RestrictedResource` of createRestrictedDataToken. */
export interface RestrictedResource {
  method: string;
  path: string;
  dataElements?: string[];
}

/** The body of confirmShipment (`ConfirmShipmentRequest`); carrierName and shippingMethod are the optional parts. */
export interface ShipmentConfirmation {
  marketplaceId: string;
  packageDetail: {
    packageReferenceId: string;
    carrierCode: string;
    /** Required when carrierCode is "Other". */
    carrierName?: string;
    shippingMethod?: string;
    trackingNumber: string;
    shipDate: string;
    orderItems: Array<{ orderItemId: string; quantity: number }>;
  };
}
