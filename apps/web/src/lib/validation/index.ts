export { isEmpty, validate, validateField } from './validator.ts';
export type { FieldRules, FormErrors, FormRules } from './validator.ts';
export { validatorResolver } from './resolver.ts';
export { COUNTRY_CODE_PATTERN, EMAIL_PATTERN, OTP_PATTERN, PHONE_PATTERN } from './rules.ts';
