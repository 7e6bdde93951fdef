import { describe, expect, it } from 'vitest';
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
