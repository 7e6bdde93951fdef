import type { UspsAccountType, UspsImageType, UspsLabelAddress } from './usps-wire.ts';

/**
 * USPS v3 wire types of international mail (../shared/integrations-shipping.md §1.1): International Prices 3.0,
 * International Labels 3.0 with its customs form, and the customs form Domestic Labels 3.0 takes for military and
 * territory addresses. Only the fields Shipdesk sends or reads.
 */

/** `POST /international-prices/v3/base-rates/search`: the base postage of one mail class to one country. */
export interface UspsInternationalRatesQuery {
  originZIPCode: string;
  foreignPostalCode: string;
  /** ISO 3166-1 alpha-2. */
  destinationCountryCode: string;
  /** Pounds. */
  weight: number;
  /** Inches. */
  length: number;
  width: number;
  height: number;
  mailClass: string;
  processingCategory: string;
  rateIndicator: string;
  destinationEntryFacilityType: 'NONE';
  priceType: 'COMMERCIAL';
  mailingDate: string;
  accountType: UspsAccountType;
  accountNumber: string;
}

/** `POST /international-prices/v3/total-rates/search`: the same with the extra services and the item's value. */
export interface UspsInternationalTotalRatesQuery extends UspsInternationalRatesQuery {
  extraServices: number[];
  /** USD; the insured value when an insurance code is asked for. */
  itemValue?: number;
}

/** International Labels 3.0's `toAddress`: a province and a postal code instead of a state and a ZIP Code. */
export interface UspsInternationalAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city: string;
  province?: string;
  /** At most 11 characters. */
  postalCode?: string;
  country?: string;
  countryISOAlpha2Code: string;
  /** Digits only. */
  phone?: string;
}

/** One line of a customs form: totals of every unit of the line (the per-unit itemValue/itemWeight are deprecated). */
interface UspsCustomsContent {
  /** At most 30 characters. */
  itemDescription: string;
  itemQuantity: number;
  /** USD. */
  itemTotalValue: number;
  /** Pounds. */
  itemTotalWeight: number;
  weightUOM: 'lb';
  /** 6 to 14 digits; USPS looks one up when absent. */
  HSTariffNumber?: string;
  /** ISO 3166-1 alpha-2 (USPS spells it with a lower-case "of"). */
  countryofOrigin?: string;
}

export type UspsCustomsContentType =
  'MERCHANDISE' | 'GIFT' | 'DOCUMENT' | 'COMMERCIAL_SAMPLE' | 'RETURNED_GOODS' | 'OTHER';

/** `customsForm` of International Labels 3.0 and, for military and territory addresses, of Domestic Labels 3.0. */
export interface UspsCustomsForm {
  customsContentType: UspsCustomsContentType;
  /** Required with OTHER; at most 25 characters. */
  contentComments?: string;
  /** The AES ITN or an exemption legend (`NO EEI 30.37(a)`). */
  AESITN: string;
  /** At most 15 characters. */
  invoiceNumber?: string;
  contents: UspsCustomsContent[];
}

/** `POST /international-labels/v3/international-label`. */
export interface UspsInternationalLabelRequest {
  imageInfo: {
    imageType: UspsImageType;
    labelType: '4X6LABEL';
  };
  toAddress: UspsInternationalAddress;
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
    customerReference?: Array<{ referenceNumber: string }>;
    /** Insurance 930/931 only (signature on delivery is not sold abroad). */
    extraServices?: number[];
    packageOptions: {
      /** USD: the insured value, required with an insurance code. */
      packageValue?: number;
      nonDeliveryOption: 'RETURN' | 'ABANDON';
    };
  };
  customsForm?: UspsCustomsForm;
}

/** The `labelMetadata` part of the multipart answer. */
export interface UspsInternationalLabelMetadata {
  /** S10 style: two letters, eight digits and a check digit, the origin country (LX123456785US). */
  internationalTrackingNumber?: string;
  constructCode?: string;
  SKU?: string;
  /** Excludes the insurance and extras. */
  postage?: number;
  extraServices?: Array<{ serviceID?: string; serviceName?: string; price?: number }>;
  internationalPriceGroup?: string;
  fees?: Array<{ name?: string; price?: number; SKU?: string }>;
}
