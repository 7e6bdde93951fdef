import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value.ts';

describe('sameValue', () => {
  it('holds for equal data in new objects and arrays, at any depth', () => {
    expect(sameValue({ a: true, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: true })).toBe(true);
    expect(sameValue([], [])).toBe(true);
    expect(sameValue(null, null)).toBe(true);
  });

  it('fails for another value, a missing or extra key, or an array against an object', () => {
    expect(sameValue({ a: true }, { a: false })).toBe(false);
    expect(sameValue({ a: true }, { a: true, b: false })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1])).toBe(false);
    expect(sameValue({ 0: 1 }, [1])).toBe(false);
    expect(sameValue({}, null)).toBe(false);
  });
});
