import type { UspsBaseRatesQuery, UspsLabelAddress } from './fake-usps-wire.ts';

/**
 * International Prices 3.0 and International Labels 3.0 as the fake speaks them (../shared/integrations-shipping.md
 * §1.1), spelled here independently of the product's client. Every field is optional: the fake checks what came.
 */

/** `POST /international-prices/v3/base-rates/search` (and total-rates, with `extraServices` and `itemValue`). */
export interface UspsInternationalRatesQuery extends Omit<UspsBaseRatesQuery, 'destinationZIPCode'> {
  foreignPostalCode?: string;
  destinationCountryCode?: string;
  extraServices?: unknown;
  itemValue?: number;
}

export interface UspsInternationalAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
  countryISOAlpha2Code?: string;
  phone?: string;
}

interface UspsCustomsContent {
  itemDescription?: string;
  itemQuantity?: number;
  itemTotalValue?: number;
  itemTotalWeight?: number;
  weightUOM?: string;
  HSTariffNumber?: string;
  countryofOrigin?: string;
}

/** `customsForm` (International Labels; Domestic Labels for military and territory addresses). */
export interface UspsCustomsForm {
  customsContentType?: string;
  contentComments?: string;
  restrictionType?: string;
  AESITN?: string;
  invoiceNumber?: string;
  licenseNumber?: string;
  certificateNumber?: string;
  contents?: UspsCustomsContent[];
}

/** `POST /international-labels/v3/international-label`'s body (the parts the fake reads). */
export interface UspsInternationalLabelRequest {
  imageInfo?: { imageType?: string; labelType?: string };
  toAddress?: UspsInternationalAddress;
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
    destinationEntryFacilityType?: string;
    extraServices?: number[];
    packageOptions?: { packageValue?: number; nonDeliveryOption?: string; redirectAddress?: UspsLabelAddress };
    customerReference?: Array<{ referenceNumber?: string }>;
  };
  customsForm?: UspsCustomsForm;
}

/** The `labelMetadata` part of the multipart answer. */
export interface UspsInternationalLabelMetadata {
  labelAddress: UspsInternationalAddress;
  internationalTrackingNumber: string;
  constructCode: string;
  SKU: string;
  /** Excludes insurance and the other extras. */
  postage: number;
  extraServices: Array<{ serviceID: string; serviceName: string; price: number }>;
  internationalPriceGroup: string;
  weightUOM: 'lb';
  weight: number;
  dimensionalWeight: string;
  fees: Array<{ name: string; SKU: string; price: number }>;
}
