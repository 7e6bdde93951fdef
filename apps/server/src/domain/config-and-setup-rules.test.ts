import { describe, expect, it } from 'vitest';
import { computeSetupGuide } from './setup-guide-steps.ts';
import { maskSecret, validateConfigEntry } from './config-entries.ts';

describe('validateConfigEntry', () => {
  it('ignores value for options keys and options for value keys', () => {
    expect(
      validateConfigEntry({ key: 'currency_info', value: 'x', options: { currencyCode: 'USD', locale: 'en' } }),
    ).toEqual({
      ok: true,
      entry: { key: 'currency_info', value: null, options: { currencyCode: 'USD', locale: 'en' } },
    });
    expect(validateConfigEntry({ key: 'cq_url', value: 'https://cq.example.com', options: { a: 1 } })).toEqual({
      ok: true,
      entry: { key: 'cq_url', value: 'https://cq.example.com', options: null },
    });
  });

  it('requires the part its key uses', () => {
    expect(validateConfigEntry({ key: 'warehouse_info' })).toMatchObject({
      ok: false,
      errors: { options: expect.any(String) },
    });
    expect(validateConfigEntry({ key: 'bearer_token', value: null })).toMatchObject({
      ok: false,
      errors: { value: expect.any(String) },
    });
    expect(validateConfigEntry({ key: 'currency_info', options: '[1,2]' })).toMatchObject({ ok: false });
  });

  it('names nested fields', () => {
    const result = validateConfigEntry({ key: 'currency_info', options: { currencyCode: 'usd' } });
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['options.currencyCode', 'options.locale']);
  });
});

describe('maskSecret', () => {
  it('keeps only the last four characters of long secrets', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('••••••••mnop');
    expect(maskSecret('short')).toBe('••••••••');
  });
});

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
