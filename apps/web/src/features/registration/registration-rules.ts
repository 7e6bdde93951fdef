import { EMAIL_PATTERN, OTP_PATTERN, type FormRules } from '@/lib/validation';

export interface EmailForm {
  email: string;
}
export interface OtpForm {
  otp: string;
}
export interface DetailsForm {
  name: string;
  companyName: string;
  password: string;
  confirmPassword: string;
}
export const DETAILS_FIELDS = ['name', 'companyName', 'password', 'confirmPassword'] as const;

/** The SSO's limits (apps/sso: registration-service.ts and passwords.ts), checked here first. */
const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 256;
const NAME_MAX_LENGTH = 100;
const COMPANY_NAME_LENGTH = { min: 2, max: 100 } as const;

export const emailRules: FormRules<EmailForm> = {
  email: {
    label: 'E-mail',
    required: true,
    pattern: { value: EMAIL_PATTERN, message: 'Enter a valid e-mail address' },
    maxLength: { value: 254 },
  },
};

export const otpRules: FormRules<OtpForm> = {
  otp: {
    label: 'Verification code',
    required: 'Enter the 6-digit code from the e-mail',
    custom: (value) => (OTP_PATTERN.test(String(value).trim()) ? undefined : 'The code has 6 digits'),
  },
};

export const detailsRules: FormRules<DetailsForm> = {
  name: { label: 'Name', required: true, maxLength: { value: NAME_MAX_LENGTH } },
  companyName: {
    label: 'Company name',
    required: true,
    custom: (value) => {
      const length = String(value).trim().length;
      return length < COMPANY_NAME_LENGTH.min || length > COMPANY_NAME_LENGTH.max
        ? `Company name must be ${COMPANY_NAME_LENGTH.min} to ${COMPANY_NAME_LENGTH.max} characters`
        : undefined;
    },
  },
  password: {
    label: 'Password',
    required: true,
    minLength: { value: PASSWORD_MIN_LENGTH },
    maxLength: { value: PASSWORD_MAX_LENGTH },
  },
  confirmPassword: {
    label: 'Password confirmation',
    required: 'Repeat the password',
    custom: (value, values) => (value === values.password ? undefined : 'The passwords do not match'),
  },
};
