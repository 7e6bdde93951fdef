/**
 * FedEx REST wire types (integrations.md section 10): OAuth client credentials, the Rate API's quotes, the Ship API's
 * shipments and cancels, and the Track API by tracking number and by reference. Answers are read defensively: every
 * field may be missing.
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

/** The `{ transactionId, output }` envelope of FedEx's successful answers. */
export interface FedexAnswer<T> {
  transactionId?: string;
  customerTransactionId?: string;
  output?: T;
}

export interface FedexAddress {
  streetLines: string[];
  city: string;
  stateOrProvinceCode?: string;
  postalCode: string;
  countryCode: string;
  residential?: boolean;
}

export interface FedexContact {
  personName?: string;
  companyName?: string;
  phoneNumber?: string;
  emailAddress?: string;
}

interface FedexParty {
  contact?: FedexContact;
  address: FedexAddress;
}

export interface FedexCustomerReference {
  /** CUSTOMER_REFERENCE, P_O_NUMBER, INVOICE_NUMBER, DEPARTMENT_NUMBER, … */
  customerReferenceType: string;
  value: string;
}

export interface FedexPackageLineItem {
  weight: { units: 'LB'; value: number };
  dimensions?: { length: number; width: number; height: number; units: 'IN' };
  customerReferences?: FedexCustomerReference[];
  /** FedEx's maximum liability for the package (its declared value). */
  declaredValue?: { amount: number; currency: string };
  packageSpecialServices?: {
    specialServiceTypes: string[];
    signatureOptionType?: 'SERVICE_DEFAULT' | 'NO_SIGNATURE_REQUIRED' | 'INDIRECT' | 'DIRECT' | 'ADULT';
  };
}

/** `POST /rate/v1/rates/quotes`. */
export interface FedexRateRequest {
  accountNumber: { value: string };
  rateRequestControlParameters: { returnTransitTimes: boolean };
  requestedShipment: {
    shipper: { address: FedexAddress };
    recipient: { address: FedexAddress };
    shipDateStamp: string;
    pickupType: string;
    packagingType: string;
    rateRequestType: string[];
    requestedPackageLineItems: FedexPackageLineItem[];
  };
}

interface FedexRatedShipmentDetail {
  /** ACCOUNT (the account's negotiated price), LIST, PREFERRED, … */
  rateType?: string;
  totalNetCharge?: number;
  currency?: string;
  shipmentRateDetail?: { currency?: string };
}

export interface FedexRateReplyDetail {
  serviceType?: string;
  serviceName?: string;
  ratedShipmentDetails?: FedexRatedShipmentDetail[];
  commit?: {
    /** The delivery date, `dayFormat` as YYYY-MM-DDTHH:mm:ss. */
    dateDetail?: { dayOfWeek?: string; dayFormat?: string };
    /** Ground's transit, `minimumTransitTime` as ONE_DAY … TWENTY_DAYS. */
    transitDays?: { minimumTransitTime?: string; maximumTransitTime?: string; description?: string };
  };
}

export interface FedexRateOutput {
  rateReplyDetails?: FedexRateReplyDetail[];
}

/** `POST /ship/v1/shipments`. */
export interface FedexShipRequest {
  labelResponseOptions: 'LABEL';
  accountNumber: { value: string };
  requestedShipment: {
    shipper: FedexParty;
    recipients: FedexParty[];
    shipDatestamp: string;
    serviceType: string;
    packagingType: string;
    pickupType: string;
    shippingChargesPayment: { paymentType: 'SENDER' };
    labelSpecification: { imageType: string; labelStockType: string; labelFormatType: 'COMMON2D' };
    requestedPackageLineItems: FedexPackageLineItem[];
    /** An international shipment's customs (integrations-shipping.md section 1.3). */
    customsClearanceDetail?: FedexCustomsClearanceDetail;
    /** The documents FedEx draws beside the label (the commercial invoice). */
    shippingDocumentSpecification?: FedexShippingDocumentSpecification;
    shipmentSpecialServices?: FedexShipmentSpecialServices;
  };
}

export interface FedexMoney {
  amount: number;
  currency: string;
}

interface FedexCommodity {
  description: string;
  countryOfManufacture: string;
  harmonizedCode?: string;
  quantity: number;
  quantityUnits: 'EA';
  numberOfPieces: number;
  unitPrice: FedexMoney;
  /** The line's total. */
  customsValue: FedexMoney;
  /** In the package's unit. */
  weight: { units: 'LB'; value: number };
  partNumber: string;
}

