import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { startFakeUps, type FakeUps, type FakeUpsOptions } from './fake-ups-server.ts';
import type { UpsShipmentBody, UpsTrackActivity, UpsTrackResponse } from './fake-ups-wire.ts';

const SHIPPER = '1A2B3C';
const open: FakeUps[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((fake) => fake.close()));
});

const party = (Name: string, City: string, StateProvinceCode: string, PostalCode: string, CountryCode = 'US') => ({
  Name,
  Address: { AddressLine: ['1 Main St'], City, StateProvinceCode, PostalCode, CountryCode },
});
const FROM = party('Shipdesk Demo', 'Alpharetta', 'GA', '30005');

function shipment(to: ReturnType<typeof party>, overrides: Partial<UpsShipmentBody> = {}): UpsShipmentBody {
  return {
    Shipper: { ...FROM, ShipperNumber: SHIPPER },
    ShipFrom: FROM,
    ShipTo: to,
    PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: SHIPPER } }] },
    Service: { Code: '03' },
    Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '1.5' } }],
    ReferenceNumber: [{ Value: 'REF-1' }],
    ...overrides,
  } as UpsShipmentBody;
}

async function setup(options: Partial<FakeUpsOptions> = {}) {
  const clock = new FakeClock();
  const fake = await startFakeUps({ clientId: 'id', clientSecret: 'secret', clock, ...options });
  open.push(fake);
  const tokenAnswer = await fetch(`${fake.url}/security/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, transId: 'test', transactionSrc: 'test' };
  async function ship(body: UpsShipmentBody): Promise<string> {
    const answer = await fetch(`${fake.url}/api/shipments/v2409/ship`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ShipmentRequest: {
          Shipment: body,
          LabelSpecification: { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } },
        },
      }),
    });
    if (answer.status !== 200) throw new Error(`ship refused: ${await answer.text()}`);
    const shipped = (await answer.json()) as {
      ShipmentResponse: { ShipmentResults: { ShipmentIdentificationNumber: string } };
    };
    return shipped.ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber;
  }
  const get = (path: string) => fetch(`${fake.url}${path}`, { headers });
  const voidShipment = (number: string) =>
    fetch(`${fake.url}/api/shipments/v2409/void/cancel/${number}`, { method: 'DELETE', headers });
  async function track(number: string) {
    const answer = await get(`/api/track/v1/details/${number}?locale=en_US`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as UpsTrackResponse).trackResponse.shipment[0]!;
  }
  const codes = async (number: string) =>
    ((await track(number)).package?.[0]?.activity ?? []).map((a: UpsTrackActivity) => [
      a.status.type,
      a.status.statusCode,
    ]);
  return { fake, clock, ship, get, voidShipment, track, codes };
}

describe('fake UPS tracking', () => {
  it('moves a domestic package through its journey in UPS codes, newest first, on the clock', async () => {
    const { clock, ship, track, codes } = await setup();
    const number = await ship(shipment(party('Joe Doe', 'Timonium', 'MD', '21093')));
    expect(await codes(number)).toEqual([['M', '003']]);
    clock.advanceHours(25);
    expect(await codes(number)).toEqual([
      ['I', '021'],
      ['I', '010'],
      ['I', '005'],
      ['I', '038'],
      ['M', '003'],
    ]);
    clock.advanceHours(6);
    const delivered = await track(number);
    const pkg = delivered.package![0]!;
    expect(pkg.currentStatus).toMatchObject({ type: 'D', statusCode: '011', description: 'Delivered' });
    expect(pkg.deliveryDate.map((d) => d.type)).toEqual(['SDD', 'DEL']);
    expect(pkg.deliveryDate[1]!.date).toBe(pkg.activity[0]!.date);
    // Local time with its offset (Eastern for Maryland), and the same moment in GMT.
    const latest = pkg.activity[0]!;
    expect(latest.gmtOffset).toBe('-05:00');
    const local = Date.UTC(
      Number(latest.date.slice(0, 4)),
      Number(latest.date.slice(4, 6)) - 1,
      Number(latest.date.slice(6, 8)),
      Number(latest.time.slice(0, 2)),
    );
    const gmt = Date.UTC(
      Number(latest.gmtDate.slice(0, 4)),
      Number(latest.gmtDate.slice(4, 6)) - 1,
      Number(latest.gmtDate.slice(6, 8)),
      Number(latest.gmtTime.slice(0, 2)),
    );
    expect(gmt - local).toBe(5 * 3_600_000);
    expect(latest.location.address).toMatchObject({ city: 'TIMONIUM', stateProvince: 'MD', countryCode: 'US' });
  });

  it('takes each journey by the words of the ShipTo: exception, returned, held for pickup', async () => {
    const { clock, ship, codes } = await setup();
    const exception = await ship(shipment(party('EXCEPTION Co', 'Denver', 'CO', '80202')));
    const returned = await ship(shipment(party('Please RETURNED', 'Austin', 'TX', '73301')));
    const pickup = await ship(shipment(party('PICKUP Joe', 'Seattle', 'WA', '98101')));
    clock.advanceHours(60);
    expect((await codes(exception))[0]).toEqual(['X', '060']);
    expect((await codes(returned)).slice(0, 2)).toEqual([
      ['I', '034'],
      ['X', '060'],
    ]);
    expect((await codes(pickup))[0]).toEqual(['I', '017']);
  });

  it('tracks international and return packages it sold; a return travels to the seller', async () => {
    const { clock, ship, track } = await setup();
    const forms = {
      FormType: ['01'],
      InvoiceNumber: 'INV-1',
      InvoiceDate: '20261202',
      TermsOfShipment: 'DAP',
      ReasonForExport: 'SALE',
      CurrencyCode: 'USD',
      Contacts: { SoldTo: party('Ann', 'Toronto', 'ON', 'M5V2T6', 'CA') },
      Product: [
        {
          Description: ['Mug'],
          Unit: { Number: '1', Value: '12.00', UnitOfMeasurement: { Code: 'PCS' } },
          OriginCountryCode: 'US',
        },
      ],
    };
    const abroad = await ship(
      shipment(party('Ann', 'Toronto', 'ON', 'M5V2T6', 'CA'), {
        Service: { Code: '11' },
        Description: 'Mug',
        ShipmentServiceOptions: { InternationalForms: forms },
      } as Partial<UpsShipmentBody>),
    );
    const back = await ship(
      shipment(party('Shipdesk Returns', 'Alpharetta', 'GA', '30005'), {
        ShipFrom: party('Joe Doe', 'Timonium', 'MD', '21093'),
        ReturnService: { Code: '9' },
        Description: 'Return RMA-1',
      }),
    );
    clock.advanceHours(31);
    const international = (await track(abroad)).package![0]!;
    expect(international.currentStatus.type).toBe('D');
    expect(international.activity[0]!.location.address).toMatchObject({ city: 'TORONTO', countryCode: 'CA' });
    expect(international.activity[0]!.gmtOffset).toBe('+00:00');
    const returned = (await track(back)).package![0]!;
    expect(returned.currentStatus.type).toBe('D');
    expect(returned.activity[0]!.location.address).toMatchObject({ city: 'ALPHARETTA', stateProvince: 'GA' });
  });

  it('answers an unknown number as production does, a voided one as voided; refuses a list of numbers', async () => {
    const { clock, ship, track, codes, get, voidShipment } = await setup();
    expect(await track('1Z999AA10123456784')).toEqual({
      inquiryNumber: '1Z999AA10123456784',
      warnings: [{ code: 'TW0001', message: 'Tracking Information Not Found' }],
    });
    const number = await ship(shipment(party('Joe Doe', 'Timonium', 'MD', '21093')));
    expect((await voidShipment(number)).status).toBe(200);
    clock.advanceHours(40);
    expect(await codes(number)).toEqual([
      ['MV', '007'],
      ['M', '003'],
    ]);
    expect((await track(number)).package![0]!.deliveryDate).toEqual([]);

    const list = await get(`/api/track/v1/details/${number},1Z999AA10123456784`);
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ response: { errors: [{ code: 'TV0001' }] } });
  });

  it('refuses a void once the package is picked up on its journey', async () => {
    const { clock, ship, voidShipment } = await setup();
    const number = await ship(shipment(party('Joe Doe', 'Timonium', 'MD', '21093')));
    clock.advanceHours(3);
    const answer = await voidShipment(number);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ response: { errors: [{ code: '190106' }] } });
  });

  it('moves a package by hand off its journey (scan, exception, deliver)', async () => {
    const { fake, clock, ship, codes } = await setup();
    const number = await ship(shipment(party('Joe Doe', 'Timonium', 'MD', '21093')));
    fake.scan(number);
    fake.exception(number);
    clock.advanceHours(1);
    fake.deliver(number);
    clock.advanceHours(100);
    expect(await codes(number)).toEqual([
      ['D', '011'],
      ['X', '060'],
      ['I', '038'],
      ['M', '003'],
    ]);
  });

  it('counts tracking calls and holds them to the tracking limit with a 429 in UPS words', async () => {
    const { fake, get } = await setup({ trackingLimit: { callsPerWindow: 2 } });
    expect((await get('/api/track/v1/details/1Z999AA10123456784')).status).toBe(200);
    expect((await get('/api/track/v1/reference/details/REF-1?shipperNum=1A2B3C')).status).toBe(200);
    const third = await get('/api/track/v1/details/1Z999AA10123456784');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ response: { errors: [{ code: '10429', message: 'Too Many Requests' }] } });
    expect(fake.trackingCalls()).toBe(3);
  });
});
