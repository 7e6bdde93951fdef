/**
 * USPS Addresses 3.0 on the wire (integrations-shipping.md section 4): `GET /addresses/v3/address`, OAuth scope
 * `addresses`. Every field is optional in USPS's OpenAPI, so every one is read as possibly absent.
 */

/** The query of `GET /addresses/v3/address`: street and state always, and a city or a ZIP Code. */
export interface UspsAddressQuery {
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city?: string;
  state: string;
  /** Five digits. */
  ZIPCode?: string;
  /** Four digits. */
  ZIPPlus4?: string;
}

/** Y: primary and secondary confirmed; D: the secondary is missing; S: the secondary is not confirmed; N: neither. */
type UspsDpvConfirmation = 'Y' | 'D' | 'S' | 'N';

interface UspsStandardAddress {
  streetAddress?: string;
  streetAddressAbbreviation?: string;
  secondaryAddress?: string;
  city?: string;
  cityAbbreviation?: string;
  state?: string;
  ZIPCode?: string;
  ZIPPlus4?: string | null;
  urbanization?: string;
}

/** A correction or a match: `{ code: '32', text: 'Default address: ...' }`; USPS sends `{ code: '', text: '' }` for none. */
export interface UspsAddressNote {
  code?: string;
  text?: string;
}

/** The 200 answer: the standardised address and what USPS knows of it. */
export interface UspsAddressAnswer {
  firm?: string;
  address?: UspsStandardAddress;
  additionalInfo?: {
    deliveryPoint?: string;
    carrierRoute?: string;
    DPVConfirmation?: UspsDpvConfirmation;
    DPVCMRA?: 'Y' | 'N';
    /** The only residential or commercial signal USPS gives. */
    business?: 'Y' | 'N';
    centralDeliveryPoint?: 'Y' | 'N';
    vacant?: 'Y' | 'N';
  };
  corrections?: UspsAddressNote[];
  matches?: UspsAddressNote[];
  warnings?: string[];
}
