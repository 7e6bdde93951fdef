import type { PaymentStatus, ShipmentStatus } from '@shipdesk/contract';

/**
 * An order as a sales channel has it, mapped to our model: what every channel adapter produces
 * (integrations/channels) and what the pull checks and stores (channel-order-check.ts, features/stores). Declared here,
 * below both, so the checks need no integration.
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
