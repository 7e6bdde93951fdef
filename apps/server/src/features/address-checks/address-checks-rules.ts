import {
  ADDRESS_CHECK_STATUSES,
  addressRuleProblems,
  CARRIER_NAMES,
  isCarrier,
  type AddressCheck,
  type AddressCheckStatus,
  type Carrier,
} from '@shipdesk/contract';

/** The address checks' pure rules (docs/address-checks.md): which carrier asks, the words, the answer's shape. */

/** Where USPS's address service answers: the US and the territories its domestic mail serves. */
const USPS_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);

/** Where UPS's street-level validation answers (US and Puerto Rico only). */
const UPS_COUNTRIES = new Set(['US', 'PR']);

/** The carriers to ask about an address in `country`, the first the tenant has an address service with. */
export function carrierPreference(country: string): readonly Carrier[] {
  const code = country.toUpperCase();
  const ups: Carrier[] = UPS_COUNTRIES.has(code) ? ['ups'] : [];
  return USPS_COUNTRIES.has(code) ? ['usps', ...ups, 'fedex', 'shippo'] : [...ups, 'fedex', 'shippo'];
}

/** The wait after a failure doubles from a minute up to six hours (attempts 1, 2, 3 ... wait 1, 2, 4 ... minutes). */
export const NOT_CHECKED_BACKOFF = { firstSeconds: 60, maxSeconds: 6 * 3600 } as const;

/** A cached answer is used this long; older ones are asked again. */
export const CACHE_MAX_AGE_DAYS = 30;

export const FORMAT_ONLY_NOTE = 'No carrier account checks addresses: format checked only';

const FIELD_WORDS = { state: 'State', postalCode: 'Postal code' } as const;

/** The format-only check: the note first, then each of the country's rules the address breaks. */
export function formatMessages(address: { country: string; state: string | null; postalCode: string | null }) {
  const problems = Object.entries(addressRuleProblems(address)).map(
    ([field, problem]) => `${FIELD_WORDS[field as keyof typeof FIELD_WORDS]} ${problem}`,
  );
  return [FORMAT_ONLY_NOTE, ...problems];
}

/** Why an address was not checked, in words: the carrier could not answer now (never a verdict on the address). */
export function notCheckedMessage(carrier: Carrier, detail: string | null): string {
  const name = CARRIER_NAMES[carrier];
  return detail
    ? `${name} could not check the address now (${detail}); it is asked again later`
    : `${name} could not check the address now; it is asked again later`;
}

const isAddressCheckStatus = (value: string): value is AddressCheckStatus =>
  (ADDRESS_CHECK_STATUSES as readonly string[]).includes(value);

/** A stored check as the API answers it; an order without one (or whose ship-to changed since) is pending. */
export function toAddressCheck(
  orderId: number,
  stored: {
    status: string;
    addressKey: string;
    liveKey: string | null;
    carrier: string | null;
    residential: boolean | null;
    suggestion: AddressCheck['suggestion'];
    candidates: AddressCheck['candidates'];
    messages: string[];
    checkedAt: string | null;
    nextAt: string | null;
  } | null,
): AddressCheck {
  const current = stored && stored.addressKey === stored.liveKey && isAddressCheckStatus(stored.status);
  if (!stored || !current) {
    return {
      orderId: String(orderId),
      status: 'pending',
      carrier: null,
      residential: null,
      suggestion: null,
      candidates: [],
      messages: [],
      checkedAt: null,
      nextAt: null,
    };
  }
  return {
    orderId: String(orderId),
    status: stored.status as AddressCheckStatus,
    carrier: stored.carrier && isCarrier(stored.carrier) ? stored.carrier : null,
    residential: stored.residential,
    suggestion: stored.suggestion,
    candidates: stored.candidates,
    messages: stored.messages,
    checkedAt: stored.checkedAt,
    nextAt: stored.nextAt,
  };
}

/** The words a batch fails an invalid address with (label-batch-choice.ts). */
export function undeliverableReason(messages: readonly string[]): string {
  const words = messages.length > 0 ? messages.join('; ') : 'the carrier does not know it';
  return `The address is not deliverable: ${words}; correct it on the order`;
}
