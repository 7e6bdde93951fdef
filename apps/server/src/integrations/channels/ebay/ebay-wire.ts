/**
 * The eBay Sell Fulfillment API's JSON, as far as we read or write it (integrations.md section 3; the sell_fulfillment_v1
 * OpenAPI document). Optional where eBay leaves a field out.
 */

export interface EbayAmount {
  /** A decimal string: "12.30". */
  value: string;
  currency: string;
}

interface EbayContactAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
}

export interface EbayShipTo {
  fullName?: string;
  companyName?: string;
  contactAddress?: EbayContactAddress;
  primaryPhone?: { phoneNumber?: string };
  email?: string;
}

interface EbayLineItem {
  lineItemId: string;
  legacyItemId?: string;
  sku?: string;
  title: string;
  quantity: number;
  /** Unit price times quantity, before discounts. */
  lineItemCost: EbayAmount;
  total?: EbayAmount;
  deliveryCost?: { shippingCost?: EbayAmount };
  lineItemFulfillmentStatus?: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
}

export type EbayFulfillmentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
export type EbayPaymentStatus = 'PENDING' | 'FAILED' | 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED';

export interface EbayOrder {
  orderId: string;
  legacyOrderId?: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: EbayFulfillmentStatus;
  orderPaymentStatus: EbayPaymentStatus;
  sellerId?: string;
  buyer?: {
    username?: string;
    buyerRegistrationAddress?: EbayShipTo;
  };
  pricingSummary?: {
    priceSubtotal?: EbayAmount;
    /** Order-level discounts; eBay sends them negative. */
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
    fulfillmentInstructionsType?: string;
    minEstimatedDeliveryDate?: string;
    maxEstimatedDeliveryDate?: string;
    shippingStep?: {
      shippingCarrierCode?: string;
      /** The service the buyer chose. */
      shippingServiceCode?: string;
      shipTo?: EbayShipTo;
    };
  }>;
  lineItems: EbayLineItem[];
  salesRecordReference?: string;
}

export interface EbayOrderPage {
  href?: string;
  limit: number;
  offset: number;
  total: number;
  next?: string;
  prev?: string;
  orders: EbayOrder[];
  warnings?: EbayErrorDetail[];
}

export interface EbayErrorDetail {
  errorId: number;
  domain?: string;
  subDomain?: string;
  category?: string;
  message?: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

export interface EbayShippingFulfillmentRequest {
  lineItems: Array<{ lineItemId: string; quantity: number }>;
  shippedDate?: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

export interface EbayTokenResponse {
  access_token: string;
  expires_in: number;
  token_type: string;
}

/** The scope a seller's token needs to read orders and mark them shipped. */
export const EBAY_FULFILLMENT_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment';
export const EBAY_FULFILLMENT_PATH = '/sell/fulfillment/v1';
