import { describe, expect, it } from 'vitest';
import { uspsExtras } from './fake-usps-extras.ts';

describe('fake USPS extra services', () => {
  it('refuses an unknown extra service code as USPS does', () => {
    expect(uspsExtras('PRIORITY_MAIL', [921, 999], undefined)).toMatchObject({
      code: 'INVALID_EXTRA_SERVICE',
      detail: '999 is not a valid extra service code.',
    });
  });

  it('prices the signature and insurance, replaces 930 by 931 above $500 and needs the package value', () => {
    const extras = uspsExtras('PRIORITY_MAIL', [921, 930], 800);
    expect(Array.isArray(extras) && extras.map((e) => e.extraService)).toEqual(['921', '931']);
    expect(uspsExtras('PRIORITY_MAIL', [930], undefined)).toMatchObject({ code: 'MISSING_PACKAGE_VALUE' });
    expect(uspsExtras('MEDIA_MAIL', [922], undefined)).toMatchObject({ code: 'EXTRA_SERVICE_NOT_AVAILABLE' });
    expect(uspsExtras('PRIORITY_MAIL', [930], 5_000.01)).toMatchObject({ code: 'INSURANCE_LIMIT_EXCEEDED' });
  });
});
