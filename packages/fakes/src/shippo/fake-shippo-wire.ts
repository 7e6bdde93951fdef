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
