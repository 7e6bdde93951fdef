import type { UspsCustomsForm } from './usps-international-wire.ts';

/**
 * USPS v3 platform wire types (integrations.md section 8): OAuth 2.0 client credentials, Payments 3.0, Domestic
 * Prices 3.0, Domestic Labels 3.0 and Tracking 3.2. Only the fields Shipdesk sends or reads.
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
type UspsRoleName = 'PAYER' | 'LABEL_OWNER' | 'RATE_HOLDER' | 'PLATFORM';

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

/** `POST /prices/v3/base-rates/search`: the base postage of one mail class for one piece. */
export interface UspsBaseRatesQuery {
  originZIPCode: string;
  destinationZIPCode: string;
  /** Pounds. */
  weight: number;
  /** Inches. */
  length: number;
  width: number;
  height: number;
  mailClass: string;
  processingCategory: string;
  destinationEntryFacilityType: 'NONE';
  rateIndicator: string;
  priceType: 'COMMERCIAL';
  accountType: UspsAccountType;
  accountNumber: string;
  mailingDate: string;
}

interface UspsBaseRate {
  SKU?: string;
  description?: string;
  price?: number;
  zone?: string;
  mailClass?: string;
}

/** `POST /prices/v3/total-rates/search`: the base rate query with the extra services and the item's value. */
export interface UspsTotalRatesQuery extends UspsBaseRatesQuery {
  extraServices: number[];
  /** USD; the insured value when an insurance code is asked for. */
  itemValue?: number;
}

export interface UspsTotalRatesAnswer {
  rateOptions?: Array<{
    totalBasePrice?: number;
    /** The base price plus the extra services. */
    totalPrice?: number;
    extraServices?: Array<{ extraService?: string; name?: string; price?: number; SKU?: string }>;
  }>;
}

export interface UspsBaseRatesAnswer {
  totalBasePrice?: number;
  rates?: UspsBaseRate[];
}

/** An address of Domestic Labels 3.0: a person's first and last name or a firm, and the ZIP Code split in two. */
export interface UspsLabelAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city: string;
  state: string;
  ZIPCode: string;
  ZIPPlus4?: string;
  phone?: string;
  email?: string;
}

export type UspsImageType = 'PDF' | 'ZPL203DPI';

/** `POST /labels/v3/label`. */
export interface UspsLabelRequest {
  imageInfo: {
    imageType: UspsImageType;
    labelType: '4X6LABEL';
    receiptOption: 'NONE';
    suppressPostage: boolean;
    suppressMailDate: boolean;
    returnLabel: boolean;
  };
  toAddress: UspsLabelAddress;
  fromAddress: UspsLabelAddress;
  packageDescription: {
    mailClass: string;
    rateIndicator: string;
    weightUOM: 'lb';
    weight: number;
    dimensionsUOM: 'in';
    length: number;
    width: number;
    height: number;
    processingCategory: string;
    mailingDate: string;
    destinationEntryFacilityType: 'NONE';
    customerReference?: Array<{ referenceNumber: string; printReferenceNumber: boolean }>;
    /** Extra service codes (921 signature, 922 adult signature, 930/931 insurance). */
    extraServices?: number[];
    /** USD: the insured value, required with an insurance code. */
    packageOptions?: { packageValue: number };
  };
  /** Military and territory addresses only (usps-customs.ts). */
  customsForm?: UspsCustomsForm;
}

interface UspsPriceItem {
  name?: string;
  price?: number;
  SKU?: string;
}

/** The label answer with `Accept: application/vnd.usps.labels+json`: the metadata and the base64 image together. */
export interface UspsLabelAnswer {
  trackingNumber?: string;
  routingInformation?: string;
  postage?: number;
  extraServices?: UspsPriceItem[];
  fees?: UspsPriceItem[];
  zone?: string;
  commitment?: { name?: string; scheduleDeliveryDate?: string; expectedDeliveryDate?: string };
  serviceTypeCode?: string;
  SKU?: string;
  labelImage?: string;
}

/** `DELETE /labels/v3/label/{trackingNumber}`: CANCELED (never charged) or DISPUTED (a refund request queued). */
export interface UspsCancelAnswer {
  trackingNumber?: string;
  status?: string;
  disputeId?: string;
}

/** One event of Tracking 3.2 (`POST /tracking/v3r2/tracking`), newest first. */
export interface UspsTrackingEvent {
  eventType?: string;
  eventCode?: string;
  /** Local time of the event; v3r2 sends it without an offset and says the offset in GMTOffset. */
  eventTimestamp?: string;
  GMTTimestamp?: string;
  /** "-05:00". */
  GMTOffset?: string;
  eventCity?: string | null;
  eventState?: string | null;
  eventZIPCode?: string | null;
  eventCountry?: string | null;
}

/** One entry of Tracking 3.2's answer (200, or 207 Multi-Status): a number's detail ("200") or its error ("404"). */
export interface UspsTrackingResult {
  trackingNumber?: string;
  statusCode?: string;
  statusCategory?: string;
  status?: string;
  deliveryDateExpectation?: {
    expectedDeliveryDate?: string;
    guaranteedDeliveryDate?: string;
    predictedDeliveryDate?: string;
  };
  trackingEvents?: UspsTrackingEvent[];
  error?: { message?: string };
}
