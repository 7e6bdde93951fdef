import { describe, expect, it } from 'vitest';
import { gramsText, poundsText, weightText } from './weights.ts';

describe('weights as people read them', () => {
  it('shows grams under a kilogram and kilograms above, without losing a gram', () => {
    expect(gramsText(85)).toBe('85 g');
    expect(gramsText(999)).toBe('999 g');
    expect(gramsText(1000)).toBe('1 kg');
    expect(gramsText(1005)).toBe('1.005 kg');
    expect(gramsText(2500)).toBe('2.5 kg');
    expect(gramsText(31751)).toBe('31.751 kg');
  });

  it('gives pounds as a two-decimal hint beside the stored weight', () => {
    expect(poundsText(85)).toBe('0.19 lb');
    expect(poundsText(907)).toBe('2.00 lb');
    expect(weightText(31751)).toBe('31.751 kg (70.00 lb)');
  });
});
