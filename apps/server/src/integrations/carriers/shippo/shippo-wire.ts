/**
 * Shippo wire types (integrations.md section 11): the carrier accounts list. Shipments, rates, transactions (labels)
 * and refunds join them with the label work.
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
