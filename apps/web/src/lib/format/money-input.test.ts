import { describe, expect, it } from 'vitest';
import { minorToDecimal } from '@shipdesk/contract';
import { optionalMoney, parseMoney } from './money-input';

const minor = (text: string, currency = 'USD') => {
  const parsed = parseMoney(text, currency);
  return parsed.ok ? parsed.minor : parsed.message;
};

describe('parseMoney', () => {
  it('converts decimal text exactly, without float rounding', () => {
    expect(minor('0.29')).toBe(29);
    expect(minor('1.10')).toBe(110);
    expect(minor('19.99')).toBe(1999);
    expect(minor('4.35')).toBe(435);
    expect(minor('1234567.89')).toBe(123456789);
    expect(minor('0.1')).toBe(10);
    expect(minor('.5')).toBe(50);
    expect(minor('7.')).toBe(700);
    expect(minor('  12 ')).toBe(1200);
  });

  it('accepts thousands grouping with commas', () => {
    expect(minor('1,234.56')).toBe(123456);
    expect(minor('12,345,678')).toBe(1234567800);
    expect(minor('1,23')).toBe('Enter an amount such as 12.50');
  });

  it('follows the minor digits of the currency', () => {
    expect(minor('1500', 'JPY')).toBe(1500);
    expect(minor('15.5', 'JPY')).toBe('JPY has no decimals');
    expect(minor('1.234', 'KWD')).toBe(1234);
    expect(minor('1.234')).toBe('Use at most 2 decimals');
  });

  it('refuses what is not an amount', () => {
    expect(minor('')).toBe('Enter an amount');
    expect(minor('.')).toBe('Enter an amount such as 12.50');
    expect(minor('-5')).toBe('Enter an amount such as 12.50');
    expect(minor('1e3')).toBe('Enter an amount such as 12.50');
    expect(minor('12,50')).toBe('Enter an amount such as 12.50');
    expect(minor('$12')).toBe('Enter an amount such as 12.50');
    expect(minor('10000000000.01')).toBe('This amount is too large');
    expect(minor('10000000000')).toBe(1_000_000_000_000);
  });
});

describe('minorToDecimal', () => {
  it('writes minor units back as the form text', () => {
    expect(minorToDecimal(1250, 'USD')).toBe('12.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
    expect(minorToDecimal(-1999, 'USD')).toBe('-19.99');
  });

  it('round-trips', () => {
    for (const value of [0, 1, 29, 99, 100, 123456789, 1_000_000_000_000]) {
      expect(minor(minorToDecimal(value, 'USD'))).toBe(value);
    }
  });
});

describe('optionalMoney', () => {
  it('treats an empty optional amount as zero and a bad one as null', () => {
    expect(optionalMoney('', 'USD')).toBe(0);
    expect(optionalMoney(undefined, 'USD')).toBe(0);
    expect(optionalMoney('2.5', 'USD')).toBe(250);
    expect(optionalMoney('x', 'USD')).toBeNull();
  });
});
