import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1000'],
    [1001, '1.0K'],
    [1500, '1.5K'],
    [1_500_000, '1.5M'],
    [2_300_000_000, '2.3B'],
    [1_000_000_000_000, '1.0T'],
    [1_500_000_000_000_000, '1500.0T'],
  ])('%d -> %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });

  it('moves to the next unit instead of showing 1000.0 of a unit', () => {
    expect(formatCount(999_999)).toBe('1.0M');
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_999_999)).toBe('1.0B');
  });

  it('keeps the sign of negative counts', () => {
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(-1000)).toBe('-1000');
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(-2_300_000_000)).toBe('-2.3B');
  });

  it('leaves small fractions alone and shows a dash for non-finite input', () => {
    expect(formatCount(12.5)).toBe('12.5');
    expect(formatCount(Number.NaN)).toBe('—');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
