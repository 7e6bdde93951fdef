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

interface FedexErrorEntry {
  code: string;
  message: string;
}

/** The error body of every FedEx REST API, the token endpoint included. */
export interface FedexErrorBody {
  transactionId: string;
  errors: FedexErrorEntry[];
}

/** An address in FedEx's Rate, Ship and Track APIs. */
export interface FedexAddress {
  streetLines?: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode?: string;
  residential?: boolean;
}

export interface FedexParty {
  contact?: { personName?: string; companyName?: string; phoneNumber?: string; emailAddress?: string };
  address?: FedexAddress;
}

export interface FedexCustomerReference {
  customerReferenceType: string;
  value: string;
}

export interface FedexPackageLineItem {
  weight?: { units?: string; value?: number };
  dimensions?: { length?: number; width?: number; height?: number; units?: string };
  customerReferences?: FedexCustomerReference[];
  declaredValue?: { amount?: number; currency?: string };
  packageSpecialServices?: { specialServiceTypes?: string[]; signatureOptionType?: string };
}

/** `POST /rate/v1/rates/quotes`, as far as the fake reads it. */
export interface FedexRateRequest {
  accountNumber?: { value?: string };
  rateRequestControlParameters?: { returnTransitTimes?: boolean };
  requestedShipment?: {
    shipper?: FedexParty;
    recipient?: FedexParty;
    serviceType?: string;
    pickupType?: string;
    rateRequestType?: string[];
    shipDateStamp?: string;
    packagingType?: string;
    requestedPackageLineItems?: FedexPackageLineItem[];
  };
}

interface FedexRatedShipmentDetail {
  rateType: 'ACCOUNT' | 'LIST';
  totalBaseCharge: number;
  totalNetCharge: number;
  totalNetFedExCharge: number;
  currency: string;
  shipmentRateDetail: { rateZone: string; currency: string; totalSurcharges: number };
}

export interface FedexRateReplyDetail {
  serviceType: string;
  serviceName: string;
  packagingType: string;
  ratedShipmentDetails: FedexRatedShipmentDetail[];
  commit?: {
    dateDetail?: { dayOfWeek: string; dayFormat: string };
    transitDays?: { minimumTransitTime: string; description: string };
  };
}

/** `POST /ship/v1/shipments`, as far as the fake reads it. */
export interface FedexShipRequest {
  labelResponseOptions?: string;
  accountNumber?: { value?: string };
  requestedShipment?: {
    shipper?: FedexParty;
    recipients?: FedexParty[];
    shipDatestamp?: string;
    serviceType?: string;
    packagingType?: string;
    pickupType?: string;
    shippingChargesPayment?: { paymentType?: string };
    labelSpecification?: { imageType?: string; labelStockType?: string; labelFormatType?: string };
    requestedPackageLineItems?: FedexPackageLineItem[];
    customsClearanceDetail?: FedexCustomsClearanceDetail;
    shippingDocumentSpecification?: {
      shippingDocumentTypes?: string[];
      commercialInvoiceDetail?: { documentFormat?: { docType?: string; stockType?: string } };
    };
    shipmentSpecialServices?: {
      specialServiceTypes?: string[];
      etdDetail?: { requestedDocumentTypes?: string[] };
      returnShipmentDetail?: {
        returnType?: string;
        rma?: { reason?: string };
        returnAssociationDetail?: { trackingNumber?: string; shipDatestamp?: string };
      };
    };
  };
}

interface FedexMoney {
  amount?: number;
  currency?: string;
}

export interface FedexCommodity {
  description?: string;
  countryOfManufacture?: string;
  harmonizedCode?: string;
  quantity?: number;
  quantityUnits?: string;
  numberOfPieces?: number;
  unitPrice?: FedexMoney;
  customsValue?: FedexMoney;
  weight?: { units?: string; value?: number };
  partNumber?: string;
}

/** `requestedShipment.customsClearanceDetail`, as far as the fake reads it (integrations-shipping.md section 1.3). */
export interface FedexCustomsClearanceDetail {
  commercialInvoice?: {
    shipmentPurpose?: string;
    termsOfSale?: string;
    customerReferences?: FedexCustomerReference[];
    declarationStatement?: string;
    comments?: string[];
    originatorName?: string;
  };
  commodities?: FedexCommodity[];
  dutiesPayment?: {
    paymentType?: string;
    payor?: { responsibleParty?: { accountNumber?: { value?: string } } };
  };
  totalCustomsValue?: FedexMoney;
  isDocumentOnly?: boolean;
  exportDetail?: { exportComplianceStatement?: string; b13AFilingOption?: string };
}

interface FedexPackageDocument {
  contentType: 'LABEL';
  copiesToPrint: number;
  docType: string;
  encodedLabel: string;
}

/** A shipment's document beside its labels: the commercial invoice, base64 or behind a link. */
export interface FedexShipmentDocument {
  contentType: 'COMMERCIAL_INVOICE';
  copiesToPrint: number;
  docType: 'PDF';
  encodedLabel?: string;
  url?: string;
}

interface FedexPieceResponse {
  masterTrackingNumber: string;
  trackingNumber: string;
  deliveryDatestamp?: string;
  netChargeAmount: number;
  packageDocuments: FedexPackageDocument[];
  customerReferences: FedexCustomerReference[];
}

export interface FedexTransactionShipment {
  masterTrackingNumber: string;
  serviceType: string;
  serviceName: string;
  shipDatestamp: string;
  pieceResponses: FedexPieceResponse[];
  shipmentDocuments?: FedexShipmentDocument[];
  completedShipmentDetail: {
    shipmentRating: {
      actualRateType: string;
      shipmentRateDetails: Array<{ rateType: string; totalNetCharge: number; currency: string }>;
    };
    completedEtdDetail?: { folderId: string; type: string; uploadDocumentReferenceDetails: unknown[] };
  };
  alerts?: Array<{ code: string; alertType: string; message: string }>;
}

/** The `{ transactionId, output }` envelope of every successful FedEx REST answer. */
export interface FedexOutput<T> {
  transactionId: string;
  customerTransactionId?: string;
  output: T;
}

export interface FedexTrackAddress {
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode?: string;
}

export interface FedexScanEvent {
  /** Local time at the scan's place, with its offset ("2026-06-02T14:05:00-04:00"). */
  date: string;
  eventType: string;
  eventDescription: string;
  derivedStatusCode: string;
  derivedStatus: string;
  exceptionCode?: string;
  exceptionDescription?: string;
  scanLocation: FedexTrackAddress;
}

/** One of a track result's dates: ESTIMATED_DELIVERY, ACTUAL_DELIVERY, ACTUAL_PICKUP, SHIP, ... */
export interface FedexDateAndTime {
  type: string;
  dateTime: string;
}

export interface FedexTrackResult {
  trackingNumberInfo?: { trackingNumber: string; carrierCode: string; trackingNumberUniqueId: string };
  latestStatusDetail?: {
    code: string;
    derivedCode: string;
    statusByLocale: string;
    description: string;
    scanLocation?: FedexTrackAddress;
  };
  scanEvents?: FedexScanEvent[];
  dateAndTimes?: FedexDateAndTime[];
  error?: FedexErrorEntry;
}

export interface FedexCompleteTrackResult {
  trackingNumber: string;
  trackResults: FedexTrackResult[];
}
