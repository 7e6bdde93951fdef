import { ACCOUNT_CARRIERS } from '@shipdesk/contract';
import { describe, expect, it } from 'vitest';
import { ChannelError } from '../http/channel-http.ts';
import { createCarrierAdapter } from './carrier-registry.ts';

const COMPLETE: Record<(typeof ACCOUNT_CARRIERS)[number], Record<string, string>> = {
  usps: {
    clientId: 'id',
    clientSecret: 'secret',
    crid: '56982563',
    mid: '900066622',
    accountType: 'EPS',
    accountNumber: '1000123456',
  },
  ups: { clientId: 'id', clientSecret: 'secret', accountNumber: '1A2B3C' },
  fedex: { clientId: 'id', clientSecret: 'secret', accountNumber: '740561073' },
  shippo: { apiToken: 'shippo_test_x' },
};

describe('carrier registry', () => {
  it('tests the built-in carrier at once, with no account', async () => {
    const adapter = createCarrierAdapter('local', { key: 'local', settings: {}, credentials: {} });
    expect(adapter?.carrier).toBe('local');
    await expect(adapter!.testConnection()).resolves.toEqual({ accountName: 'Shipdesk Local' });
  });

  it.each(ACCOUNT_CARRIERS)('builds the %s adapter from a complete account without calling it', (carrier) => {
    const adapter = createCarrierAdapter(carrier, { key: carrier, settings: {}, credentials: COMPLETE[carrier] });
    expect(adapter?.carrier).toBe(carrier);
  });

  it('names every missing field of an account by its label', () => {
    const build = () => createCarrierAdapter('ups', { key: 'k', settings: { clientId: 'id' }, credentials: {} });
    expect(build).toThrow(ChannelError);
    expect(build).toThrow('The UPS account is missing: Client secret, Shipper number');
    expect(() => createCarrierAdapter('fedex', { key: 'k', settings: {}, credentials: { clientSecret: 's' } })).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'The FedEx account is missing: API key, Account number' }),
    );
  });
});
