import { describe, expect, it } from 'vitest';
import { shippingChangeBlocked } from './order-shipping';
import { shippingEventService } from './order-shipping-catalogue';

describe('shippingChangeBlocked', () => {
  it('lets open orders change and says why the others cannot', () => {
    expect(shippingChangeBlocked({ orderStatus: 'Draft Order' })).toBeNull();
    expect(shippingChangeBlocked({ orderStatus: 'Sales Order' })).toBeNull();
    expect(shippingChangeBlocked({ orderStatus: 'Canceled' })).toBe(
      'Only Draft and Sales Orders can change how they ship: this order is Canceled.',
    );
  });
});

describe('shippingEventService', () => {
  it('names the carrier service of a shipping change, or its code when the catalogue does not know it', () => {
    expect(shippingEventService({ carrier: 'ups', carrierMethod: '03' })).toBe('UPS Ground (UPS)');
    expect(shippingEventService({ carrier: 'usps', carrierMethod: 'RETIRED' })).toBe('RETIRED (USPS)');
    expect(shippingEventService({ carrier: null, carrierMethod: null, automatic: true })).toBeNull();
    expect(shippingEventService({ carrier: 'pigeon', carrierMethod: 'X' })).toBeNull();
  });
});
