import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import {
  carrierKey,
  carrierServiceOptions,
  catalogueWith,
  deliveryDaysText,
  serviceReachText,
  splitCarrierKey,
} from './carrier-services';

const CATALOGUE = [CARRIER_CATALOGUE.local, CARRIER_CATALOGUE.ups];

describe('carrier services', () => {
  it('offers the services that reach the destination, by carrier', () => {
    const international = carrierServiceOptions(CATALOGUE, 'international');
    // The built-in carrier's one international service: a parcel the seller posts abroad.
    expect(new Set(international.map((o) => o.carrierName))).toEqual(new Set(['UPS', CARRIER_CATALOGUE.local.name]));
    expect(international.filter((o) => o.carrier === 'local').map((o) => o.service.code)).toEqual([
      'LOCAL_INTERNATIONAL',
    ]);
    expect(international.every((o) => o.service.scope === 'international')).toBe(true);
    expect(carrierServiceOptions(CATALOGUE)).toHaveLength(5 + 12);
    expect(carrierServiceOptions(CATALOGUE)[0]).toMatchObject({ key: 'local:LOCAL_SAME_DAY', carrier: 'local' });
  });

  it('keeps a chosen carrier on offer when the catalogue no longer lists it', () => {
    const entries = catalogueWith([CARRIER_CATALOGUE.usps], ['ups', null, undefined]);
    expect(entries.map((entry) => entry.carrier)).toEqual(['usps', 'ups']);
    expect(catalogueWith(entries, ['ups', 'usps'])).toBe(entries);
  });

  it('holds a service as carrier:code, and refuses a key that names no carrier', () => {
    expect(carrierKey('usps', 'PRIORITY_MAIL')).toBe('usps:PRIORITY_MAIL');
    expect(splitCarrierKey('ups:03')).toEqual({ carrier: 'ups', code: '03' });
    expect(splitCarrierKey('nope:03')).toBeNull();
    expect(splitCarrierKey('ups')).toBeNull();
  });

  it('says where a service goes and how long it takes', () => {
    expect(deliveryDaysText({ min: 2, max: 5 })).toBe('2–5 business days');
    expect(serviceReachText({ scope: 'international', deliveryDays: { min: 6, max: 10 } })).toBe(
      'International · 6–10 business days',
    );
    expect(serviceReachText({ scope: 'domestic', deliveryDays: { min: 1, max: 1 } })).toBe('Domestic · 1 business day');
    expect(serviceReachText({ scope: 'domestic', deliveryDays: { min: 0, max: 0 } })).toBe('Domestic · Same day');
  });
});
