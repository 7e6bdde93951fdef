import type { UspsCustomsForm } from './fake-usps-international-wire.ts';

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

type UspsAccountType = 'EPS' | 'PERMIT';

export const USPS_ROLE_NAMES = ['PAYER', 'LABEL_OWNER', 'RATE_HOLDER', 'PLATFORM'] as const;
type UspsRoleName = (typeof USPS_ROLE_NAMES)[number];

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

export interface UspsPaymentAuthorizationAnswer {
  paymentAuthorizationToken: string;
  roles: UspsPaymentRole[];
}

/** A postal address of Domestic Labels 3.0 (`toAddress`, `fromAddress`, the answer's `labelAddress`). */
export interface UspsLabelAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  state?: string;
  ZIPCode?: string;
  ZIPPlus4?: string;
  phone?: string;
  email?: string;
  ignoreBadAddress?: boolean;
}

/** `POST /labels/v3/label`'s body (the parts the fake reads). */
export interface UspsLabelRequest {
  imageInfo?: {
    imageType?: string;
    labelType?: string;
    receiptOption?: string;
    suppressPostage?: boolean;
    suppressMailDate?: boolean;
    returnLabel?: boolean;
  };
  toAddress?: UspsLabelAddress;
  fromAddress?: UspsLabelAddress;
  packageDescription?: {
    mailClass?: string;
    rateIndicator?: string;
    weightUOM?: string;
    weight?: number;
    dimensionsUOM?: string;
    length?: number;
    width?: number;
    height?: number;
    processingCategory?: string;
    mailingDate?: string;
    extraServices?: number[];
    destinationEntryFacilityType?: string;
    packageOptions?: { packageValue?: number };
    customerReference?: Array<{ referenceNumber?: string; printReferenceNumber?: boolean }>;
  };
  /** Military and territory addresses: the domestic customs form. */
  customsForm?: UspsCustomsForm;
}

interface UspsPriceItem {
  name: string;
  price: number;
  SKU: string;
}

/** The label metadata: with `Accept: application/vnd.usps.labels+json`, one JSON object that also holds the images. */
export interface UspsLabelAnswer {
  labelAddress: UspsLabelAddress;
  routingInformation: string;
  trackingNumber: string;
  postage: number;
  extraServices: UspsPriceItem[];
  fees: UspsPriceItem[];
  zone: string;
  commitment: { name: string; scheduleDeliveryDate: string };
  weightUOM: 'LB';
  weight: number;
  dimensionalWeight: number;
  bannerText: string;
  serviceTypeCode: string;
  constructCode: string;
  SKU: string;
  /** Base64; absent with imageType NONE. */
  labelImage?: string;
  receiptImage?: string;
}

/** `DELETE /labels/v3/label/{trackingNumber}`'s answer. */
export interface UspsCancelAnswer {
  trackingNumber: string;
  status: 'CANCELED' | 'DISPUTED';
  disputeId?: string;
}

/** `POST /prices/v3/base-rates/search`'s body. */
export interface UspsBaseRatesQuery {
  originZIPCode?: string;
  destinationZIPCode?: string;
  weight?: number;
  length?: number;
  width?: number;
  height?: number;
  mailClass?: string;
  processingCategory?: string;
  destinationEntryFacilityType?: string;
  rateIndicator?: string;
  priceType?: string;
  accountType?: string;
  accountNumber?: string;
  mailingDate?: string;
}

interface UspsBaseRate {
  SKU: string;
  description: string;
  priceType: string;
  price: number;
  weight: number;
  dimWeight: number;
  fees: UspsPriceItem[];
  startDate: string;
  endDate: string;
  warnings: Array<{ warningCode: string; warningDescription: string }>;
  mailClass: string;
  zone: string;
}

export interface UspsBaseRatesAnswer {
  totalBasePrice: number;
  rates: UspsBaseRate[];
}

/** One event of Tracking 3.2 (`POST /tracking/v3r2/tracking`), listed newest first. */
export interface UspsTrackingEvent {
  eventType: string;
  eventCode: string;
  actionCode: string | null;
  reasonCode: string | null;
  /** Local time where the event happened, without an offset (GMTOffset says it). */
  eventTimestamp: string;
  /** The same moment in UTC. */
  GMTTimestamp: string;
  /** The local offset of eventTimestamp, "-05:00". */
  GMTOffset: string;
  eventCountry: string | null;
  eventCity: string | null;
  eventState: string | null;
  eventZIPCode: string | null;
  recipientName: string | null;
}

/** One number of Tracking 3.2's body: `[{ trackingNumber, mailingDate?, destinationZIPCode? }]`, 1 to 35 of them. */
export interface UspsTrackingRequestItem {
  trackingNumber?: unknown;
  mailingDate?: unknown;
  destinationZIPCode?: unknown;
}

/** Tracking 3.2's answer for a number USPS knows (`statusCode` "200"). */
export interface UspsTrackingDetail {
  trackingNumber: string;
  statusCode: '200';
  mailClass: string;
  serviceTypeCode: string;
  status: string;
  statusCategory: string;
  statusSummary: string;
  originCity: string;
  originState: string;
  originZIP: string;
  destinationCity: string;
  destinationState: string;
  destinationZIP: string;
  deliveryDateExpectation: { expectedDeliveryDate: string };
  trackingEvents: UspsTrackingEvent[];
}

/** Tracking 3.2's answer for a number it does not know, inside a 207 Multi-Status. */
export interface UspsTrackingNotFound {
  trackingNumber: string;
  statusCode: '404';
  error: UspsErrorBody['error'];
}
