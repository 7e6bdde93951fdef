/**
 * FedEx REST OAuth wire shapes as the fake speaks them, spelled here independently of the product's client
 * (integrations.md section 10).
 */

export interface FedexTokenAnswer {
  access_token: string;
  token_type: 'bearer';
  /** Seconds. */
  expires_in: number;
  scope: string;
}

export interface FedexErrorEntry {
  code: string;
  message: string;
}

/** The error body of every FedEx REST API, the token endpoint included. */
export interface FedexErrorBody {
  transactionId: string;
  errors: FedexErrorEntry[];
}
