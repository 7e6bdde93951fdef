import { describe, expect, it } from 'vitest';
import {
  addressFieldErrors,
  addressLines,
  missingAddressFields,
  missingAddressMessage,
  toAddressFields,
} from './order-address-fields.ts';

describe('order addresses', () => {
  it('stores addresses trimmed, the name split, empty optional fields as null, and knows what is missing', () => {
    const fields = toAddressFields({ name: 'Cher', address1: ' 1 Main St ', city: 'Austin', country: 'US', state: '' });
    expect(fields).toMatchObject({
      firstName: 'Cher',
      lastName: ' ',
      address1: '1 Main St',
      state: null,
      company: null,
    });
    expect(missingAddressFields(fields)).toEqual(['postalCode', 'state']);
    expect(missingAddressFields({ ...fields, state: 'TX', postalCode: '78701' })).toEqual([]);
    expect(missingAddressFields(null)).toEqual(['shippingAddress']);
    expect(missingAddressFields({ ...fields, country: 'IE' })).toEqual([]);
    expect(missingAddressMessage(['postalCode', 'state'])).toBe('The shipping address lacks: postal code, state');
    expect(missingAddressMessage(['shippingAddress'])).toBe('The order has no shipping address');
    const typed = { name: 'Cher', address1: '1 Main St', city: 'Austin', country: 'US' };
    expect(addressFieldErrors(typed, 'shippingAddress')).toEqual({
      'shippingAddress.state': 'shippingAddress.state is required for a US address',
      'shippingAddress.postalCode': 'shippingAddress.postalCode is required for a US address',
    });
    expect(addressFieldErrors({ ...typed, state: 'TX', postalCode: '78701-1234' })).toEqual({});
    expect(
      addressLines({
        name: 'Ada',
        address1: '1 Main',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      }),
    ).toEqual(['Ada', '1 Main', 'Austin, TX 78701', 'US']);
  });
});
