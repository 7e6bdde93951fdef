import { splitName, type AddressInput } from '@shipdesk/contract';

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

/** Countries whose carriers need a postal code (and a state) to deliver. */
const NEEDS_POSTAL_CODE = new Set(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NL', 'IT', 'ES', 'MX', 'IN', 'JP', 'CN', 'BR']);
const NEEDS_STATE = new Set(['US', 'CA', 'AU']);

/** The fields missing for a carrier to deliver to this address (empty: complete). */
export function missingAddressFields(address: AddressFields | null): string[] {
  if (!address) return ['shippingAddress'];
  const missing: string[] = [];
  if (!address.firstName.trim()) missing.push('name');
  if (!address.address1.trim()) missing.push('address1');
  if (!address.city.trim()) missing.push('city');
  if (!/^[A-Z]{2}$/.test(address.country)) missing.push('country');
  if (NEEDS_POSTAL_CODE.has(address.country) && !address.postalCode) missing.push('postalCode');
  if (NEEDS_STATE.has(address.country) && !address.state) missing.push('state');
  return missing;
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

/** `YYYY-MM-DD` of an instant in a time zone (spec 9 date display, date part). */
export function formatDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
