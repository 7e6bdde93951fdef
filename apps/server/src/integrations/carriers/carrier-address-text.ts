import type { CarrierCheckedAddress, ShipmentAddress } from './carrier-types.ts';

/**
 * What the carriers' address services (UPS, FedEx) share: whether the form a carrier answered differs from what was
 * sent (then it is a correction the seller may take), and an address written on one line for the carrier's words.
 */

/** Upper case, punctuation a carrier drops (". , #") as spaces, one space between words. */
function plain(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "62701-1234" and "62701 1234" alike; letters of a foreign code kept. */
const plainPostal = (value: string | null | undefined) => plain(value).replace(/[\s-]+/g, '-');

/**
 * Whether the carrier's form says the same as what was sent, letter case and punctuation aside: a ZIP+4 added, a
 * street spelled or abbreviated otherwise, another city or state are differences.
 */
export function sameAddress(sent: ShipmentAddress, answered: CarrierCheckedAddress): boolean {
  return (
    plain(sent.street1) === plain(answered.address1) &&
    plain(sent.street2) === plain(answered.address2) &&
    plain(sent.city) === plain(answered.city) &&
    plain(sent.state) === plain(answered.state) &&
    plainPostal(sent.postalCode) === plainPostal(answered.postalCode) &&
    plain(sent.country) === plain(answered.country)
  );
}

/** "44 Elm Street, Apt 2, Springfield IL 62701, US": an address in a carrier's message. */
export function addressOnOneLine(address: ShipmentAddress): string {
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.street1, address.street2, place, address.country].filter(Boolean).join(', ');
}
