import { describe, expect, it } from 'vitest';
import { localTrackingNumber, mod10CheckDigit, validLocalTrackingNumber } from './local-tracking.ts';

describe('built-in carrier tracking numbers', () => {
  it('computes the MOD 10 check digit as USPS does (3 and 1 from the right)', () => {
    // The body of the PIC in a USPS sample label response, whose check digit is 7.
    expect(mod10CheckDigit('920559000666220070479')).toBe(7);
    expect(mod10CheckDigit('0')).toBe(0);
    expect(mod10CheckDigit('1')).toBe(7);
    expect(() => mod10CheckDigit('12a')).toThrow(RangeError);
  });

  it('makes SDL, 15 digits and a valid check digit, the same for the same key', () => {
    const number = localTrackingNumber('3b9f6a1e-7c44-4d2a-9a51-0c2f1e8d7b60');
    expect(number).toMatch(/^SDL\d{16}$/);
    expect(Number(number.at(-1))).toBe(mod10CheckDigit(number.slice(3, 18)));
    expect(validLocalTrackingNumber(number)).toBe(true);
    expect(localTrackingNumber('3b9f6a1e-7c44-4d2a-9a51-0c2f1e8d7b60')).toBe(number);
    expect(() => localTrackingNumber('')).toThrow(RangeError);
  });

  it('gives different keys different numbers, all valid', () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const number = localTrackingNumber(`purchase-${i}`);
      expect(validLocalTrackingNumber(number)).toBe(true);
      numbers.add(number);
    }
    expect(numbers.size).toBe(10_000);
  });

  it('rejects a wrong check digit and anything not shaped like its numbers', () => {
    const number = localTrackingNumber('order-1001-attempt-1');
    const wrong = `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`;
    expect(validLocalTrackingNumber(wrong)).toBe(false);
    // Any one digit mistyped is caught (weights 1 and 3 both move the sum off a multiple of 10).
    for (let position = 3; position < 18; position++) {
      const digit = (Number(number[position]) + 4) % 10;
      const typo = `${number.slice(0, position)}${digit}${number.slice(position + 1)}`;
      expect(validLocalTrackingNumber(typo)).toBe(false);
    }
    for (const bad of [
      '',
      'SDL',
      'SDL123',
      `${number}0`,
      number.toLowerCase(),
      `XYZ${number.slice(3)}`,
      ` ${number}`,
    ]) {
      expect(validLocalTrackingNumber(bad)).toBe(false);
    }
  });
});
