import { afterEach, describe, expect, it } from 'vitest';
import { startFakeFedex, type FakeFedex } from './fake-fedex-server.ts';

/** The fake FedEx Pickup API on the wire. */

let fake: FakeFedex;
afterEach(async () => {
  await fake?.close();
});

async function signedIn() {
  fake = await startFakeFedex({ clientId: 'id', clientSecret: 'secret', accountNumber: '740561073' });
  const answer = await fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=id&client_secret=secret',
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return (method: string, path: string, body: unknown) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const pickup = (day: string, closeTime = '17:00:00', account = '740561073') => ({
  associatedAccountNumber: { value: account },
  originDetail: {
    pickupLocation: {
      contact: { personName: 'Ann Lee', phoneNumber: '9015550100' },
      address: {
        streetLines: ['1 Main St'],
        city: 'Memphis',
        stateOrProvinceCode: 'TN',
        postalCode: '38117',
        countryCode: 'US',
      },
    },
    readyDateTimestamp: `${day}T09:00:00Z`,
    customerCloseTime: closeTime,
    packageLocation: 'FRONT',
  },
  carrierCode: 'FDXG',
  packageCount: 3,
  totalWeight: { units: 'LB', value: 6 },
});
type Errors = { errors: { code: string }[] };

describe('the fake FedEx Pickup API', () => {
  it('books a Ground pickup and cancels it with its code, date and carrier code', async () => {
    const send = await signedIn();
    const booked = (await (await send('POST', '/pickup/v1/pickups', pickup(tomorrow))).json()) as {
      output: { pickupConfirmationCode: string };
    };
    const code = booked.output.pickupConfirmationCode;
    const cancel = {
      associatedAccountNumber: { value: '740561073' },
      pickupConfirmationCode: code,
      scheduledDate: tomorrow,
    };
    const withoutCarrier = await send('PUT', '/pickup/v1/pickups/cancel', cancel);
    expect(((await withoutCarrier.json()) as Errors).errors[0]!.code).toBe('CARRIERCODE.REQUIRED');
    const canceled = await send('PUT', '/pickup/v1/pickups/cancel', { ...cancel, carrierCode: 'FDXG' });
    expect(canceled.status).toBe(200);
    expect(fake.pickups.get(code)!.canceled).toBe(true);
    const again = await send('PUT', '/pickup/v1/pickups/cancel', { ...cancel, carrierCode: 'FDXG' });
    expect(((await again.json()) as Errors).errors[0]!.code).toBe('PICKUP.NOTFOUND');
  });

  it('refuses a past date, a close before the ready time and another account', async () => {
    const send = await signedIn();
    const codeOf = async (body: unknown) =>
      ((await (await send('POST', '/pickup/v1/pickups', body)).json()) as Errors).errors[0]!.code;
    expect(await codeOf(pickup('2020-01-06'))).toBe('PICKUP.READYDATE.INVALID');
    expect(await codeOf(pickup(tomorrow, '08:00:00'))).toBe('PICKUP.CLOSETIME.INVALID');
    expect(await codeOf(pickup(tomorrow, '17:00:00', '999'))).toBe('ACCOUNT.NUMBER.MISMATCH');
    expect(fake.pickups.size).toBe(0);
  });
});

describe('the fake FedEx Ground End of Day Close', () => {
  const close = (account = '740561073', closeDate = tomorrow, closeReqType = 'GCDR') => ({
    closeReqType,
    accountNumber: { value: account },
    groundServiceCategory: 'GROUND',
    closeDate,
  });

  it('refuses another account, another request type and a day with no Ground shipment, in FedEx’s shape', async () => {
    const call = await signedIn();
    const other = await call('PUT', '/ship/v1/endofday/', close('111111111'));
    expect(other.status).toBe(403);
    expect(((await other.json()) as Errors).errors[0]!.code).toBe('ACCOUNT.NUMBER.MISMATCH');
    const reprint = await call('PUT', '/ship/v1/endofday/', close(undefined, undefined, 'RGCDR'));
    expect(((await reprint.json()) as Errors).errors[0]!.code).toBe('CLOSEREQTYPE.INVALID');
    const empty = await call('PUT', '/ship/v1/endofday/', close());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      transactionId: expect.any(String),
      errors: [{ code: 'CLOSE.NOSHIPMENTS.FOUND', message: expect.stringMatching(/No FedEx Ground shipments/) }],
    });
    expect(fake.closes).toHaveLength(0);
  });
});
