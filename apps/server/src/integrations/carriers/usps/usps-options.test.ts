import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, LabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';

const CLIENT_ID = 'usps-consumer-key-7f3a';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = {
  crid: '56982563',
  mid: '900066622',
  manifestMid: '900066623',
  accountType: 'EPS' as const,
  accountNumber: '1000123456',
};

const FROM: ShipmentAddress = {
  name: 'Ada Shipper',
  company: 'Shipdesk Demo',
  street1: '4120 Bingham Ave',
  street2: null,
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
  phone: '+1 (314) 555-0100',
  email: null,
  residential: false,
};
const TO: ShipmentAddress = {
  name: 'Joe Doe',
  company: null,
  street1: '1100 Wyoming St',
  street2: 'Suite 150',
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63118-2628',
  country: 'US',
  phone: null,
  email: 'joe@example.com',
  residential: true,
};
/** 680 g is 1.4991 lb: sent as 1.5. */
const PARCEL = { weightGrams: 680, lengthIn: 9, widthIn: 6, heightIn: 2, packageType: 'PACKAGE' };
const TODAY = new Date().toISOString().slice(0, 10);

const keep = closeAfterEach();

async function setup(fakeOptions: Partial<FakeUspsOptions> = {}) {
  const fake: FakeUsps = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], ...fakeOptions }),
  );
  const adapter: CarrierAdapter = createUspsAdapter(
    {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url },
      credentials: { clientSecret: CLIENT_SECRET },
    },
    { http: quickHttp([]) },
  );
  return { fake, adapter };
}

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    from: FROM,
    to: TO,
    parcel: PARCEL,
    shipDate: TODAY,
    reference: '#1001',
    serviceCode: 'PRIORITY_MAIL',
    format: 'pdf',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
const body = (fake: FakeUsps, path: RegExp) =>
  JSON.parse(fake.requests.filter((request) => path.test(request.path)).at(-1)!.body) as {
    packageDescription?: { extraServices?: number[]; packageOptions?: { packageValue: number } };
    extraServices?: number[];
    itemValue?: number;
  };

describe('USPS options against the fake', () => {
  it('sends signature and insurance as extra services with the package value, and charges them', async () => {
    const { fake, adapter } = await setup();
    const plain = await adapter.buyLabel(labelRequest());
    const insurance = { amountMinor: 25_000, currency: 'USD', provider: 'carrier' as const };
    const label = await adapter.buyLabel(labelRequest({ insurance, signature: 'adult' }));
    const sent = body(fake, /\/labels\/v3\/label$/).packageDescription!;
    expect(sent.extraServices).toEqual([922, 930]);
    expect(sent.packageOptions).toEqual({ packageValue: 250 });
    expect(label.amountMinor).toBeGreaterThan(plain.amountMinor + 995);
  });

  it('sends 931 above $500 and quotes with total rates, so the price includes the options', async () => {
    const { fake, adapter } = await setup();
    const insurance = { amountMinor: 80_000, currency: 'USD', provider: 'carrier' as const };
    const request = { ...labelRequest({ insurance, signature: 'standard' }), serviceCodes: ['PRIORITY_MAIL'] };
    const [withOptions] = await adapter.rates(request);
    const [plain] = await adapter.rates({ ...labelRequest(), serviceCodes: ['PRIORITY_MAIL'] });
    const sent = body(fake, /total-rates/);
    expect(sent.extraServices).toEqual([921, 931]);
    expect(sent.itemValue).toBe(800);
    expect(withOptions!.amountMinor).toBeGreaterThan(plain!.amountMinor + 440);
    const label = await adapter.buyLabel(labelRequest({ insurance, signature: 'standard' }));
    expect(label.amountMinor).toBe(withOptions!.amountMinor);
  });

  it('is refused by USPS for adult signature on Media Mail, and leaves Media Mail out of the rates', async () => {
    const { adapter } = await setup();
    const request = labelRequest({ serviceCode: 'MEDIA_MAIL', signature: 'adult' });
    const refused = await expectChannelError(adapter.buyLabel(request));
    expect(refused.kind).toBe('invalid');
    expect(refused.platformMessage ?? refused.message).toMatch(/922.*not available for mailClass MEDIA_MAIL/);
    const rates = await adapter.rates({ ...request, serviceCodes: ['MEDIA_MAIL', 'PRIORITY_MAIL'] });
    expect(rates.map((r) => r.serviceCode)).toEqual(['PRIORITY_MAIL']);
  });

  it('refuses a value above the insurance limit in its own words', async () => {
    const { fake, adapter } = await setup();
    const insurance = { amountMinor: 600_000, currency: 'USD', provider: 'carrier' as const };
    const over = await expectChannelError(adapter.buyLabel(labelRequest({ insurance })));
    expect(over.platformMessage ?? over.message).toMatch(/up to 5000\.00 USD/);
    expect(fake.requests.length).toBeGreaterThan(0);
  });
});
