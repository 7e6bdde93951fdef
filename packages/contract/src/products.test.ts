import { describe, expect, it } from 'vitest';
import { isCountryCode, normaliseHsCode } from './products.ts';

describe('product customs facts', () => {
  it('normalises HS codes as people write them and refuses other shapes', () => {
    expect(normaliseHsCode('6109.10.00')).toBe('61091000');
    expect(normaliseHsCode(' 6912 00 48 ')).toBe('69120048');
    expect(normaliseHsCode('330300')).toBe('330300');
    expect(normaliseHsCode('12.34')).toBeNull();
    expect(normaliseHsCode('12345678901')).toBeNull();
    expect(normaliseHsCode('6109-10')).toBeNull();
  });

  it('knows ISO 3166-1 alpha-2 country codes, not groupings or unassigned codes', () => {
    for (const code of ['US', 'CN', 'PT', 'DE', 'VN']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['XX', 'EU', 'UN', 'ZZ', 'us', 'USA', '']) expect(isCountryCode(code)).toBe(false);
  });
});
