/**
 * USPS v3 platform wire shapes (OAuth 2.0 and Payments 3.0) as the fake speaks them, spelled here independently of the
 * product's client (integrations.md section 8).
 */

/** One entry of `error.errors` in every USPS v3 error answer. */
export interface UspsErrorDetail {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { parameter?: string; example?: string };
}

export interface UspsErrorBody {
  apiVersion: string;
  error: { code: string; message: string; errors: UspsErrorDetail[] };
}

/** `POST /oauth2/v3/token`, sent as JSON (a form body is accepted too). */
export interface UspsTokenRequest {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
}

export interface UspsTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  /** Epoch milliseconds. */
  issued_at: number;
  /** Seconds. */
  expires_in: number;
  status: 'approved';
  scope: string;
  issuer: string;
  client_id: string;
  application_name: string;
  api_products: string;
}

export type UspsAccountType = 'EPS' | 'PERMIT';

export const USPS_ROLE_NAMES = ['PAYER', 'LABEL_OWNER', 'RATE_HOLDER', 'PLATFORM'] as const;
export type UspsRoleName = (typeof USPS_ROLE_NAMES)[number];

/** A role of `POST /payments/v3/payment-authorization`; USPS spells CRID, MID and permitZIP so. */
export interface UspsPaymentRole {
  roleName: UspsRoleName;
  CRID: string;
  MID: string;
  manifestMID: string;
  accountType: UspsAccountType;
  accountNumber: string;
  permitZIP?: string;
}

export interface UspsPaymentAuthorizationRequest {
  roles: UspsPaymentRole[];
}

export interface UspsPaymentAuthorizationAnswer {
  paymentAuthorizationToken: string;
  roles: UspsPaymentRole[];
}
