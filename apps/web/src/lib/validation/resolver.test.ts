import { describe, expect, it } from 'vitest';
import { messagesResolver, toFieldErrors } from './resolver';

describe('toFieldErrors', () => {
  it('nests flat messages as react-hook-form errors, lists by index', () => {
    expect(toFieldErrors({ name: 'x', 'credentials.accessToken': 'y', 'credentials.clientSecret': 'z' })).toEqual({
      name: { type: 'validate', message: 'x' },
      credentials: {
        accessToken: { type: 'validate', message: 'y' },
        clientSecret: { type: 'validate', message: 'z' },
      },
    });
    const nested = toFieldErrors({ 'lines.1.sku': 'SKU is required' }) as Record<string, unknown>;
    expect(Array.isArray(nested.lines)).toBe(true);
    expect((nested.lines as unknown[])[1]).toEqual({ sku: { type: 'validate', message: 'SKU is required' } });
  });
});

describe('messagesResolver', () => {
  it('passes valid values on and turns messages into field errors', async () => {
    const resolver = messagesResolver((values: { name: string }): Record<string, string> =>
      values.name ? {} : { name: 'Name is required' },
    );
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await resolver({ name: 'Ann' }, undefined, options)).toEqual({ values: { name: 'Ann' }, errors: {} });
    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'validate', message: 'Name is required' } },
    });
  });
});
