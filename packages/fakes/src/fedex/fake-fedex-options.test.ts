import { describe, expect, it } from 'vitest';
import { fedexOptionsCents, fedexOptionsRefusal } from './fake-fedex-options.ts';

const body = (reply: ReturnType<typeof fedexOptionsRefusal>) =>
  reply?.body as { errors: Array<{ code: string; message: string }> } | undefined;

describe('fake FedEx package options', () => {
  it('refuses an unknown special service or signature option type as FedEx does', () => {
    const unknownService = fedexOptionsRefusal({
      packageSpecialServices: { specialServiceTypes: ['SIGNATURE_OPTION', 'DRY_ICE_PLUS'] },
    } as never);
    expect(unknownService?.status).toBe(400);
    expect(body(unknownService)?.errors[0]).toMatchObject({ code: 'SPECIALSERVICETYPE.INVALID' });
    const unknownSignature = fedexOptionsRefusal({
      packageSpecialServices: { specialServiceTypes: ['SIGNATURE_OPTION'], signatureOptionType: 'NOTARISED' },
    } as never);
    expect(body(unknownSignature)?.errors[0]).toMatchObject({ code: 'SIGNATUREOPTIONTYPE.INVALID' });
    const withoutService = fedexOptionsRefusal({
      packageSpecialServices: { specialServiceTypes: [], signatureOptionType: 'ADULT' },
    } as never);
    expect(body(withoutService)?.errors[0]).toMatchObject({ code: 'SIGNATUREOPTION.SPECIALSERVICE.REQUIRED' });
  });

  it('takes a known signature and a declared value within the limit, and prices them', () => {
    const item = {
      declaredValue: { amount: 250, currency: 'USD' },
      packageSpecialServices: { specialServiceTypes: ['SIGNATURE_OPTION'], signatureOptionType: 'ADULT' },
    } as never;
    expect(fedexOptionsRefusal(item)).toBeNull();
    expect(fedexOptionsCents(item)).toBe(785 + 250);
    const over = fedexOptionsRefusal({ declaredValue: { amount: 600, currency: 'USD' } } as never, 'FEDEX_PAK');
    expect(body(over)?.errors[0]).toMatchObject({ code: 'DECLAREDVALUE.EXCEEDS.LIMIT' });
  });
});
