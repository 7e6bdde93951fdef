import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';

/**
 * The fake FedEx Address Validation API: `POST /address/v1/addresses/resolve` with up to 100 addressesToValidate,
 * answered as `output.resolvedAddresses[]` in the order asked, each echoing its clientReferenceId. Attributes are
 * answered as the strings "true" / "false", as FedEx does (its schema says booleans). The answers are decided by the
 * address text, so tests and the demo can ask for each outcome:
 *
 * - a country outside FAKE_FEDEX_AV_COUNTRIES: CountrySupported "false", AddressType RAW (not checked);
 * - a street line containing NOWHERE: Resolved "false", AddressType NORMALIZED, DPV "false" (invalid);
 * - a unit numbered 0 ("APT 0", "SUITE 0", "# 0"): customerMessage INVALID.SUITE.NUMBER, InvalidSuiteNumber "true";
 * - a street line with no house number ("MAIN ST"): MultipleMatches "true" (FedEx answers no candidate list);
 * - a lower-case letter in the street lines or the city: standardised in upper case with a ZIP+4 (US), the tokens
 *   marked changed (a correction);
 * - otherwise: resolved exactly as sent.
 *
 * Classification: PO BOX in the lines: UNKNOWN (postOfficeBox true); TOWER: MIXED; SUITE, STE or FLOOR: BUSINESS;
 * otherwise RESIDENTIAL. An address without street lines, or with UNREADABLE in them, refuses the whole call with 400
 * STANDARDIZED.ADDRESS.NOTFOUND (FedEx's documented 400). Throttling (429, the `throttle` option) and outages
 * (`failWithServerError`) are the fake FedEx gateway's.
 */

const FAKE_FEDEX_AV_COUNTRIES = new Set(['US', 'PR', 'CA', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'AU', 'MX']);
const MAX_ADDRESSES = 100;

interface ToValidate {
  address?: {
    streetLines?: string[];
    city?: string;
    stateOrProvinceCode?: string;
    postalCode?: string;
    countryCode?: string;
  };
  clientReferenceId?: string;
}

const flag = (value: boolean) => (value ? 'true' : 'false');

/** A ZIP+4 extension that is always the same for the same street. */
function extensionFor(street: string): string {
  let sum = 0;
  for (const char of street.toUpperCase()) sum = (sum * 31 + char.charCodeAt(0)) % 10_000;
  return String(sum).padStart(4, '0');
}

function classify(text: string): { classification: string; postOfficeBox: boolean } {
  if (/\bP\.?\s?O\.?\s+BOX\b/.test(text)) return { classification: 'UNKNOWN', postOfficeBox: true };
  if (/\bTOWER\b/.test(text)) return { classification: 'MIXED', postOfficeBox: false };
  if (/\b(SUITE|STE|FLOOR)\b/.test(text)) return { classification: 'BUSINESS', postOfficeBox: false };
  return { classification: 'RESIDENTIAL', postOfficeBox: false };
}

function resolveOne(asked: ToValidate) {
  const address = asked.address ?? {};
  const lines = (address.streetLines ?? []).filter((line) => line.trim());
  const country = (address.countryCode ?? '').toUpperCase();
  const city = address.city ?? '';
  const [zip = '', addOn] = (address.postalCode ?? '').split('-');
  const text = lines.join(' ').toUpperCase();
  const supported = FAKE_FEDEX_AV_COUNTRIES.has(country);
  const nowhere = text.includes('NOWHERE');
  const badSuite = /\b(APT|SUITE|STE|UNIT)\s*0\b|#\s*0\b/.test(text);
  const multiple = !/^\s*\d/.test(lines[0] ?? '');
  const corrected = supported && !nowhere && /[a-z]/.test([...lines, city].join(' '));
  const us = country === 'US' || country === 'PR';
  const newAddOn = corrected && us && !addOn ? extensionFor(lines[0] ?? '') : addOn;
  const messages = badSuite ? [{ code: 'INVALID.SUITE.NUMBER', message: 'Invalid or missing Apartment/Suite' }] : [];
  const addressType = !supported ? 'RAW' : nowhere ? 'NORMALIZED' : 'STANDARDIZED';
  return {
    clientReferenceId: asked.clientReferenceId,
    streetLinesToken: corrected ? lines.map((line) => line.toUpperCase()) : lines,
    city: corrected ? city.toUpperCase() : city,
    stateOrProvinceCode: address.stateOrProvinceCode,
    postalCodeToken: { changed: newAddOn !== addOn, value: newAddOn ? `${zip}-${newAddOn}` : zip },
    parsedPostalCode: { base: zip, addOn: newAddOn ?? '', deliveryPoint: '' },
    countryCode: country,
    ...(supported && !nowhere ? classify(text) : { classification: 'UNKNOWN', postOfficeBox: false }),
    normalizedStatusNameDPV: supported && us && !nowhere && !badSuite,
    standardizedStatusNameMatchSource: 'Postal',
    resolutionMethodName: us ? 'USPS_VALIDATE' : 'GENERIC_VALIDATE',
    customerMessage: messages,
    attributes: {
      CountrySupported: flag(supported),
      Matched: flag(supported && !nowhere),
      Resolved: flag(supported && !nowhere),
      DPV: flag(supported && us && !nowhere && !badSuite),
      InvalidSuiteNumber: flag(badSuite),
      MultipleMatches: flag(supported && !nowhere && multiple),
      ResolutionInput: 'RAW_ADDRESS',
      AddressType: addressType,
    },
  };
}

export function createFedexAddresses() {
  const addresses = {
    /** Address resolve calls that reached the API (past the gateway's throttling and token check). */
    calls: 0,
    resolve(request: FakeRequest): FakeReply {
      addresses.calls += 1;
      let asked: ToValidate[] | undefined;
      try {
        asked = (JSON.parse(request.body) as { addressesToValidate?: ToValidate[] }).addressesToValidate;
      } catch {
        return fedexError(400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
      }
      if (!Array.isArray(asked) || asked.length === 0) {
        // The fake's code.
        return fedexError(400, 'ADDRESSESTOVALIDATE.REQUIRED', 'At least one address to validate is required.');
      }
      if (asked.length > MAX_ADDRESSES) {
        // The fake's code; FedEx documents the limit of 100 addresses a request.
        return fedexError(400, 'ADDRESSESTOVALIDATE.EXCEEDED', 'Up to 100 addresses can be validated in a request.');
      }
      const unreadable = (a: ToValidate) => {
        const lines = (a.address?.streetLines ?? []).filter((line) => line.trim());
        return lines.length === 0 || lines.some((line) => /UNREADABLE/i.test(line));
      };
      if (asked.some(unreadable)) {
        return fedexError(400, 'STANDARDIZED.ADDRESS.NOTFOUND', 'Standardized address is not found.');
      }
      return {
        status: 200,
        body: { transactionId: randomUUID(), output: { resolvedAddresses: asked.map(resolveOne) } },
      };
    },
  };
  return addresses;
}
