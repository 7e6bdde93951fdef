import { describe, expect, it } from 'vitest';
import { parcelFieldsFrom, parcelFromFields, poundsToGrams, rateQuery } from './label-parcel';

describe('label parcel fields', () => {
  it('shows the server parcel in pounds and inches and sends grams back', () => {
    const fields = parcelFieldsFrom({
      boxSizeId: '3',
      packageType: null,
      weight: 907,
      length: 12,
      width: 10,
      height: 6,
    });
    expect(fields).toEqual({ boxSizeId: '3', weightLb: '2', length: '12', width: '10', height: '6' });
    expect(parcelFromFields(fields, 'PACKAGE')).toEqual({
      parcel: { boxSizeId: '3', packageType: 'PACKAGE', weight: 907, length: 12, width: 10, height: 6 },
      errors: null,
    });
  });

  it('names every missing or wrong field', () => {
    const result = parcelFromFields({ boxSizeId: '', weightLb: '0', length: '', width: 'x', height: '500' }, null);
    expect(result.errors).toEqual({
      weightLb: 'The weight must be a number above 0',
      length: 'Enter the length',
      width: 'The width must be a number above 0',
      height: 'The height must be at most 200',
    });
  });

  it('asks the server about the filled parts only', () => {
    expect(rateQuery('12', { boxSizeId: '', weightLb: '1.5', length: '8', width: '', height: '4' })).toEqual({
      deliveryId: '12',
      weight: poundsToGrams(1.5),
      length: 8,
      height: 4,
    });
    expect(rateQuery(null, null)).toEqual({});
  });
});