export interface FedexCustomsClearanceDetail {
  commercialInvoice: {
    shipmentPurpose: 'GIFT' | 'NOT_SOLD' | 'PERSONAL_EFFECTS' | 'REPAIR_AND_RETURN' | 'SAMPLE' | 'SOLD';
    termsOfSale: string;
    customerReferences: FedexCustomerReference[];
    declarationStatement: string;
    comments?: string[];
    originatorName?: string;
  };
  commodities: FedexCommodity[];
  dutiesPayment: {
    paymentType: 'SENDER' | 'RECIPIENT';
    payor?: { responsibleParty: { accountNumber: { value: string } } };
  };
  totalCustomsValue: FedexMoney;
  isDocumentOnly: boolean;
  exportDetail?: { exportComplianceStatement: string };
}

export interface FedexShippingDocumentSpecification {
  shippingDocumentTypes: string[];
  commercialInvoiceDetail: { documentFormat: { docType: 'PDF'; stockType: 'PAPER_LETTER' } };
}

export interface FedexShipmentSpecialServices {
  specialServiceTypes: string[];
  etdDetail?: { requestedDocumentTypes: string[] };
  /** With RETURN_SHIPMENT: a return label, its RMA and the outbound shipment it returns. */
  returnShipmentDetail?: FedexReturnShipmentDetail;
}

export interface FedexReturnShipmentDetail {
  returnType: 'PRINT_RETURN_LABEL' | 'PENDING';
  rma?: { reason: string };
  returnAssociationDetail?: { trackingNumber: string; shipDatestamp?: string };
}

export interface FedexDocument {
  /** LABEL on a package; COMMERCIAL_INVOICE, PROFORMA_INVOICE, … on the shipment. */
  contentType?: string;
  docType?: string;
  /** The document, base64; a ZPLII label decodes to ZPL text. */
  encodedLabel?: string;
  /** Where to fetch it instead (valid 24 hours). */
  url?: string;
}

interface FedexPieceResponse {
  trackingNumber?: string;
  masterTrackingNumber?: string;
  netChargeAmount?: number;
  packageDocuments?: FedexDocument[];
}

interface FedexShipmentRateDetail {
  rateType?: string;
  totalNetCharge?: number;
  currency?: string;
}

export interface FedexTransactionShipment {
  masterTrackingNumber?: string;
  serviceType?: string;
  pieceResponses?: FedexPieceResponse[];
  /** The shipment's documents beside the package's labels: the commercial invoice. */
  shipmentDocuments?: FedexDocument[];
  completedShipmentDetail?: {
    shipmentRating?: { actualRateType?: string; shipmentRateDetails?: FedexShipmentRateDetail[] };
    completedEtdDetail?: { folderId?: string; type?: string };
  };
}

export interface FedexShipOutput {
  transactionShipments?: FedexTransactionShipment[];
}

/** `PUT /ship/v1/shipments/cancel`'s output. */
export interface FedexCancelOutput {
  cancelledShipment?: boolean;
  cancelledHistory?: boolean;
  message?: string;
  alerts?: Array<{ code?: string; message?: string }>;
}

interface FedexTrackLocation {
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode?: string;
}

export interface FedexScanEvent {
  /** Local time at the scan's place, usually with its offset ("2026-06-02T14:05:00-04:00"). */
  date?: string;
  eventType?: string;
  eventDescription?: string;
  derivedStatusCode?: string;
  exceptionCode?: string;
  exceptionDescription?: string;
  scanLocation?: FedexTrackLocation;
}

export interface FedexTrackResult {
  trackingNumberInfo?: { trackingNumber?: string; carrierCode?: string };
  latestStatusDetail?: {
    code?: string;
    derivedCode?: string;
    statusByLocale?: string;
    description?: string;
  };
  scanEvents?: FedexScanEvent[];
  /** ESTIMATED_DELIVERY, ACTUAL_DELIVERY, ACTUAL_PICKUP, SHIP, … */
  dateAndTimes?: Array<{ type?: string; dateTime?: string }>;
  estimatedDeliveryTimeWindow?: { window?: { begins?: string; ends?: string } };
  /** Per tracking number or reference: TRACKING.TRACKINGNUMBER.NOTFOUND, … */
  error?: FedexErrorEntry;
}

export interface FedexTrackOutput {
  completeTrackResults?: Array<{ trackingNumber?: string; trackResults?: FedexTrackResult[] }>;
}
