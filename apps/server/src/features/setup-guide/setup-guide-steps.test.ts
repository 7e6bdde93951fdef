import { describe, expect, it } from 'vitest';
import { computeSetupGuide } from './setup-guide-steps.ts';

describe('computeSetupGuide', () => {
  const none = {
    hasStore: false,
    warehouseOptions: null,
    hasShipMethod: false,
    hasCarrierMapping: false,
    labelOptions: { labelType: 'pdf', hashKey: '' },
    labelChosenByUser: false,
    storeProblems: [],
  };
  it('counts the label type only when a user chose it', () => {
    expect(computeSetupGuide(none).steps.labelType).toBe(false);
    expect(computeSetupGuide({ ...none, labelChosenByUser: true }).steps.labelType).toBe(true);
  });
  it('counts an incomplete warehouse address as not done', () => {
    expect(computeSetupGuide({ ...none, warehouseOptions: { name: 'WH' } }).steps.warehouseAddress).toBe(false);
  });
  it('flags a store whose sync failed, pointing at the stores page', () => {
    const guide = computeSetupGuide({
      ...none,
      hasStore: true,
      storeProblems: [{ name: 'Main shop', problem: 'Shopify refused the credentials (HTTP 401)' }],
    });
    expect(guide.steps.connectStore).toBe(true);
    expect(guide.problems).toEqual([
      { step: 'connectStore', message: 'Main shop: Shopify refused the credentials (HTTP 401)', route: '/stores' },
    ]);
    expect(computeSetupGuide(none).problems).toEqual([]);
  });
  it('lists the steps in the contract order', () => {
    expect(Object.keys(computeSetupGuide(none).steps)).toEqual([
      'connectStore',
      'warehouseAddress',
      'shippingMethod',
      'carrierMapping',
      'labelType',
    ]);
  });
});
