import { describe, expect, it } from 'vitest';
import { parcelFieldsFrom, parcelFromFields, rateQuery, weightHint } from './label-parcel';

describe('label parcel fields', () => {
  it('shows the server parcel in grams and inches, as the order view does, and sends it back unchanged', () => {
    const fields = parcelFieldsFrom({
      boxSizeId: '3',
      packageType: null,
      weight: 907,
      length: 12,
      width: 10,
      height: 6,
    });
    expect(fields).toEqual({ boxSizeId: '3', weight: '907', length: '12', width: '10', height: '6' });
    expect(parcelFromFields(fields, 'PACKAGE')).toEqual({
      parcel: { boxSizeId: '3', packageType: 'PACKAGE', weight: 907, length: 12, width: 10, height: 6 },
      errors: null,
    });
  });

  it('sends a weight nobody edited back exactly as stored (85 g went through pounds and came back as 86 g)', () => {
    for (const weight of [1, 85, 454, 1005, 31_751, 1_000_000]) {
      const fields = parcelFieldsFrom({
        boxSizeId: null,
        packageType: null,
        weight,
        length: 8.5,
        width: 6.25,
        height: 4,
      });
      expect(parcelFromFields(fields, null).parcel).toEqual({ weight, length: 8.5, width: 6.25, height: 4 });
      expect(rateQuery('7', fields)).toEqual({ deliveryId: '7', weight, length: 8.5, width: 6.25, height: 4 });
    }
  });

  it('names every missing or wrong field', () => {
    const result = parcelFromFields({ boxSizeId: '', weight: '0', length: '', width: 'x', height: '500' }, null);
    expect(result.errors).toEqual({
      weight: 'The weight must be a number above 0',
      length: 'Enter the length',
      width: 'The width must be a number above 0',
      height: 'The height must be at most 200',
    });
    expect(
      parcelFromFields({ boxSizeId: '', weight: '85.5', length: '1', width: '1', height: '1' }, null).errors,
    ).toEqual({ weight: 'Enter the weight in whole grams' });
    expect(parcelFromFields({ boxSizeId: '', weight: '', length: '1', width: '1', height: '1' }, null).errors).toEqual({
      weight: 'Enter the weight',
    });
  });

  it('asks the server about the filled parts only', () => {
    expect(rateQuery('12', { boxSizeId: '', weight: '680', length: '8', width: '', height: '4' })).toEqual({
      deliveryId: '12',
      weight: 680,
      length: 8,
      height: 4,
    });
    expect(rateQuery('12', { boxSizeId: '', weight: '1.5', length: '', width: '', height: '' })).toEqual({
      deliveryId: '12',
    });
    expect(rateQuery(null, null)).toEqual({});
  });

  it('hints the pounds (and kilograms) of the typed grams', () => {
    expect(weightHint('85')).toBe('≈ 0.19 lb');
    expect(weightHint('12500')).toBe('12.5 kg ≈ 27.56 lb');
    expect(weightHint('')).toBeNull();
    expect(weightHint('1.5')).toBeNull();
  });
});
