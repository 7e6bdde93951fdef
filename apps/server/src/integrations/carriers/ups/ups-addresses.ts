import { ChannelError } from '../../http/channel-http.ts';
import { addressOnOneLine, sameAddress } from '../carrier-address-text.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import type {
  AddressCheckOutcome,
  AddressServiceLimits,
  AddressToCheck,
  CarrierCheckedAddress,
  ShipmentAddress,
} from '../carrier-types.ts';
import type {
  UpsAddressClassification,
  UpsAddressKeyFormat,
  UpsAddressValidationAnswer,
  UpsAddressValidationRequest,
} from './ups-addresses-wire.ts';
import { upsCallsPerMinute } from './ups-client.ts';
import { asArray } from './ups-shipment.ts';

/**
 * UPS's Address Validation - Street Level (docs/address-checks.md): one address per call, validated and classified
 * together (request option 3). UPS checks streets only in the US and Puerto Rico, so an address elsewhere is not sent
 * and gets no outcome: the caller asks another carrier or keeps to format checks. An address without a street is not
 * sent either (format checks say what is missing). UPS's test environment (CIE) answers street level for New York and
 * California addresses only.
 *
 * ValidAddressIndicator: verified, or corrected when UPS's one candidate differs from what was sent (a ZIP+4 added, a
 * street spelled otherwise). AmbiguousAddressIndicator: ambiguous, with UPS's candidates (at most 15). NoCandidates:
 * invalid. Any failed call (an outage, a 429, a refused token, a 4xx) throws: the address stays not checked.
 */

const PATH = '/api/addressvalidation/v2/3?maximumcandidatelistsize=15';
/** Street-level validation: the countries UPS checks streets in. */
const STREET_LEVEL_COUNTRIES = new Set(['US', 'PR']);

/**
 * UPS publishes no limit for this API. One call a second is well inside what integrators report working; an account
 * whose UPS contract allows more says so in its `addressChecksPerMinute` setting.
 */
const DEFAULT_CALLS_PER_MINUTE = 60;

export function upsAddressLimits(settings: Record<string, string>): AddressServiceLimits {
  const callsPerWindow = upsCallsPerMinute(settings, 'addressChecksPerMinute', DEFAULT_CALLS_PER_MINUTE);
  return { perCall: 1, callsPerWindow, windowSeconds: 60 };
}

/** Whether UPS checks this address's street (the others get no outcome). */
function upsChecksStreet(address: ShipmentAddress): boolean {
  return STREET_LEVEL_COUNTRIES.has(address.country.trim().toUpperCase()) && address.street1.trim() !== '';
}

/** "62701-1234" or "627011234" as ZIP and extension; another form as it is. */
function splitZip(postalCode: string): { primary: string; extended?: string } {
  const zip = /^(\d{5})-?(\d{4})$/.exec(postalCode.trim());
  return zip ? { primary: zip[1]!, extended: zip[2] } : { primary: postalCode.trim() };
}

function upsAddressRequest(address: ShipmentAddress): UpsAddressValidationRequest {
  const zip = splitZip(address.postalCode);
  const format: UpsAddressKeyFormat = {
    // Only a company: UPS reads a consignee name as a hint that the address is a business.
    ...(address.company ? { ConsigneeName: address.company } : {}),
    AddressLine: [address.street1, address.street2].filter((line): line is string => Boolean(line?.trim())),
    PoliticalDivision2: address.city,
    ...(address.state ? { PoliticalDivision1: address.state } : {}),
    PostcodePrimaryLow: zip.primary,
    ...(zip.extended ? { PostcodeExtendedLow: zip.extended } : {}),
    CountryCode: address.country.toUpperCase(),
  };
  return { XAVRequest: { AddressKeyFormat: format } };
}

function checkedAddress(format: UpsAddressKeyFormat, country: string): CarrierCheckedAddress {
  const lines = asArray(format.AddressLine).filter((line) => line.trim() !== '');
  const primary = format.PostcodePrimaryLow ?? '';
  return {
    address1: lines[0] ?? '',
    address2: lines.slice(1).join(', ') || null,
    city: format.PoliticalDivision2 ?? '',
    state: format.PoliticalDivision1 || null,
    postalCode: format.PostcodeExtendedLow ? `${primary}-${format.PostcodeExtendedLow}` : primary,
    country: format.CountryCode || country,
  };
}

/** 1 commercial, 2 residential; 0 (unclassified) or nothing: UPS does not say. */
function residentialOf(classification: UpsAddressClassification | undefined): boolean | null {
  if (classification?.Code === '1') return false;
  if (classification?.Code === '2') return true;
  return null;
}

/** UPS's answer for one address as an outcome; an answer without any indicator is malformed. */
function upsAddressOutcome(sent: ShipmentAddress, answer: UpsAddressValidationAnswer | null): AddressCheckOutcome {
  const xav = answer?.XAVResponse;
  const alerts = asArray(xav?.Response?.Alert).flatMap((alert) => (alert.Description ? [alert.Description] : []));
  const candidates = asArray(xav?.Candidate).flatMap((candidate) =>
    candidate.AddressKeyFormat
      ? [{ address: checkedAddress(candidate.AddressKeyFormat, sent.country), candidate }]
      : [],
  );
  const line = addressOnOneLine(sent);
  // The top-level classification is the input address's (UPS's own words); a lone candidate's is the same place.
  const classified = residentialOf(xav?.AddressClassification);

  if (xav?.NoCandidatesIndicator !== undefined) {
    return { status: 'invalid', residential: null, messages: [`UPS found no address matching ${line}`, ...alerts] };
  }
  if (xav?.ValidAddressIndicator !== undefined) {
    const [only] = candidates;
    const residential = classified ?? residentialOf(only?.candidate.AddressClassification);
    if (!only || sameAddress(sent, only.address)) return { status: 'verified', residential, messages: alerts };
    return { status: 'corrected', residential, suggestion: only.address, messages: alerts };
  }
  if (xav?.AmbiguousAddressIndicator !== undefined) {
    return {
      status: 'ambiguous',
      residential: classified,
      candidates: candidates.map((c) => c.address),
      messages: [`UPS found ${candidates.length} addresses that could be ${line}`, ...alerts],
    };
  }
  throw new ChannelError('malformed', 'UPS answered the address validation without saying whether it matched', 200);
}

/**
 * The outcome of each address UPS checks, one call each, in turn (the caller paces them: `upsAddressLimits`).
 * Addresses outside the US and Puerto Rico, or without a street, are left out of the answer.
 */
export async function upsCheckAddresses(
  client: BearerClient,
  addresses: readonly AddressToCheck[],
  signal?: AbortSignal,
): Promise<Map<string, AddressCheckOutcome>> {
  const outcomes = new Map<string, AddressCheckOutcome>();
  for (const { key, address } of addresses) {
    if (outcomes.has(key) || !upsChecksStreet(address)) continue;
    const answer = await client.call<UpsAddressValidationAnswer | null>(
      // A validation changes nothing at UPS: safe to send again.
      { method: 'POST', path: PATH, json: upsAddressRequest(address), idempotent: true },
      signal,
    );
    outcomes.set(key, upsAddressOutcome(address, answer));
  }
  return outcomes;
}
