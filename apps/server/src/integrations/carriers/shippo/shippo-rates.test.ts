import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { labelRequest, OWNER, rateRequest, shippoSetup, TOKEN } from './shippo-test-kit.ts';

describe('Shippo rates against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );

  it("prices the service levels asked for that the seller's carrier accounts offer", async () => {
    const { fake, adapter, calls } = await setup();
    const rates = await adapter.rates(rateRequest(['usps_priority', 'ups_ground', 'fedex_ground']));
    expect(rates.map((r) => r.serviceCode)).toEqual(['usps_priority', 'ups_ground']);
    // Rating is free: a shipment, no transaction.
    expect(fake.transactions.size).toBe(0);

    const [shipment] = calls('POST', '/shipments/');
    expect(JSON.parse(shipment!.body)).toEqual({
      address_from: {
        name: 'Dana Whitfield',
        company: 'Acme Outdoor LLC',
        street1: '120 Harbor Way',
        street2: 'Suite 4',
        city: 'Seattle',
        state: 'WA',
        zip: '98104',
        country: 'US',
        phone: '+1 206 555 0134',
        email: 'ship@acme-outdoor.example',
        is_residential: false,
      },
      // An address of unknown kind is priced as a residence.
      address_to: {
        name: 'Priya Raman',
        street1: '44 Elm Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        is_residential: true,
      },
      parcels: [{ length: '12', width: '9.5', height: '4.3', distance_unit: 'in', weight: '2.65', mass_unit: 'lb' }],
      shipment_date: '2026-06-02T12:00:00Z',
      extra: { reference_1: '#1001' },
      async: false,
    });
    for (const rate of rates) {
      expect(Number.isInteger(rate.amountMinor) && rate.amountMinor > 0).toBe(true);
      expect(rate.currency).toBe('USD');
    }
    expect(rates.map((r) => r.deliveryDays)).toEqual([2, 3]);
  });

  it('prices the same as the label then costs', async () => {
    const { adapter } = await setup();
    const [rate] = await adapter.rates(rateRequest(['usps_priority']));
    const label = await adapter.buyLabel(labelRequest());
    expect(label.amountMinor).toBe(rate?.amountMinor);
  });

  it("prices every service of the shipment's scope when none is named", async () => {
    const { adapter } = await setup();
    const domestic = await adapter.rates(rateRequest([]));
    expect(domestic.map((r) => r.serviceCode).sort()).toEqual([
      'ups_ground',
      'usps_ground_advantage',
      'usps_priority',
      'usps_priority_express',
    ]);
    const abroad = await adapter.rates(rateRequest([], { country: 'CA', state: 'ON', postalCode: 'M5V 2T6' }));
    expect(abroad.map((r) => r.serviceCode).sort()).toEqual([
      'ups_worldwide_expedited',
      'usps_first_class_package_international_service',
      'usps_priority_mail_international',
    ]);
  });

  it('creates the shipment again after a 5xx: it charges nothing', async () => {
    const { fake, adapter, calls } = await setup();
    fake.failWithServerError({ path: /^\/shipments\// });
    await expect(adapter.rates(rateRequest(['usps_priority']))).resolves.toHaveLength(1);
    expect(calls('POST', '/shipments/')).toHaveLength(2);
  });

  it('reports an address Shippo refuses in its words, field by field', async () => {
    const { adapter } = await setup();
    const error = await expectChannelError(adapter.rates(rateRequest(['usps_priority'], { postalCode: '' })));
    expect(error).toMatchObject({ kind: 'invalid', platformMessage: 'address_to.zip: This field is required.' });
  });
});
