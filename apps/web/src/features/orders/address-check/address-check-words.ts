import { CARRIER_NAMES, type AddressCheck, type AddressCheckStatus, type CheckedAddress } from '@shipdesk/contract';
import { formatDateTime } from '@/lib/format';

/** How a check's line looks: the icon and its colour follow it. */
export type AddressCheckTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

export const ADDRESS_CHECK_TONES: Record<AddressCheckStatus, AddressCheckTone> = {
  verified: 'success',
  corrected: 'warning',
  ambiguous: 'warning',
  invalid: 'error',
  not_checked: 'info',
  pending: 'neutral',
  format_only: 'info',
};

/** The statuses that may still change without the seller doing anything: the view asks again while one shows. */
export const ADDRESS_CHECK_WAITING: readonly AddressCheckStatus[] = ['pending', 'not_checked'];

function carrierName(check: Pick<AddressCheck, 'carrier'>): string {
  return check.carrier ? CARRIER_NAMES[check.carrier] : 'The carrier';
}

/**
 * When a check is tried again, on the tenant's clock: the time alone today ("10:42"), with its day otherwise
 * ("2025-01-16 10:42"); null when the time is not known.
 */
export function nextTryWords(nextAt: string | null, timeZone: string, now: Date = new Date()): string | null {
  if (!nextAt) return null;
  const at = formatDateTime(nextAt, timeZone);
  if (!at) return null;
  const today = formatDateTime(now, timeZone).slice(0, 10);
  return at.slice(0, 10) === today ? at.slice(11, 16) : at.slice(0, 16);
}

/**
 * The check in one line, as the ship-to card says it ("Address verified by USPS · Residential"). The carrier's own
 * words come with an invalid address; the format's problems are listed by the panel, not here.
 */
export function addressCheckLine(check: AddressCheck, timeZone: string, now: Date = new Date()): string {
  const carrier = carrierName(check);
  switch (check.status) {
    case 'verified': {
      const kind = check.residential === null ? '' : check.residential ? ' · Residential' : ' · Commercial';
      return `Address verified by ${check.carrier ? CARRIER_NAMES[check.carrier] : 'the carrier'}${kind}`;
    }
    case 'corrected':
      return `${carrier} suggests a correction`;
    case 'ambiguous':
      return `${carrier} found several matches`;
    case 'invalid': {
      const words = check.messages.join(' ').trim();
      return words ? `${carrier} does not know this address: ${words}` : `${carrier} does not know this address`;
    }
    case 'not_checked': {
      const next = nextTryWords(check.nextAt, timeZone, now);
      const who = check.carrier ? CARRIER_NAMES[check.carrier] : 'the carrier';
      return next
        ? `Not checked yet: ${who} did not answer; trying again at ${next}`
        : `Not checked yet: ${who} did not answer; it will be tried again`;
    }
    case 'pending':
      return 'Waiting to be checked';
    case 'format_only':
      return 'Format checked only: connect a carrier account that checks addresses';
  }
}

/** An address as the order holds it (its postcode may be missing) or as a carrier answers it. */
export type ComparedAddress = Omit<CheckedAddress, 'postalCode'> & { postalCode: string | null };

/** "City, ST 12345", as the address card writes it. */
function cityLine(address: Pick<ComparedAddress, 'city' | 'state' | 'postalCode'>): string {
  return [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** A run of words of a suggested line (shown with a space between runs), and whether it differs from the address. */
export interface LinePart {
  text: string;
  changed: boolean;
}

/** A word as compared: carriers answer in capitals and drop the commas and periods a person types. */
const wordKey = (word: string) => word.toLowerCase().replace(/[.,]/g, '');

/**
 * The suggested address's lines with the words it changes marked: a word of a suggested line that the same line of
 * the current address does not hold (capitals and punctuation aside). Runs of words alike are kept as one part.
 */
export function changedParts(current: ComparedAddress, suggested: CheckedAddress): LinePart[][] {
  const lines: Array<[string, string]> = [
    [suggested.address1, current.address1],
    [suggested.address2 ?? '', current.address2 ?? ''],
    [cityLine(suggested), cityLine(current)],
    [suggested.country, current.country],
  ];
  return lines
    .filter(([line]) => line.trim() !== '')
    .map(([line, was]) => {
      const known = new Set(was.split(/\s+/).filter(Boolean).map(wordKey));
      const parts: LinePart[] = [];
      for (const word of line.split(/\s+/).filter(Boolean)) {
        const changed = !known.has(wordKey(word));
        const last = parts.at(-1);
        if (last && last.changed === changed) last.text += ` ${word}`;
        else parts.push({ text: word, changed });
      }
      return parts;
    });
}

/** Whether the suggestion differs from the address as it is in more than capitals and punctuation. */
export function anyChange(parts: LinePart[][]): boolean {
  return parts.some((line) => line.some((part) => part.changed));
}
