import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOGUE, type OrderShipping } from '@shipdesk/contract';
import { carrierServiceOptions } from '@/entities/carrier-catalogue/carrier-services';
import { orderShippingFormDefaults, toOrderShippingUpdate, validateOrderShippingForm } from './order-shipping-form';

const shipping: OrderShipping = {
  shipMethod: { id: '7', name: 'Standard' },
  carrier: 'ups',
  carrierMethod: '03',
  carrierMethodName: 'UPS Ground',
  packageType: '04',
  chosenByUser: false,
};

describe('order shipping form', () => {
  it('opens on what the order ships with', () => {
    expect(orderShippingFormDefaults(shipping)).toEqual({ carrierMethod: 'ups:03', packageType: '04' });
    expect(orderShippingFormDefaults({ ...shipping, carrier: null, carrierMethod: null, packageType: null })).toEqual({
      carrierMethod: '',
      packageType: '',
    });
  });

  it('accepts only a service of the list', () => {
    const options = carrierServiceOptions([CARRIER_CATALOGUE.local]);
    expect(validateOrderShippingForm({ carrierMethod: '', packageType: '' }, options)).toEqual({
      carrierMethod: 'Choose a carrier service',
    });
    expect(validateOrderShippingForm({ carrierMethod: 'ups:03', packageType: '' }, options)).toEqual({
      carrierMethod: 'Choose a carrier service from the list',
    });
    expect(validateOrderShippingForm({ carrierMethod: 'local:LOCAL_PICKUP', packageType: '' }, options)).toEqual({});
  });

  it('sends the choice with the order version, keeping its shipping method', () => {
    expect(
      toOrderShippingUpdate({ carrierMethod: 'usps:PRIORITY_MAIL', packageType: '' }, { shipping, version: 3 }),
    ).toEqual({ carrier: 'usps', carrierMethod: 'PRIORITY_MAIL', shipMethodId: '7', version: 3 });
    const unmapped = { ...shipping, shipMethod: null };
    expect(
      toOrderShippingUpdate({ carrierMethod: 'ups:03', packageType: '04' }, { shipping: unmapped, version: 9 }),
    ).toEqual({ carrier: 'ups', carrierMethod: '03', packageType: '04', version: 9 });
  });
});
