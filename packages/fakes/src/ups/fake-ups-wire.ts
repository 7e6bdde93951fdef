/**
 * UPS OAuth wire shapes as the fake speaks them, spelled here independently of the product's client (integrations.md
 * section 9). UPS sends every number of the token answer as a string.
 */

export interface UpsTokenAnswer {
  token_type: 'Bearer';
  /** Epoch milliseconds, as a string. */
  issued_at: string;
  client_id: string;
  access_token: string;
  scope: string;
  /** Seconds, as a string. */
  expires_in: string;
  refresh_count: string;
  status: 'approved';
}

export interface UpsErrorEntry {
  code: string;
  message: string;
}

/** The error body of every UPS API, the token endpoint included. */
export interface UpsErrorBody {
  response: { errors: UpsErrorEntry[] };
}
