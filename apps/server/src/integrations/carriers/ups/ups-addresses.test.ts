import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUpsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { AddressToCheck, ShipmentAddress } from '../carrier-types.ts';
import { upsAddressLimits } from './ups-addresses.ts';
import { createUpsAdapter } from './ups-adapter.ts';

const CLIENT_ID = 'ups-client-id-av01';
const CLIENT_SECRET = 'ups-client-secret';
const AV_PATH = '/api/addressvalidation/v2/3';

const keep = closeAfterEach();

async function setup(fakeOptions: Partial<FakeUpsOptions> = {}, settings: Record<string, string> = {}) {
  const fake = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fakeOptions }));
  const adapter = createUpsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, accountNumber: '1A2B3C', apiBaseUrl: fake.url, ...settings },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp() },
  );
  const calls = () => fake.requests.filter((r) => r.path === AV_PATH);
  return { fake, adapter, calls };
}

function to(overrides: Partial<ShipmentAddress> = {}): ShipmentAddress {
  return {
    name: 'Priya Raman',
    company: null,
    street1: '44 ELM ST',
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

const one = (address: ShipmentAddress, key = 'k1'): AddressToCheck[] => [{ key, address }];

describe('UPS address validation against the fake', () => {
  it('verifies an address UPS knows as it was sent, and classifies it residential', async () => {
    const { adapter, calls, fake } = await setup();
    const outcomes = await adapter.checkAddresses!(one(to()));

    expect(outcomes.get('k1')).toEqual({ status: 'verified', residential: true, messages: [] });
    const [call] = calls();
    expect(fake.requests.find((r) => r.path === AV_PATH)?.query.get('maximumcandidatelistsize')).toBe('15');
    expect(JSON.parse(call!.body)).toEqual({
      XAVRequest: {
        AddressKeyFormat: {
          AddressLine: ['44 ELM ST'],
          PoliticalDivision2: 'SPRINGFIELD',
          PoliticalDivision1: 'IL',
          PostcodePrimaryLow: '62701',
          PostcodeExtendedLow: '1234',
          CountryCode: 'US',
        },
      },
    });
  });

  it("answers UPS's standardised form as a correction (upper case, a ZIP+4 added)", async () => {
    const { adapter } = await setup();
    const sent = to({ street1: '44 Elm Street', street2: 'Apt 2', city: 'Springfield', postalCode: '62701' });
    const outcome = (await adapter.checkAddresses!(one(sent))).get('k1');

    expect(outcome).toMatchObject({
      status: 'corrected',
      residential: true,
      suggestion: { address1: '44 ELM STREET', address2: 'APT 2', city: 'SPRINGFIELD', state: 'IL', country: 'US' },
    });
    expect(outcome?.status === 'corrected' && outcome.suggestion.postalCode).toMatch(/^62701-\d{4}$/);
  });

  it("answers UPS's candidates for an ambiguous address", async () => {
    const { adapter } = await setup();
    const outcome = (await adapter.checkAddresses!(one(to({ street1: 'MAIN ST' })))).get('k1');

    expect(outcome?.status).toBe('ambiguous');
    if (outcome?.status !== 'ambiguous') return;
    expect(outcome.candidates.map((c) => c.address1)).toEqual(['100 MAIN ST', '200 MAIN ST', '300 MAIN ST']);
    expect(outcome.candidates[0]).toMatchObject({ city: 'SPRINGFIELD', state: 'IL', country: 'US' });
    expect(outcome.messages[0]).toBe('UPS found 3 addresses that could be MAIN ST, SPRINGFIELD IL 62701-1234, US');
  });

  it('calls an address UPS has no candidate for invalid, in words that name it', async () => {
    const { adapter } = await setup();
    const outcome = (await adapter.checkAddresses!(one(to({ street1: '1 Nowhere Road' })))).get('k1');

    expect(outcome).toEqual({
      status: 'invalid',
      residential: null,
      messages: ['UPS found no address matching 1 Nowhere Road, SPRINGFIELD IL 62701-1234, US'],
    });
  });

  it('classifies a company or a suite as commercial and a PO box as unknown', async () => {
    const { adapter, calls } = await setup();
    const outcomes = await adapter.checkAddresses!([
      { key: 'company', address: to({ company: 'Acme Outdoor LLC' }) },
      { key: 'suite', address: to({ street2: 'SUITE 400' }) },
      { key: 'box', address: to({ street1: '12 PO BOX' }) },
    ]);

    expect(outcomes.get('company')).toMatchObject({ status: 'verified', residential: false });
    expect(outcomes.get('suite')).toMatchObject({ status: 'verified', residential: false });
    expect(outcomes.get('box')).toMatchObject({ status: 'verified', residential: null });
    // One address per call; the company goes as the consignee (a hint to UPS), the person does not.
    expect(calls()).toHaveLength(3);
    expect(JSON.parse(calls()[0]!.body).XAVRequest.AddressKeyFormat.ConsigneeName).toBe('Acme Outdoor LLC');
    expect(JSON.parse(calls()[1]!.body).XAVRequest.AddressKeyFormat.ConsigneeName).toBeUndefined();
  });

  it('sends only US and Puerto Rico addresses with a street: the others get no outcome', async () => {
    const { adapter, calls } = await setup();
    const outcomes = await adapter.checkAddresses!([
      { key: 'ca', address: to({ country: 'CA', state: 'ON', city: 'TORONTO', postalCode: 'M5V 2T6' }) },
      { key: 'pr', address: to({ state: 'PR', city: 'SAN JUAN', postalCode: '00926', country: 'PR' }) },
      { key: 'blank', address: to({ street1: '  ' }) },
      { key: 'us', address: to() },
    ]);

    expect([...outcomes.keys()]).toEqual(['pr', 'us']);
    expect(calls().map((c) => JSON.parse(c.body).XAVRequest.AddressKeyFormat.CountryCode)).toEqual(['PR', 'US']);
  });

  it("throws UPS's 429 (its per-window limit) as rate_limited, never as invalid", async () => {
    const { adapter, fake } = await setup({ addressLimit: { callsPerWindow: 1 } });
    await adapter.checkAddresses!(one(to()));

    const error = await expectChannelError(adapter.checkAddresses!(one(to(), 'k2')));
    expect(error.kind).toBe('rate_limited');
    expect(error.platformMessage).toBe('Too Many Requests (10429)');
    expect(fake.addressCalls()).toBeGreaterThan(1);
  });

  it('throws an outage, so the address stays not checked', async () => {
    const { adapter, fake } = await setup();
    fake.failWithServerError({ times: 10, path: /addressvalidation/ });

    const error = await expectChannelError(adapter.checkAddresses!(one(to())));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(503);
  });

  it('throws a refused credential', async () => {
    const fake = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }));
    const adapter = createUpsAdapter(
      {
        key: randomUUID(),
        settings: { clientId: CLIENT_ID, accountNumber: '1A2B3C', apiBaseUrl: fake.url },
        credentials: { clientSecret: 'wrong' },
      },
      { http: quickHttp() },
    );
    expect((await expectChannelError(adapter.checkAddresses!(one(to())))).kind).toBe('auth');
  });

  it('says one address a call, a conservative minute budget by default, and the account setting when given', async () => {
    const { adapter } = await setup();
    expect(adapter.addressLimits).toEqual({ perCall: 1, callsPerWindow: 60, windowSeconds: 60 });
    expect(upsAddressLimits({ addressChecksPerMinute: '240' })).toEqual({
      perCall: 1,
      callsPerWindow: 240,
      windowSeconds: 60,
    });
    expect(upsAddressLimits({ addressChecksPerMinute: 'lots' }).callsPerWindow).toBe(60);
  });
});
