import { describe, expect, it } from 'vitest';
import { holdRefusal, parcelRefusal, shipDateIn } from './label-shipment.ts';

describe('parcelRefusal', () => {
  it('names the weights in grams as kept and shown, with pounds beside them, so a parcel just over is seen to be', () => {
    // USPS takes 70 lb (31,751 g); a parcel 9 g over was "at most 70 lb; weighs 70 lb" in 0.1 lb steps.
    const parcel = { weightGrams: 31_760, lengthIn: 12, widthIn: 10, heightIn: 6, packageType: 'PACKAGE' };
    expect(parcelRefusal('usps', parcel)).toEqual({
      field: 'weight',
      message: 'USPS Your packaging takes at most 31.751 kg (70.00 lb); this parcel weighs 31.76 kg (70.02 lb)',
    });
    expect(parcelRefusal('usps', { ...parcel, weightGrams: 31_751 })).toBeNull();
  });

  it('says the limits in the tenant’s units when they are known', () => {
    const parcel = { weightGrams: 31_760, lengthIn: 12, widthIn: 10, heightIn: 6, packageType: 'PACKAGE' };
    expect(parcelRefusal('usps', parcel, 'imperial')?.message).toBe(
      'USPS Your packaging takes at most 70 lb; this parcel weighs 70 lb 0.3 oz',
    );
    expect(parcelRefusal('usps', parcel, 'metric')?.message).toBe(
      'USPS Your packaging takes at most 31.751 kg; this parcel weighs 31.76 kg',
    );
    const long = { ...parcel, weightGrams: 1000, lengthIn: 40, widthIn: 30, heightIn: 30 };
    expect(parcelRefusal('usps', long, 'metric')).toEqual({
      field: 'length',
      message: 'USPS takes parcels up to 330.2 cm in length plus girth; this one measures 406.4 cm',
    });
    expect(parcelRefusal('usps', long)?.message).toBe(
      'USPS takes parcels up to 130 in in length plus girth; this one measures 160 in',
    );
  });
});

describe('holdRefusal', () => {
  it('holds an order until its day, and on that day lets it ship', () => {
    const order = { orderNumber: '#1312', holdUntil: '2026-12-31' };
    expect(holdRefusal(order, '2026-12-30')).toBe(
      'Order #1312 is on hold until 2026-12-31: release the hold to buy its label',
    );
    expect(holdRefusal(order, '2026-12-31')).toBeNull();
    expect(holdRefusal({ ...order, holdUntil: null }, '2026-12-30')).toBeNull();
  });
});

describe('shipDateIn', () => {
  it("is the tenant's day as its wall clock shows it, and the UTC day when the zone is missing or unknown", () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(shipDateIn('Pacific/Kiritimati', now)).toBe('2027-01-01');
    expect(shipDateIn('America/Los_Angeles', now)).toBe('2026-12-31');
    expect(shipDateIn(undefined, now)).toBe('2026-12-31');
    expect(shipDateIn('', now)).toBe('2026-12-31');
    expect(shipDateIn('Mars/Olympus_Mons', now)).toBe('2026-12-31');
  });
});
