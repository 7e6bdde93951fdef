import { describe, expect, it } from 'vitest';
import { labelOptionWords, lineWeightWords, parcelWords } from './order-weight-words';

describe('the timeline words for weights, in the tenant units', () => {
  const weights = {
    weights: [
      { sku: 'MUG-1', from: 0, to: 340 },
      { sku: 'TEA-2', from: 300, to: 340 },
      { sku: 'PIN-3', from: 340, to: 341 },
    ],
  };

  it('words line weights filled or changed in pounds and ounces or grams', () => {
    expect(lineWeightWords(weights, 'imperial')).toEqual([
      'MUG-1: 12 oz',
      'TEA-2: 10.6 oz → 12 oz',
      // Both round to 12 oz: the grams say what changed.
      'PIN-3: 12 oz (340 g → 341 g)',
    ]);
    expect(lineWeightWords(weights, 'metric')).toEqual([
      'MUG-1: 340 g',
      'TEA-2: 300 g → 340 g',
      'PIN-3: 340 g → 341 g',
    ]);
  });

  it('falls back (null) for rows that kept only the server words', () => {
    expect(lineWeightWords({ changes: ['MUG-1: weight 0 g -> 340 g'] }, 'imperial')).toBeNull();
    expect(lineWeightWords({ weights: [{ sku: 'X', from: 'a', to: 1 }] }, 'imperial')).toBeNull();
    expect(parcelWords({ changes: ['box none -> Small'] }, 'metric')).toBeNull();
  });

  it('words a parcel change: box, weight and size', () => {
    const parcel = {
      parcel: {
        from: { boxName: null, weight: 0, length: null, width: null, height: null },
        to: { boxName: 'Small box', weight: 1134, length: 8, width: 6, height: 4 },
      },
    };
    expect(parcelWords(parcel, 'imperial')).toEqual([
      'Box none → Small box',
      'Weight its lines’ → 2 lb 8 oz',
      'Size the box’s → 8 × 6 × 4 in',
    ]);
    expect(parcelWords(parcel, 'metric')).toEqual([
      'Box none → Small box',
      'Weight its lines’ → 1.134 kg',
      'Size the box’s → 20.3 × 15.2 × 10.2 cm',
    ]);
  });

  it('words the options a label was bought with', () => {
    expect(labelOptionWords({ insuredValue: 15000, signature: 'adult' }, 'USD', 'en-US')).toEqual([
      'Insured $150.00 · Adult signature',
    ]);
    expect(labelOptionWords({ insuredValue: null, signature: 'standard' }, 'USD', 'en-US')).toEqual(['Signature']);
    expect(labelOptionWords({ insuredValue: null, signature: null }, 'USD', 'en-US')).toEqual([]);
  });
});
