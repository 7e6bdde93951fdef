import type { PaymentStatus, ShipmentStatus, SourceType } from '@shipdesk/contract';
import type { HttpOptions } from '../http/channel-http.ts';

/**
 * What every sales-channel adapter speaks: one platform's documented HTTP API on one side, our order model on the
 * other. The sync engine (features/stores) only ever sees these shapes.
 */

export interface ChannelAddress {
  /** Full name as the platform gives it; split into first/last at the first space when stored (spec 3). */
  name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
}

export interface ChannelOrderLine {
  /** The platform's id of the line (Shopify line item, BigCommerce order product, ...). */
  externalLineId: string;
  sku: string;
  name: string;
  quantity: number;
  quantityShipped: number;
  /** Minor units of the order's currency. */
  unitPrice: number;
  /** Grams per unit; 0 when the platform does not say. */
  weight: number;
  /** Inches per unit, where the platform sends the three sides of the product (BigCommerce); absent otherwise. */
  size?: { length: number; width: number; height: number } | null;
  /** The product's customs facts where the platform keeps them (Shopify's inventory item): raw, checked on use. */
  customs?: { hsCode: string | null; originCountry: string | null } | null;
  category: string | null;
  hazardous: boolean;
}

/** One order as the platform has it now, mapped to our model. Money in minor units of `currency`. */
export interface ChannelOrder {
  externalId: string;
  /** What the seller and the customer call it ("#1001", "100-1234567-1234567"). */
  orderNumber: string;
  /** ISO 8601 UTC. */
  orderDate: string;
  /** When the platform last changed it (ISO 8601 UTC): a stored copy at least this new is not overwritten. */
  externalUpdatedAt: string;
  currency: string;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
  paidTotal: number;
  paymentStatus: PaymentStatus;
  shipmentStatus: ShipmentStatus;
  /** Canceled on the platform (cancelledAt, status Cancelled/Canceled, ...). */
  canceled: boolean;
  customerName: string | null;
  customerEmail: string | null;
  /** The shipping service the buyer chose, as the platform names it. */
  requestedShippingMethod: string | null;
  tags: string[];
  lines: ChannelOrderLine[];
  billing: ChannelAddress | null;
  shipping: ChannelAddress | null;
}

/**
 * Where a pull stands: orders changed at or after `updatedSince` (null = everything the platform lets us read), and,
 * mid-window, the platform's own token for the next page (a cursor, a page number, an offset, a NextToken).
 */
export interface PullWindow {
  updatedSince: string | null;
  pageToken: string | null;
}

export interface OrderPage {
  orders: ChannelOrder[];
  /** Null when this page was the window's last. */
  nextPageToken: string | null;
}

export interface TrackingPush {
  externalOrderId: string;
  /** Carrier name as the platform expects it ("UPS", "USPS", "FedEx", ...). */
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  serviceName: string | null;
  /** ISO 8601 UTC. */
  shippedAt: string;
  /** Lines and quantities shipped; omitted = the whole order. */
  lines?: Array<{ externalLineId: string; quantity: number }>;
}

export interface ConnectionInfo {
  /** The shop, store or seller account the credentials open, as the platform names it. */
  accountName: string;
}

export interface ChannelAdapter {
  readonly sourceType: SourceType;
  /** One cheap authenticated call; throws ChannelError saying what the platform answered. */
  testConnection(signal?: AbortSignal): Promise<ConnectionInfo>;
  /** One page of orders changed since the window start, oldest change first where the platform allows. */
  listOrders(window: PullWindow, signal?: AbortSignal): Promise<OrderPage>;
  /** One order by its platform id (webhooks), or null when the platform does not know it. */
  getOrder(externalId: string, signal?: AbortSignal): Promise<ChannelOrder | null>;
  /** Marks the order (or the given lines) shipped on the platform with the tracking number. */
  pushTracking(push: TrackingPush, signal?: AbortSignal): Promise<void>;
  /**
   * Takes back the shipment confirmation carrying `trackingNumber` (its label was voided): 'canceled', or 'not_found'
   * when the platform holds none with that number. Absent on platforms whose API cannot take one back.
   */
  cancelTracking?(
    cancel: { externalOrderId: string; trackingNumber: string },
    signal?: AbortSignal,
  ): Promise<'canceled' | 'not_found'>;
}

/** What an adapter is built from: the store's settings and opened credentials. */
export interface StoreConnection {
  settings: Readonly<Record<string, string>>;
  credentials: Readonly<Record<string, string>>;
  /** Called when the adapter obtained new credentials (rotated refresh token, new access token) to keep them. */
  saveCredentials?: (changed: Record<string, string>) => Promise<void>;
}

export interface AdapterOptions {
  /** Overrides for tests: retry pacing and the clock. */
  http?: HttpOptions;
}
