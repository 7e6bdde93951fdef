import { FakeClock, type FakeUps } from '@shipdesk/fakes';
import { TRACKING_STATUSES, type TrackingStatus } from '@shipdesk/contract';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { ShipmentAddress } from '../carrier-types.ts';
import { upsOnFake, upsTestLabel, UPS_FROM, UPS_TO, UPS_UNKNOWN_NUMBER } from '../../../../test/ups-test-kit.ts';
import { upsStatusOf, upsTrackedParcel, upsTrackingLimits } from './ups-tracking.ts';
import type { UpsTrackActivity } from './ups-wire.ts';

const keep = closeAfterEach();

async function setup() {
  const clock = new FakeClock();
  const { fake, adapter } = await upsOnFake(keep, { clock });
  const request = upsTestLabel;
  const buy = async (to: Partial<ShipmentAddress> = {}) => (await adapter.buyLabel(request(to))).trackingNumber;
  const track = async (numbers: string[]) => adapter.trackParcels!(numbers);
  const statusOf = async (number: string) => (await track([number])).get(number)?.status;
  return { fake, clock, adapter, request, buy, track, statusOf };
}

const trackCalls = (fake: FakeUps) => fake.requests.filter((r) => r.path.startsWith('/api/track/'));

describe('UPS trackParcels against the fake', () => {
  it('reaches every status of the table along the fake journeys, one number per call, unknown numbers absent', async () => {
    const { fake, clock, adapter, request, buy, track, statusOf } = await setup();
    const delivered = await buy();
    const exception = await buy({ name: 'EXCEPTION Desk' });
    const returned = await buy({ street1: '1 RETURNED Way' });
    const pickup = await buy({ name: 'PICKUP Joe' });
    const voided = await adapter.buyLabel(request());
    const returnLabel = await adapter.buyReturnLabel!({
      ...request(),
      from: UPS_TO,
      to: UPS_FROM,
      rma: 'RMA-1',
      payOnUse: false,
      outboundTrackingNumber: delivered,
    });
    await adapter.voidLabel({ ...voided, shipDate: request().shipDate });
    const reached = new Set<TrackingStatus>();
    const seen = async (number: string) => {
      const status = await statusOf(number);
      if (status) reached.add(status);
      return status;
    };

    expect(await seen(delivered)).toBe('label_created');
    expect(await seen(voided.trackingNumber)).toBe('voided');
    clock.advanceHours(3);
    expect(await seen(delivered)).toBe('in_transit');
    clock.advanceHours(22);
    expect(await seen(delivered)).toBe('out_for_delivery');
    clock.advanceHours(6);
    expect(await seen(delivered)).toBe('delivered');
    expect(await seen(returnLabel.trackingNumber)).toBe('delivered');
    expect(await seen(pickup)).toBe('available_for_pickup');
    expect(await seen(exception)).toBe('exception');
    clock.advanceHours(30);
    expect(await seen(returned)).toBe('returned');
    expect([...reached].sort()).toEqual([...TRACKING_STATUSES].sort());

    const before = fake.trackingCalls();
    const numbers = [delivered, exception, returned, pickup, voided.trackingNumber, UPS_UNKNOWN_NUMBER];
    const answer = await track(numbers);
    expect(fake.trackingCalls() - before).toBe(numbers.length);
    expect(
      trackCalls(fake)
        .slice(-numbers.length)
        .map((r) => r.path),
    ).toEqual(numbers.map((n) => `/api/track/v1/details/${n}`));
    expect(trackCalls(fake).at(-1)!.query.get('locale')).toBe('en_US');
    expect([...answer.keys()]).toEqual(numbers.slice(0, -1));
    expect(answer.has(UPS_UNKNOWN_NUMBER)).toBe(false);
    expect(adapter.trackingLimits).toEqual({ perCall: 1, calls: 60, windowSeconds: 60 });
  });

  it('answers events newest first with their offsets and codes, and the promised day', async () => {
    const { clock, buy, track } = await setup();
    const promised = new Date(clock.now() + 48 * 3_600_000).toISOString().slice(0, 10);
    const number = await buy();
    clock.advanceHours(31);
    const parcel = (await track([number])).get(number)!;
    expect(parcel.expectedDelivery).toBe(promised);
    expect(parcel.events.map((e) => [e.status, e.code])).toEqual([
      ['delivered', '011'],
      ['out_for_delivery', '021'],
      ['in_transit', '010'],
      ['in_transit', '005'],
      ['in_transit', '038'],
      ['label_created', '003'],
    ]);
    const times = parcel.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(parcel.events[0]).toMatchObject({
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/),
      description: 'Delivered',
      location: 'TIMONIUM, MD 21093, US',
    });
  });

  it("throws the client's ChannelError on a 429, an outage or another 404; a TW 404 is an unknown number", async () => {
    const throttled = await setup();
    const number = await throttled.buy();
    throttled.fake.throttleNext({ times: 10 });
    expect((await expectChannelError(throttled.track([number]))).kind).toBe('rate_limited');

    const { fake, buy, track } = await setup();
    const other = await buy();
    fake.failWithServerError({ times: 10, path: /^\/api\/track\// });
    expect((await expectChannelError(track([other]))).kind).toBe('unavailable');
    const notFound = (code: string) => ({
      kind: 'status' as const,
      status: 404,
      body: { response: { errors: [{ code, message: 'Tracking number information not found' }] } },
    });
    const fresh = await setup();
    const known = await fresh.buy();
    fresh.fake.fail(notFound('TW0001'), { path: /^\/api\/track\// });
    expect((await fresh.track([known])).size).toBe(0);
    fresh.fake.fail(notFound('10404'), { path: /^\/api\/track\// });
    expect((await expectChannelError(fresh.track([known]))).kind).toBe('not_found');
    expect((await fresh.track([known])).get(known)?.status).toBe('label_created');
  });
});

const at = (status: UpsTrackActivity['status'], date: string, time: string, more: Partial<UpsTrackActivity> = {}) => ({
  status,
  date,
  time,
  ...more,
});

describe('the UPS status table', () => {
  it('maps types and status codes as 7.1 says, specific codes first', () => {
    const cases: Array<[string, string, TrackingStatus | null]> = [
      ['M', '003', 'label_created'],
      ['MV', '003', 'voided'],
      ['I', '038', 'in_transit'],
      ['I', '005', 'in_transit'],
      ['I', '006', 'out_for_delivery'],
      ['I', '072', 'out_for_delivery'],
      ['X', '006', 'exception'],
      ['D', '011', 'delivered'],
      ['D', '161', 'available_for_pickup'],
      ['X', '013', 'exception'],
      ['X', '034', 'returned'],
      ['I', '081', 'returned'],
      ['U', '999', null],
    ];
    for (const [type, statusCode, status] of cases) expect(upsStatusOf({ type, statusCode })).toBe(status);
  });

  it('keeps the status before an unknown code, sorts by time, reads times without an offset', () => {
    const parcel = upsTrackedParcel('1ZX', {
      activity: [
        // UPS's own order put an older scan first: the adapter sorts by time.
        at({ type: 'I', statusCode: '005', description: 'Departed' }, '20260302', '080000', {
          gmtDate: '20260302',
          gmtTime: '130000',
        }),
        at({ type: 'U', statusCode: '999', description: 'Something new' }, '20260303', '090000', {
          gmtOffset: '-06:00',
        }),
        at({ type: 'M', statusCode: '003', description: 'Label' }, '20260301', '74700'),
        at({ type: 'I', statusCode: '038' }, '', '100000'),
      ],
      deliveryDate: [
        { type: 'SDD', date: '20260304' },
        { type: 'RDD', date: '20260305' },
      ],
    });
    expect(parcel.events).toEqual([
      {
        at: '2026-03-03T09:00:00-06:00',
        status: 'in_transit',
        code: '999',
        description: 'Something new',
        location: null,
      },
      { at: '2026-03-02T13:00:00Z', status: 'in_transit', code: '005', description: 'Departed', location: null },
      { at: '2026-03-01T07:47:00Z', status: 'label_created', code: '003', description: 'Label', location: null },
    ]);
    expect(parcel.status).toBe('in_transit');
    expect(parcel.expectedDelivery).toBe('2026-03-05');

    const first = upsTrackedParcel('1ZY', {
      activity: [at({ type: 'U', description: 'Update' }, '20260301', '100000')],
    });
    expect(first.events[0]!.status).toBe('in_transit');
    expect(upsTrackedParcel('1ZZ', { currentStatus: { type: 'M' } })).toMatchObject({
      status: 'label_created',
      events: [],
      expectedDelivery: null,
    });
  });

  it('takes the account’s tracking pace, 60 a minute by default', () => {
    expect(upsTrackingLimits({ trackingCallsPerMinute: '240' })).toEqual({ perCall: 1, calls: 240, windowSeconds: 60 });
    expect(upsTrackingLimits({ trackingCallsPerMinute: 'lots' }).calls).toBe(60);
  });
});
