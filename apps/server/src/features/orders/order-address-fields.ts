import {
  POSTAL_CODE_COUNTRIES,
  STATE_COUNTRIES,
  addressRuleProblems,
  splitName,
  type AddressInput,
  type CreateOrder,
} from '@shipdesk/contract';

export interface AddressFields {
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
  email: string | null;
}

const optional = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** An address as stored: name split, optional fields null when empty, text trimmed. */
export function toAddressFields(input: AddressInput): AddressFields {
  return {
    ...splitName(input.name),
    company: optional(input.company),
    address1: input.address1.trim(),
    address2: optional(input.address2),
    city: input.city.trim(),
    state: optional(input.state),
    postalCode: optional(input.postalCode),
    country: input.country,
    phone: optional(input.phone),
    email: optional(input.email),
  };
}

/** The fields missing for a carrier to deliver to this address (empty: complete). */
export function missingAddressFields(address: AddressFields | null): string[] {
  if (!address) return ['shippingAddress'];
  const missing: string[] = [];
  if (!address.firstName.trim()) missing.push('name');
  if (!address.address1.trim()) missing.push('address1');
  if (!address.city.trim()) missing.push('city');
  if (!/^[A-Z]{2}$/.test(address.country)) missing.push('country');
  if (POSTAL_CODE_COUNTRIES.includes(address.country) && !address.postalCode) missing.push('postalCode');
  if (STATE_COUNTRIES.includes(address.country) && !address.state) missing.push('state');
  return missing;
}

/** The missing fields in words, for people ("postal code, state"). */
const MISSING_WORDS: Record<string, string> = {
  name: 'name',
  address1: 'street address',
  city: 'city',
  country: 'country',
  postalCode: 'postal code',
  state: 'state',
};

/** Why approve waits for the shipping address (hasCompleteShippingAddress), from missingAddressFields. */
export function missingAddressMessage(missing: readonly string[]): string {
  if (missing.includes('shippingAddress')) return 'The order has no shipping address';
  return `The shipping address lacks: ${missing.map((field) => MISSING_WORDS[field] ?? field).join(', ')}`;
}

/**
 * The country rules of an address sent by hand (contract addressRuleProblems) as the error envelope's `errors`:
 * `<prefix>.<field>` -> a message naming that path. Empty when the address may be stored.
 */
export function addressFieldErrors(address: AddressInput, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(addressRuleProblems(address))) {
    const path = prefix ? `${prefix}.${field}` : field;
    errors[path] = `${path} ${problem}`;
  }
  return errors;
}

/** addressFieldErrors of both addresses of a manual order. */
export function orderAddressErrors(body: Pick<CreateOrder, 'shippingAddress' | 'billingAddress'>) {
  return {
    ...addressFieldErrors(body.shippingAddress, 'shippingAddress'),
    ...(body.billingAddress ? addressFieldErrors(body.billingAddress, 'billingAddress') : {}),
  };
}

/** "city, state, country" for the order list. */
export function shipToLabel(address: Pick<AddressFields, 'city' | 'state' | 'country'> | null): string | null {
  if (!address) return null;
  return [address.city, address.state, address.country].filter(Boolean).join(', ');
}

/** An address as printed on a slip or label: name, company, street lines, "City, ST 12345", country. */
export function addressLines(a: {
  name: string;
  company?: string | null | undefined;
  address1: string;
  address2?: string | null | undefined;
  city: string;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  country: string;
  phone?: string | null | undefined;
}): string[] {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.name, a.company, a.address1, a.address2, cityLine, a.country, a.phone]
    .map((l) => l?.trim())
    .filter((l): l is string => Boolean(l));
}
