import { describe, expect, it } from 'vitest';
import { upsReturnRefusal } from './fake-ups-returns.ts';
import { startFakeUps } from './fake-ups-server.ts';

describe('fake UPS return shipments', () => {
  it('takes a described Print Return Label; refuses another return kind or a return without Description', () => {
    expect(upsReturnRefusal({ Description: 'Return RMA-1' })).toBeNull();
    expect(upsReturnRefusal({ ReturnService: { Code: '9' }, Description: 'Return RMA-1' })).toBeNull();
    expect(upsReturnRefusal({ ReturnService: { Code: '8' }, Description: 'Return RMA-1' })).toMatchObject({
      code: '9121001',
    });
    expect(upsReturnRefusal({ ReturnService: { Code: '9' }, Description: ' ' })).toMatchObject({ code: '9121002' });
    expect(upsReturnRefusal({ ReturnService: { Code: '9' } })).toMatchObject({ code: '9121002' });
  });
});

describe('fake UPS return shipments over HTTP', () => {
  it("refuses a return without Description in UPS's error shape; ships and records a described one", async () => {
    const fake = await startFakeUps({ clientId: 'id', clientSecret: 'secret' });
    try {
      const tokenAnswer = await fetch(`${fake.url}/security/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
      const party = (City: string) => ({
        Name: 'Party',
        Address: { AddressLine: ['1 Main St'], City, StateProvinceCode: 'GA', PostalCode: '30005', CountryCode: 'US' },
      });
      const shipment = {
        Shipper: { ...party('Alpharetta'), ShipperNumber: '1A2B3C' },
        ShipFrom: party('Timonium'),
        ShipTo: party('Alpharetta'),
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: '1A2B3C' } }] },
        Service: { Code: '03' },
        ReturnService: { Code: '9' },
        Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '1.5' } }],
      };
      const ship = (body: object) =>
        fetch(`${fake.url}/api/shipments/v2409/ship`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            ShipmentRequest: {
              Shipment: body,
              LabelSpecification: { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } },
            },
          }),
        });
      const answer = await ship(shipment);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ response: { errors: [{ code: '9121002' }] } });
      expect(fake.labels.size).toBe(0);
      // Described, the same return is shipped and recorded as one.
      const described = await ship({ ...shipment, Description: 'Return RMA-1' });
      expect(described.status).toBe(200);
      expect([...fake.labels.values()].map((label) => label.returnService)).toEqual(['9']);
    } finally {
      await fake.close();
    }
  });
});
