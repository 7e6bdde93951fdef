/**
 * Walmart Marketplace's Orders API (US, v3) as the fake answers and accepts it, spelled from Walmart's reference (get
 * all orders, acknowledge, ship an order, error codes) rather than from the adapter. Dates are epoch milliseconds,
 * quantities decimal strings, and every list sits one level down under its singular name (`orderLines.orderLine`).
 */

interface Quantity {
  /** "EACH". */
  unitOfMeasurement: string;
  /** "1". */
  amount: string;
}

interface Amount {
  currency: string;
  amount: number | string;
}

export interface Charge {
  /** PRODUCT or SHIPPING. */
  chargeType: string;
  chargeName?: string;
  chargeAmount: Amount;
  tax?: { taxName?: string; taxAmount: Amount } | null;
}

interface TrackingInfo {
  /** Epoch ms, UTC. */
  shipDateTime: number;
  /** A carrier Walmart knows, or `otherCarrier` with a trackingURL. */
  carrierName: { carrier?: string; otherCarrier?: string };
  methodCode: string;
  trackingNumber: string;
  trackingURL?: string;
}

export interface LineStatus {
  status: string;
  statusQuantity: Quantity;
  cancellationReason?: string;
  trackingInfo?: TrackingInfo | null;
}

export interface OrderLine {
  /** "1", "2", ... */
  lineNumber: string;
  item: {
    productName: string;
    sku: string;
    /** Only with productInfo=true. */
    weight?: { value: string | number; unit: string } | null;
  };
  charges: { charge: Charge[] };
  orderLineQuantity: Quantity;
  /** Epoch ms of the line's latest status change. */
  statusDate: number;
  orderLineStatuses: { orderLineStatus: LineStatus[] };
  fulfillment?: { fulfillmentOption?: string; shipMethod?: string } | null;
}

export interface PurchaseOrder {
  purchaseOrderId: string;
  customerOrderId: string;
  /** A relay address, not the buyer's own. */
  customerEmailId?: string | null;
  /** REGULAR or REPLACEMENT. */
  orderType?: string;
  /** Epoch ms. */
  orderDate: number;
  shippingInfo: {
    phone?: string | null;
    estimatedDeliveryDate?: number;
    estimatedShipDate?: number;
    /** The service the buyer chose: Standard, Express, OneDay, Freight, WhiteGlove or Value. */
    methodCode?: string | null;
    postalAddress: {
      name: string;
      address1: string;
      address2?: string | null;
      city: string;
      state: string;
      postalCode: string;
      /** "USA": three letters. */
      country: string;
      /** RESIDENTIAL or OFFICE. */
      addressType?: string;
    };
  };
  orderLines: { orderLine: OrderLine[] };
}

/** One entry of an error body's `errors`. */
export interface WalmartErrorEntry {
  code: string;
  field?: string;
  message: string;
  description?: string;
}

/** The body of `POST /v3/orders/{purchaseOrderId}/shipping`. */
export interface ShipmentRequest {
  orderShipment: {
    orderLines: {
      orderLine: Array<{
        lineNumber: string;
        sellerOrderId?: string;
        orderLineStatuses: {
          orderLineStatus: Array<{ status: string; statusQuantity: Quantity; trackingInfo: TrackingInfo }>;
        };
      }>;
    };
  };
}
