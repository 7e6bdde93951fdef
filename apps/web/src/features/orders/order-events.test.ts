import { describe, expect, it } from 'vitest';
import { eventName } from './order-events';

describe('eventName', () => {
  it('names the channel of the sync events from their payload', () => {
    const payload = { externalId: '5501', externalUpdatedAt: '2025-01-15T17:04:05Z', source: 'AmazonSP' };
    expect(eventName('imported', payload)).toBe('Imported from Amazon');
    expect(eventName('channelUpdated', { ...payload, source: 'Bigcommerce' })).toBe('Updated from BigCommerce');
    expect(eventName('channelUpdated', { ...payload, source: 'NewChannel' })).toBe('Updated from NewChannel');
    expect(eventName('imported', {})).toBe('Imported from the store');
  });

  it('keeps the names of the other events', () => {
    expect(eventName('approve')).toBe('Approved');
    expect(eventName('parcelResolved')).toBe('Parcel problem marked resolved');
    expect(eventName('somethingNew')).toBe('somethingNew');
  });

  it('names the edits of the lines and of the payment terms', () => {
    expect(eventName('linesUpdated', { changes: [] })).toBe('Items changed');
    expect(eventName('paymentTerms', { terms: true })).toBe('Put on payment terms');
    expect(eventName('paymentTerms', { terms: false })).toBe('Taken off payment terms');
  });

  it('names the weights a person entered and the ones a product filled', () => {
    expect(eventName('lineWeightsUpdated')).toBe('Weights changed');
    expect(eventName('deliveryParcelUpdated')).toBe('Box changed');
    expect(eventName('productWeightFilled', { changes: ['MUG-1: 340 g'] })).toBe('Weight filled from product');
  });

  it('tells a carrier service chosen by hand from one handed back to the mappings', () => {
    const payload = { carrier: 'ups', carrierMethod: '03', packageType: null };
    expect(eventName('shippingUpdated', { ...payload, automatic: false })).toBe('Shipping chosen by hand');
    expect(eventName('shippingUpdated', { ...payload, automatic: true })).toBe('Shipping handed back to the mappings');
  });

  it('names a run of the shipping rules by the rules that matched', () => {
    const payload = { trigger: 'import', versions: { all: 4 }, matched: ['VIP goes express'], changed: true };
    expect(eventName('shippingRules', payload)).toBe('Shipping rules applied (VIP goes express)');
    expect(eventName('shippingRules', { ...payload, matched: ['A', 'B', 'C', 'D', 'E'] })).toBe(
      'Shipping rules applied (A, B, C and 2 more)',
    );
    expect(eventName('shippingRules', { ...payload, matched: [] })).toBe('Shipping rules ran (no rule matched)');
    expect(eventName('shippingRules', {})).toBe('Shipping rules ran (no rule matched)');
  });
});
