import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, LabelRequest, ShipmentAddress, TrackedParcel } from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';

/** USPS tracking (Tracking 3.2's batch) against the fake, whose labels move along their journeys on its clock. */

const CLIENT_ID = 'usps-consumer-key-7f3a';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '4120 Bingham Ave',
  street2: null,
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
  phone: null,
  email: null,
  residential: false,
};
const TODAY = new Date().toISOString().slice(0, 10);
const HOUR = 3_600_000;

const keep = closeAfterEach();

async function setup(options: { fake?: Partial<FakeUspsOptions>; settings?: Record<string, string> } = {}) {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], ...options.fake }),
  );
  const adapter: CarrierAdapter = createUspsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url, ...options.settings },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp() },
  );
  /** A Ground Advantage label to `name` in Denver: the name's magic words choose its journey. */
  const buy = async (name = 'Joe Doe') => {
    const request: LabelRequest = {
      from: FROM,
      to: { ...FROM, name, company: null, street1: '9 Elm St', city: 'Denver', state: 'CO', postalCode: '80202' },
      parcel: { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: 'PACKAGE' },
      shipDate: TODAY,
      reference: '#1001',
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      format: 'pdf',
      idempotencyKey: randomUUID(),
    };
    return (await adapter.buyLabel(request)).trackingNumber;
  };
  const track = (numbers: readonly string[]) => adapter.trackParcels!(numbers);
  const trackingCalls = () => fake.requests.filter((request) => request.path === '/tracking/v3r2/tracking');
  return { fake, adapter, buy, track, trackingCalls };
}

const statusOf = (parcels: Map<string, TrackedParcel>, numbers: string[]) =>
  numbers.map((number) => parcels.get(number)?.status);

