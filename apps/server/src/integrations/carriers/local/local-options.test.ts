import { describe, expect, it } from 'vitest';
import { ChannelError } from '../../http/channel-http.ts';
import type { LabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createLocalAdapter } from './local-adapter.ts';

const address: ShipmentAddress = {
  name: 'Jane Doe',
  company: null,
  street1: '1 Main St',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: null,
  email: null,
  residential: true,
};
const shipment = {
  from: address,
  to: address,
  parcel: { weightGrams: 500, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
  shipDate: '2026-11-25',
  reference: '#1001',
};
const labelRequest = (overrides: Partial<LabelRequest> = {}): LabelRequest => ({
  ...shipment,
  serviceCode: 'LOCAL_SAME_DAY',
  format: 'zpl',
  idempotencyKey: 'key-options',
  ...overrides,
});
const adapter = createLocalAdapter();
const zpl = (document: Uint8Array) => new TextDecoder().decode(document);

async function refusal(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  expect((error as ChannelError).kind).toBe('invalid');
  return error as ChannelError;
}

describe('built-in carrier options', () => {
  it('prints the signature to collect whole, on its own line under the service name, for the driver', async () => {
    const plain = zpl((await adapter.buyLabel(labelRequest())).document);
    expect(plain).not.toMatch(/SIGNATURE/);
    expect(plain).toContain('^FDLOCAL DELIVERY, SAME DAY^FS');
    // The longest service name with the longest instruction: neither is cut with an ellipsis.
    const adult = zpl((await adapter.buyLabel(labelRequest({ signature: 'adult' }))).document);
    expect(adult).toContain('^FDLOCAL DELIVERY, SAME DAY^FS');
    expect(adult).toContain('^FDADULT SIGNATURE (21+, ID)^FS');
    const standard = zpl((await adapter.buyLabel(labelRequest({ signature: 'standard' }))).document);
    expect(standard).toContain('^FDSIGNATURE REQUIRED^FS');
  });

  it('refuses insurance in words, never buying the label without it', async () => {
    const insurance = { amountMinor: 5_000, currency: 'USD', provider: 'carrier' as const };
    const error = await refusal(adapter.buyLabel(labelRequest({ insurance })));
    expect(error.message).toMatch(/insures nothing/);
    await expect(adapter.rates({ ...shipment, serviceCodes: [], insurance })).resolves.toEqual([]);
  });

  it('refuses a signature on a customer pickup, and leaves the pickup out of the rates asked with one', async () => {
    const error = await refusal(adapter.buyLabel(labelRequest({ serviceCode: 'LOCAL_PICKUP', signature: 'standard' })));
    expect(error.message).toMatch(
      /Customer pickup cannot carry a signature: A customer pickup has no delivery to sign for/i,
    );
    const rates = await adapter.rates({ ...shipment, serviceCodes: [], signature: 'standard' });
    expect(rates.map((rate) => rate.serviceCode)).toEqual(['LOCAL_SAME_DAY', 'LOCAL_NEXT_DAY', 'LOCAL_COURIER']);
  });
});
