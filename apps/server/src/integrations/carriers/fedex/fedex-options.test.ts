import { startFakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { ACCOUNT_NUMBER, API_KEY, fedexSetup, labelRequest, rateRequest, SECRET_KEY } from './fedex-test-kit.ts';

const SHIP = '/ship/v1/shipments';
const QUOTES = '/rate/v1/rates/quotes';

type PackageLine = {
  declaredValue?: { amount: number; currency: string };
  packageSpecialServices?: { specialServiceTypes: string[]; signatureOptionType: string };
};
const packageLine = (call: { body: string } | undefined) =>
  (JSON.parse(call!.body) as { requestedShipment: { requestedPackageLineItems: PackageLine[] } }).requestedShipment
    .requestedPackageLineItems[0]!;

const insurance = (amountMinor: number) => ({ amountMinor, currency: 'USD', provider: 'carrier' as const });

describe('FedEx options against the fake', () => {
  const setup = fedexSetup((options?: Partial<FakeFedexOptions>) =>
    startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, accountNumber: ACCOUNT_NUMBER, ...options }),
  );

  it('sends the insured value as declaredValue and an adult signature as SIGNATURE_OPTION ADULT, and is charged for them', async () => {
    const { adapter, calls } = await setup();
    const plain = await adapter.buyLabel(labelRequest());
    expect(packageLine(calls(SHIP).at(-1))).not.toHaveProperty('declaredValue');
    expect(packageLine(calls(SHIP).at(-1))).not.toHaveProperty('packageSpecialServices');

    const label = await adapter.buyLabel(labelRequest({ insurance: insurance(25_000), signature: 'adult' }));
    expect(packageLine(calls(SHIP).at(-1))).toMatchObject({
      declaredValue: { amount: 250, currency: 'USD' },
      packageSpecialServices: { specialServiceTypes: ['SIGNATURE_OPTION'], signatureOptionType: 'ADULT' },
    });
    // $7.85 adult signature + $1.25 per $100 past the first $100 (the fake's surcharges).
    expect(label.amountMinor).toBeGreaterThanOrEqual(plain.amountMinor + 785 + 250);
  });

  it('quotes with the options, so the rate includes them, and a standard signature is DIRECT', async () => {
    const { adapter, calls } = await setup();
    const [plain] = await adapter.rates(rateRequest(['FEDEX_2_DAY']));
    const [signed] = await adapter.rates({ ...rateRequest(['FEDEX_2_DAY']), signature: 'standard' });
    expect(packageLine(calls(QUOTES).at(-1)).packageSpecialServices).toEqual({
      specialServiceTypes: ['SIGNATURE_OPTION'],
      signatureOptionType: 'DIRECT',
    });
    expect(signed!.amountMinor).toBeGreaterThanOrEqual(plain!.amountMinor + 675);
  });

  it('is refused in FedEx words above the declared value limit of an envelope', async () => {
    const { adapter } = await setup();
    const request = labelRequest({
      serviceCode: 'FEDEX_2_DAY',
      parcel: { weightGrams: 300, lengthIn: 12, widthIn: 9, heightIn: 1, packageType: 'FEDEX_ENVELOPE' },
      insurance: insurance(60_000),
    });
    const refused = await expectChannelError(adapter.buyLabel(request));
    expect(refused.platformMessage ?? refused.message).toMatch(/declared value exceeds the maximum of 500 USD/);
  });
});