describe('USPS trackParcels against the fake', () => {
  it('reaches every status of the table as the parcels move, events newest first', async () => {
    const { fake, buy, track } = await setup();
    const numbers = [await buy(), await buy('Joe EXCEPTION'), await buy('Joe PICKUP'), await buy('Joe RETURNED')];
    const seen: Array<[number, Array<string | undefined>]> = [
      [0, ['label_created', 'label_created', 'label_created', 'label_created']],
      [8, ['in_transit', 'in_transit', 'in_transit', 'in_transit']],
      [24, ['out_for_delivery', 'in_transit', 'in_transit', 'in_transit']],
      [28, ['out_for_delivery', 'exception', 'available_for_pickup', 'exception']],
      [30, ['delivered', 'exception', 'available_for_pickup', 'exception']],
      [50, ['delivered', 'exception', 'available_for_pickup', 'returned']],
    ];
    let hours = 0;
    for (const [at, statuses] of seen) {
      fake.clock.advanceHours(at - hours);
      hours = at;
      expect(statusOf(await track(numbers), numbers)).toEqual(statuses);
    }

    const parcels = await track(numbers);
    const delivered = parcels.get(numbers[0]!)!;
    expect(delivered.events.map((event) => [event.code, event.status])).toEqual([
      ['01', 'delivered'],
      ['OF', 'out_for_delivery'],
      ['07', 'in_transit'],
      ['10', 'in_transit'],
      ['03', 'in_transit'],
      ['GX', 'label_created'],
    ]);
    expect(delivered.events[0]).toMatchObject({
      description: 'Delivered, In/At Mailbox',
      location: 'DENVER, CO 80202',
    });
    expect(
      parcels
        .get(numbers[3]!)!
        .events.slice(0, 2)
        .map((event) => event.code),
    ).toEqual(['09', '02']);
  });

  it("keeps each event's local offset, and says the promised day", async () => {
    const { fake, buy, track } = await setup();
    const promised = new Date(fake.clock.now() + 48 * HOUR).toISOString().slice(0, 10);
    const number = await buy();
    fake.clock.advanceHours(30);
    const parcel = (await track([number])).get(number)!;
    expect(parcel.expectedDelivery).toBe(promised);
    const [newest, ...rest] = parcel.events;
    const oldest = rest.at(-1)!;
    // Delivered in Denver (Mountain time); the label was made at the hub in Columbus, Ohio (Eastern time).
    expect(newest!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[67]:00$/);
    expect(oldest.at).toMatch(/-0[45]:00$/);
    expect(Date.parse(newest!.at) - Date.parse(oldest.at)).toBe(30 * HOUR);
  });

  it('leaves out a number USPS does not know, and shows a voided label as created and nothing after', async () => {
    const { fake, adapter, buy, track } = await setup();
    const kept = await buy();
    const voided = await buy();
    await adapter.voidLabel({ trackingNumber: voided, carrierShipmentId: voided, shipDate: TODAY });
    fake.clock.advanceHours(40);
    const parcels = await track([kept, '9205590006662200704797', voided]);
    expect([...parcels.keys()].sort()).toEqual([kept, voided].sort());
    expect(parcels.get(voided)).toMatchObject({ status: 'label_created', events: [{ code: 'GX' }] });
  });

  it("follows the fake's own scan and alert over the journey", async () => {
    const { fake, buy, track } = await setup();
    const scanned = await buy();
    const alerted = await buy();
    fake.scan(scanned);
    fake.alert(alerted);
    fake.clock.advanceHours(40);
    const parcels = await track([scanned, alerted]);
    expect(parcels.get(scanned)).toMatchObject({ status: 'in_transit', events: [{ code: '03' }, { code: 'GX' }] });
    expect(parcels.get(alerted)).toMatchObject({
      status: 'exception',
      events: [{ code: '53', description: 'Delivery Attempted - No Access to Delivery Location' }, { code: 'GX' }],
    });
  });

  it('asks at most 35 numbers a call, each number once', async () => {
    const { buy, track, trackingCalls } = await setup({ fake: { quota: null } });
    const sold = await buy();
    const unknown = Array.from({ length: 39 }, (_, i) => `92055900066622${String(10_000_000 + i)}`);
    const parcels = await track([sold, ...unknown, sold]);
    expect([...parcels.keys()]).toEqual([sold]);
    const bodies = trackingCalls().map((call) => JSON.parse(call.body) as Array<{ trackingNumber: string }>);
    expect(bodies.map((body) => body.length)).toEqual([35, 5]);
    expect(bodies.flat().map((item) => item.trackingNumber)).toEqual([sold, ...unknown]);
  });

  it('throws on the quota (429), an outage and refused credentials', async () => {
    const limited = await setup();
    const number = await limited.buy();
    limited.fake.setQuota({ requests: 0 });
    const throttled = await expectChannelError(limited.track([number]));
    expect(throttled).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(throttled.platformMessage).toMatch(/exceeded its quota/);

    const down = await setup();
    down.fake.failWithServerError({ times: 10, path: /^\/tracking\// });
    expect((await expectChannelError(down.track([number]))).kind).toBe('unavailable');

    const refused = await setup();
    refused.fake.expireTokens();
    refused.fake.fail({ kind: 'status', status: 401, body: { error: 'invalid_client' } }, { path: /^\/oauth2\// });
    expect((await expectChannelError(refused.track([number]))).kind).toBe('auth');
  });

  it('reads what USPS may send: offsets in the time or in GMTOffset, UTC only, unknown codes and categories', async () => {
    const { fake, track } = await setup();
    const event = (code: string, fields: Record<string, string>) => ({
      eventType: `Event ${code}`,
      eventCode: code,
      ...fields,
    });
    const body = [
      {
        trackingNumber: '9400100000000000000001',
        statusCode: '200',
        statusCategory: 'Something New',
        deliveryDateExpectation: { predictedDeliveryDate: '2026-03-02T00:00:00' },
        trackingEvents: [
          event('ZZ', { eventTimestamp: '2026-03-01T09:00:00', GMTTimestamp: '2026-03-01T17:00:00Z' }),
          event('OF', { eventTimestamp: '2026-03-01T08:00:00-08:00' }),
          event('YY', { eventTimestamp: '2026-02-28T10:15', GMTOffset: '-0600' }),
          event('XX', { eventTimestamp: '2026-02-27T10:00:00' }),
        ],
      },
      { trackingNumber: '9400100000000000000002', statusCode: '404', error: { message: 'Not Found' } },
    ];
    fake.fail({ kind: 'status', status: 207, body }, { path: /^\/tracking\// });
    const parcels = await track(['9400100000000000000001', '9400100000000000000002']);
    expect([...parcels.keys()]).toEqual(['9400100000000000000001']);
    const parcel = parcels.get('9400100000000000000001')!;
    expect(parcel).toMatchObject({ status: 'out_for_delivery', expectedDelivery: '2026-03-02' });
    // An unknown first code is a scan (in transit); a later one keeps the status before it.
    expect(parcel.events.map((e) => [e.code, e.status, e.at])).toEqual([
      ['ZZ', 'out_for_delivery', '2026-03-01T17:00:00.000Z'],
      ['OF', 'out_for_delivery', '2026-03-01T08:00:00-08:00'],
      ['YY', 'in_transit', '2026-02-28T10:15:00-06:00'],
      ['XX', 'in_transit', '2026-02-27T10:00:00Z'],
    ]);
  });

  it('says its limits: 35 a call, 30 calls an hour unless the account says more', async () => {
    expect((await setup()).adapter.trackingLimits).toEqual({ perCall: 35, calls: 30, windowSeconds: 3600 });
    const raised = await setup({ settings: { trackingCallsPerHour: '500' } });
    expect(raised.adapter.trackingLimits).toEqual({ perCall: 35, calls: 500, windowSeconds: 3600 });
  });
});
