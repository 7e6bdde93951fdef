import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUps, type FakeUps } from './fake-ups-server.ts';

/** The fake UPS Pickup API on the wire. */

let fake: FakeUps;
afterEach(async () => {
  await fake?.close();
});

async function signedIn() {
  fake = await startFakeUps({ clientId: 'id', clientSecret: 'secret' });
  const answer = await fetch(`${fake.url}/security/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const pickup = (PickupDate: string, ReadyTime = '0900', CloseTime = '1700') => ({
  PickupCreationRequest: {
    RatePickupIndicator: 'N',
    Shipper: { Account: { AccountNumber: '1A2B3C', AccountCountryCode: 'US' } },
    PickupDateInfo: { CloseTime, ReadyTime, PickupDate },
    PickupAddress: {
      CompanyName: 'Acme',
      ContactName: 'Ann Lee',
      AddressLine: '1 Main St',
      City: 'Atlanta',
      StateProvince: 'GA',
      PostalCode: '30005',
      CountryCode: 'US',
      Phone: { Number: '4045550100' },
    },
    AlternateAddressIndicator: 'Y',
    PickupPiece: [{ ServiceCode: '003', Quantity: '4', DestinationCountryCode: 'US', ContainerCode: '01' }],
    PaymentMethod: '01',
  },
});
type Errors = { response: { errors: { message: string }[] } };

describe('the fake UPS Pickup API', () => {
  it('books a pickup with a PRN (the same PRN again for that address and day) and cancels it by PRN', async () => {
    const send = await signedIn();
    const booked = (await (await send('POST', '/api/pickupcreation/v2409/pickup', pickup(tomorrow))).json()) as {
      PickupCreationResponse: { PRN: string };
    };
    const prn = booked.PickupCreationResponse.PRN;
    const again = (await (await send('POST', '/api/pickupcreation/v2409/pickup', pickup(tomorrow))).json()) as {
      PickupCreationResponse: { PRN: string };
    };
    expect(again.PickupCreationResponse.PRN).toBe(prn);
    const canceled = await send('DELETE', '/api/shipments/v2409/pickup/02', undefined, { prn });
    expect(canceled.status).toBe(200);
    expect(fake.pickups.get(prn)!.canceled).toBe(true);
    const unknown = await send('DELETE', '/api/shipments/v2409/pickup/02', undefined, { prn });
    expect(((await unknown.json()) as Errors).response.errors[0]!.message).toMatch(/No pending pickup/);
  });

  it('refuses a past date and a close time before the ready time', async () => {
    const send = await signedIn();
    const past = await send('POST', '/api/pickupcreation/v2409/pickup', pickup('20200106'));
    expect(past.status).toBe(400);
    expect(((await past.json()) as Errors).response.errors[0]!.message).toMatch(/in the past/);
    const early = await send('POST', '/api/pickupcreation/v2409/pickup', pickup(tomorrow, '1700', '0900'));
    expect(((await early.json()) as Errors).response.errors[0]!.message).toMatch(/later than the ReadyTime/);
    expect(fake.pickups.size).toBe(0);
  });
});
