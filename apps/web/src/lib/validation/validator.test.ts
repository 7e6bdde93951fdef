import { describe, expect, it } from 'vitest';
import { isEmpty, validate, validateField } from './validator.ts';
import { validatorResolver } from './resolver.ts';
import { EMAIL_PATTERN } from './rules.ts';

interface Form {
  email: string;
  password: string;
  confirm: string;
  note?: string | null;
}

const rules = {
  email: { label: 'E-mail', required: true, pattern: { value: EMAIL_PATTERN, message: 'Enter a valid e-mail' } },
  password: { label: 'Password', required: 'Choose a password', minLength: { value: 10 }, maxLength: { value: 20 } },
  confirm: {
    label: 'Confirmation',
    required: true,
    custom: (value: unknown, values: Form) => (value === values.password ? undefined : 'Passwords do not match'),
  },
  note: { label: 'Note', maxLength: { value: 5, message: 'Too long' } },
};

describe('isEmpty', () => {
  it('treats empty, blank, null and undefined as empty', () => {
    expect(isEmpty('')).toBe(true);
    expect(isEmpty('   ')).toBe(true);
    expect(isEmpty(null)).toBe(true);
    expect(isEmpty(undefined)).toBe(true);
    expect(isEmpty(0)).toBe(false);
    expect(isEmpty(false)).toBe(false);
    expect(isEmpty('a')).toBe(false);
  });
});

describe('validate', () => {
  it('reports required fields with the default or the given message', () => {
    expect(validate<Form>({ email: '', password: '', confirm: '' }, rules)).toEqual({
      email: 'E-mail is required',
      password: 'Choose a password',
      confirm: 'Confirmation is required',
    });
  });

  it('checks pattern, minLength, maxLength and custom in order', () => {
    const values: Form = { email: 'nope', password: 'short', confirm: 'other', note: 'longer than five' };
    expect(validate(values, rules)).toEqual({
      email: 'Enter a valid e-mail',
      password: 'Password must be at least 10 characters',
      confirm: 'Passwords do not match',
      note: 'Too long',
    });
    expect(validateField('x'.repeat(21), rules.password, values)).toBe('Password must be at most 20 characters');
  });

  it('returns no errors for valid input and skips empty optional fields', () => {
    const values: Form = { email: 'a@b.co', password: '0123456789', confirm: '0123456789', note: null };
    expect(validate(values, rules)).toEqual({});
  });

  it('is stable with global regular expressions', () => {
    const fieldRules = { pattern: { value: /^a+$/g, message: 'only a' } };
    expect(validateField('aaa', fieldRules, {})).toBeUndefined();
    expect(validateField('aaa', fieldRules, {})).toBeUndefined();
  });
});

describe('validatorResolver', () => {
  it('gives react-hook-form the values or the errors', async () => {
    const resolver = validatorResolver<Form>(rules);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const ok = await resolver({ email: 'a@b.co', password: '0123456789', confirm: '0123456789' }, undefined, options);
    expect(ok.errors).toEqual({});
    const bad = await resolver({ email: '', password: '0123456789', confirm: 'x' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(bad.errors).toEqual({
      email: { type: 'validate', message: 'E-mail is required' },
      confirm: { type: 'validate', message: 'Passwords do not match' },
    });
  });
});
