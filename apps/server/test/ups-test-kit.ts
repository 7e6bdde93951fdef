import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeClock, type FakeUps } from '@shipdesk/fakes';
import { quickHttp } from './adapter-test-kit.ts';
import type { CarrierAdapter, LabelRequest, ShipmentAddress } from '../src/integrations/carriers/carrier-types.ts';
import { createUpsAdapter } from '../src/integrations/carriers/ups/ups-adapter.ts';

/**
 * The UPS adapter's tests' account, addresses and parcel, and an adapter on a fresh fake UPS.
 */

export const UPS_TEST_SHIPPER = '1A2B3C';
/** A 1Z number of the right shape that the fake never sold. */
export const UPS_UNKNOWN_NUMBER = '1Z999AA10123456784';
const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';

export const UPS_FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '12380 Morris Rd',
  street2: null,
  city: 'Alpharetta',
  state: 'GA',
  postalCode: '30005',
  country: 'US',
  phone: '(678) 555-0100',
  email: null,
  residential: false,
};

export const UPS_TO: ShipmentAddress = {
  ...UPS_FROM,
  name: 'Joe Doe',
  company: null,
  city: 'Timonium',
  state: 'MD',
  postalCode: '21093',
};

/** A Ground label to `to` (merged over UPS_TO), ZPL, with a fresh idempotency key. */
export const upsTestLabel = (to: Partial<ShipmentAddress> = {}): LabelRequest => ({
  from: UPS_FROM,
  to: { ...UPS_TO, ...to },
  parcel: { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: '02' },
  shipDate: new Date().toISOString().slice(0, 10),
  reference: '#1001',
  serviceCode: '03',
  format: 'zpl',
  idempotencyKey: randomUUID(),
});

/** A fake UPS (on `clock` when given) and the adapter of an account on it; `keep` closes the fake after the test. */
export async function upsOnFake(
  keep: <T extends { close(): Promise<void> }>(server: T) => T,
  options: { clock?: FakeClock; retries?: number } = {},
): Promise<{ fake: FakeUps; adapter: CarrierAdapter }> {
  const fake = keep(
    await startFakeUps({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: UPS_TEST_SHIPPER, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([], options.retries === undefined ? {} : { retries: options.retries }) },
  );
  return { fake, adapter };
}
