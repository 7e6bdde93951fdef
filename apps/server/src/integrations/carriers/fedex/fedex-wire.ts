/**
 * FedEx REST wire types (integrations.md section 10): OAuth client credentials. Ship, cancel and tracking join them
 * with the label work.
 */

/** `POST /oauth/token`'s answer. */
export interface FedexTokenAnswer {
  access_token?: string;
  token_type?: string;
  /** Seconds (about an hour). */
  expires_in?: number;
  scope?: string;
}

export interface FedexErrorEntry {
  code?: string;
  message?: string;
}

/** Every FedEx REST API's error answer, the token endpoint's included. */
export interface FedexErrorBody {
  transactionId?: string;
  errors?: FedexErrorEntry[];
}
