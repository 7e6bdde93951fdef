/**
 * FedEx Address Validation wire types: `POST /address/v1/addresses/resolve` (FedEx's address-validation OpenAPI).
 * Only the fields Shipdesk sends or reads; every answer field may be missing. FedEx documents the attributes as
 * booleans and answers them as the strings "true" and "false": both are read.
 */

export interface FedexAddressToValidate {
  address: {
    streetLines: string[];
    city: string;
    stateOrProvinceCode?: string;
    postalCode: string;
    countryCode: string;
  };
  /** Echoed on the resolved address (not in FedEx's schema of the answer, so the order is the fallback). */
  clientReferenceId?: string;
}

export interface FedexAddressValidationRequest {
  validateAddressControlParameters?: { includeResolutionTokens?: boolean };
  /** At most 100. */
  addressesToValidate: FedexAddressToValidate[];
}

/** `{ changed, value }`: a resolved part and whether FedEx changed it. */
interface FedexResolutionToken {
  changed?: boolean;
  value?: string;
}

/** A message on one resolved address: INVALID.SUITE.NUMBER, SUITE.NUMBER.REQUIRED, INTERPOLATED.STREET.ADDRESS, … */
interface FedexAddressMessage {
  code?: string;
  message?: string;
}

type FedexFlag = boolean | string;

export interface FedexResolvedAddress {
  clientReferenceId?: string;
  streetLinesToken?: string[];
  city?: string;
  cityToken?: FedexResolutionToken[];
  stateOrProvinceCode?: string;
  postalCode?: string;
  postalCodeToken?: FedexResolutionToken;
  parsedPostalCode?: { base?: string; addOn?: string; deliveryPoint?: string };
  countryCode?: string;
  classification?: 'BUSINESS' | 'RESIDENTIAL' | 'MIXED' | 'UNKNOWN' | string;
  postOfficeBox?: boolean;
  normalizedStatusNameDPV?: boolean;
  resolutionMethodName?: string;
  customerMessage?: Array<FedexAddressMessage | string>;
  attributes?: {
    Resolved?: FedexFlag;
    Matched?: FedexFlag;
    DPV?: FedexFlag;
    CountrySupported?: FedexFlag;
    MultipleMatches?: FedexFlag;
    InvalidSuiteNumber?: FedexFlag;
    SuiteRequiredButMissing?: FedexFlag;
    /** RAW: country not supported; NORMALIZED: not matched to reference data; STANDARDIZED: matched. */
    AddressType?: string;
    [name: string]: FedexFlag | undefined;
  };
}

export interface FedexAddressValidationOutput {
  resolvedAddresses?: FedexResolvedAddress[];
  alerts?: Array<{ code?: string; message?: string; alertType?: string }>;
}
