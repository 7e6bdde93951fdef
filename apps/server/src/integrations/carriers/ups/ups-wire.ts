/**
 * UPS wire types (integrations.md section 9): OAuth client credentials. Shipping, void and tracking join them with the
 * label work.
 */

/** `POST /security/v1/oauth/token`'s answer; UPS sends its numbers as strings. */
export interface UpsTokenAnswer {
  token_type?: string;
  /** Epoch milliseconds. */
  issued_at?: string;
  client_id?: string;
  access_token?: string;
  scope?: string;
  /** Seconds. */
  expires_in?: string;
  refresh_count?: string;
  status?: string;
}

export interface UpsErrorEntry {
  code?: string;
  message?: string;
}

/** Every UPS API's error answer, the token endpoint's included. */
export interface UpsErrorBody {
  response?: { errors?: UpsErrorEntry[] };
}
