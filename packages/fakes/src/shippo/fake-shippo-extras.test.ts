import { describe, expect, it } from 'vitest';
import { SERVICE_LEVELS } from './fake-shippo-catalog.ts';
import { shippoExtraPrice, shippoExtraRefusal } from './fake-shippo-extras.ts';

const level = (token: string) => SERVICE_LEVELS.find((service) => service.token === token)!;

describe('fake Shippo extra', () => {
  it('refuses an unknown signature or insurance provider as Shippo does (field errors)', () => {
    expect(shippoExtraRefusal({ signature_confirmation: 'NOTARISED' })).toEqual({
      status: 400,
      body: { extra: { signature_confirmation: ['"NOTARISED" is not a valid choice.'] } },
    });
    const provider = shippoExtraRefusal({
      insurance: { amount: '250.00', currency: 'USD', content: 'Merchandise', provider: 'DHL' },
    });
    expect(provider?.body).toEqual({ extra: { insurance: { provider: ['"DHL" is not a valid choice.'] } } });
    const amount = shippoExtraRefusal({ insurance: { amount: 250, currency: 'USD' } });
    expect(amount?.body).toEqual({ extra: { insurance: { amount: ['A valid number is required.'] } } });
  });

  it("prices known options, and a carrier's coverage only for that carrier's services", () => {
    const extra = {
      insurance: { amount: '250.00', currency: 'USD', content: 'Merchandise', provider: 'UPS' },
      signature_confirmation: 'ADULT',
    };
    expect(shippoExtraRefusal(extra)).toBeNull();
    expect(shippoExtraPrice(extra, level('ups_ground'))).toEqual({ cents: 775 + 220, insuranceCents: 220 });
    expect(shippoExtraPrice(extra, level('fedex_ground'))).toEqual({
      message: 'UPS insurance cannot cover a fedex shipment.',
    });
    expect(shippoExtraPrice({ signature_confirmation: 'INDIRECT' }, level('usps_priority'))).toEqual({
      message: 'INDIRECT signature confirmation is not available for usps_priority.',
    });
  });
});
