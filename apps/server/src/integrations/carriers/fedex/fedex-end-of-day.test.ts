import { startFakeFedex } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { PickupRequest } from '../carrier-types.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, SECRET_KEY } from './fedex-test-kit.ts';

const setup = fedexSetup(() =>
  startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER }),
);
const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const pickup = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  address: {
    name: 'Dana Whitfield',
    company: 'Acme Outdoor LLC',
    street1: '120 Harbor Way',
    street2: 'Suite 4',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98104',
    country: 'US',
    phone: '+1 (206) 555-0134',
    email: null,
    residential: false,
  },
  pickupDate: TOMORROW,
  readyBy: '10:00',
  closeBy: '18:00',
  parcels: 2,
  weightGrams: 2_000,
  location: 'Side door',
  serviceCodes: ['FEDEX_GROUND', 'FEDEX_2_DAY'],
  ...overrides,
});

describe('FedEx pickups', () => {
  it('books a Ground pickup for a day with Ground parcels and cancels it with its date and carrier code', async () => {
    const { fake, adapter } = await setup();
    const booked = await adapter.bookPickup!(pickup());
    const kept = fake.pickups.get(booked.confirmation)!;
    expect(kept).toMatchObject({ carrierCode: 'FDXG', scheduledDate: TOMORROW, packageCount: 2 });
    await adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: TOMORROW });
    expect(kept.canceled).toBe(true);
  });

  it('books an Express pickup, keeps its location in the confirmation, and cancels it with both', async () => {
    const { fake, adapter } = await setup();
    const booked = await adapter.bookPickup!(pickup({ serviceCodes: ['PRIORITY_OVERNIGHT'] }));
    expect(booked.confirmation).toMatch(/^\w+\/NQAA$/);
    const code = booked.confirmation.split('/')[0]!;
    expect(fake.pickups.get(code)!.carrierCode).toBe('FDXE');
    await adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: TOMORROW });
    expect(fake.pickups.get(code)!.canceled).toBe(true);
  });

  it('refuses a past date and an unknown confirmation in FedEx’s words', async () => {
    const { adapter } = await setup();
    const past = await expectChannelError(adapter.bookPickup!(pickup({ pickupDate: '2020-01-06' })));
    expect(past.platformMessage).toMatch(/cannot be in the past/);
    const unknown = await expectChannelError(
      adapter.cancelPickup!({ confirmation: 'G0000FFFF', pickupDate: TOMORROW }),
    );
    expect(unknown.platformMessage).toMatch(/do not match a scheduled pickup/);
  });
});
