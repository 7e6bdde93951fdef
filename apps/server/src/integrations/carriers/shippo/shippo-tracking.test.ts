import { FakeClock, startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter } from '../carrier-types.ts';
import { labelRequest, OWNER, rateRequest, shippoSetup, TOKEN } from './shippo-test-kit.ts';
import { shippoCarrierOf, shippoParcel, shippoTrackingLimits } from './shippo-tracking.ts';

describe('Shippo tracking against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, clock: new FakeClock(), ...options }),
  );

  /** A label to a recipient whose name picks the fake's journey (EXCEPTION, RETURNED, PICKUP, LATE). */
  async function bought(adapter: CarrierAdapter, name = 'Priya Raman', serviceCode = 'usps_priority') {
    const label = await adapter.buyLabel(labelRequest({ serviceCode, to: rateRequest([], { name }).to }));
    return label.trackingNumber;
  }

  it("follows a label from created to delivered, asking the label's carrier, newest event first", async () => {
    const { fake, adapter, calls } = await setup();
    const number = await bought(adapter);
    const track = async () => (await adapter.trackParcels!([number])).get(number)!;

    const created = await track();
    const promised = new Date(fake.labels.get(number)!.soldAt + 48 * 3_600_000).toISOString().slice(0, 10);
    expect(created).toMatchObject({ trackingNumber: number, status: 'label_created', expectedDelivery: promised });
    expect(calls('GET', `/tracks/usps/${number}`)).toHaveLength(1);

    const seen: string[] = [];
    for (const hours of [2, 22, 6]) {
      fake.clock.advanceHours(hours);
      seen.push((await track()).status);
    }
    expect(seen).toEqual(['in_transit', 'out_for_delivery', 'delivered']);

    const delivered = await track();
    expect(delivered.events.map((e) => [e.code, e.status])).toEqual([
      ['DELIVERED/delivered', 'delivered'],
      ['TRANSIT/out_for_delivery', 'out_for_delivery'],
      ['TRANSIT/package_arrived', 'in_transit'],
      ['TRANSIT/package_departed', 'in_transit'],
      ['TRANSIT/package_accepted', 'in_transit'],
      ['PRE_TRANSIT/information_received', 'label_created'],
    ]);
    expect(delivered.events[0]).toMatchObject({
      description: 'Your shipment has been delivered.',
      location: 'SPRINGFIELD, IL, US',
    });
    for (const event of delivered.events) expect(event.at).toMatch(/Z$/);
    const times = delivered.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("reaches every status of Shippo's table: exception, pickup, returned, failure, a late parcel", async () => {
    const { fake, adapter } = await setup();
    const exception = await bought(adapter, 'Pat EXCEPTION');
    const pickup = await bought(adapter, 'Sam PICKUP');
    const returned = await bought(adapter, 'Kim RETURNED');
    const late = await bought(adapter, 'Lee LATE', 'ups_ground');
    const failed = await bought(adapter);
    const numbers = [exception, pickup, returned, late, failed];
    const statuses = async () => {
      const parcels = await adapter.trackParcels!(numbers);
      return numbers.map((n) => parcels.get(n)!.status);
    };

    fake.clock.advanceHours(10);
    // The test scans one by hand: its journey stops and Shippo's FAILURE follows.
    fake.scan(failed, 'FAILURE');
    fake.clock.advanceHours(20);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'exception', 'in_transit', 'exception']);
    const parcels = await adapter.trackParcels!([exception, failed]);
    // An address problem is TRANSIT at Shippo, with action required: an exception here.
    expect(parcels.get(exception)!.events[0]).toMatchObject({ code: 'TRANSIT/address_issue', status: 'exception' });
    expect(parcels.get(failed)!.events.map((e) => e.code)).toEqual([
      'FAILURE',
      'TRANSIT/package_departed',
      'TRANSIT/package_accepted',
      'PRE_TRANSIT/information_received',
    ]);

    fake.clock.advanceHours(100);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'returned', 'in_transit', 'exception']);
    fake.clock.advanceHours(16);
    expect(await statuses()).toEqual(['exception', 'available_for_pickup', 'returned', 'delivered', 'exception']);
  });

  it('leaves out a number no carrier knows; a refunded label stays label created, nothing after', async () => {
    const { fake, adapter, calls } = await setup();
    const ups = await bought(adapter, 'Priya Raman', 'ups_ground');
    const refunded = await adapter.buyLabel(labelRequest());
    await adapter.voidLabel({
      trackingNumber: refunded.trackingNumber,
      carrierShipmentId: refunded.carrierShipmentId,
      shipDate: '2026-06-02',
    });
    fake.clock.advanceHours(48);

    const parcels = await adapter.trackParcels!([ups, '9400111899223197428490', refunded.trackingNumber]);
    expect([...parcels.keys()]).toEqual([ups, refunded.trackingNumber]);
    expect(calls('GET', `/tracks/ups/${ups}`)).toHaveLength(1);
    expect(parcels.get(ups)!.status).toBe('delivered');
    expect(parcels.get(refunded.trackingNumber)).toMatchObject({ status: 'label_created' });
    expect(parcels.get(refunded.trackingNumber)!.events).toHaveLength(1);
  });

  it("tracks a return label to the seller's door", async () => {
    const { fake, adapter } = await setup();
    const { from: seller, to: buyer, customs: _customs, ...outbound } = labelRequest();
    const label = await adapter.buyReturnLabel!({
      ...outbound,
      from: buyer,
      to: seller,
      rma: 'RMA-1001-1',
      payOnUse: true,
      outboundTrackingNumber: null,
    });
    fake.clock.advanceHours(30);
    const parcel = (await adapter.trackParcels!([label.trackingNumber])).get(label.trackingNumber)!;
    expect(parcel.status).toBe('delivered');
    expect(parcel.events[0]!.location).toBe('SEATTLE, WA, US');
  });

  it('asks one number a call, within the limits of the token', async () => {
    const { fake, adapter } = await setup();
    const numbers = [await bought(adapter), await bought(adapter), await bought(adapter)];
    const before = fake.requests.filter((r) => r.path.startsWith('/tracks/')).length;
    expect((await adapter.trackParcels!(numbers)).size).toBe(3);
    expect(fake.requests.filter((r) => r.path.startsWith('/tracks/')).length - before).toBe(3);
    expect(adapter.trackingLimits).toEqual({ perCall: 1, calls: 4_000, windowSeconds: 60 });
    expect(shippoTrackingLimits('shippo_test_abc')).toEqual({ perCall: 1, calls: 400, windowSeconds: 60 });
  });

  it("throws Shippo's throttling", async () => {
    const { fake, adapter } = await setup();
    const number = await bought(adapter);
    fake.throttleNext({ times: 10, path: /^\/tracks\// });
    const error = await expectChannelError(adapter.trackParcels!([number]));
    expect(error.kind).toBe('rate_limited');
    expect(error.platformMessage).toMatch(/Request was throttled/);
  });
});

