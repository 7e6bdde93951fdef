/**
 * Walmart Marketplace Orders API (US, v3) JSON as documented (integrations.md section 5). Only the fields we read or
 * the fake writes; Walmart sends more.
 */

export interface WalmartAmount {
  currency: string;
  amount: number | string;
}

interface WalmartCharge {
  /** PRODUCT or SHIPPING (others, such as fees or discounts, appear rarely). */
  chargeType: string;
  chargeName?: string;
  chargeAmount: WalmartAmount;
  tax?: { taxName?: string; taxAmount: WalmartAmount } | null;
}

interface WalmartQuantity {
  unitOfMeasurement: string;
  /** A decimal string ("1"). */
  amount: string;
}

export interface WalmartTrackingInfo {
  /** Epoch ms. */
  shipDateTime: number;
  carrierName: { carrier?: string; otherCarrier?: string };
  methodCode: string;
  trackingNumber: string;
  trackingURL?: string;
}

export interface WalmartLineStatus {
  /** Created, Acknowledged, Shipped, Delivered, Cancelled. */
  status: string;
  statusQuantity: WalmartQuantity;
  cancellationReason?: string;
  trackingInfo?: WalmartTrackingInfo | null;
}

export interface WalmartOrderLine {
  lineNumber: string;
  item: {
    productName: string;
    sku: string;
    /** With productInfo=true. */
    weight?: { value: string | number; unit: string } | null;
  };
  charges: { charge: WalmartCharge[] };
  orderLineQuantity: WalmartQuantity;
  /** Epoch ms of the line's last status change. */
  statusDate: number;
  orderLineStatuses: { orderLineStatus: WalmartLineStatus[] };
  fulfillment?: { fulfillmentOption?: string; shipMethod?: string } | null;
}

export interface WalmartPostalAddress {
  name: string;
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  /** "USA". */
  country: string;
  addressType?: string;
}

export interface WalmartOrder {
  purchaseOrderId: string;
  customerOrderId: string;
  customerEmailId?: string | null;
  orderType?: string;
  /** Epoch ms. */
  orderDate: number;
  shippingInfo: {
    phone?: string | null;
    estimatedDeliveryDate?: number;
    estimatedShipDate?: number;
    /** Standard, Express, OneDay, Freight, WhiteGlove, Value: the service the buyer chose. */
    methodCode?: string | null;
    postalAddress: WalmartPostalAddress;
  };
  orderLines: { orderLine: WalmartOrderLine[] };
}

export interface WalmartOrderList {
  list: {
    meta: { totalCount: number; limit: number; nextCursor?: string | null };
    elements: { order: WalmartOrder[] };
  };
}

export interface WalmartError {
  code?: string;
  field?: string;
  message?: string;
  description?: string;
  info?: string;
  severity?: string;
  category?: string;
}

export interface WalmartShipmentRequest {
  orderShipment: {
    orderLines: {
      orderLine: Array<{
        lineNumber: string;
        sellerOrderId?: string;
        orderLineStatuses: {
          orderLineStatus: Array<{
            status: string;
            statusQuantity: WalmartQuantity;
            trackingInfo: WalmartTrackingInfo;
          }>;
        };
      }>;
    };
  };
}
