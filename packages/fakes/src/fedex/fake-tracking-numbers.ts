import { randomInt } from 'node:crypto';

/**
 * Tracking numbers as the carriers issue them, check digits included, so that a client validating them is tested
 * against numbers that pass: FedEx Express 12 digits (weights 1, 3, 7 from the right, mod 11, mod 10), USPS IMpb 22
 * digits (integrations.md section 12, MOD 10) and UPS 1Z numbers (odd places doubled, mod 10).
 */

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let sum = 0;
  [...body].reverse().forEach((c, i) => (sum += Number(c) * weights[i % 3]!));
  return (sum % 11) % 10;
}

export function fedexTrackingNumber(): string {
  // Real Express numbers do not start with 0.
  const body = `${1 + randomInt(9)}${digits(10)}`;
  return `${body}${fedexCheckDigit(body)}`;
}

export function uspsCheckDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((c, i) => (sum += Number(c) * (i % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10;
}

/** Channel 92, service type 055 (Priority Mail), a 9-digit mailer id and a 7-digit serial. */
export function uspsTrackingNumber(serviceTypeCode = '055', mailerId = '900066622'): string {
  const body = `92${serviceTypeCode}${mailerId}${digits(7)}`;
  return `${body}${uspsCheckDigit(body)}`;
}

export function upsCheckDigit(body: string): number {
  let sum = 0;
  [...body].forEach((c, i) => {
    const value = /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  });
  return (10 - (sum % 10)) % 10;
}

/** 1Z, a 6-character shipper number, a 2-digit service code, a 7-digit reference and the check digit. */
export function upsTrackingNumber(shipper = '1A2B3C', service = '03'): string {
  const body = `${shipper}${service}${digits(7)}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}
