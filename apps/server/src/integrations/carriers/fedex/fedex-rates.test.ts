import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { businessDaysBetween } from './fedex-rates.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, rateRequest, SECRET_KEY } from './fedex-test-kit.ts';

const QUOTES = '/rate/v1/rates/quotes';

describe('FedEx rates against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );

  it('prices the services asked for, at the account rate, with the days FedEx commits to', async () => {
    const { adapter, calls } = await setup();
    const rates = await adapter.rates(
      rateRequest(['FEDEX_GROUND', 'FEDEX_2_DAY', 'PRIORITY_OVERNIGHT'], { residential: false }),
    );
    expect(rates.map((r) => r.serviceCode)).toEqual(['FEDEX_GROUND', 'FEDEX_2_DAY', 'PRIORITY_OVERNIGHT']);
    for (const rate of rates) {
      expect(Number.isInteger(rate.amountMinor) && rate.amountMinor > 0).toBe(true);
      expect(rate.currency).toBe('USD');
    }
    // Seattle (9) to Springfield (6): zone 5, Ground in 3 days; Express services by their delivery date.
    expect(rates.map((r) => r.deliveryDays)).toEqual([3, 2, 1]);

    const body = JSON.parse(calls(QUOTES)[0]!.body);
    expect(body).toMatchObject({
      accountNumber: { value: ACCOUNT_NUMBER },
      rateRequestControlParameters: { returnTransitTimes: true },
      requestedShipment: {
        shipper: { address: { postalCode: '98104', countryCode: 'US' } },
        recipient: { address: { postalCode: '62701', residential: false } },
        shipDateStamp: '2026-06-02',
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        rateRequestType: ['ACCOUNT', 'LIST'],
        requestedPackageLineItems: [
          { weight: { units: 'LB', value: 2.7 }, dimensions: { length: 12, width: 10, height: 5, units: 'IN' } },
        ],
      },
    });
  });

  it('leaves out what FedEx does not offer: Ground to a residence (an unknown address counts as one)', async () => {
    const { adapter } = await setup();
    const rates = await adapter.rates(rateRequest(['FEDEX_GROUND', 'GROUND_HOME_DELIVERY'], { residential: null }));
    expect(rates.map((r) => r.serviceCode)).toEqual(['GROUND_HOME_DELIVERY']);
  });

  it("prices every service of the shipment's scope when none is named", async () => {
    const { adapter } = await setup();
    const domestic = await adapter.rates(rateRequest([]));
    expect(domestic.map((r) => r.serviceCode).sort()).toEqual(
      ['FEDEX_2_DAY', 'FEDEX_EXPRESS_SAVER', 'GROUND_HOME_DELIVERY', 'PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT'].sort(),
    );
    const abroad = await adapter.rates(rateRequest([], { country: 'CA', state: 'ON', postalCode: 'M5V 2T6' }));
    expect(abroad.map((r) => r.serviceCode).sort()).toEqual(['INTERNATIONAL_ECONOMY', 'INTERNATIONAL_PRIORITY']);
  });

  it('quotes the price a label then costs', async () => {
    const { adapter } = await setup();
    const [rate] = await adapter.rates(rateRequest(['GROUND_HOME_DELIVERY']));
    const label = await adapter.buyLabel(labelRequest());
    expect(label.amountMinor).toBe(rate?.amountMinor);
  });

  it('asks for a quote again after a 5xx: a quote buys nothing', async () => {
    const { fake, adapter, calls } = await setup();
    fake.failWithServerError({ status: 500, path: /^\/rate\// });
    await expect(adapter.rates(rateRequest(['FEDEX_2_DAY']))).resolves.toHaveLength(1);
    expect(calls(QUOTES)).toHaveLength(2);
  });

  it('counts business days to a delivery date', () => {
    // Tuesday to Friday, and Friday to Monday.
    expect(businessDaysBetween('2026-06-02', '2026-06-05T10:30:00')).toBe(3);
    expect(businessDaysBetween('2026-06-05', '2026-06-08T10:30:00')).toBe(1);
    expect(businessDaysBetween('2026-06-05', 'soon')).toBeNull();
  });
});
