import { ChannelError } from '../../http/channel-http.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import type {
  AddressCheckOutcome,
  AddressServiceLimits,
  AddressToCheck,
  CarrierCheckedAddress,
  ShipmentAddress,
} from '../carrier-types.ts';
import type { UspsAddressAnswer, UspsAddressNote, UspsAddressQuery } from './usps-addresses-wire.ts';
import { isUspsDomestic } from './usps-labels.ts';

/**
 * USPS Addresses 3.0 (docs/address-checks.md): `GET /addresses/v3/address`, one address per call, domestic only.
 * An address outside the US and its territories is not sent and gets no outcome (the caller asks another carrier or
 * keeps to format checks); so is one without a street, a state, or both a city and a five-digit ZIP Code, which USPS
 * needs (format checks say what is missing).
 *
 * A 200 answer is USPS's standardised form of the address:
 * - corrections 32 (a default address: more is needed, such as an apartment) or 22 (several addresses, no default):
 *   ambiguous; USPS gives no candidate list, so the candidates are empty and the message is USPS's text;
 * - DPVConfirmation N: USPS does not confirm delivery to it: invalid;
 * - otherwise verified when the standardised form says what was sent (letter case, punctuation and spacing aside),
 *   corrected with it when it differs (a ZIP+4 added, a street spelled out or abbreviated, another city);
 * - DPVConfirmation D (the building has units and none was given) and S (the unit given is not confirmed) keep that
 *   status and add a message: the street is right and the seller should get the apartment or suite from the buyer.
 *   Neither is called invalid (the street is deliverable) nor corrected when nothing differs (there is nothing to take).
 *
 * USPS's 404 "address not found" or "invalid delivery address" and its 400 about the city, the state or the ZIP Code
 * are invalid, in USPS's words; its "more than one address" is ambiguous. Any other refusal (one about the form of the
 * request), an outage, a 429 or a refused token throws: the address stays not checked. `additionalInfo.business` is the
 * only residential signal: Y is a business (residential false), N a home (true).
 */

const PATH = '/addresses/v3/address';

/**
 * USPS's default quota is about 60 requests an hour per application, every API and token call included
 * (integrations.md section 8): address checks take half of it by default, so that labels, rates and tracking keep the
 * rest. An account whose quota USPS raised says so in its `addressChecksPerHour` setting.
 */
const DEFAULT_CALLS_PER_HOUR = 30;

export function uspsAddressLimits(settings: Record<string, string>): AddressServiceLimits {
  const asked = Number(settings.addressChecksPerHour);
  const callsPerWindow = Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_CALLS_PER_HOUR;
  return { perCall: 1, callsPerWindow, windowSeconds: 3600 };
}

/** The query USPS is asked, or null for an address it does not check (abroad) or cannot (a required part missing). */
function uspsAddressQuery(address: ShipmentAddress): UspsAddressQuery | null {
  if (!isUspsDomestic(address)) return null;
  const street = address.street1.trim();
  const state = (address.state ?? '').trim().toUpperCase();
  const city = address.city.trim();
  // A ZIP Code of another shape is left out rather than sent: USPS would refuse the request's form, not the address,
  // and finds the ZIP Code from the city itself.
  const zip = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(address.postalCode.trim());
  if (!street || !state || (!city && !zip)) return null;
  const secondary = address.street2?.trim();
  const firm = address.company?.trim();
  return {
    ...(firm ? { firm } : {}),
    streetAddress: street,
    ...(secondary ? { secondaryAddress: secondary } : {}),
    ...(city ? { city } : {}),
    state,
    ...(zip ? { ZIPCode: zip[1]! } : {}),
    ...(zip?.[2] ? { ZIPPlus4: zip[2] } : {}),
  };
}

/** Upper case, the punctuation USPS drops (". , #") as spaces, one space between words. */
function plain(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();
}

const plainZip = (value: string | null | undefined) => plain(value).replace(/[\s-]+/g, '-');

/**
 * Whether USPS's form says what was sent. The street lines are compared together: "1 Main St Apt 2" on one line and
 * USPS's "1 MAIN ST" + "APT 2" are the same address.
 */
function sameAddress(sent: ShipmentAddress, answered: CarrierCheckedAddress): boolean {
  const streets = (one: string | null, two: string | null) => plain([one, two].filter(Boolean).join(' '));
  return (
    streets(sent.street1, sent.street2) === streets(answered.address1, answered.address2) &&
    plain(sent.city) === plain(answered.city) &&
    plain(sent.state) === plain(answered.state) &&
    plainZip(sent.postalCode) === plainZip(answered.postalCode)
  );
}

function standardised(sent: ShipmentAddress, answer: UspsAddressAnswer): CarrierCheckedAddress {
  const found = answer.address!;
  const zip = found.ZIPCode?.trim();
  const plus4 = found.ZIPPlus4?.trim();
  return {
    address1: found.streetAddress!.trim(),
    address2: found.secondaryAddress?.trim() || null,
    city: found.city?.trim() || sent.city,
    state: found.state?.trim() || sent.state,
    postalCode: zip ? (plus4 ? `${zip}-${plus4}` : zip) : sent.postalCode,
    country: sent.country.toUpperCase(),
  };
}

/** Y: a business, so not residential; N: a home; nothing: USPS does not say. */
function residentialOf(answer: UspsAddressAnswer): boolean | null {
  const business = answer.additionalInfo?.business;
  return business === 'Y' ? false : business === 'N' ? true : null;
}

