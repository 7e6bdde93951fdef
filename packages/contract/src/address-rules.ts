import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * What an address needs, by country, for a carrier to deliver to it. The server's approve guard
 * (hasCompleteShippingAddress) asks for these fields; a manual order and an address edit are refused without them,
 * and with a postal code that is not in the country's format, so a seller finds out while typing, not at Approve.
 * Orders brought by a channel are stored as the channel sends them: only approving them waits for the fields.
 */

/** Countries whose carriers need a postal code. */
export const POSTAL_CODE_COUNTRIES: readonly string[] = [
  'US',
  'CA',
  'AU',
  'GB',
  'DE',
  'FR',
  'NL',
  'IT',
  'ES',
  'MX',
  'IN',
  'JP',
  'CN',
  'BR',
];

/** Countries whose carriers need a state, province or territory. */
export const STATE_COUNTRIES: readonly string[] = ['US', 'CA', 'AU'];

/** A postal code of each common country, for the messages. */
const POSTAL_CODE_EXAMPLES: Record<string, string> = {
  CA: 'K1A 0B1',
  AU: '2000',
  GB: 'SW1A 1AA',
  IE: 'D02 X285',
  DE: '10115',
  FR: '75008',
  NL: '1012 AB',
  BE: '1000',
  IT: '00184',
  ES: '28013',
  PT: '1100-148',
  CH: '8001',
  AT: '1010',
  SE: '114 55',
  MX: '06600',
  BR: '01310-100',
  IN: '110001',
  JP: '100-0001',
  CN: '100000',
  NZ: '6011',
};

/** A US ZIP code: 5 digits, or ZIP+4 (with or without the hyphen). */
const US_ZIP = /^\d{5}(?:-?\d{4})?$/;

/** The fields these rules speak about. */
type AddressRuleField = 'state' | 'postalCode';

/** An address as these rules read it (an AddressInput, or a stored address). */
interface AddressRuleInput {
  country: string;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
}

/** Whether `postalCode` is in the format of `country` (true for a country whose format is not known). */
export function postalCodeFits(postalCode: string, country: string): boolean {
  const code = postalCode.trim();
  if (country === 'US') return US_ZIP.test(code);
  return !postcodeValidatorExistsForCountry(country) || postcodeValidator(code, country);
}

/**
 * The problems of an address's state and postal code for its country, each as the end of a sentence whose subject
 * is the field ("is required for a US address"): the web puts the field's label in front, the server its path.
 * Empty when both are fine. A country that is not a 2-letter code is the schema's to refuse, not these rules'.
 */
export function addressRuleProblems(address: AddressRuleInput): Partial<Record<AddressRuleField, string>> {
  const country = address.country.trim().toUpperCase();
  const problems: Partial<Record<AddressRuleField, string>> = {};
  if (!/^[A-Z]{2}$/.test(country)) return problems;
  const state = address.state?.trim() ?? '';
  const postalCode = address.postalCode?.trim() ?? '';
  if (!state && STATE_COUNTRIES.includes(country)) problems.state = `is required for a ${country} address`;
  if (!postalCode) {
    if (POSTAL_CODE_COUNTRIES.includes(country)) problems.postalCode = `is required for a ${country} address`;
  } else if (!postalCodeFits(postalCode, country)) {
    const example = POSTAL_CODE_EXAMPLES[country];
    problems.postalCode =
      country === 'US'
        ? 'must be a US ZIP code: 5 digits or 9 (12345 or 12345-6789)'
        : `is not a ${country} postal code${example ? ` (e.g. ${example})` : ''}`;
  }
  return problems;
}
