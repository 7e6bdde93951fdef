import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, LabelRequest, PickupRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';

const CLIENT_ID = 'usps-consumer-key-eod';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
const WAREHOUSE: ShipmentAddress = {
  name: 'Dock Team',
  company: 'Shipdesk Demo',
  street1: '4120 Bingham Ave',
  street2: null,
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
  phone: '+1 (314) 555-0100',
  email: 'dock@example.com',
  residential: false,
};
const BUYER: ShipmentAddress = {
  ...WAREHOUSE,
  name: 'Joe Doe',
  company: null,
  street1: '9 Elm St',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  residential: true,
};
const TODAY = new Date().toISOString().slice(0, 10);
const keep = closeAfterEach();

async function setup() {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], quota: null }),
  );
  const adapter: CarrierAdapter = createUspsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp() },
  );
  return { fake, adapter };
}

const label = (shipDate = TODAY): LabelRequest => ({
  from: WAREHOUSE,
  to: BUYER,
  parcel: { weightGrams: 900, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
  shipDate,
  reference: '#1001',
  serviceCode: 'USPS_GROUND_ADVANTAGE',
  format: 'pdf',
  idempotencyKey: randomUUID(),
});

const nextMonday = () => {
  const day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};
const pickup = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  address: WAREHOUSE,
  pickupDate: nextMonday(),
  readyBy: '09:00',
  closeBy: '17:00',
  parcels: 3,
  weightGrams: 2_700,
  location: 'Reception',
  serviceCodes: ['USPS_GROUND_ADVANTAGE'],
  ...overrides,
});

describe('USPS SCAN forms', () => {
  it('makes one form for the day’s labels of a ship-from address and answers its number and PDF', async () => {
    const { fake, adapter } = await setup();
    const bought = await Promise.all([adapter.buyLabel(label()), adapter.buyLabel(label())]);
    const form = await adapter.createScanForm!({
      labels: bought.map((b) => ({
        trackingNumber: b.trackingNumber,
        shipDate: TODAY,
        carrierShipmentId: b.carrierShipmentId,
        serviceCode: 'USPS_GROUND_ADVANTAGE',
      })),
      from: WAREHOUSE,
      shipDate: TODAY,
    });
    expect(form.contentType).toBe('application/pdf');
    expect(Buffer.from(form.document).toString('latin1')).toMatch(/^%PDF-/);
    expect(form.carrierRef).toBe(fake.scanForms[0]!.manifestNumber);
    expect(fake.scanForms[0]!.trackingNumbers).toEqual(bought.map((b) => b.trackingNumber));
    const sent = JSON.parse(fake.requests.find((r) => r.path === '/scan-forms/v3/scan-form')!.body) as {
      entryFacilityZIPCode: string;
      fromAddress: { firm: string };
    };
    expect(sent).toMatchObject({ entryFacilityZIPCode: '63116', fromAddress: { firm: 'Shipdesk Demo' } });
  });

  it('is refused in USPS’s words for a voided label', async () => {
    const { fake, adapter } = await setup();
    const bought = await adapter.buyLabel(label());
    await adapter.voidLabel({
      trackingNumber: bought.trackingNumber,
      carrierShipmentId: bought.carrierShipmentId,
      shipDate: TODAY,
    });
    const error = await expectChannelError(
      adapter.createScanForm!({
        labels: [
          {
            trackingNumber: bought.trackingNumber,
            shipDate: TODAY,
            carrierShipmentId: bought.carrierShipmentId,
            serviceCode: 'USPS_GROUND_ADVANTAGE',
          },
        ],
        from: WAREHOUSE,
        shipDate: TODAY,
      }),
    );
    expect(error.kind).toBe('invalid');
    expect(error.platformMessage).toMatch(/has been canceled and cannot be included on a SCAN Form/);
    expect(fake.scanForms).toHaveLength(0);
  });
});

describe('USPS Carrier Pickup', () => {
  it('books a pickup (package type, weight in pounds, location) and cancels it with the ETag', async () => {
    const { fake, adapter } = await setup();
    const booked = await adapter.bookPickup!(pickup());
    const kept = fake.pickups.get(booked.confirmation)!;
    expect(kept.request).toMatchObject({
      packages: [{ packageType: 'USPS_GROUND_ADVANTAGE', packageCount: 3 }],
      estimatedWeight: 6,
      pickupLocation: { packageLocation: 'RECEPTION' },
    });
    await adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: kept.request.pickupDate! });
    expect(kept.canceled).toBe(true);
    const again = await expectChannelError(
      adapter.cancelPickup!({ confirmation: booked.confirmation, pickupDate: kept.request.pickupDate! }),
    );
    expect(again.platformMessage).toMatch(/No scheduled pickup/);
  });

  it('refuses a past date in USPS’s words, and puts an unknown location in the instructions', async () => {
    const { fake, adapter } = await setup();
    const error = await expectChannelError(adapter.bookPickup!(pickup({ pickupDate: '2020-01-06' })));
    expect(error.platformMessage).toMatch(/in the past/);
    const booked = await adapter.bookPickup!(pickup({ location: 'Blue bin by the gate' }));
    expect(fake.pickups.get(booked.confirmation)!.request.pickupLocation).toEqual({
      packageLocation: 'OTHER',
      specialInstructions: 'Blue bin by the gate',
    });
  });
});
