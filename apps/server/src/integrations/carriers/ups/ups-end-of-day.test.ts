import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { PickupRequest } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';

const CLIENT_ID = 'ups-client-id-eod';
const CLIENT_SECRET = 'ups-client-secret';
const keep = closeAfterEach();

async function setup() {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }));
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: '1A2B3C', apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([]) },
  );
  return { fake, adapter };
}

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const pickup = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  address: {
    name: 'Dock Team',
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
  },
  pickupDate: TOMORROW,
  readyBy: '09:30',
  closeBy: '17:00',
  parcels: 4,
  weightGrams: 4_000,
  location: null,
  serviceCodes: ['03'],
  ...overrides,
});

describe('UPS pickups', () => {
  it('books a pickup (PRN) with the window, the pieces and the weight, and cancels it by PRN', async () => {
    const { fake, adapter } = await setup();
    const booked = await adapter.bookPickup!(pickup());
    expect(fake.pickups.get(booked.confirmation)).toMatchObject({
      pickupDate: TOMORROW.replaceAll('-', ''),
      pieces: 4,
    });
    const sent = JSON.parse(fake.requests.find((r) => r.path.endsWith('/pickup') && r.method === 'POST')!.body) as {
      PickupCreationRequest: { PickupDateInfo: object; PickupPiece: object[]; TotalWeight: object };
    };
    expect(sent.PickupCreationRequest.PickupDateInfo).toMatchObject({ ReadyTime: '0930', CloseTime: '1700' });
    expect(sent.PickupCreationRequest.PickupPiece[0]).toMatchObject({ ServiceCode: '003', Quantity: '4' });
    expect(sent.PickupCreationRequest.TotalWeight).toEqual({ Weight: '8.9', UnitOfMeasurement: 'LBS' });
    await adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: TOMORROW });
    expect(fake.pickups.get(booked.confirmation)!.canceled).toBe(true);
    const again = await expectChannelError(
      adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: TOMORROW }),
    );
    expect(again.platformMessage).toMatch(/No pending pickup/);
  });

  it('refuses a close time before the ready time in UPS’s words, and an address without a phone before calling', async () => {
    const { fake, adapter } = await setup();
    const early = await expectChannelError(adapter.bookPickup!(pickup({ readyBy: '17:00', closeBy: '09:00' })));
    expect(early.platformMessage).toMatch(/later than the ReadyTime/);
    const noPhone = await expectChannelError(
      adapter.bookPickup!(pickup({ address: { ...pickup().address, phone: null } })),
    );
    expect(noPhone.message).toMatch(/phone number/);
    expect(fake.pickups.size).toBe(0);
  });
});
