/**
 * eBay's Sell Fulfillment API v1 as the fake answers and accepts it, spelled from eBay's reference (getOrders,
 * getOrder, createShippingFulfillment and the sell_fulfillment_v1 OpenAPI document), not from the adapter. Amounts
 * are decimal strings with their currency; dates are ISO 8601 in UTC with milliseconds. Fields eBay may leave out
 * are optional.
 */

/** Where the API lives under api.ebay.com. */
export const SELL_FULFILLMENT_BASE = '/sell/fulfillment/v1';

/** The OAuth scope that reads orders and records shipments; the `.readonly` variant only reads. */
export const SELL_FULFILLMENT_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment';

/** `Amount`: "12.30" in a currency. */
export interface EbayAmount {
  value: string;
  currency: string;
}

/** NOT_STARTED, IN_PROGRESS or FULFILLED, for an order and for each of its lines. */
type EbayFulfillmentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';

type EbayPaymentStatus = 'PENDING' | 'FAILED' | 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED';

/** `ExtendedContact`: who the parcel goes to. */
export interface EbayShipTo {
  fullName?: string;
  companyName?: string;
  contactAddress?: {
    addressLine1?: string;
    addressLine2?: string;
    city?: string;
    stateOrProvince?: string;
    postalCode?: string;
    /** ISO 3166-1 alpha-2. */
    countryCode?: string;
  };
  primaryPhone?: { phoneNumber?: string };
  /** eBay's relay address for the buyer. */
  email?: string;
}

export interface EbayLineItem {
  lineItemId: string;
  legacyItemId?: string;
  sku?: string;
  title: string;
  quantity: number;
  /** The unit price times the quantity, before any discount. */
  lineItemCost: EbayAmount;
  total?: EbayAmount;
  deliveryCost?: { shippingCost?: EbayAmount };
  lineItemFulfillmentStatus?: EbayFulfillmentStatus;
}

export interface EbayOrder {
  orderId: string;
  legacyOrderId?: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: EbayFulfillmentStatus;
  orderPaymentStatus: EbayPaymentStatus;
  sellerId?: string;
  buyer?: { username?: string };
  pricingSummary?: {
    priceSubtotal?: EbayAmount;
    /** Negative, as eBay writes discounts. */
    priceDiscount?: EbayAmount;
    deliveryCost?: EbayAmount;
    deliveryDiscount?: EbayAmount;
    tax?: EbayAmount;
    total?: EbayAmount;
  };
  cancelStatus?: {
    cancelState?: 'CANCELED' | 'IN_PROGRESS' | 'NONE_REQUESTED';
    cancelRequests?: unknown[];
  };
  fulfillmentStartInstructions?: Array<{
    /** SHIP_TO for a parcel to the buyer. */
    fulfillmentInstructionsType?: string;
    minEstimatedDeliveryDate?: string;
    maxEstimatedDeliveryDate?: string;
    shippingStep?: {
      shippingCarrierCode?: string;
      /** The service the buyer paid for. */
      shippingServiceCode?: string;
      shipTo?: EbayShipTo;
    };
  }>;
  lineItems: EbayLineItem[];
  salesRecordReference?: string;
}

/** `OrderSearchPagedCollection`: getOrders' answer; `next` and `prev` only where there is such a page. */
export interface EbayOrderSearchPage {
  href: string;
  total: number;
  limit: number;
  offset: number;
  next?: string;
  prev?: string;
  orders: EbayOrder[];
}

/** `ErrorDetailV3`, one entry of an error body's `errors`. */
export interface EbayError {
  errorId: number;
  domain: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

/** The body of createShippingFulfillment. */
export interface EbayShippingFulfillmentDetails {
  lineItems: Array<{ lineItemId: string; quantity: number }>;
  /** ISO 8601; eBay takes now when it is left out. */
  shippedDate?: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}
