/**
 * USPS v3 platform wire types (integrations.md section 8): OAuth 2.0 client credentials and Payments 3.0. Labels,
 * prices and tracking join them with the label work.
 */

/** `POST /oauth2/v3/token`, sent as JSON. */
export interface UspsTokenRequest {
  grant_type: 'client_credentials';
  client_id: string;
  client_secret: string;
}

export interface UspsTokenAnswer {
  access_token?: string;
  token_type?: string;
  /** Epoch milliseconds. */
  issued_at?: number;
  /** Seconds. */
  expires_in?: number;
  status?: string;
  scope?: string;
}

export type UspsAccountType = 'EPS' | 'PERMIT';
export type UspsRoleName = 'PAYER' | 'LABEL_OWNER' | 'RATE_HOLDER' | 'PLATFORM';

/** One role of a payment authorization; USPS spells CRID, MID and permitZIP so. */
export interface UspsPaymentRole {
  roleName: UspsRoleName;
  CRID: string;
  MID: string;
  manifestMID: string;
  accountType: UspsAccountType;
  accountNumber: string;
  permitZIP?: string;
}

/** `POST /payments/v3/payment-authorization`. */
export interface UspsPaymentAuthorizationRequest {
  roles: UspsPaymentRole[];
}

/** Its answer; the token goes as X-Payment-Authorization-Token on label create, edit and cancel. */
export interface UspsPaymentAuthorizationAnswer {
  paymentAuthorizationToken?: string;
  roles?: UspsPaymentRole[];
}

export interface UspsErrorDetail {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { parameter?: string; example?: string };
}

/** Every USPS v3 API's error answer. */
export interface UspsErrorBody {
  apiVersion?: string;
  error?: { code?: string; message?: string; errors?: UspsErrorDetail[] };
}
