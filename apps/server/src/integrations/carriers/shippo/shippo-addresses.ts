import type {
  AddressCheckOutcome,
  AddressServiceLimits,
  AddressToCheck,
  CarrierCheckedAddress,
  ShipmentAddress,
} from '../carrier-types.ts';
import { ChannelError } from '../../http/channel-http.ts';
import type { ShippoClient } from './shippo-client.ts';

/**
 * Shippo's address service (docs/address-checks.md), the current API: `GET /v2/addresses/validate` with the address as
 * query parameters, one address per call. Its answer's `analysis.validation_result.value` says valid, invalid or
 * partially_valid; `recommended_address` is Shippo's standardised form; `analysis.address_type` residential, commercial
 * or unknown. Read as:
 *
 * - valid, and the recommendation is the address as sent (case, spaces and a ZIP+4 added to a 5-digit ZIP aside):
 *   verified; valid or partially_valid with a recommendation that differs in substance: corrected, the
 *   recommendation as the suggestion;
 * - partially_valid without a recommendation: ambiguous. Shippo's v2 answer has no candidate list, so the candidates
 *   are empty and its reasons (e.g. multiple_match) say what to add;
 * - invalid: invalid, with its reasons.
 *
 * The reasons' shape (`{ code, description }`) and the enum values are reported, not in Shippo's published schema;
 * read loosely. Shippo publishes no limit for this endpoint (it is sold separately): the budget is a conservative
 * guess, configurable per carrier in the address checks' options.
 */

export const SHIPPO_ADDRESS_LIMITS: AddressServiceLimits = { perCall: 1, callsPerWindow: 40, windowSeconds: 60 };

interface ShippoV2Address {
  address_line_1?: string | null;
  address_line_2?: string | null;
  city_locality?: string | null;
  state_province?: string | null;
  postal_code?: string | null;
  country_code?: string | null;
}

interface ShippoValidation {
  original_address?: ShippoV2Address;
  recommended_address?: ShippoV2Address | null;
  analysis?: {
    validation_result?: {
      value?: string;
      reasons?: Array<{ code?: string; description?: string; text?: string } | string>;
    };
    address_type?: string;
    changed_attributes?: string[];
  };
}

function query(address: ShipmentAddress): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | null) => {
    if (value?.trim()) params.set(name, value.trim());
  };
  put('address_line_1', address.street1);
  put('address_line_2', address.street2);
  put('city_locality', address.city);
  put('state_province', address.state);
  put('postal_code', address.postalCode);
  put('country_code', address.country);
  put('name', address.name);
  put('organization', address.company);
  return params.toString();
}

function reasons(answer: ShippoValidation): string[] {
  return (answer.analysis?.validation_result?.reasons ?? [])
    .map((reason) => (typeof reason === 'string' ? reason : (reason.description ?? reason.text ?? reason.code ?? '')))
    .map((text) => text.trim())
    .filter(Boolean);
}

function residentialOf(answer: ShippoValidation): boolean | null {
  const type = answer.analysis?.address_type;
  return type === 'residential' ? true : type === 'commercial' ? false : null;
}

function checked(address: ShippoV2Address, asked: ShipmentAddress): CarrierCheckedAddress {
  return {
    address1: address.address_line_1?.trim() || asked.street1,
    address2: address.address_line_2?.trim() || null,
    city: address.city_locality?.trim() || asked.city,
    state: address.state_province?.trim() || null,
    postalCode: address.postal_code?.trim() || asked.postalCode,
    country: (address.country_code?.trim() || asked.country).toUpperCase(),
  };
}

const plain = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
/** A ZIP+4 added to the 5-digit ZIP sent is the same address, standardised. */
const zipOf = (postal: string, country: string) =>
  country === 'US' ? plain(postal).replace(/^(\d{5})-?\d{4}$/, '$1') : plain(postal).replace(/\s/g, '');

/** Whether Shippo's form differs from the address sent in more than case, spaces and a ZIP+4. */
function differsInSubstance(suggestion: CarrierCheckedAddress, asked: ShipmentAddress): boolean {
  return (
    plain(suggestion.address1) !== plain(asked.street1) ||
    plain(suggestion.address2) !== plain(asked.street2) ||
    plain(suggestion.city) !== plain(asked.city) ||
    plain(suggestion.state) !== plain(asked.state) ||
    zipOf(suggestion.postalCode, suggestion.country) !== zipOf(asked.postalCode, plain(asked.country)) ||
    plain(suggestion.country) !== plain(asked.country)
  );
}

/** One address's outcome from Shippo's answer. */
function shippoAddressOutcome(answer: ShippoValidation, asked: ShipmentAddress): AddressCheckOutcome {
  const value = answer.analysis?.validation_result?.value;
  const messages = reasons(answer);
  const residential = residentialOf(answer);
  if (value === 'invalid' || (value !== 'valid' && value !== 'partially_valid')) {
    return {
      status: 'invalid',
      residential: null,
      messages: messages.length > 0 ? messages : ['Shippo does not know this address'],
    };
  }
  const recommendation = answer.recommended_address ? checked(answer.recommended_address, asked) : null;
  if (recommendation && differsInSubstance(recommendation, asked)) {
    return { status: 'corrected', residential, suggestion: recommendation, messages };
  }
  if (value === 'partially_valid' && !recommendation) {
    return {
      status: 'ambiguous',
      residential,
      candidates: [],
      messages: messages.length > 0 ? messages : ['Shippo matched the address only in part'],
    };
  }
  return { status: 'verified', residential, messages };
}

/** `checkAddresses` of the Shippo adapter: one call per address (perCall 1). */
export async function shippoCheckAddresses(
  client: ShippoClient,
  addresses: readonly AddressToCheck[],
  signal?: AbortSignal,
): Promise<Map<string, AddressCheckOutcome>> {
  const outcomes = new Map<string, AddressCheckOutcome>();
  for (const { key, address } of addresses) {
    try {
      const path = `/v2/addresses/validate?${query(address)}`;
      outcomes.set(key, shippoAddressOutcome(await client.call<ShippoValidation>({ path }, signal), address));
    } catch (error) {
      // A 400 is Shippo refusing this address's fields (no street, no country): its words about the address. Every
      // other failure (an outage, its rate limit, the token) is thrown: the address stays not checked.
      if (!(error instanceof ChannelError) || error.kind !== 'invalid' || error.status !== 400) throw error;
      outcomes.set(key, { status: 'invalid', residential: null, messages: [error.platformMessage ?? error.message] });
    }
  }
  return outcomes;
}
