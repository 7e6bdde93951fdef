/**
 * UPS wire types (integrations.md section 9 and UPS's OpenAPI documents): OAuth client credentials, Rating, Shipping
 * (ship, void, label recovery) and Tracking. UPS writes every number as a string. Only the fields Shipdesk sends or
 * reads.
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

/** `{ Code, Description? }`: how UPS writes every coded value. */
interface UpsCode {
  Code: string;
  Description?: string;
}

export interface UpsMoney {
  CurrencyCode?: string;
  MonetaryValue?: string;
}

interface UpsAddress {
  AddressLine: string[];
  City: string;
  StateProvinceCode?: string;
  PostalCode: string;
  CountryCode: string;
  /** Present (any value) for a residential address. */
  ResidentialAddressIndicator?: string;
}

export interface UpsParty {
  Name: string;
  AttentionName?: string;
  ShipperNumber?: string;
  Phone?: { Number: string };
  EMailAddress?: string;
  Address: UpsAddress;
}

export interface UpsReferenceNumber {
  Value: string;
}

export interface UpsDimensions {
  UnitOfMeasurement: UpsCode;
  Length: string;
  Width: string;
  Height: string;
}

export interface UpsPackageWeight {
  UnitOfMeasurement: UpsCode;
  Weight: string;
}

interface UpsShipmentCharge {
  Type: '01';
  BillShipper: { AccountNumber: string };
}

/** `POST /api/rating/{version}/{Rate|Shop}`. */
export interface UpsRateRequest {
  RateRequest: {
    Request: { TransactionReference?: { CustomerContext: string } };
    Shipment: {
      Shipper: UpsParty;
      ShipTo: UpsParty;
      ShipFrom: UpsParty;
      PaymentDetails: { ShipmentCharge: UpsShipmentCharge[] };
      Service?: UpsCode;
      ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' };
      NumOfPieces: string;
      ShipmentServiceOptions?: UpsShipmentServiceOptions;
      Package: {
        PackagingType: UpsCode;
        Dimensions?: UpsDimensions;
        PackageWeight: UpsPackageWeight;
        PackageServiceOptions?: UpsPackageServiceOptions;
      };
    };
  };
}

/** Package-level options: declared value (EVS) and delivery confirmation (DCISType 2 signature, 3 adult). */
export interface UpsPackageServiceOptions {
  DeclaredValue?: { Type: UpsCode; CurrencyCode: string; MonetaryValue: string };
  DeliveryConfirmation?: { DCISType: '2' | '3' };
}

/**
 * Shipment-level options: delivery confirmation (DCISType 1 signature, 2 adult), forward shipments only, and the
 * customs forms UPS prints (ups-customs.ts).
 */
export interface UpsShipmentServiceOptions {
  DeliveryConfirmation?: { DCISType: '1' | '2' };
  InternationalForms?: UpsInternationalForms;
}

/** A party of the invoice: the buyer (SoldTo). */
export interface UpsSoldTo {
  Name: string;
  AttentionName: string;
  Phone?: { Number: string };
  EMailAddress?: string;
  Address: Omit<UpsAddress, 'ResidentialAddressIndicator'>;
}

/** One invoice line (a commodity): numbers as strings, Unit.Value the value of ONE unit. */
export interface UpsProduct {
  /** 1-3 lines of at most 35 characters. */
  Description: string[];
  Unit: { Number: string; Value: string; UnitOfMeasurement: UpsCode };
  CommodityCode?: string;
  OriginCountryCode: string;
  PartNumber?: string;
  ProductWeight?: UpsPackageWeight;
}

/** `EEIFilingOption`: Code 1 shipper filed, 2 AES Direct, 3 UPS filed. */
export interface UpsEeiFilingOption {
  Code: '1' | '2' | '3';
  ShipperFiled?: { Code: 'A' | 'B' | 'C'; PreDepartureITNNumber?: string; ExemptionLegend?: string };
}

/** `ShipmentServiceOptions.InternationalForms` (integrations-shipping.md section 1.2). */
export interface UpsInternationalForms {
  /** '01' invoice. */
  FormType: string[];
  InvoiceNumber: string;
  /** yyyyMMdd. */
  InvoiceDate: string;
  PurchaseOrderNumber?: string;
  TermsOfShipment: string;
  ReasonForExport: string;
  Comments?: string;
  DeclarationStatement: string;
  CurrencyCode: string;
  Contacts: { SoldTo: UpsSoldTo };
  /** Presence (any value): a printable copy comes back even for a paperless account. */
  OverridePaperlessIndicator: string;
  EEIFilingOption?: UpsEeiFilingOption;
  Product: UpsProduct[];
}

export interface UpsRatedShipment {
  Service?: UpsCode;
  TotalCharges?: UpsMoney;
  NegotiatedRateCharges?: { TotalCharge?: UpsMoney };
  GuaranteedDelivery?: { BusinessDaysInTransit?: string };
}

