/**
 * UPS OAuth wire shapes as the fake speaks them, spelled here independently of the product's client (integrations.md
 * section 9). UPS sends every number of the token answer as a string.
 */

export interface UpsTokenAnswer {
  token_type: 'Bearer';
  /** Epoch milliseconds, as a string. */
  issued_at: string;
  client_id: string;
  access_token: string;
  scope: string;
  /** Seconds, as a string. */
  expires_in: string;
  refresh_count: string;
  status: 'approved';
}

interface UpsErrorEntry {
  code: string;
  message: string;
}

/** The error body of every UPS API, the token endpoint included. */
export interface UpsErrorBody {
  response: { errors: UpsErrorEntry[] };
}

/** `{ Code, Description? }`, UPS's shape for every coded value. */
interface UpsCode {
  Code?: string;
  Description?: string;
}

interface UpsMoney {
  CurrencyCode: string;
  MonetaryValue: string;
}

export interface UpsAddress {
  AddressLine?: string[];
  City?: string;
  StateProvinceCode?: string;
  PostalCode?: string;
  CountryCode?: string;
  ResidentialAddressIndicator?: string;
}

export interface UpsParty {
  Name?: string;
  AttentionName?: string;
  ShipperNumber?: string;
  Phone?: { Number?: string };
  EMailAddress?: string;
  Address?: UpsAddress;
}

interface UpsReferenceNumber {
  Code?: string;
  Value?: string;
}

/** A package as the Shipping API takes it (the Rating API calls Packaging `PackagingType`). Numbers are strings. */
export interface UpsPackage {
  Packaging?: UpsCode;
  PackagingType?: UpsCode;
  Dimensions?: { UnitOfMeasurement?: UpsCode; Length?: unknown; Width?: unknown; Height?: unknown };
  PackageWeight?: { UnitOfMeasurement?: UpsCode; Weight?: unknown };
  ReferenceNumber?: UpsReferenceNumber[];
}

/** One commodity of `InternationalForms.Product` (numbers as strings; Unit.Value is one unit's value). */
export interface UpsProduct {
  Description?: string[] | string;
  Unit?: { Number?: unknown; Value?: unknown; UnitOfMeasurement?: UpsCode };
  CommodityCode?: unknown;
  OriginCountryCode?: string;
  PartNumber?: string;
  ProductWeight?: { UnitOfMeasurement?: UpsCode; Weight?: unknown };
}

/** `ShipmentServiceOptions.InternationalForms` as the fake reads it (integrations-shipping.md section 1.2). */
export interface UpsInternationalForms {
  FormType?: string[] | string;
  InvoiceNumber?: string;
  InvoiceDate?: string;
  PurchaseOrderNumber?: string;
  TermsOfShipment?: string;
  ReasonForExport?: string;
  Comments?: string;
  DeclarationStatement?: string;
  CurrencyCode?: string;
  Contacts?: { SoldTo?: UpsParty };
  OverridePaperlessIndicator?: string;
  EEIFilingOption?: {
    Code?: string;
    ShipperFiled?: { Code?: string; PreDepartureITNNumber?: string; ExemptionLegend?: string };
  };
  Product?: UpsProduct[] | UpsProduct;
}

export interface UpsShipmentBody {
  Description?: string;
  ShipmentServiceOptions?: {
    DeliveryConfirmation?: { DCISType?: unknown };
    InternationalForms?: UpsInternationalForms;
  };
  Shipper?: UpsParty;
  ShipTo?: UpsParty;
  ShipFrom?: UpsParty;
  PaymentInformation?: { ShipmentCharge?: Array<{ Type?: string; BillShipper?: { AccountNumber?: string } }> };
  PaymentDetails?: { ShipmentCharge?: Array<{ Type?: string; BillShipper?: { AccountNumber?: string } }> };
  Service?: UpsCode;
  ShipmentRatingOptions?: { NegotiatedRatesIndicator?: string };
  /** A return shipment's kind (9 Print Return Label). */
  ReturnService?: UpsCode;
  ReferenceNumber?: UpsReferenceNumber[];
  Package?: UpsPackage | UpsPackage[];
}

/** `POST /api/shipments/{version}/ship`. */
export interface UpsShipmentRequest {
  ShipmentRequest?: {
    Request?: { RequestOption?: string; SubVersion?: string; TransactionReference?: { CustomerContext?: string } };
    Shipment?: UpsShipmentBody;
    LabelSpecification?: {
      LabelImageFormat?: UpsCode;
      LabelStockSize?: { Height?: string; Width?: string };
      HTTPUserAgent?: string;
    };
  };
}

