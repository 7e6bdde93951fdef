import { TRACKING_STATUS_NAMES, type TrackingStatus } from '@shipdesk/contract';

/**
 * What a public page may say of a parcel (docs/tracking-page.md): no street, no person's name, no postal code, no
 * e-mail address. A carrier's place ("COLUMBUS, OH 43215, US") keeps its city, state and country; its words lose a
 * "signed by" name, e-mail addresses and postal codes; the seller's own events ("delivered by hand, marked by
 * <e-mail>") are said in the product's words.
 */

/** 16 random bytes in base64url (tracking-page-links.ts): anything else is not a page, without a database look. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const HAS_DIGIT = /\d/;

/** A carrier's place without its postal code: each comma part keeps its words that have no digit. */
export function publicPlace(location: string | null): string | null {
  if (!location) return null;
  const parts = location
    .split(',')
    .map((part) =>
      part
        .trim()
        .split(/\s+/)
        .filter((word) => word && !HAS_DIGIT.test(word))
        .join(' '),
    )
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

const EMAIL = /[^\s@]+@[^\s@]+/g;
const SIGNED_BY = /[,.;:-]?\s*\b(signed|received|accepted|picked up)\s+(for\s+)?by\b.*$/i;
const POSTAL_CODE = /\b\d{5}(?:-\d{4})?\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/g;

/** A carrier's words about an event, without the person who signed, e-mail addresses or postal codes. */
export function publicWords(description: string, status: TrackingStatus, source: string): string {
  if (source === 'seller') return `${TRACKING_STATUS_NAMES[status]} by the seller`;
  const words = description
    .replace(SIGNED_BY, '')
    .replace(EMAIL, '')
    .replace(POSTAL_CODE, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,;:-]+$/, '')
    .trim();
  return words || TRACKING_STATUS_NAMES[status];
}

/** The destination as the page says it: city and state (the country when it is not the sender's usual US). */
export function publicDestination(city: string | null, state: string | null, country: string | null): string | null {
  const foreign = country && country.toUpperCase() !== 'US' ? country.toUpperCase() : null;
  const text = [city?.trim(), state?.trim(), foreign].filter(Boolean).join(', ');
  return text || null;
}

/** A logo is shown only from an https address (the page's policy admits no other). */
export function publicLogo(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The steps the page draws, and how far along them a status is (null: off the usual road). */
export const PAGE_STEPS: readonly TrackingStatus[] = ['label_created', 'in_transit', 'out_for_delivery', 'delivered'];

export function stepOf(status: TrackingStatus): number | null {
  if (status === 'available_for_pickup') return 2;
  const at = PAGE_STEPS.indexOf(status);
  return at === -1 ? null : at;
}