export interface UpsRateAnswer {
  RateResponse?: { RatedShipment?: UpsRatedShipment[] | UpsRatedShipment };
}

export type UpsLabelImageCode = 'GIF' | 'ZPL' | 'PDF';

/** `POST /api/shipments/{version}/ship`. */
export interface UpsShipRequest {
  ShipmentRequest: {
    Request: { RequestOption: 'validate' | 'nonvalidate'; TransactionReference?: { CustomerContext: string } };
    Shipment: {
      Description?: string;
      Shipper: UpsParty;
      ShipTo: UpsParty;
      ShipFrom: UpsParty;
      PaymentInformation: { ShipmentCharge: UpsShipmentCharge[] };
      Service: UpsCode;
      ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' };
      /** A return shipment: 9 Print Return Label (the label in the answer), the only one Shipdesk buys. */
      ReturnService?: UpsCode;
      /** Shipment-level references: only outside US/US and PR/PR. */
      ReferenceNumber?: UpsReferenceNumber[];
      ShipmentServiceOptions?: UpsShipmentServiceOptions;
      Package: Array<{
        Packaging: UpsCode;
        Dimensions?: UpsDimensions;
        PackageWeight: UpsPackageWeight;
        PackageServiceOptions?: UpsPackageServiceOptions;
        /** Package-level references: only within US/US and PR/PR. */
        ReferenceNumber?: UpsReferenceNumber[];
      }>;
    };
    LabelSpecification: {
      LabelImageFormat: UpsCode;
      LabelStockSize: { Height: '6'; Width: '4' };
      HTTPUserAgent?: string;
    };
  };
}

interface UpsShippingLabel {
  ImageFormat?: UpsCode;
  GraphicImage?: string;
}

interface UpsPackageResult {
  TrackingNumber?: string;
  ShippingLabel?: UpsShippingLabel;
}

/** `ShipmentResults.Form`: every requested international form in one document (Code '01'). */
export interface UpsShipForm {
  Code?: string;
  Description?: string;
  Image?: { ImageFormat?: UpsCode; GraphicImage?: string };
  FormGroupId?: string;
}

export interface UpsShipAnswer {
  ShipmentResponse?: {
    ShipmentResults?: {
      Form?: UpsShipForm;
      ShipmentCharges?: { TotalCharges?: UpsMoney };
      NegotiatedRateCharges?: { TotalCharge?: UpsMoney };
      ShipmentIdentificationNumber?: string;
      /** An array from v2403 on; older versions send one object for one package. */
      PackageResults?: UpsPackageResult[] | UpsPackageResult;
    };
  };
}

export interface UpsVoidAnswer {
  VoidShipmentResponse?: { SummaryResult?: { Status?: { Code?: string; Description?: string } } };
}

/** `POST /api/labels/{version}/recovery` by tracking number. */
export interface UpsLabelRecoveryRequest {
  LabelRecoveryRequest: {
    Request: { SubVersion: string };
    LabelSpecification: {
      LabelImageFormat: UpsCode;
      LabelStockSize: { Height: '6'; Width: '4' };
      HTTPUserAgent?: string;
    };
    TrackingNumber: string;
  };
}

interface UpsLabelResult {
  TrackingNumber?: string;
  LabelImage?: { LabelImageFormat?: UpsCode; GraphicImage?: string };
}

export interface UpsLabelRecoveryAnswer {
  LabelRecoveryResponse?: {
    ShipmentIdentificationNumber?: string;
    LabelResults?: UpsLabelResult[] | UpsLabelResult;
  };
}

/** Tracking API v1 (camelCase, unlike UPS's other APIs). */
export interface UpsTrackStatus {
  /** The activity status type: M / MV manifest or voided, I in progress, D delivered, X exception (7.1). */
  type?: string;
  description?: string;
  code?: string;
  /** Three digits from UPS's Status/Description code list ("003", "011"). */
  statusCode?: string;
}

export interface UpsTrackActivity {
  location?: { address?: { city?: string; stateProvince?: string; postalCode?: string; countryCode?: string } };
  status?: UpsTrackStatus;
  /** YYYYMMDD and HHMMSS, local to the scan. */
  date?: string;
  time?: string;
  /** The same moment in GMT, and the scan's offset from it ("-05:00"). */
  gmtDate?: string;
  gmtTime?: string;
  gmtOffset?: string;
}

export interface UpsTrackPackage {
  trackingNumber?: string;
  currentStatus?: UpsTrackStatus;
  /** Newest first, as UPS documents. */
  activity?: UpsTrackActivity[];
  referenceNumber?: Array<{ type?: string; number?: string }>;
  /** SDD scheduled, RDD rescheduled, DEL delivered; YYYYMMDD. */
  deliveryDate?: Array<{ type?: string; date?: string }>;
}

export interface UpsTrackAnswer {
  trackResponse?: {
    shipment?: Array<{
      inquiryNumber?: string;
      package?: UpsTrackPackage[];
      warnings?: Array<{ code?: string; message?: string }>;
    }>;
  };
}
