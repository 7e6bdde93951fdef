import { createHash } from 'node:crypto';

/**
 * Tracking numbers of the built-in carrier: `SDL`, 15 digits, one check digit (19 characters, all printable in Code
 * 128, the digits packed two per symbol). The check digit follows the USPS IMpb MOD 10 rule over the 15 digits:
 * from the rightmost digit, odd positions weigh 3 and even positions 1; the digit tops the sum up to a multiple of 10.
 *
 * The 15 digits are a function of the purchase's idempotency key alone, so a label drawn again for the same key
 * carries the same number and the carrier keeps no state. They come from SHA-256 of the key, so numbers of different
 * keys look unrelated: among a million labels the chance that any two share a number is about 1 in 2,000.
 */
const LOCAL_TRACKING_PREFIX = 'SDL';
const BODY_DIGITS = 15;
const PATTERN = /^SDL(\d{15})(\d)$/;
const BODY_RANGE = 10n ** BigInt(BODY_DIGITS);

/** The MOD 10 check digit of a string of digits (weights 3 and 1 from the right). */
export function mod10CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    const digit = digits.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) throw new RangeError('MOD 10 takes digits only');
    sum += digit * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** The tracking number of the label bought under `idempotencyKey` (the same key always gives the same number). */
export function localTrackingNumber(idempotencyKey: string): string {
  if (idempotencyKey.length === 0) throw new RangeError('A label needs an idempotency key');
  const hash = createHash('sha256').update(idempotencyKey, 'utf8').digest();
  const body = (hash.readBigUInt64BE(0) % BODY_RANGE).toString().padStart(BODY_DIGITS, '0');
  return `${LOCAL_TRACKING_PREFIX}${body}${mod10CheckDigit(body)}`;
}

/** True for a well-formed tracking number of the built-in carrier whose check digit is right. */
export function validLocalTrackingNumber(trackingNumber: string): boolean {
  const match = PATTERN.exec(trackingNumber);
  return match !== null && mod10CheckDigit(match[1]!) === Number(match[2]);
}
