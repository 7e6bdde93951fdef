import { FakeClock, startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, rateRequest, SECRET_KEY } from './fedex-test-kit.ts';
import {
  FEDEX_TRACKING_LIMITS,
  fedexCheckDigit,
  fedexParcel,
  fedexTime,
  isValidFedexTrackingNumber,
} from './fedex-tracking.ts';

const TRACK = '/track/v1/trackingnumbers';
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[-+]\d{2}:\d{2}$/;

describe('FedEx tracking against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({
      clientId: API_KEY,
      clientSecret: SECRET_KEY,
      accountNumber: ACCOUNT_NUMBER,
      clock: new FakeClock(),
      ...options,
    }),
  );

  /** A label to a recipient whose name picks the fake's journey (EXCEPTION, RETURNED, PICKUP, LATE). */
  async function bought(adapter: Awaited<ReturnType<typeof setup>>['adapter'], name = 'Priya Raman') {
    const label = await adapter.buyLabel(labelRequest({ to: rateRequest([], { name }).to }));
    return label.trackingNumber;
  }

  it('follows a label from created to delivered, newest scan first, in local times with their offsets', async () => {
    const { fake, adapter, calls } = await setup();
    const number = await bought(adapter);
    const track = async () => (await adapter.trackParcels!([number])).get(number)!;

    const created = await track();
    const promised = new Date(fake.labels.get(number)!.soldAt + 48 * 3_600_000).toISOString().slice(0, 10);
    expect(created).toMatchObject({ trackingNumber: number, status: 'label_created', expectedDelivery: promised });
    expect(created.events).toEqual([
      expect.objectContaining({ status: 'label_created', code: 'OC', location: 'COLUMBUS, OH, US' }),
    ]);
    expect(JSON.parse(calls(TRACK)[0]!.body)).toEqual({
      includeDetailedScans: true,
      trackingInfo: [{ trackingNumberInfo: { trackingNumber: number } }],
    });

    const seen: string[] = [];
    for (const hours of [2, 6, 12, 4, 6]) {
      fake.clock.advanceHours(hours);
      seen.push((await track()).status);
    }
    expect(seen).toEqual(['in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);

    const delivered = await track();
    expect(delivered.events.map((e) => [e.code, e.status])).toEqual([
      ['DL', 'delivered'],
      ['OD', 'out_for_delivery'],
      ['AR', 'in_transit'],
      ['DP', 'in_transit'],
      ['PU', 'in_transit'],
      ['OC', 'label_created'],
    ]);
    expect(delivered.events[0]).toMatchObject({ description: 'Delivered', location: 'SPRINGFIELD, IL, US' });
    for (const event of delivered.events) expect(event.at).toMatch(ZONED);
    const times = delivered.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Delivered: FedEx no longer estimates.
    expect(delivered.expectedDelivery).toBeNull();
  });

  it("reaches every status of FedEx's table: exception, ready for pickup, returned, and a late parcel", async () => {
    const { fake, adapter } = await setup();
    const exception = await bought(adapter, 'Pat EXCEPTION');
    const pickup = await bought(adapter, 'Sam PICKUP');
    const returned = await bought(adapter, 'Kim RETURNED');
    const late = await bought(adapter, 'Lee LATE');
    const statuses = async () => {
      const parcels = await adapter.trackParcels!([exception, pickup, returned, late]);
      return [exception, pickup, returned, late].map((n) => parcels.get(n)!.status);
    };

    fake.clock.advanceHours(30);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'exception', 'in_transit']);
    const parcels = await adapter.trackParcels!([exception, pickup]);
    expect(parcels.get(exception)!.events[0]).toMatchObject({
      code: 'DE',
      description: 'Delivery exception: Customer not available or business closed',
    });
    expect(parcels.get(pickup)!.events[0]).toMatchObject({ code: 'HP', description: 'Ready for recipient pickup' });

    fake.clock.advanceHours(100);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'returned', 'in_transit']);
    fake.clock.advanceHours(16);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'returned', 'delivered']);
  });

  it('leaves out numbers FedEx does not know, and a cancelled label, which is gone from tracking', async () => {
    const { adapter } = await setup();
    const number = await bought(adapter);
    const voided = await bought(adapter);
    await adapter.voidLabel({ trackingNumber: voided, carrierShipmentId: voided, shipDate: '2026-06-02' });
    const parcels = await adapter.trackParcels!([number, '123456789012', voided]);
    expect([...parcels.keys()]).toEqual([number]);
  });

  it('asks 30 numbers a request: 31 numbers take two', async () => {
    const { adapter, calls } = await setup();
    const numbers = [await bought(adapter), await bought(adapter)];
    const strangers = Array.from({ length: 29 }, (_, i) => `7700000000${String(i).padStart(2, '0')}`);
    const parcels = await adapter.trackParcels!([...strangers, ...numbers]);
    expect(FEDEX_TRACKING_LIMITS).toEqual({ perCall: 30, calls: 1_400, windowSeconds: 10 });
    const sizes = calls(TRACK).map((call) => JSON.parse(call.body).trackingInfo.length);
    expect(sizes).toEqual([30, 1]);
    expect([...parcels.keys()].sort()).toEqual([...numbers].sort());
  });

  it("throws FedEx's throttling, in its words", async () => {
    const { fake, adapter } = await setup();
    const number = await bought(adapter);
    fake.throttleNext({ times: 10, path: /^\/track\// });
    const throttled = await expectChannelError(adapter.trackParcels!([number]));
    expect(throttled.kind).toBe('rate_limited');
    expect(throttled.platformMessage).toContain('TOO.MANY.REQUESTS');
  });

  it('throws an outage rather than answering no parcels', async () => {
    const { fake, adapter } = await setup();
    const number = await bought(adapter);
    fake.failWithServerError({ times: 10, path: /^\/track\// });
    expect((await expectChannelError(adapter.trackParcels!([number]))).kind).toBe('unavailable');
  });
});

describe("FedEx's track answer, read", () => {
  it('keeps the status of the scan before for a code the table does not know, in transit after label created', () => {
    const parcel = fedexParcel('794953535000', {
      latestStatusDetail: { code: 'ZZ' },
      scanEvents: [
        { date: '2026-06-03T15:00:00', eventType: 'QQ', eventDescription: 'Some scan' },
        { date: '2026-06-03T08:00:00-05:00', eventType: 'OD', eventDescription: 'On FedEx vehicle for delivery' },
        { date: '2026-06-02T10:00:00-04:00', eventType: 'LP', eventDescription: 'Left FedEx origin facility' },
        { date: '2026-06-02T09:00:00-04:00', eventType: 'OC', eventDescription: 'Shipment information sent' },
        { date: 'soon', eventType: 'DL' },
      ],
      estimatedDeliveryTimeWindow: {
        window: { begins: '2026-06-04T08:00:00-05:00', ends: '2026-06-04T20:00:00-05:00' },
      },
    });
    expect(parcel.events.map((e) => [e.at, e.code, e.status])).toEqual([
      // No offset: read as UTC.
      ['2026-06-03T15:00:00Z', 'QQ', 'out_for_delivery'],
      ['2026-06-03T08:00:00-05:00', 'OD', 'out_for_delivery'],
      ['2026-06-02T10:00:00-04:00', 'LP', 'in_transit'],
      ['2026-06-02T09:00:00-04:00', 'OC', 'label_created'],
    ]);
    // FedEx's own latest code is unknown: the newest scan's status stands.
    expect(parcel.status).toBe('out_for_delivery');
    expect(parcel.expectedDelivery).toBe('2026-06-04');
    expect(fedexParcel('1', { latestStatusDetail: { code: 'DL' } })).toMatchObject({ status: 'delivered', events: [] });
    expect(fedexTime('2026-06-03T09:00:00.000Z')).toBe('2026-06-03T09:00:00.000Z');
    expect(fedexTime(undefined)).toBeNull();
  });
});

describe('FedEx tracking numbers', () => {
  it('checks the twelfth digit of an Express number', () => {
    expect(fedexCheckDigit('12345678901')).toBe(2);
    expect(isValidFedexTrackingNumber('123456789012')).toBe(true);
    expect(isValidFedexTrackingNumber('123456789013')).toBe(false);
    // Ground's 15-digit numbers and others carry other checks: digits suffice.
    expect(isValidFedexTrackingNumber('961234567890123')).toBe(true);
    expect(isValidFedexTrackingNumber('1Z999AA10123456784')).toBe(false);
  });
});
