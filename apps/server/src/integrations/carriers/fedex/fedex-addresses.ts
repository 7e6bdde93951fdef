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
import { withCode } from '../carrier-error-text.ts';
import type { FedexAnswer } from './fedex-wire.ts';
import type {
  FedexAddressToValidate,
  FedexAddressValidationOutput,
  FedexAddressValidationRequest,
  FedexResolvedAddress,
} from './fedex-addresses-wire.ts';

/**
 * FedEx's Address Validation API (docs/address-checks.md): up to 100 addresses a call, each under a clientReferenceId
 * (its place in the call: the caller's keys can be long) that FedEx echoes on its resolved address. FedEx's schema
 * does not list that echo, so an answer without it is read in the order asked, as FedEx answers.
 *
 * Each resolved address is:
 * - left out (no outcome: the caller asks another carrier or keeps to format checks) when FedEx does not check its
 *   country (attribute CountrySupported false, AddressType RAW), or when it has no street (not sent);
 * - invalid when FedEx could not resolve it (Resolved false, AddressType NORMALIZED: not matched to reference data),
 *   when a US or Puerto Rico address is no delivery point (DPV false), or when a customerMessage is an INVALID.* one
 *   (INVALID.SUITE.NUMBER): its messages are FedEx's words;
 * - ambiguous when FedEx says it matches several addresses (attribute MultipleMatches). FedEx answers no candidate
 *   list, so its one standardised form is the only candidate;
 * - corrected when FedEx's standardised form (street lines, city, state, ZIP+4) differs from what was sent, else
 *   verified. classification BUSINESS is commercial, RESIDENTIAL residential, MIXED and UNKNOWN unknown.
 *
 * A failed call (an outage, a 429, a refused token) throws: every address of the call stays not checked. FedEx
 * refuses a whole call with 400 STANDARDIZED.ADDRESS.NOTFOUND over one address it cannot read: the call is asked
 * again in halves until that address stands alone, which is then invalid in FedEx's words.
 */

const PATH = '/address/v1/addresses/resolve';
const FEDEX_ADDRESSES_PER_CALL = 100;
const NOT_FOUND = 'STANDARDIZED.ADDRESS.NOTFOUND';
/** Countries where a delivery point check (DPV, USPS data) means something. */
const DPV_COUNTRIES = new Set(['US', 'PR']);

/** FedEx's published throttle: 1,400 transactions per 10 seconds per project (integrations.md section 10). */
export const FEDEX_ADDRESS_LIMITS: AddressServiceLimits = {
  perCall: FEDEX_ADDRESSES_PER_CALL,
  callsPerWindow: 1_400,
  windowSeconds: 10,
};

const isTrue = (value: boolean | string | undefined) => value === true || value === 'true';
const isFalse = (value: boolean | string | undefined) => value === false || value === 'false';

function toValidate(address: ShipmentAddress, clientReferenceId: string): FedexAddressToValidate {
  return {
    address: {
      streetLines: [address.street1, address.street2].filter((line): line is string => Boolean(line?.trim())),
      city: address.city,
      ...(address.state ? { stateOrProvinceCode: address.state } : {}),
      postalCode: address.postalCode,
      countryCode: address.country.toUpperCase(),
    },
    clientReferenceId,
  };
}

function standardised(resolved: FedexResolvedAddress, sent: ShipmentAddress): CarrierCheckedAddress {
  const lines = (resolved.streetLinesToken ?? []).filter((line) => line.trim() !== '');
  const parsed = resolved.parsedPostalCode;
  const zip = parsed?.base ? (parsed.addOn ? `${parsed.base}-${parsed.addOn}` : parsed.base) : null;
  const city = resolved.city ?? resolved.cityToken?.map((token) => token.value ?? '').join(' ');
  return {
    address1: lines[0] ?? '',
    address2: lines.slice(1).join(', ') || null,
    city: city || sent.city,
    state: resolved.stateOrProvinceCode || sent.state,
    postalCode: zip ?? resolved.postalCodeToken?.value ?? resolved.postalCode ?? sent.postalCode,
    country: resolved.countryCode || sent.country.toUpperCase(),
  };
}

function residentialOf(classification: string | undefined): boolean | null {
  if (classification === 'RESIDENTIAL') return true;
  if (classification === 'BUSINESS') return false;
  return null;
}

