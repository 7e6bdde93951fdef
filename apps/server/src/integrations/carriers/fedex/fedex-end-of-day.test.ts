import { startFakeFedex } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { PickupRequest } from '../carrier-types.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, SECRET_KEY } from './fedex-test-kit.ts';

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

describe('FedEx Ground End of Day Close', () => {
  const otherAccount = fedexSetup(() =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: '999999999' }),
  );
  const DAY = labelRequest().shipDate;
  // FedEx Ground goes to businesses (Home Delivery to homes).
  const business = { ...labelRequest().to, residential: false };
  const close = (adapter: Awaited<ReturnType<typeof setup>>['adapter'], serviceCode: string) =>
    adapter.createScanForm!({
      labels: [{ trackingNumber: 'x', shipDate: DAY, carrierShipmentId: 'x', serviceCode }],
      from: labelRequest().from,
      shipDate: DAY,
    });

  it('closes the day’s Ground labels not closed yet and keeps the MANIFEST; a second close finds none left', async () => {
    const { fake, adapter, calls } = await setup();
    const ground = await adapter.buyLabel(labelRequest({ serviceCode: 'FEDEX_GROUND', to: business }));
    const home = await adapter.buyLabel(labelRequest());
    await adapter.buyLabel(labelRequest({ serviceCode: 'PRIORITY_OVERNIGHT' }));
    const form = await close(adapter, 'FEDEX_GROUND');
    expect(form.contentType).toBe('application/pdf');
    expect(Buffer.from(form.document).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(form.carrierRef).toBe(fake.closes[0]!.shippingCycle);
    expect(fake.closes[0]!.trackingNumbers).toEqual([ground.trackingNumber, home.trackingNumber]);
    const sent = JSON.parse((calls('/ship/v1/endofday/')[0] as unknown as { body: string }).body) as object;
    expect(sent).toMatchObject({
      closeReqType: 'GCDR',
      groundServiceCategory: 'GROUND',
      closeDate: DAY,
      accountNumber: { value: ACCOUNT_NUMBER },
    });

    const again = await expectChannelError(close(adapter, 'FEDEX_GROUND'));
    expect(again.platformMessage).toMatch(/No FedEx Ground shipments were found to close/);
    // A later Ground label goes on the next close of the same day.
    const later = await adapter.buyLabel(labelRequest({ serviceCode: 'FEDEX_GROUND', to: business }));
    await close(adapter, 'FEDEX_GROUND');
    expect(fake.closes[1]!.trackingNumbers).toEqual([later.trackingNumber]);
  });

  it('does not ask FedEx for an Express-only day, and FedEx refuses another account', async () => {
    const { adapter, calls } = await setup();
    const express = await expectChannelError(close(adapter, 'PRIORITY_OVERNIGHT'));
    expect(express.message).toMatch(/needs a Ground or Home Delivery label/);
    expect(calls('/ship/v1/endofday/')).toHaveLength(0);

    const other = await otherAccount();
    const refused = await expectChannelError(close(other.adapter, 'FEDEX_GROUND'));
    expect(refused.platformMessage).toMatch(/does not match the credentials/);
  });
});
