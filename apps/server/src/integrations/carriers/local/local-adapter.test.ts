import { CARRIER_NAMES } from '@shipdesk/contract';
import { describe, expect, it } from 'vitest';
import { ChannelError } from '../../http/channel-http.ts';
import type { LabelRequest, RateRequest, ShipmentAddress } from '../carrier-types.ts';
import { createLocalAdapter, localParcelProblem } from './local-adapter.ts';
import { localTrackingNumber } from './local-tracking.ts';

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
const parcel = { weightGrams: 500, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' };
const shipment = { from: address, to: address, parcel, shipDate: '2026-11-25', reference: '#1001' };
const rateRequest = (serviceCodes: string[], overrides: Partial<RateRequest> = {}): RateRequest => ({
  ...shipment,
  serviceCodes,
  ...overrides,
});
const labelRequest = (overrides: Partial<LabelRequest> = {}): LabelRequest => ({
  ...shipment,
  serviceCode: 'LOCAL_SAME_DAY',
  format: 'zpl',
  idempotencyKey: 'key-1',
  ...overrides,
});

const adapter = createLocalAdapter();

async function expectInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  expect((error as ChannelError).kind).toBe('invalid');
  expect((error as ChannelError).message).toMatch(message);
}

describe('built-in carrier adapter', () => {
  it('needs no account', async () => {
    expect(adapter.carrier).toBe('local');
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: CARRIER_NAMES.local });
  });

  it('rates every service at no cost when none is named, with the catalogue’s shortest delivery', async () => {
    await expect(adapter.rates(rateRequest([]))).resolves.toEqual([
      { serviceCode: 'LOCAL_SAME_DAY', amountMinor: 0, currency: 'USD', deliveryDays: 0 },
      { serviceCode: 'LOCAL_NEXT_DAY', amountMinor: 0, currency: 'USD', deliveryDays: 1 },
      { serviceCode: 'LOCAL_COURIER', amountMinor: 0, currency: 'USD', deliveryDays: 1 },
      { serviceCode: 'LOCAL_PICKUP', amountMinor: 0, currency: 'USD', deliveryDays: 0 },
    ]);
  });

  it('rates the international parcel alone for a shipment crossing a customs border, when none is named', async () => {
    const abroad = { ...address, country: 'CA', state: 'QC', postalCode: 'H3B 1A7', city: 'Montréal' };
    const rates = await adapter.rates(rateRequest([], { to: abroad }));
    expect(rates.map((r) => r.serviceCode)).toEqual(['LOCAL_INTERNATIONAL']);
    // A US military address crosses one too, inside the country.
    const military = { ...address, city: 'APO', state: 'AE', postalCode: '09001' };
    expect((await adapter.rates(rateRequest([], { to: military }))).map((r) => r.serviceCode)).toEqual([
      'LOCAL_INTERNATIONAL',
    ]);
  });

  it('rates only the named services it offers, and none for a parcel it cannot take', async () => {
    const rates = await adapter.rates(rateRequest(['LOCAL_COURIER', 'PRIORITY_MAIL', 'LOCAL_PICKUP']));
    expect(rates.map((r) => r.serviceCode)).toEqual(['LOCAL_COURIER', 'LOCAL_PICKUP']);
    const heavy = { ...parcel, weightGrams: 40_000 };
    await expect(adapter.rates(rateRequest([], { parcel: heavy }))).resolves.toEqual([]);
  });

  it('knows which parcels it takes', () => {
    expect(localParcelProblem(parcel)).toBeNull();
    expect(localParcelProblem({ ...parcel, packageType: 'FLAT_RATE_ENVELOPE' })).toMatch(/no package type/);
    expect(localParcelProblem({ ...parcel, weightGrams: 31_752 })).toMatch(/up to 31751 g/);
    expect(localParcelProblem({ ...parcel, lengthIn: 109 })).toMatch(/108 in long/);
    expect(localParcelProblem({ ...parcel, lengthIn: 100, widthIn: 20, heightIn: 20 })).toMatch(/length plus girth/);
    expect(localParcelProblem({ ...parcel, weightGrams: Number.NaN })).toMatch(/needs a weight and a size/);
    expect(localParcelProblem({ ...parcel, heightIn: -1 })).toMatch(/needs a weight and a size/);
  });

  it('says its limits in the tenant’s units when the request names them', () => {
    expect(localParcelProblem({ ...parcel, weightGrams: 31_752 }, 'imperial')).toMatch(/up to 70 lb$/);
    expect(localParcelProblem({ ...parcel, weightGrams: 31_752 }, 'metric')).toMatch(/up to 31.751 kg$/);
    expect(localParcelProblem({ ...parcel, lengthIn: 109 }, 'metric')).toMatch(/up to 274.3 cm long$/);
  });

  it('sells a label for nothing, its tracking number from the idempotency key', async () => {
    const label = await adapter.buyLabel(labelRequest());
    expect(label).toMatchObject({
      trackingNumber: localTrackingNumber('key-1'),
      carrierShipmentId: localTrackingNumber('key-1'),
      amountMinor: 0,
      currency: 'USD',
      format: 'zpl',
      contentType: 'text/plain',
    });
    await expect(adapter.findLabel(labelRequest())).resolves.toEqual(label);
  });

  it('refuses a service, a parcel, a date or a key it cannot use', async () => {
    await expectInvalid(adapter.buyLabel(labelRequest({ serviceCode: 'PRIORITY_MAIL' })), /no service PRIORITY_MAIL/);
    await expectInvalid(adapter.buyLabel(labelRequest({ parcel: { ...parcel, lengthIn: 200 } })), /in long/);
    await expectInvalid(adapter.buyLabel(labelRequest({ shipDate: '25/11/2026' })), /not a date/);
    await expectInvalid(adapter.buyLabel(labelRequest({ idempotencyKey: '' })), /idempotency key/);
    await expectInvalid(
      adapter.buyLabel(labelRequest({ format: 'gif' as LabelRequest['format'] })),
      /no label format gif/,
    );
  });

  it('voids without a charge and does not track (the seller marks its parcels delivered)', async () => {
    const label = { trackingNumber: 'SDL0000000000000000', carrierShipmentId: 'SDL0000000000000000', shipDate: '' };
    await expect(adapter.voidLabel(label)).resolves.toEqual({ status: 'voided', message: null });
    expect(adapter.trackParcels).toBeUndefined();
  });

  it('stops when the caller aborts', async () => {
    const signal = AbortSignal.abort();
    await expect(adapter.buyLabel(labelRequest(), signal)).rejects.toThrow();
    await expect(adapter.rates(rateRequest([]), signal)).rejects.toThrow();
  });
});
