import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import { ChannelError } from '../../http/channel-http.ts';
import type { CarrierAdapter, CarrierConnection, ShipmentAddress } from '../carrier-types.ts';
import { uspsAddressRefusal } from './usps-addresses.ts';
import { createUspsAdapter } from './usps-adapter.ts';

const CLIENT_ID = 'usps-address-key';
const CLIENT_SECRET = 'usps-address-secret';
const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };

const keep = closeAfterEach();

async function setup(
  options: { fake?: Partial<FakeUspsOptions>; settings?: Record<string, string>; secret?: string } = {},
): Promise<{ fake: FakeUsps; adapter: CarrierAdapter }> {
  const fake = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], ...options.fake }),
  );
  const connection: CarrierConnection = {
    key: randomUUID(),
    settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url, ...options.settings },
    credentials: { clientSecret: options.secret ?? CLIENT_SECRET },
  };
  return { fake, adapter: createUspsAdapter(connection, { http: quickHttp() }) };
}

function address(overrides: Partial<ShipmentAddress> = {}): ShipmentAddress {
  return {
    name: 'Ada Lovelace',
    company: null,
    street1: '1 MAIN ST',
    street2: null,
    city: 'SPRINGFIELD',
    state: 'IL',
    postalCode: '62701-1234',
    country: 'US',
    phone: null,
    email: null,
    residential: null,
    ...overrides,
  };
}

/** The outcome of one address checked alone. */
async function checkOne(adapter: CarrierAdapter, overrides: Partial<ShipmentAddress> = {}) {
  const outcomes = await adapter.checkAddresses!([{ key: 'k', address: address(overrides) }]);
  return outcomes.get('k');
}

const addressCalls = (fake: FakeUsps) => fake.requests.filter((r) => r.path === '/addresses/v3/address');