/** One resolved address as an outcome, or null when FedEx does not check addresses of its country. */
export function fedexAddressOutcome(sent: ShipmentAddress, resolved: FedexResolvedAddress): AddressCheckOutcome | null {
  const attributes = resolved.attributes ?? {};
  if (isFalse(attributes.CountrySupported) || attributes.AddressType === 'RAW') return null;
  const said = (resolved.customerMessage ?? []).map((m) =>
    typeof m === 'string' ? { code: m, text: m } : { code: m.code ?? '', text: withCode(m.message, m.code) },
  );
  const refusals = said.filter((m) => m.code.startsWith('INVALID.')).map((m) => m.text);
  const notes = said.filter((m) => !m.code.startsWith('INVALID.')).map((m) => m.text);
  const line = addressOnOneLine(sent);
  const dpv = attributes.DPV ?? resolved.normalizedStatusNameDPV;
  const notADeliveryPoint = isFalse(dpv) && DPV_COUNTRIES.has(sent.country.toUpperCase());

  if (isFalse(attributes.Resolved) || attributes.AddressType === 'NORMALIZED') {
    return {
      status: 'invalid',
      residential: null,
      messages: [`FedEx could not resolve ${line}`, ...refusals, ...notes],
    };
  }
  if (refusals.length > 0 || notADeliveryPoint) {
    const why = refusals.length === 0 ? [`FedEx knows no delivery point at ${line}`] : [];
    return { status: 'invalid', residential: null, messages: [...refusals, ...why, ...notes] };
  }
  const residential = residentialOf(resolved.classification);
  const form = standardised(resolved, sent);
  if (isTrue(attributes.MultipleMatches)) {
    return {
      status: 'ambiguous',
      residential,
      candidates: form.address1 ? [form] : [],
      messages: [`FedEx found several addresses that could be ${line}`, ...notes],
    };
  }
  if (!form.address1 || sameAddress(sent, form)) return { status: 'verified', residential, messages: notes };
  return { status: 'corrected', residential, suggestion: form, messages: notes };
}

interface Asked {
  key: string;
  address: ShipmentAddress;
}

function isNotFoundRefusal(error: unknown): error is ChannelError {
  return error instanceof ChannelError && error.status === 400 && (error.platformMessage ?? '').includes(NOT_FOUND);
}

/**
 * The outcome of each address FedEx checks, 100 to a call. Addresses without a street, or in a country FedEx does
 * not check, are left out of the answer.
 */
export async function fedexCheckAddresses(
  client: BearerClient,
  addresses: readonly AddressToCheck[],
  signal?: AbortSignal,
): Promise<Map<string, AddressCheckOutcome>> {
  const outcomes = new Map<string, AddressCheckOutcome>();
  const asked = new Map<string, Asked>();
  for (const { key, address } of addresses) {
    if (!asked.has(key) && address.street1.trim() !== '') asked.set(key, { key, address });
  }

  async function resolve(batch: Asked[]): Promise<void> {
    const json: FedexAddressValidationRequest = {
      validateAddressControlParameters: { includeResolutionTokens: true },
      addressesToValidate: batch.map((a, index) => toValidate(a.address, String(index))),
    };
    let answer: FedexAnswer<FedexAddressValidationOutput> | null;
    try {
      // A validation changes nothing at FedEx: safe to send again.
      answer = await client.call({ method: 'POST', path: PATH, json, idempotent: true }, signal);
    } catch (error) {
      if (!isNotFoundRefusal(error)) throw error;
      if (batch.length === 1) {
        outcomes.set(batch[0]!.key, { status: 'invalid', residential: null, messages: [error.platformMessage!] });
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await resolve(batch.slice(0, half));
      await resolve(batch.slice(half));
      return;
    }
    const resolved = answer?.output?.resolvedAddresses ?? [];
    const inOrder = resolved.every((r) => r.clientReferenceId === undefined);
    if (inOrder && resolved.length !== batch.length) {
      throw new ChannelError(
        'malformed',
        `FedEx answered ${resolved.length} resolved addresses for ${batch.length} asked, without their references`,
        200,
      );
    }
    resolved.forEach((r, index) => {
      const reference = r.clientReferenceId ?? '';
      const entry = batch[inOrder ? index : /^\d+$/.test(reference) ? Number(reference) : -1];
      if (!entry || outcomes.has(entry.key)) return;
      const outcome = fedexAddressOutcome(entry.address, r);
      if (outcome) outcomes.set(entry.key, outcome);
    });
  }

  const all = [...asked.values()];
  for (let start = 0; start < all.length; start += FEDEX_ADDRESSES_PER_CALL) {
    await resolve(all.slice(start, start + FEDEX_ADDRESSES_PER_CALL));
  }
  return outcomes;
}
