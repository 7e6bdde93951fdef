import { describe, expect, it } from 'vitest';
import { UNIT_SYSTEMS } from '@shipdesk/contract';
import type { UnitValue } from '@/lib/units';
import { parcelFieldsFrom, parcelFromFields, parcelKey, rateQuery, type ParcelFields } from './label-parcel';

const typed = (text: string): UnitValue => ({ stored: null, typed: text });
const typedParcel = (weight: string, length: string, width: string, height: string): ParcelFields => ({
  boxSizeId: '',
  weight: typed(weight),
  length: typed(length),
  width: typed(width),
  height: typed(height),
});

describe('label parcel fields', () => {
  it('keeps the server parcel in grams and inches and sends it back unchanged, in either units', () => {
    const fields = parcelFieldsFrom({
      boxSizeId: '3',
      packageType: null,
      weight: 907,
      length: 12,
      width: 10,
      height: 6,
    });
    expect(fields.weight).toEqual({ stored: 907, typed: null });
    for (const system of UNIT_SYSTEMS) {
      expect(parcelFromFields(fields, 'PACKAGE', system)).toEqual({
        parcel: { boxSizeId: '3', packageType: 'PACKAGE', weight: 907, length: 12, width: 10, height: 6 },
        errors: null,
      });
    }
  });

  it('sends a weight and sizes nobody edited back exactly as stored, however their text is rounded', () => {
    for (const weight of [1, 85, 454, 1005, 31_751, 1_000_000]) {
      const fields = parcelFieldsFrom({
        boxSizeId: null,
        packageType: null,
        weight,
        length: 8.33,
        width: 6.25,
        height: 4,
      });
      for (const system of UNIT_SYSTEMS) {
        expect(parcelFromFields(fields, null, system).parcel).toEqual({ weight, length: 8.33, width: 6.25, height: 4 });
        expect(rateQuery('7', fields, system)).toEqual({
          deliveryId: '7',
          weight,
          length: 8.33,
          width: 6.25,
          height: 4,
        });
      }
    }
  });

  it('reads what was typed in the tenant units', () => {
    expect(parcelFromFields(typedParcel('2 lb 3 oz', '12', '10.5', '4'), null, 'imperial').parcel).toEqual({
      weight: 992,
      length: 12,
      width: 10.5,
      height: 4,
    });
    expect(parcelFromFields(typedParcel('1.2', '30.5', '25.4', '10 in'), null, 'metric').parcel).toEqual({
      weight: 1200,
      length: 12.01,
      width: 10,
      height: 10,
    });
    // "2 lb" and "32 oz" are one parcel for the carriers: rates quoted for one are the other's.
    expect(parcelKey(typedParcel('2 lb', '8', '6', '4'), 'imperial')).toBe(
      parcelKey(typedParcel('32 oz', '8', '6', '4'), 'imperial'),
    );
  });

  it("names every missing or wrong field with the parser's reason", () => {
    expect(parcelFromFields(typedParcel('0', '', 'x', '500'), null, 'imperial').errors).toEqual({
      weight: 'The weight must be above 0',
      length: 'Enter a length',
      width: 'Enter a length such as 12.5 in',
      height: 'A length can be at most 200 in',
    });
    expect(parcelFromFields(typedParcel('-1 kg', '1', '1', '1'), null, 'metric').errors).toEqual({
      weight: 'A weight cannot be negative',
    });
    const none = parcelFieldsFrom({ boxSizeId: null, packageType: null, weight: 0, length: 0, width: 1, height: 1 });
    expect(parcelFromFields(none, null, 'imperial').errors).toEqual({
      weight: 'Enter a weight',
      length: 'Enter a length',
    });
  });

  it('asks the server about the filled parts only', () => {
    expect(rateQuery('12', typedParcel('1.5 lb', '8', '', '4'), 'imperial')).toEqual({
      deliveryId: '12',
      weight: 680,
      length: 8,
      height: 4,
    });
    expect(rateQuery('12', typedParcel('heavy', '', '', ''), 'imperial')).toEqual({ deliveryId: '12' });
    expect(rateQuery(null, null, 'metric')).toEqual({});
  });
});