describe('USPS address checks against the fake', () => {
  it('verifies an address USPS knows as it was sent, asking Addresses 3.0 with the address in its query', async () => {
    const { fake, adapter } = await setup();
    const outcome = await checkOne(adapter, { street1: '1 Main St.', city: 'Springfield', company: '' });
    expect(outcome).toEqual({ status: 'verified', residential: true, messages: [] });

    const [call] = addressCalls(fake);
    expect(call?.method).toBe('GET');
    expect(call?.headers.authorization).toMatch(/^Bearer usps_/);
    expect(Object.fromEntries(call!.query)).toEqual({
      streetAddress: '1 Main St.',
      city: 'Springfield',
      state: 'IL',
      ZIPCode: '62701',
      ZIPPlus4: '1234',
    });
  });

  it('corrects an address USPS standardises: street abbreviated, city spelled, ZIP+4 added (ZIP-ZIP4)', async () => {
    const { adapter } = await setup();
    const outcome = await checkOne(adapter, {
      street1: '1 Main Street',
      street2: 'Apartment 4',
      city: 'springfeild',
      state: 'il',
      postalCode: '62701',
    });
    expect(outcome).toMatchObject({
      status: 'corrected',
      residential: true,
      suggestion: { address1: '1 MAIN ST', address2: 'APT 4', city: 'SPRINGFIELD', state: 'IL', country: 'US' },
    });
    expect(outcome?.status === 'corrected' && outcome.suggestion.postalCode).toMatch(/^62701-\d{4}$/);
  });

  it('answers a default address (32), several addresses (22) and "more than one address" as ambiguous, without candidates', async () => {
    const { adapter } = await setup();
    const noNumber = await checkOne(adapter, { street1: 'Main St' });
    expect(noNumber).toMatchObject({ status: 'ambiguous', residential: true, candidates: [] });
    expect(noNumber?.messages[0]).toMatch(/^Default address: .*apartment, suite, or box number/);

    const noDefault = await checkOne(adapter, { street1: '5 Twin Oaks Dr' });
    expect(noDefault).toMatchObject({ status: 'ambiguous', candidates: [] });
    expect(noDefault?.messages).toEqual([
      'Multiple addresses were found for the information you entered, and no default exists.',
    ]);

    const several = await checkOne(adapter, { street1: '7 Everywhere Rd' });
    expect(several).toEqual({
      status: 'ambiguous',
      residential: null,
      candidates: [],
      messages: ['Multiple Addresses Found: More than one address was found matching the requested address.'],
    });
  });

  it('calls an address invalid in USPS words: not found, not deliverable, an unknown city or state, DPV N', async () => {
    const { adapter } = await setup();
    await expect(checkOne(adapter, { street1: '1 Nowhere Ln' })).resolves.toEqual({
      status: 'invalid',
      residential: null,
      messages: ['Address Not Found: There is no match for the address requested.'],
    });
    await expect(checkOne(adapter, { street1: '2 Undeliverable Way' })).resolves.toMatchObject({
      status: 'invalid',
      messages: ['Invalid Delivery Address: The address requested is an invalid delivery address.'],
    });
    await expect(checkOne(adapter, { city: 'Nowhereville' })).resolves.toMatchObject({
      status: 'invalid',
      messages: ['Invalid City: The city in the request is missing or invalid.'],
    });
    await expect(checkOne(adapter, { state: 'ZZ' })).resolves.toMatchObject({
      status: 'invalid',
      messages: ['Invalid State Code: The state code in the request is missing or invalid.'],
    });
    const undelivered = await checkOne(adapter, { street1: '3 NOMAIL RD' });
    expect(undelivered).toMatchObject({ status: 'invalid', residential: null });
    expect(undelivered?.messages[0]).toMatch(/does not confirm delivery/);
  });

  it('keeps a street USPS confirms without its unit as it is, saying the apartment is missing (D) or unconfirmed (S)', async () => {
    const { adapter } = await setup();
    const missing = await checkOne(adapter, { street1: '100 TOWER PL' });
    expect(missing).toMatchObject({ status: 'verified', residential: true });
    expect(missing?.messages).toEqual([expect.stringMatching(/several units and no apartment or suite was given/)]);

    const unconfirmed = await checkOne(adapter, { street1: '100 TOWER PL', street2: 'APT 999' });
    expect(unconfirmed?.status).toBe('verified');
    expect(unconfirmed?.messages).toEqual([expect.stringMatching(/not the apartment or suite number/)]);

    const confirmed = await checkOne(adapter, { street1: '100 TOWER PL', street2: 'APT 4' });
    expect(confirmed).toEqual({ status: 'verified', residential: true, messages: [] });

    // Standardised as well: still corrected, with the same words.
    const corrected = await checkOne(adapter, { street1: '100 Tower Place', postalCode: '62701' });
    expect(corrected?.status).toBe('corrected');
    expect(corrected?.messages).toEqual([expect.stringMatching(/several units/)]);
  });

  it('reads business Y as not residential, and sends the company as the firm', async () => {
    const { fake, adapter } = await setup();
    await expect(checkOne(adapter, { company: 'Acme Widgets' })).resolves.toEqual({
      status: 'verified',
      residential: false,
      messages: [],
    });
    expect(addressCalls(fake)[0]?.query.get('firm')).toBe('Acme Widgets');
  });

  it('asks nothing about an address abroad or one USPS cannot look up, and answers each key once', async () => {
    const { fake, adapter } = await setup();
    const outcomes = await adapter.checkAddresses!([
      { key: 'toronto', address: address({ country: 'CA', state: 'ON', postalCode: 'M5V 2T6', city: 'Toronto' }) },
      { key: 'no-state', address: address({ state: null }) },
      { key: 'no-city-no-zip', address: address({ city: '', postalCode: 'unknown' }) },
      { key: 'san-juan', address: address({ country: 'PR', state: 'PR', city: 'San Juan', postalCode: '00901' }) },
      { key: 'home', address: address() },
      { key: 'home', address: address() },
    ]);
    expect([...outcomes.keys()]).toEqual(['san-juan', 'home']);
    expect(outcomes.get('san-juan')).toMatchObject({ status: 'corrected', suggestion: { country: 'PR' } });
    expect(addressCalls(fake)).toHaveLength(2);
  });

  it('sends no malformed ZIP Code: USPS finds it from the city', async () => {
    const { fake, adapter } = await setup();
    const outcome = await checkOne(adapter, { postalCode: '6270' });
    expect(outcome?.status).toBe('corrected');
    expect(addressCalls(fake)[0]?.query.has('ZIPCode')).toBe(false);
  });

  it('throws on the quota (429), an outage (5xx) and refused credentials (401), never calling the address invalid', async () => {
    const limited = await setup({ fake: { quota: { requests: 1 } } });
    const throttled = await expectChannelError(checkOne(limited.adapter));
    expect(throttled.kind).toBe('rate_limited');
    expect(throttled.platformMessage).toMatch(/exceeded its quota/);

    const down = await setup();
    down.fake.failWithServerError({ times: 10, path: /^\/addresses\// });
    expect((await expectChannelError(checkOne(down.adapter))).kind).toBe('unavailable');

    const refused = await setup({ secret: 'wrong' });
    expect((await expectChannelError(checkOne(refused.adapter))).kind).toBe('auth');
    expect(addressCalls(refused.fake)).toHaveLength(0);
  });

  it('throws on a refusal about the request rather than the address (a parameter, an unknown path)', async () => {
    const { fake, adapter } = await setup();
    const parameter = {
      apiVersion: '/addresses/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [
          {
            status: '400',
            code: 'INVALID_PARAMETER',
            title: 'Invalid parameter',
            detail: 'ZIPCode must match the pattern ^\\d{5}.',
            source: { parameter: 'ZIPCode' },
          },
        ],
      },
    };
    fake.fail({ kind: 'status', status: 400, body: parameter }, { path: /^\/addresses\// });
    expect((await expectChannelError(checkOne(adapter))).kind).toBe('invalid');

    const path = { apiVersion: '/', error: { code: '404', message: 'Not Found', errors: [] } };
    fake.fail({ kind: 'status', status: 404, body: path }, { path: /^\/addresses\// });
    expect((await expectChannelError(checkOne(adapter))).kind).toBe('not_found');
  });

  it('reads refusals by their words: the address, or the request', () => {
    const refusal = (status: number, words: string) =>
      uspsAddressRefusal(new ChannelError(status === 404 ? 'not_found' : 'invalid', 'x', status, words));
    expect(refusal(404, 'There is no match for the address requested.')?.status).toBe('invalid');
    expect(refusal(400, 'The city and state are missing or together unverifiable.')?.status).toBe('invalid');
    expect(refusal(404, 'The address information in the request is insufficient to match.')?.status).toBe('invalid');
    expect(refusal(404, 'More than one address was found matching the requested address.')?.status).toBe('ambiguous');
    expect(refusal(400, 'state is required.')).toBeNull();
    expect(refusal(400, 'Invalid parameter: urbanization')).toBeNull();
    expect(refusal(404, 'GET /addresses/v3/adress is not a USPS API.')).toBeNull();
    expect(refusal(404, '')).toBeNull();
    expect(uspsAddressRefusal(new ChannelError('forbidden', 'x', 403, 'Invalid City'))).toBeNull();
  });

  it('is paced one address a call, 30 calls an hour (half the default quota) unless the account says otherwise', async () => {
    expect((await setup()).adapter.addressLimits).toEqual({ perCall: 1, callsPerWindow: 30, windowSeconds: 3600 });
    const raised = await setup({ settings: { addressChecksPerHour: '500' } });
    expect(raised.adapter.addressLimits).toEqual({ perCall: 1, callsPerWindow: 500, windowSeconds: 3600 });
  });
});