interface UpsResponseStatus {
  ResponseStatus: { Code: string; Description: string };
  TransactionReference?: { CustomerContext?: string };
}

interface UpsLabelImage {
  ImageFormat?: UpsCode;
  LabelImageFormat?: UpsCode;
  GraphicImage: string;
  HTMLImage?: string;
}

export interface UpsShipmentResponse {
  ShipmentResponse: {
    Response: UpsResponseStatus;
    ShipmentResults: {
      ShipmentCharges: {
        BaseServiceCharge: UpsMoney;
        TransportationCharges: UpsMoney;
        ServiceOptionsCharges: UpsMoney;
        TotalCharges: UpsMoney;
      };
      NegotiatedRateCharges?: { TotalCharge: UpsMoney };
      BillingWeight: { UnitOfMeasurement: UpsCode; Weight: string };
      ShipmentIdentificationNumber: string;
      PackageResults: Array<{ TrackingNumber: string; ShippingLabel: UpsLabelImage }>;
      /** Every requested international form in one PDF (Code 01). */
      Form?: {
        Code: '01';
        Description: string;
        Image: { ImageFormat: UpsCode; GraphicImage: string };
        FormGroupId: string;
      };
    };
  };
}

export interface UpsVoidResponse {
  VoidShipmentResponse: {
    Response: UpsResponseStatus;
    SummaryResult: { Status: { Code: string; Description: string } };
  };
}

/** `POST /api/labels/{version}/recovery`. */
export interface UpsLabelRecoveryRequest {
  LabelRecoveryRequest?: {
    Request?: { SubVersion?: string };
    LabelSpecification?: { LabelImageFormat?: UpsCode; LabelStockSize?: { Height?: string; Width?: string } };
    TrackingNumber?: string;
    ReferenceValues?: { ReferenceNumber?: { Value?: string }; ShipperNumber?: string };
  };
}

export interface UpsLabelRecoveryResponse {
  LabelRecoveryResponse: {
    Response: UpsResponseStatus;
    ShipmentIdentificationNumber: string;
    LabelResults: Array<{ TrackingNumber: string; LabelImage: UpsLabelImage }>;
  };
}

/** `POST /api/rating/{version}/{requestoption}`. */
export interface UpsRateRequest {
  RateRequest?: { Request?: { SubVersion?: string }; Shipment?: UpsShipmentBody };
}

export interface UpsRatedShipment {
  Service: UpsCode;
  BillingWeight: { UnitOfMeasurement: UpsCode; Weight: string };
  TransportationCharges: UpsMoney;
  BaseServiceCharge: UpsMoney;
  ServiceOptionsCharges: UpsMoney;
  TotalCharges: UpsMoney;
  NegotiatedRateCharges?: { TotalCharge: UpsMoney };
  GuaranteedDelivery?: { BusinessDaysInTransit: string };
}

export interface UpsRateResponse {
  RateResponse: { Response: UpsResponseStatus; RatedShipment: UpsRatedShipment[] };
}

/** Tracking API v1 (camelCase, unlike the other UPS APIs). */
export interface UpsTrackStatus {
  type: string;
  description: string;
  code: string;
  statusCode: string;
}

export interface UpsTrackActivity {
  location: { address: { city: string; stateProvince: string; postalCode: string; countryCode: string } };
  status: UpsTrackStatus;
  date: string;
  time: string;
  gmtDate: string;
  gmtTime: string;
  gmtOffset: string;
}

export interface UpsTrackPackage {
  trackingNumber: string;
  currentStatus: UpsTrackStatus;
  /** Newest first. */
  activity: UpsTrackActivity[];
  referenceNumber: Array<{ type: string; number: string }>;
  service: { code: string; description: string };
  packageCount: number;
  /** SDD scheduled, RDD rescheduled, DEL delivered; YYYYMMDD. */
  deliveryDate: Array<{ type: 'SDD' | 'RDD' | 'DEL'; date: string }>;
  deliveryTime?: { type: string; startTime?: string; endTime?: string };
}

export interface UpsTrackResponse {
  trackResponse: {
    shipment: Array<{
      inquiryNumber: string;
      package?: UpsTrackPackage[];
      /** What UPS answers (with 200) for a number it does not know: TW0001 Tracking Information Not Found. */
      warnings?: Array<{ code: string; message: string }>;
    }>;
  };
}
