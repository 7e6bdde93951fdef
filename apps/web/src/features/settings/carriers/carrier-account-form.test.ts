import { describe, expect, it } from 'vitest';
import { carrierAccount } from '../testing';
import {
  carrierTestPlan,
  defaultCarrierAccountForm,
  toUpdateCarrierAccount,
  validateCarrierAccountForm,
} from './carrier-account-form';

const UPS = carrierAccount();

describe('carrier account form', () => {
  it('starts an edit with the stored settings and empty secrets', () => {
    expect(defaultCarrierAccountForm(UPS)).toEqual({
      carrier: 'ups',
      name: 'UPS main',
      settings: {
        clientId: 'ups-client',
        accountNumber: 'A1B2C3',
        addressChecksPerMinute: '',
        trackingCallsPerMinute: '',
        apiBaseUrl: '',
      },
      credentials: { clientSecret: '' },
      isDefault: true,
    });
  });

  it('sends settings only when they changed and a secret only when typed', () => {
    const values = defaultCarrierAccountForm(UPS);
    expect(toUpdateCarrierAccount({ ...values, name: ' UPS west ' }, UPS)).toEqual({
      name: 'UPS west',
      isDefault: true,
    });
    expect(
      toUpdateCarrierAccount({ ...values, credentials: { clientSecret: ' new ' }, isDefault: false }, UPS),
    ).toEqual({ name: 'UPS main', isDefault: false, credentials: { clientSecret: 'new' } });
  });

  it('tests a saved account by id until its connection changes, then as typed with its secrets', () => {
    const values = defaultCarrierAccountForm(UPS);
    expect(carrierTestPlan(values, UPS)).toEqual({ body: { accountId: '7' } });
    const changed = { ...values, settings: { ...values.settings, apiBaseUrl: 'https://wwwcie.ups.com' } };
    const plan = carrierTestPlan(changed, UPS);
    expect('retype' in plan && plan.retype.map((field) => field.key)).toEqual(['clientSecret']);
    expect(carrierTestPlan({ ...changed, credentials: { clientSecret: 's3cret' } }, UPS)).toEqual({
      body: {
        carrier: 'ups',
        settings: { clientId: 'ups-client', accountNumber: 'A1B2C3', apiBaseUrl: 'https://wwwcie.ups.com' },
        credentials: { clientSecret: 's3cret' },
      },
    });
  });

  it('counts a stored secret as given', () => {
    const values = defaultCarrierAccountForm(UPS);
    expect(validateCarrierAccountForm(values, UPS)).toEqual({});
    expect(validateCarrierAccountForm({ ...values, name: '' })).toEqual({
      name: 'Name is required',
      'credentials.clientSecret': 'Client secret is required',
    });
  });
});
