import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { startFakeShippo, type FakeShippo } from './fake-shippo-server.ts';
import type { ShippoTrack } from './fake-shippo-wire.ts';

const TOKEN = 'shippo_test_tracks';

const address = (name: string, city: string, state: string, zip: string, country = 'US') => ({
  name,
  street1: '44 Elm Street',
  city,
  state,
  zip,
  country,
});

const SELLER = address('Dana Whitfield', 'Seattle', 'WA', '98104');
const BUYER = address('Priya Raman', 'Springfield', 'IL', '62701');
const PARCEL = { length: '10', width: '8', height: '4', distance_unit: 'in', weight: '2', mass_unit: 'lb' };

const DECLARATION = {
  certify: true,
  certify_signer: 'Dana Whitfield',
  contents_type: 'MERCHANDISE',
  non_delivery_option: 'RETURN',
  incoterm: 'DDU',
  eel_pfc: 'NOEEI_30_37_a',
  items: [
    {
      description: 'Cotton T-shirt',
      quantity: 1,
      net_weight: '360',
      mass_unit: 'g',
      value_amount: '20.00',
      value_currency: 'USD',
      origin_country: 'US',
    },
  ],
};

interface Created {
  object_id: string;
  tracking_number: string;
  tracking_status: string;
  rates: Array<{ object_id: string; servicelevel: { token: string } }>;
}

describe('fake Shippo tracking', () => {
  let fake: FakeShippo | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${fake!.url}${path}`, {
      method,
      headers: { authorization: `ShippoToken ${TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Buys the label of `token` for a shipment; answers the transaction. */
  async function buy(shipment: Record<string, unknown>, token: string): Promise<Created> {
    const { body } = await call<Created>('POST', '/shipments/', { ...shipment, parcels: [PARCEL], async: false });
    const rate = body.rates.find((r) => r.servicelevel.token === token)!;
    return (await call<Created>('POST', '/transactions/', { rate: rate.object_id, async: false })).body;
  }

  const track = async (carrier: string, number: string) =>
    (await call<ShippoTrack>('GET', `/tracks/${carrier}/${number}`)).body;

  it('moves domestic, international and return labels through their journeys in Shippo statuses', async () => {
    const clock = new FakeClock();
    fake = await startFakeShippo({ tokens: [TOKEN], clock });
    const domestic = await buy({ address_from: SELLER, address_to: BUYER }, 'usps_priority');
    const declaration = (await call<{ object_id: string }>('POST', '/customs/declarations/', DECLARATION)).body;
    const abroad = await buy(
      {
        address_from: SELLER,
        address_to: address('Lee PICKUP', 'Toronto', 'ON', 'M5V 2T6', 'CA'),
        customs_declaration: declaration.object_id,
      },
      'ups_worldwide_expedited',
    );
    // A return is sent with the outbound's addresses; Shippo turns it around, to the seller.
    const back = await buy({ address_from: SELLER, address_to: BUYER, extra: { is_return: true } }, 'usps_priority');

    const created = await track('usps', domestic.tracking_number);
    expect(created.tracking_status).toMatchObject({
      status: 'PRE_TRANSIT',
      substatus: { code: 'information_received', action_required: false },
    });
    expect(created.eta).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(created.transaction).toBe(domestic.object_id);

    clock.advanceHours(24);
    expect((await track('usps', domestic.tracking_number)).tracking_status?.substatus?.code).toBe('out_for_delivery');
    clock.advanceHours(6);
    const delivered = await track('usps', domestic.tracking_number);
    expect(delivered.tracking_history.map((e) => e.substatus?.code)).toEqual([
      'information_received',
      'package_accepted',
      'package_departed',
      'package_arrived',
      'out_for_delivery',
      'delivered',
    ]);
    expect(delivered.tracking_status).toMatchObject({ status: 'DELIVERED', location: { city: 'SPRINGFIELD' } });
    expect(delivered.tracking_status?.status_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // Read twice, an event is the same object.
    expect((await track('usps', domestic.tracking_number)).tracking_history[0]!.object_id).toBe(
      delivered.tracking_history[0]!.object_id,
    );
    // The transaction shows its parcel's latest status too.
    const transaction = await call<Created>('GET', `/transactions/${domestic.object_id}`);
    expect(transaction.body.tracking_status).toBe('DELIVERED');

    const pickup = await track('ups', abroad.tracking_number);
    expect(pickup.tracking_status).toMatchObject({
      status: 'TRANSIT',
      substatus: { code: 'pickup_available', action_required: true },
      location: { city: 'TORONTO', country: 'CA' },
    });
    const returned = await track('usps', back.tracking_number);
    expect(returned.tracking_status).toMatchObject({ status: 'DELIVERED', location: { city: 'SEATTLE' } });
  });

  it('keeps a refunded label at label created, and knows no number asked with another carrier', async () => {
    const clock = new FakeClock();
    fake = await startFakeShippo({ tokens: [TOKEN], clock });
    const label = await buy({ address_from: SELLER, address_to: BUYER }, 'usps_priority');
    const refund = await call<{ status: string }>('POST', '/refunds/', { transaction: label.object_id });
    expect(refund.body.status).toBe('SUCCESS');
    clock.advanceHours(72);
    const refunded = await track('usps', label.tracking_number);
    expect(refunded.tracking_history.map((e) => e.status)).toEqual(['PRE_TRANSIT']);

    const wrongCarrier = await track('fedex', label.tracking_number);
    expect(wrongCarrier).toMatchObject({ tracking_status: { status: 'UNKNOWN' }, tracking_history: [], eta: null });
  });

  it('lets a test scan by hand: the journey stops there and the label is no longer refunded', async () => {
    const clock = new FakeClock();
    fake = await startFakeShippo({ tokens: [TOKEN], clock });
    const label = await buy({ address_from: SELLER, address_to: BUYER }, 'usps_priority');
    clock.advanceHours(1);
    fake.scan(label.tracking_number, 'FAILURE');
    clock.advanceHours(48);
    const failed = await track('usps', label.tracking_number);
    expect(failed.tracking_history.map((e) => e.status)).toEqual(['PRE_TRANSIT', 'FAILURE']);
    const refund = await call<Record<string, string[]>>('POST', '/refunds/', { transaction: label.object_id });
    expect(refund.status).toBe(400);
  });

  it('moves the labels on the real clock when none is given', async () => {
    fake = await startFakeShippo({ tokens: [TOKEN] });
    const label = await buy({ address_from: SELLER, address_to: BUYER }, 'usps_priority');
    fake.clock.advanceHours(2);
    expect((await track('usps', label.tracking_number)).tracking_status?.status).toBe('TRANSIT');
  });
});