/** USPS's notes that say something (it sends `{ code: '', text: '' }` for none). */
const said = (notes: UspsAddressNote[] | undefined) => (notes ?? []).filter((note) => note.text?.trim() || note.code);

/** Correction 32 (a default address: more is needed) and 22 (several addresses, no default). */
const AMBIGUOUS_CODES: Record<string, string> = {
  '32': 'USPS found the street but needs more, such as an apartment, suite or box number, to match one address',
  '22': 'USPS found several addresses matching this one and none is the default',
};

const DPV_MESSAGES: Partial<Record<string, string>> = {
  D: 'USPS confirmed the street address, but the building has several units and no apartment or suite was given',
  S: 'USPS confirmed the street address, but not the apartment or suite number given',
};

/** USPS's 200 answer for one address as an outcome; an answer without an address is malformed. */
function uspsAddressOutcome(sent: ShipmentAddress, answer: UspsAddressAnswer | null): AddressCheckOutcome {
  if (!answer?.address?.streetAddress?.trim()) {
    throw new ChannelError('malformed', 'USPS answered the address check without an address', 200);
  }
  const notes = [...said(answer.corrections), ...said(answer.matches)];
  const texts = [
    ...said(answer.corrections).flatMap((note) => (note.text?.trim() ? [note.text.trim()] : [])),
    ...(answer.warnings ?? []).filter((warning) => warning.trim() !== ''),
  ];
  const residential = residentialOf(answer);

  const unsure = notes.find((note) => note.code && AMBIGUOUS_CODES[note.code]);
  if (unsure) {
    const words = unsure.text?.trim() || AMBIGUOUS_CODES[unsure.code!]!;
    return {
      status: 'ambiguous',
      residential,
      candidates: [],
      messages: [words, ...texts.filter((text) => text !== words)],
    };
  }
  const dpv = answer.additionalInfo?.DPVConfirmation;
  if (dpv === 'N') {
    return {
      status: 'invalid',
      residential: null,
      messages: ['USPS does not confirm delivery to this address (DPV N)', ...texts],
    };
  }
  const messages = [...(dpv && DPV_MESSAGES[dpv] ? [DPV_MESSAGES[dpv]] : []), ...texts];
  const suggestion = standardised(sent, answer);
  if (sameAddress(sent, suggestion)) return { status: 'verified', residential, messages };
  return { status: 'corrected', residential, suggestion, messages };
}

/** USPS's refusals that are about the address itself (its error messages, integrations-shipping.md section 4). */
const NOT_FOUND = /address not found|no match for the address|invalid delivery address|insufficient to match/i;
const SEVERAL = /more than one address|multiple addresses/i;
/** A 400 naming a part of the address: the query sends only the seller's city, state and a well-formed ZIP Code. */
const PLACE = /\bcity\b|\bstate\b|\bzip ?code\b/i;
/** Words of a refusal of the request's form (a parameter missing or malformed): ours to fix, not the seller's. */
const REQUEST_FORM = /\brequired\b|\bmust\b|\bpattern\b|\bformat\b|\bparameter\b|\bmalformed\b|\bJSON\b/i;

/**
 * The outcome a refusal of USPS's says (the address is unknown, or matches several), or null when the refusal is not
 * about the address (the request's form, an unknown path, a missing scope): then it is thrown, never called invalid.
 */
export function uspsAddressRefusal(error: unknown): AddressCheckOutcome | null {
  if (!(error instanceof ChannelError)) return null;
  if (error.kind !== 'invalid' && error.kind !== 'not_found') return null;
  if (error.status !== 400 && error.status !== 404) return null;
  const words = error.platformMessage?.trim() ?? '';
  if (words === '') return null;
  if (SEVERAL.test(words)) return { status: 'ambiguous', residential: null, candidates: [], messages: [words] };
  if (NOT_FOUND.test(words) || (error.status === 400 && PLACE.test(words) && !REQUEST_FORM.test(words))) {
    return { status: 'invalid', residential: null, messages: [words] };
  }
  return null;
}

/**
 * The outcome of each address USPS checks, one call each, in turn (the caller paces them: `uspsAddressLimits`).
 * Addresses USPS does not check (see `uspsAddressQuery`) are left out of the answer.
 */
export async function uspsCheckAddresses(
  client: BearerClient,
  addresses: readonly AddressToCheck[],
  signal?: AbortSignal,
): Promise<Map<string, AddressCheckOutcome>> {
  const outcomes = new Map<string, AddressCheckOutcome>();
  for (const { key, address } of addresses) {
    if (outcomes.has(key)) continue;
    const query = uspsAddressQuery(address);
    if (!query) continue;
    const search = new URLSearchParams(Object.entries(query)).toString();
    let answer: UspsAddressAnswer | null;
    try {
      // A lookup changes nothing at USPS: the client may send it again after an outage.
      answer = await client.call<UspsAddressAnswer | null>({ path: `${PATH}?${search}`, idempotent: true }, signal);
    } catch (error) {
      const refusal = uspsAddressRefusal(error);
      if (!refusal) throw error;
      outcomes.set(key, refusal);
      continue;
    }
    outcomes.set(key, uspsAddressOutcome(address, answer));
  }
  return outcomes;
}
