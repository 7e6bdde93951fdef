import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { AddressToCheck, ShipmentAddress } from '../carrier-types.ts';
import { fedexAddressOutcome } from './fedex-addresses.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, SECRET_KEY } from './fedex-test-kit.ts';

const RESOLVE = '/address/v1/addresses/resolve';

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

describe('FedEx address validation against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );

  it('verifies an address FedEx resolves as it was sent, residential', async () => {
    const { adapter, calls } = await setup();
    const outcomes = await adapter.checkAddresses!(one(to()));

    expect(outcomes.get('k1')).toEqual({ status: 'verified', residential: true, messages: [] });
    expect(JSON.parse(calls(RESOLVE)[0]!.body)).toEqual({
      validateAddressControlParameters: { includeResolutionTokens: true },
      addressesToValidate: [
        {
          address: {
            streetLines: ['44 ELM ST'],
            city: 'SPRINGFIELD',
            stateOrProvinceCode: 'IL',
            postalCode: '62701-1234',
            countryCode: 'US',
          },
          clientReferenceId: '0',
        },
      ],
    });
  });

  it("answers FedEx's standardised form as a correction", async () => {
    const { adapter } = await setup();
    const sent = to({ street1: '44 Elm Street', street2: 'Suite 400', city: 'Springfield', postalCode: '62701' });
    const outcome = (await adapter.checkAddresses!(one(sent))).get('k1');

    expect(outcome).toMatchObject({
      status: 'corrected',
      residential: false,
      suggestion: { address1: '44 ELM STREET', address2: 'SUITE 400', city: 'SPRINGFIELD', state: 'IL', country: 'US' },
    });
    expect(outcome?.status === 'corrected' && outcome.suggestion.postalCode).toMatch(/^62701-\d{4}$/);
  });

  it("calls an unresolved address invalid, and an INVALID.* message invalid in FedEx's words", async () => {
    const { adapter } = await setup();
    const outcomes = await adapter.checkAddresses!([
      { key: 'nowhere', address: to({ street1: '1 NOWHERE RD' }) },
      { key: 'suite', address: to({ street2: 'APT 0' }) },
    ]);

    expect(outcomes.get('nowhere')).toEqual({
      status: 'invalid',
      residential: null,
      messages: ['FedEx could not resolve 1 NOWHERE RD, SPRINGFIELD IL 62701-1234, US'],
    });
    expect(outcomes.get('suite')).toEqual({
      status: 'invalid',
      residential: null,
      messages: ['Invalid or missing Apartment/Suite (INVALID.SUITE.NUMBER)'],
    });
  });

  it('is ambiguous only when FedEx says it matches several addresses, with its one form as the candidate', async () => {
    const { adapter } = await setup();
    const outcome = (await adapter.checkAddresses!(one(to({ street1: 'MAIN ST' })))).get('k1');

    expect(outcome).toMatchObject({
      status: 'ambiguous',
      candidates: [{ address1: 'MAIN ST', city: 'SPRINGFIELD' }],
      messages: ['FedEx found several addresses that could be MAIN ST, SPRINGFIELD IL 62701-1234, US'],
    });
  });

  it('classifies BUSINESS as commercial, RESIDENTIAL as residential, MIXED and UNKNOWN as unknown', async () => {
    const { adapter } = await setup();
    const outcomes = await adapter.checkAddresses!([
      { key: 'business', address: to({ street2: 'FLOOR 3' }) },
      { key: 'home', address: to() },
      { key: 'mixed', address: to({ street1: '1 HARBOR TOWER' }) },
      { key: 'box', address: to({ street1: '12 PO BOX' }) },
    ]);

    expect([...outcomes].map(([key, o]) => [key, o.residential])).toEqual([
      ['business', false],
      ['home', true],
      ['mixed', null],
      ['box', null],
    ]);
  });

  it('asks 100 addresses a call, each answer under its own key; unsupported countries get no outcome', async () => {
    const { adapter, calls, fake } = await setup();
    const addresses: AddressToCheck[] = Array.from({ length: 150 }, (_, i) => ({
      key: `key-${i}`,
      address: to({ street1: `${i + 1} ELM ST` }),
    }));
    addresses.push({ key: 'jp', address: to({ country: 'JP', state: null, city: 'TOKYO', postalCode: '100-0001' }) });
    addresses.push({ key: 'key-3', address: to() });

    const outcomes = await adapter.checkAddresses!(addresses);

    expect(calls(RESOLVE).map((c) => JSON.parse(c.body).addressesToValidate.length)).toEqual([100, 51]);
    expect(fake.addressCalls()).toBe(2);
    expect(outcomes.size).toBe(150);
    expect(outcomes.has('jp')).toBe(false);
    // Each key has its own address's answer: the first one asked under a key stands.
    expect(outcomes.get('key-3')).toEqual({ status: 'verified', residential: true, messages: [] });
    const second = JSON.parse(calls(RESOLVE)[1]!.body).addressesToValidate;
    expect(second[0]).toMatchObject({ clientReferenceId: '0', address: { streetLines: ['101 ELM ST'] } });
  });

  it('maps by clientReferenceId when FedEx answers in another order, by order when it sends none', () => {
    const sent = to({ street1: '44 Elm Street' });
    const resolved = {
      streetLinesToken: ['44 ELM ST'],
      city: 'SPRINGFIELD',
      stateOrProvinceCode: 'IL',
      parsedPostalCode: { base: '62701', addOn: '1234' },
      countryCode: 'US',
      classification: 'MIXED',
      attributes: { Resolved: true, DPV: true, AddressType: 'STANDARDIZED' },
    };
    expect(fedexAddressOutcome(sent, resolved)).toMatchObject({
      status: 'corrected',
      residential: null,
      suggestion: { address1: '44 ELM ST', postalCode: '62701-1234' },
    });
    expect(fedexAddressOutcome(sent, { ...resolved, attributes: { DPV: 'false' } })).toMatchObject({
      status: 'invalid',
      messages: ['FedEx knows no delivery point at 44 Elm Street, SPRINGFIELD IL 62701-1234, US'],
    });
  });

  it('asks again in halves when FedEx refuses a call over one unreadable address, which alone is invalid', async () => {
    const { adapter, calls } = await setup();
    const addresses: AddressToCheck[] = Array.from({ length: 8 }, (_, i) => ({
      key: `key-${i}`,
      address: to({ street1: i === 5 ? '5 UNREADABLE ST' : `${i + 1} ELM ST` }),
    }));

    const outcomes = await adapter.checkAddresses!(addresses);

    expect(outcomes.size).toBe(8);
    expect(outcomes.get('key-5')).toEqual({
      status: 'invalid',
      residential: null,
      messages: ['Standardized address is not found. (STANDARDIZED.ADDRESS.NOTFOUND)'],
    });
    expect(outcomes.get('key-4')?.status).toBe('verified');
    // The whole call, its half with the address, that half's half, then the address alone beside its neighbours.
    expect(calls(RESOLVE).map((c) => JSON.parse(c.body).addressesToValidate.length)).toEqual([8, 4, 4, 2, 1, 1, 2]);
  });

  it("throws FedEx's 429 when its window is spent, never invalid", async () => {
    // The token and the first resolve spend the window of two.
    const { adapter } = await setup({ throttle: { requests: 2, windowMs: 60_000 } });
    await adapter.checkAddresses!(one(to()));

    const error = await expectChannelError(adapter.checkAddresses!(one(to(), 'k2')));
    expect(error.kind).toBe('rate_limited');
    expect(error.platformMessage).toContain('TOO.MANY.REQUESTS');
  });

  it('throws an outage, so the addresses stay not checked', async () => {
    const { adapter, fake } = await setup();
    fake.failWithServerError({ times: 10, path: /addresses/ });

    const error = await expectChannelError(adapter.checkAddresses!(one(to())));
    expect(error.kind).toBe('unavailable');
    expect(error.platformMessage).toContain('SERVICE.UNAVAILABLE.ERROR');
  });

  it("says FedEx's limits: 100 addresses a call, 1,400 calls per 10 seconds", async () => {
    const { adapter } = await setup();
    expect(adapter.addressLimits).toEqual({ perCall: 100, callsPerWindow: 1_400, windowSeconds: 10 });
  });
});
