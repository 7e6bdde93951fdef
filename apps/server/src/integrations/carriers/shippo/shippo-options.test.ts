import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { ShipmentInsurance } from '../carrier-types.ts';
import { labelRequest, OWNER, rateRequest, shippoSetup, TOKEN } from './shippo-test-kit.ts';

type Extra = {
  insurance?: { amount: string; currency: string; content: string; provider?: string };
  signature_confirmation?: string;
};
const insurance = (amountMinor: number, provider: ShipmentInsurance['provider'] = 'carrier'): ShipmentInsurance => ({
  amountMinor,
  currency: 'USD',
  provider,
});

describe('Shippo options against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );
  const lastExtra = (calls: (method: string, path: string) => Array<{ body: string }>) =>
    (JSON.parse(calls('POST', '/shipments/').at(-1)!.body) as { extra?: Extra }).extra;

  it("sends insurance and an adult signature in extra, the carrier's coverage as provider for UPS, and is charged for them", async () => {
    const { adapter, calls } = await setup();
    const plain = await adapter.buyLabel(labelRequest({ serviceCode: 'ups_ground' }));
    expect(lastExtra(calls)).toEqual({ reference_1: '#1001' });

    const label = await adapter.buyLabel(
      labelRequest({ serviceCode: 'ups_ground', insurance: insurance(25_000), signature: 'adult' }),
    );
    expect(lastExtra(calls)).toEqual({
      reference_1: '#1001',
      insurance: { amount: '250.00', currency: 'USD', content: 'Merchandise', provider: 'UPS' },
      signature_confirmation: 'ADULT',
    });
    expect(label.amountMinor).toBeGreaterThan(plain.amountMinor + 775);
  });

  it("sends no provider for the aggregator's insurer, nor for a carrier whose coverage Shippo does not sell (USPS)", async () => {
    const { adapter, calls } = await setup();
    await adapter.buyLabel(labelRequest({ serviceCode: 'ups_ground', insurance: insurance(25_000, 'aggregator') }));
    expect(lastExtra(calls)?.insurance).not.toHaveProperty('provider');
    await adapter.buyLabel(labelRequest({ serviceCode: 'usps_priority', insurance: insurance(25_000) }));
    expect(lastExtra(calls)?.insurance).toEqual({ amount: '250.00', currency: 'USD', content: 'Merchandise' });
  });

  it('quotes with the options, so the rates include them', async () => {
    const { adapter, calls } = await setup();
    const [plain] = await adapter.rates(rateRequest(['usps_priority']));
    const [signed] = await adapter.rates({ ...rateRequest(['usps_priority']), signature: 'standard' });
    expect(lastExtra(calls)?.signature_confirmation).toBe('STANDARD');
    expect(signed!.amountMinor).toBe(plain!.amountMinor + 350);
  });

  it('is refused in Shippo words above what its insurer covers', async () => {
    const { adapter } = await setup();
    const refused = await expectChannelError(adapter.buyLabel(labelRequest({ insurance: insurance(1_200_000) })));
    expect(refused.platformMessage ?? refused.message).toMatch(/less than or equal to 10000/);
  });
});
