/**
 * UPS Address Validation (Street Level) wire types: `POST /api/addressvalidation/v2/{requestoption}` (UPS's
 * AddressValidation OpenAPI). Only the fields Shipdesk sends or reads; every answer field may be missing.
 */

/** The address as UPS takes and answers it. Street level only for US and PR. */
export interface UpsAddressKeyFormat {
  /** Business or person at the address (a business name helps UPS classify it). */
  ConsigneeName?: string;
  AttentionName?: string;
  /** At most three lines: street, then secondary (apartment, suite). v1 answered a lone line as a string. */
  AddressLine?: string[] | string;
  /** One line with city, state and postal code; UPS answers it beside the separate fields. */
  Region?: string;
  /** City. */
  PoliticalDivision2?: string;
  /** State. */
  PoliticalDivision1?: string;
  PostcodePrimaryLow?: string;
  /** The ZIP+4 extension. */
  PostcodeExtendedLow?: string;
  Urbanization?: string;
  CountryCode?: string;
}

export interface UpsAddressValidationRequest {
  XAVRequest: { AddressKeyFormat: UpsAddressKeyFormat };
}

/** Code 0 unclassified, 1 commercial, 2 residential. */
export interface UpsAddressClassification {
  Code?: string;
  Description?: string;
}

interface UpsAddressCandidate {
  AddressClassification?: UpsAddressClassification;
  AddressKeyFormat?: UpsAddressKeyFormat;
}

export interface UpsAddressValidationAnswer {
  XAVResponse?: {
    Response?: {
      ResponseStatus?: { Code?: string; Description?: string };
      /** v2: always an array. */
      Alert?: Array<{ Code?: string; Description?: string }>;
    };
    /** Presence flags: an empty string when set, absent otherwise. */
    ValidAddressIndicator?: string;
    AmbiguousAddressIndicator?: string;
    NoCandidatesIndicator?: string;
    AddressClassification?: UpsAddressClassification;
    /** v2: always an array (v1 answered a lone candidate as an object). */
    Candidate?: UpsAddressCandidate[] | UpsAddressCandidate;
  };
}
