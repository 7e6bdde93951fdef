import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_COUNTRIES, STATE_COUNTRIES, addressRuleProblems, postalCodeFits } from './address-rules.ts';

describe('addressRuleProblems', () => {
  it('asks a US address for its state and a ZIP code of 5 or 9 digits', () => {
    expect(addressRuleProblems({ country: 'US' })).toEqual({
      state: 'is required for a US address',
      postalCode: 'is required for a US address',
    });
    expect(addressRuleProblems({ country: 'US', state: '  ', postalCode: '' })).toHaveProperty('state');
    for (const zip of ['78701', '78701-1234', '787011234', ' 78701 ']) {
      expect(addressRuleProblems({ country: 'US', state: 'TX', postalCode: zip }), zip).toEqual({});
    }
    for (const zip of ['7870', '787011', '78701-12', 'ABCDE', '78701 1234']) {
      expect(addressRuleProblems({ country: 'US', state: 'TX', postalCode: zip }), zip).toEqual({
        postalCode: 'must be a US ZIP code: 5 digits or 9 (12345 or 12345-6789)',
      });
    }
  });

  it.each([
    ['GB', 'SW1A 1AA', '12345'],
    ['GB', 'sw1a1aa', 'SW1A'],
    ['CA', 'K1A 0B1', 'K1A 0B'],
    ['DE', '10115', '1011'],
    ['FR', '75008', '7500'],
    ['AU', '2000', '200'],
    ['NL', '1012 AB', '1012'],
  ])('checks the format of %s postcodes: %s fits, %s does not', (country, good, bad) => {
    const state = STATE_COUNTRIES.includes(country) ? 'ON' : undefined;
    expect(addressRuleProblems({ country, state, postalCode: good })).toEqual({});
    expect(addressRuleProblems({ country, state, postalCode: bad }).postalCode).toMatch(
      new RegExp(`^is not a ${country} postal code \\(e\\.g\\. .+\\)$`),
    );
  });

  it('gives examples that fit their own country', () => {
    for (const country of [...POSTAL_CODE_COUNTRIES, 'IE', 'BE', 'PT', 'CH', 'AT', 'SE', 'NZ']) {
      if (country === 'US') continue;
      const message = addressRuleProblems({ country, postalCode: '#' }).postalCode ?? '';
      const example = /\(e\.g\. (.+)\)$/.exec(message)?.[1];
      expect(example, country).toBeDefined();
      expect(postalCodeFits(example!, country), `${country} ${example}`).toBe(true);
    }
  });

  it('asks only what carriers need: no state outside US/CA/AU, no postal code where none is used', () => {
    expect(addressRuleProblems({ country: 'GB' })).toEqual({ postalCode: 'is required for a GB address' });
    expect(addressRuleProblems({ country: 'CA', postalCode: 'K1A 0B1' })).toEqual({
      state: 'is required for a CA address',
    });
    expect(addressRuleProblems({ country: 'IE' })).toEqual({});
    // A country whose format is not known takes any postal code; a malformed country is the schema's to refuse.
    expect(addressRuleProblems({ country: 'HK', postalCode: 'anything' })).toEqual({});
    expect(addressRuleProblems({ country: 'usa', postalCode: '1' })).toEqual({});
  });
});
