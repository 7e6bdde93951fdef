/**
 * Shippo wire shapes as the fake speaks them, spelled here independently of the product's client (integrations.md
 * section 11). Shippo's errors are Django REST framework's: `{ detail }` for auth and throttling, field-keyed lists of
 * messages for validation.
 */

export interface ShippoCarrierAccount {
  object_id: string;
  /** The email of the Shippo user who owns the object. */
  object_owner: string;
  /** Carrier token, e.g. "usps", "ups", "fedex". */
  carrier: string;
  carrier_name: string;
  account_id: string;
  parameters: Record<string, unknown>;
  test: boolean;
  active: boolean;
  is_shippo_account: boolean;
  metadata: string;
}

/** Every list endpoint's page. */
export interface ShippoPage<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ShippoDetailError {
  detail: string;
}

export interface ShippoMessage {
  source: string;
  code: string;
  text: string;
}

export interface ShippoAddress {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phone?: string;
  email?: string;
  is_residential?: boolean | null;
}

export interface ShippoParcel {
  length?: string | number;
  width?: string | number;
  height?: string | number;
  distance_unit?: string;
  weight?: string | number;
  mass_unit?: string;
}

interface ShippoServiceLevel {
  name: string;
  token: string;
  terms: string;
}

export interface ShippoRate {
  object_id: string;
  object_created: string;
  object_owner: string;
  shipment: string;
  /** Decimal string, e.g. "7.45". */
  amount: string;
  currency: string;
  amount_local: string;
  currency_local: string;
  provider: string;
  provider_image_75: string;
  servicelevel: ShippoServiceLevel;
  estimated_days: number;
  duration_terms: string;
  carrier_account: string;
  attributes: string[];
  messages: ShippoMessage[];
  test: boolean;
}

export interface ShippoShipment {
  object_id: string;
  object_created: string;
  object_owner: string;
  status: 'SUCCESS' | 'QUEUED' | 'WAITING' | 'ERROR';
  address_from: ShippoAddress;
  address_to: ShippoAddress;
  parcels: ShippoParcel[];
  shipment_date: string;
  /** The declaration's object id, for an international shipment declared; null otherwise. */
  customs_declaration: string | null;
  metadata: string;
  /** The shipment's options as sent; `is_return` marks a return shipment. */
  extra: { is_return?: unknown; [option: string]: unknown };
  rates: ShippoRate[];
  messages: ShippoMessage[];
  test: boolean;
}

/** A customs item as the fake keeps it: weight and value are line totals, decimal strings. */
export interface ShippoCustomsItem {
  object_id: string;
  object_owner: string;
  object_state: 'VALID';
  description: string;
  quantity: number;
  net_weight: string;
  mass_unit: string;
  value_amount: string;
  value_currency: string;
  origin_country: string;
  tariff_number: string | null;
  sku_code: string | null;
  test: boolean;
}

/** A customs declaration as the fake keeps it (items expanded; Shippo's answer names them by object id). */
export interface ShippoCustomsDeclaration {
  object_id: string;
  object_owner: string;
  object_state: 'VALID';
  certify: true;
  certify_signer: string;
  contents_type: string;
  contents_explanation: string | null;
  non_delivery_option: string;
  incoterm: string | null;
  eel_pfc: string | null;
  aes_itn: string | null;
  invoice: string | null;
  items: ShippoCustomsItem[];
  test: boolean;
}

type ShippoTransactionStatus = 'WAITING' | 'QUEUED' | 'SUCCESS' | 'ERROR' | 'REFUNDED' | 'REFUNDPENDING';

export type ShippoTrackingStatus = 'UNKNOWN' | 'PRE_TRANSIT' | 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE';

export interface ShippoTransaction {
  object_id: string;
  object_created: string;
  object_updated: string;
  object_owner: string;
  object_state: 'VALID' | 'INVALID';
  status: ShippoTransactionStatus;
  /** The rate's object id (this API version does not expand it). */
  rate: string;
  metadata: string;
  label_file_type: string;
  tracking_number: string;
  tracking_status: ShippoTrackingStatus;
  tracking_url_provider: string;
  label_url: string;
  commercial_invoice_url: string | null;
  eta: string | null;
  parcel: string;
  messages: ShippoMessage[];
  test: boolean;
}

export interface ShippoRefund {
  object_id: string;
  object_created: string;
  object_updated: string;
  object_owner: string;
  status: 'QUEUED' | 'PENDING' | 'SUCCESS' | 'ERROR';
  transaction: string;
  test: boolean;
}

interface ShippoLocation {
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The finer-grained classification of a tracking event (Shippo's event definitions). */
export interface ShippoTrackingSubstatus {
  code: string;
  text: string;
  /** Whether the shipper or recipient must act for the parcel to be delivered. */
  action_required: boolean;
}

export interface ShippoTrackingEvent {
  object_created: string;
  object_updated: string;
  object_id: string;
  status: ShippoTrackingStatus;
  substatus: ShippoTrackingSubstatus | null;
  status_details: string;
  /** UTC, as Shippo displays it. */
  status_date: string;
  location: ShippoLocation | null;
}

export interface ShippoTrack {
  carrier: string;
  tracking_number: string;
  address_from: ShippoLocation | null;
  address_to: ShippoLocation | null;
  transaction: string | null;
  eta: string | null;
  original_eta: string | null;
  servicelevel: { name: string | null; token: string | null };
  metadata: string | null;
  tracking_status: ShippoTrackingEvent | null;
  tracking_history: ShippoTrackingEvent[];
  messages: string[];
  test: boolean;
}
