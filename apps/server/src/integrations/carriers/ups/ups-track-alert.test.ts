import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { ShipmentAddress } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';

const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';
const SHIPPER = '1A2B3C';
const UNKNOWN = '1Z999AA10123456784';

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '12380 Morris Rd',
  street2: null,
  city: 'Alpharetta',
  state: 'GA',
  postalCode: '30005',
  country: 'US',
  phone: '(678) 555-0100',
  email: null,
  residential: false,
};

const keep = closeAfterEach();

async function setup() {
  const fake: FakeUps = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }));
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: SHIPPER, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([], { retries: 0 }) },
  );
  const buy = async () =>
    (
      await adapter.buyLabel({
        from: FROM,
        to: { ...FROM, name: 'Joe Doe', company: null, city: 'Timonium', state: 'MD', postalCode: '21093' },
        parcel: { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: '02' },
        shipDate: new Date().toISOString().slice(0, 10),
        reference: '#1001',
        serviceCode: '03',
        format: 'zpl',
        idempotencyKey: randomUUID(),
      })
    ).trackingNumber;
  return { fake, adapter, buy };
}

describe('UPS Track Alert subscriptions against the fake', () => {
  it('subscribes numbers with the transaction headers and reads valid and invalid ones', async () => {
    const { fake, adapter, buy } = await setup();
    const number = await buy();
    expect(await adapter.subscribeTracking!([number, UNKNOWN, number.toLowerCase()])).toEqual({
      valid: [number],
      invalid: [UNKNOWN],
    });
    const [sent] = fake.requests.filter((r) => r.path === '/api/track/v2/subscription/standard/package');
    expect(JSON.parse(sent!.body)).toEqual({
      locale: 'en_US',
      countryCode: 'US',
      trackingNumberList: [number, UNKNOWN],
    });
    expect(sent!.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(sent!.headers.transactionsrc).toBe('shipdesk');
    expect(fake.trackAlert.subscriptions.has(number)).toBe(true);
  });

  it('reads VSS210 (no valid number) as every number invalid, and throws an outage', async () => {
    const { fake, adapter } = await setup();
    expect(await adapter.subscribeTracking!([UNKNOWN])).toEqual({ valid: [], invalid: [UNKNOWN] });
    fake.failWithServerError({ status: 503, path: /subscription/ });
    const error = await expectChannelError(adapter.subscribeTracking!([UNKNOWN]));
    expect(error.kind).toBe('unavailable');
    await expect(adapter.subscribeTracking!(Array.from({ length: 101 }, (_, i) => `1Z${i}`))).rejects.toThrow(
      /at most 100/,
    );
  });
});
