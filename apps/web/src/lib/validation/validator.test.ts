import { describe, expect, it, vi } from 'vitest';
import { isEmpty, validate, validateField } from './validator';
import { validatorResolver } from './resolver';
import { EMAIL_PATTERN } from './rules';
import { applyServerErrors } from './server-errors';

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

describe('applyServerErrors', () => {
  it('puts matching errors on fields and returns the rest', () => {
    const setError = vi.fn();
    const error = {
      status: 400,
      statusText: 'Bad Request',
      data: { errors: { 'options.name': 'Name is too long', companyName: 'Taken', other: 'Something else' } },
    };
    const rest = applyServerErrors<{ name: string; companyName: string }>(
      error,
      ['name', 'companyName'],
      setError,
      'x',
    );
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Name is too long' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('companyName', { type: 'server', message: 'Taken' }, { shouldFocus: false });
    expect(rest).toBe('Something else');
  });

  it('returns null when all errors landed and the status text otherwise', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<{ otp: string }>(
        { status: 400, statusText: 'x', data: { errors: { otp: 'Wrong' } } },
        ['otp'],
        setError,
        'f',
      ),
    ).toBeNull();
    expect(
      applyServerErrors<{ otp: string }>({ status: 429, statusText: 'Too many attempts' }, ['otp'], setError, 'f'),
    ).toBe('Too many attempts');
    expect(applyServerErrors<{ otp: string }>(new Error('x'), ['otp'], setError, 'Could not verify')).toBe(
      'Could not verify',
    );
  });
});
