import type { UspsErrorDetail, UspsLabelAddress } from './fake-usps-wire.ts';

/** The checks of a label request the fake USPS makes before it prices one: the image type, the addresses, the date. */

export const IMAGE_TYPES = ['PDF', 'ZPL203DPI', 'ZPL300DPI', 'NONE'];
const REQUIRED_ADDRESS = ['streetAddress', 'city', 'state', 'ZIPCode'] as const;

export const missing = (field: string): UspsErrorDetail => ({
  code: 'MISSING_FIELD',
  title: 'Missing field',
  detail: `${field} is required.`,
  source: { parameter: field },
});

export function addressRefusals(address: UspsLabelAddress | undefined, name: string): UspsErrorDetail[] {
  if (!address) return [missing(name)];
  const refusals = REQUIRED_ADDRESS.filter((field) => !address[field]).map((field) => missing(`${name}.${field}`));
  if (!address.firm && !(address.firstName && address.lastName)) {
    refusals.push(missing(`${name}.firstName, ${name}.lastName or ${name}.firm`));
  }
  if (address.ZIPCode && !/^\d{5}$/.test(address.ZIPCode)) {
    refusals.push({ code: 'INVALID_ZIP', title: 'Invalid ZIPCode', detail: `${name}.ZIPCode must be 5 digits.` });
  } else if (address.ZIPCode === '00000') {
    // The fake's undeliverable address: what USPS's address check answers for one it cannot find.
    refusals.push({
      code: 'ADDRESS_NOT_FOUND',
      title: `Invalid ${name}`,
      detail: 'Address Not Found.',
      source: { parameter: `${name}.streetAddress` },
    });
  }
  return refusals;
}

export function dateRefusal(mailingDate: string | undefined): UspsErrorDetail | null {
  const day = 86_400_000;
  const at = mailingDate && /^\d{4}-\d{2}-\d{2}$/.test(mailingDate) ? Date.parse(`${mailingDate}T12:00:00Z`) : NaN;
  if (!Number.isNaN(at) && at >= Date.now() - 2 * day && at <= Date.now() + 8 * day) return null;
  return {
    code: 'INVALID_MAILING_DATE',
    title: 'Invalid mailingDate',
    detail: 'mailingDate must be a date (YYYY-MM-DD) from today up to 7 days ahead.',
    source: { parameter: 'packageDescription.mailingDate' },
  };
}