describe("Shippo's track, read", () => {
  it('keeps the status before for a status it does not know; UNKNOWN with no history is no parcel', () => {
    const parcel = shippoParcel('9400', {
      tracking_status: { status: 'UNKNOWN', status_date: '2026-06-03T10:00:00' },
      tracking_history: [
        { status: 'PRE_TRANSIT', status_date: '2026-06-02T10:00:00Z' },
        { status: 'TRANSIT', substatus: { code: 'out_for_delivery' }, status_date: '2026-06-03T08:00:00Z' },
        { status: 'UNKNOWN', status_details: 'Carrier update', status_date: '2026-06-03T10:00:00' },
        { status: 'DELIVERED', status_date: 'never' },
      ],
      eta: '2026-06-04T00:00:00Z',
    });
    expect(parcel).toMatchObject({ status: 'out_for_delivery', expectedDelivery: '2026-06-04' });
    expect(parcel!.events.map((e) => [e.at, e.status, e.description])).toEqual([
      ['2026-06-03T10:00:00Z', 'out_for_delivery', 'Carrier update'],
      ['2026-06-03T08:00:00Z', 'out_for_delivery', 'TRANSIT'],
      ['2026-06-02T10:00:00Z', 'label_created', 'PRE_TRANSIT'],
    ]);
    expect(shippoParcel('9400', { tracking_status: { status: 'UNKNOWN' }, tracking_history: [] })).toBeNull();
  });

  it("reads the carrier off a tracking number's form", () => {
    expect(shippoCarrierOf('1Z999AA10123456784')).toBe('ups');
    expect(shippoCarrierOf('123456789012')).toBe('fedex');
    expect(shippoCarrierOf('9612019123456789012345')).toBe('fedex');
    expect(shippoCarrierOf('9205590006662200704797')).toBe('usps');
    expect(shippoCarrierOf('EA123456785US')).toBe('usps');
  });
});
