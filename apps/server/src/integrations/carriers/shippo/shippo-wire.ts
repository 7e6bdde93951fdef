/**
 * Shippo wire types (integrations.md section 11): carrier accounts, shipments and their rates, transactions (labels),
 * refunds and tracks. Answers are read defensively: every field may be missing.
 */

export interface ShippoCarrierAccount {
  object_id?: string;
  /** The email of the Shippo user who owns the account. */
  object_owner?: string;
  /** Carrier token: "usps", "ups", "fedex", … */
  carrier?: string;
  carrier_name?: string;
  account_id?: string;
  test?: boolean;
  active?: boolean;
  is_shippo_account?: boolean;
}

/** Every list endpoint's page; `next` is the full URL of the next page. */
export interface ShippoPage<T> {
  next?: string | null;
  previous?: string | null;
  results?: T[];
}

export interface ShippoCarrierAccountQuery {
  carrier?: string;
  page?: number;
  /** Page size. */
  results?: number;
}

/**
 * Shippo's errors are Django REST framework's: `{ detail }` for auth, throttling and not found, field-keyed lists of
 * messages for validation; objects that failed carry `messages: [{ source, code, text }]`.
 */
export interface ShippoErrorBody {
  detail?: string;
  messages?: Array<{ source?: string; code?: string; text?: string }>;
  [field: string]: unknown;
}

export interface ShippoMessage {
  source?: string;
  code?: string;
  text?: string;
}

export interface ShippoAddress {
  name: string;
  company?: string;
  street1: string;
  street2?: string;
  city: string;
  state?: string;
  zip: string;
  country: string;
  phone?: string;
  email?: string;
  is_residential?: boolean;
}

/** Sizes and weight as decimal strings, as Shippo documents them. */
interface ShippoParcel {
  length: string;
  width: string;
  height: string;
  distance_unit: 'in';
  weight: string;
  mass_unit: 'lb';
}

/** `POST /shipments/`. */
export interface ShippoShipmentRequest {
  address_from: ShippoAddress;
  address_to: ShippoAddress;
  parcels: ShippoParcel[];
  /** ISO 8601 date and time of the mailing. */
  shipment_date: string;
  extra?: {
    reference_1?: string;
    /** Without `provider`, Shippo's own insurer (XCover); FEDEX or UPS buys the carrier's coverage (USD only). */
    insurance?: { amount: string; currency: string; content?: string; provider?: string };
    signature_confirmation?: 'STANDARD' | 'ADULT';
    /** A return label: the outbound's addresses are sent as they were, and Shippo swaps them. */
    is_return?: true;
  };
  /** Inline: Shippo creates the declaration with the shipment (an object_id of one created before works too). */
  customs_declaration?: ShippoCustomsDeclarationRequest;
  metadata?: string;
  async: false;
}

/** One line of a customs declaration: weight and value are the line's totals (every unit), as decimal strings. */
export interface ShippoCustomsItem {
  description: string;
  quantity: number;
  net_weight: string;
  mass_unit: 'g';
  value_amount: string;
  value_currency: string;
  origin_country: string;
  /** Digits, at most 12; Shippo prefers it to hs_code. */
  tariff_number?: string;
  sku_code?: string;
}

/** `POST /customs/declarations/`, or inline as a shipment's `customs_declaration`. */
export interface ShippoCustomsDeclarationRequest {
  certify: true;
  certify_signer: string;
  contents_type: 'DOCUMENTS' | 'GIFT' | 'SAMPLE' | 'MERCHANDISE' | 'RETURN_MERCHANDISE' | 'OTHER';
  contents_explanation?: string;
  non_delivery_option: 'RETURN' | 'ABANDON';
  incoterm: 'DDP' | 'DDU';
  eel_pfc: 'NOEEI_30_37_a' | 'NOEEI_30_37_f' | 'NOEEI_30_37_h' | 'NOEEI_30_36' | 'AES_ITN';
  aes_itn?: string;
  invoice?: string;
  items: ShippoCustomsItem[];
}

export interface ShippoRate {
  object_id?: string;
  /** Decimal string, e.g. "7.45". */
  amount?: string;
  currency?: string;
  provider?: string;
  servicelevel?: { name?: string; token?: string };
  estimated_days?: number | null;
}

export interface ShippoShipment {
  object_id?: string;
  status?: string;
  rates?: ShippoRate[];
  messages?: ShippoMessage[];
}

/** SUCCESS, ERROR, QUEUED, WAITING, REFUNDED, REFUNDPENDING, REFUNDREJECTED. */
type ShippoTransactionStatus = string;

export interface ShippoTransaction {
  object_id?: string;
  status?: ShippoTransactionStatus;
  /** The rate's object id, or the rate itself where Shippo expands it. */
  rate?: string | ShippoRate | null;
  metadata?: string;
  label_file_type?: string;
  tracking_number?: string;
  label_url?: string;
  /** The commercial invoice (a PDF) when the carrier produces one: couriers do, postal carriers print on the label. */
  commercial_invoice_url?: string | null;
  messages?: ShippoMessage[];
}

export interface ShippoRefund {
  object_id?: string;
  /** QUEUED, PENDING, SUCCESS or ERROR. */
  status?: string;
  transaction?: string;
}

export interface ShippoTrackingEvent {
  /** PRE_TRANSIT, TRANSIT, DELIVERED, RETURNED, FAILURE or UNKNOWN. */
  status?: string;
  /** The finer-grained classification (Shippo's event definitions): out_for_delivery, pickup_available, … */
  substatus?: { code?: string; text?: string; action_required?: boolean } | null;
  status_details?: string;
  /** UTC, as Shippo displays it. */
  status_date?: string;
  location?: { city?: string; state?: string; zip?: string; country?: string } | null;
}

export interface ShippoTrack {
  carrier?: string;
  tracking_number?: string;
  tracking_status?: ShippoTrackingEvent | null;
  tracking_history?: ShippoTrackingEvent[];
  /** The carrier's estimated arrival (ISO, UTC). */
  eta?: string | null;
}
