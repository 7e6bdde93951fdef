import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, journeyFor } from '../tracking/fake-parcel-journey.ts';
import { fedexScans, localTime } from './fake-fedex-scans.ts';
import { startFakeFedex, type FakeFedex } from './fake-fedex-server.ts';
import type { FedexParty } from './fake-fedex-wire.ts';

const KEY = 'fedex-track-key';
const SECRET = 'fedex-track-secret';

const party = (name: string, city: string, state: string, postalCode: string, countryCode = 'US'): FedexParty => ({
  contact: { personName: name, phoneNumber: '2065550134' },
  address: { streetLines: ['44 Elm Street'], city, stateOrProvinceCode: state, postalCode, countryCode },
});

const SELLER = party('Dana Whitfield', 'Seattle', 'WA', '98104');

interface TrackAnswer {
  output: {
    completeTrackResults: Array<{
      trackingNumber: string;
      trackResults: Array<{
        latestStatusDetail?: { code: string };
        scanEvents?: Array<{ date: string; eventType: string; scanLocation: { city?: string } }>;
        dateAndTimes?: Array<{ type: string; dateTime: string }>;
        error?: { code: string };
      }>;
    }>;
  };
}

describe('fake FedEx tracking', () => {
  const open: FakeFedex[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });

  async function start() {
    const clock = new FakeClock();
    const fake = await startFakeFedex({ clientId: KEY, clientSecret: SECRET, clock, throttle: null });
    open.push(fake);
    const token = (await (
      await fetch(`${fake.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: KEY, client_secret: SECRET }),
      })
    ).json()) as { access_token: string };
    const post = async (path: string, body: unknown, method = 'POST') => {
      const response = await fetch(`${fake.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const ship = async (recipient: FedexParty, extra: Record<string, unknown> = {}) => {
      const { body } = await post('/ship/v1/shipments', {
        accountNumber: { value: '740561073' },
        labelResponseOptions: 'LABEL',
        requestedShipment: {
          shipper: SELLER,
          recipients: [recipient],
          serviceType: 'FEDEX_2_DAY',
          packagingType: 'YOUR_PACKAGING',
          labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
          requestedPackageLineItems: [{ weight: { units: 'LB', value: 2 } }],
          ...extra,
        },
      });
      return (body as { output: { transactionShipments: Array<{ masterTrackingNumber: string }> } }).output
        .transactionShipments[0]!.masterTrackingNumber;
    };
    const track = async (numbers: string[]) => {
      const trackingInfo = numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } }));
      return post('/track/v1/trackingnumbers', { includeDetailedScans: true, trackingInfo });
    };
    const results = async (numbers: string[]) =>
      ((await track(numbers)).body as TrackAnswer).output.completeTrackResults.map((r) => r.trackResults[0]!);
    return { fake, clock, post, ship, track, results };
  }

  it("moves every label through its journey in FedEx's codes, a return label to the seller", async () => {
    const { clock, ship, results } = await start();
    const buyer = party('Priya Raman', 'Springfield', 'IL', '62701');
    const outbound = await ship(buyer);
    const returned = await ship(SELLER, {
      shipper: buyer,
      shipmentSpecialServices: {
        specialServiceTypes: ['RETURN_SHIPMENT'],
        returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL', rma: { reason: 'RMA-1' } },
      },
    });
    const held = await ship(party('Sam PICKUP', 'Springfield', 'IL', '62701'));
    const codes = async () => (await results([outbound, returned, held])).map((r) => r.latestStatusDetail!.code);

    expect(await codes()).toEqual(['OC', 'OC', 'OC']);
    const [created] = await results([outbound]);
    expect(created!.dateAndTimes).toEqual([
      { type: 'ESTIMATED_DELIVERY', dateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00-0[56]:00$/) },
    ]);
    clock.advanceHours(2);
    expect(await codes()).toEqual(['PU', 'PU', 'PU']);
    clock.advanceHours(22);
    expect(await codes()).toEqual(['OD', 'OD', 'AR']);
    clock.advanceHours(6);
    expect(await codes()).toEqual(['DL', 'DL', 'HP']);

    const [delivered, back] = await results([outbound, returned]);
    expect(delivered!.scanEvents!.map((e) => e.eventType)).toEqual(['DL', 'OD', 'AR', 'DP', 'PU', 'OC']);
    expect(delivered!.scanEvents![0]!.scanLocation.city).toBe('SPRINGFIELD');
    expect(back!.scanEvents![0]!.scanLocation.city).toBe('SEATTLE');
    // Seattle's local time, with its offset; Columbus's for the first scans.
    expect(back!.scanEvents![0]!.date).toMatch(/-0[78]:00$/);
    expect(delivered!.scanEvents!.at(-1)!.date).toMatch(/-0[45]:00$/);
    expect(delivered!.dateAndTimes!.map((d) => d.type)).toEqual(['ACTUAL_PICKUP', 'ACTUAL_DELIVERY']);
  });

  it('answers a cancelled label and an unknown number not found, and refuses more than 30 numbers', async () => {
    const { post, ship, track, results } = await start();
    const number = await ship(party('Priya Raman', 'Springfield', 'IL', '62701'));
    const cancel = await post(
      '/ship/v1/shipments/cancel',
      { accountNumber: { value: '740561073' }, trackingNumber: number },
      'PUT',
    );
    expect(cancel.status).toBe(200);
    expect((await results([number, '123456789012'])).map((r) => r.error?.code)).toEqual([
      'TRACKING.TRACKINGNUMBER.NOTFOUND',
      'TRACKING.TRACKINGNUMBER.NOTFOUND',
    ]);

    const tooMany = await track(Array.from({ length: 31 }, (_, i) => `1234567890${String(i).padStart(2, '0')}`));
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'TRACKING.TRACKINGNUMBER.LIMITEXCEEDED',
    );
  });

  it("lets a test scan by hand: the journey stops there, and the label can't be cancelled", async () => {
    const { fake, clock, post, ship, results } = await start();
    const number = await ship(party('Priya Raman', 'Springfield', 'IL', '62701'));
    fake.scan(number, 'DE');
    clock.advanceHours(48);
    const [result] = await results([number]);
    expect(result!.scanEvents!.map((e) => e.eventType)).toEqual(['DE', 'OC']);
    const cancel = await post(
      '/ship/v1/shipments/cancel',
      { accountNumber: { value: '740561073' }, trackingNumber: number },
      'PUT',
    );
    expect(cancel.status).toBe(400);
  });

  it('scans an international parcel at its destination in UTC, its hubs in US local time', () => {
    const recipient = party('Lee Chen', 'Toronto', 'ON', 'M5V 2T6', 'CA');
    const soldAt = Date.parse('2026-01-10T12:00:00Z');
    const scans = fedexScans(
      {
        recipient,
        soldAt,
        journey: journeyFor({ city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6' }).steps,
        journeyStoppedAt: null,
        scans: [],
      },
      soldAt + 30 * 3_600_000,
    );
    expect(scans.map((s) => [s.eventType, s.scanLocation.countryCode, s.date])).toEqual([
      ['DL', 'CA', '2026-01-11T18:00:00+00:00'],
      ['OD', 'CA', '2026-01-11T12:00:00+00:00'],
      ['AR', 'CA', '2026-01-11T08:00:00+00:00'],
      ['DP', 'US', '2026-01-10T15:00:00-05:00'],
      ['PU', 'US', '2026-01-10T09:00:00-05:00'],
      ['OC', 'US', '2026-01-10T07:00:00-05:00'],
    ]);
    expect(localTime(Date.parse('2026-07-01T12:00:00Z'), 'America/Los_Angeles')).toBe('2026-07-01T05:00:00-07:00');
  });
});
