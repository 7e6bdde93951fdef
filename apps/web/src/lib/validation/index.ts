export type { FormRules } from './validator';
export { messagesResolver, validatorResolver } from './resolver';
export { applyServerErrors } from './server-errors';
export { COUNTRY_CODE_PATTERN, EMAIL_PATTERN, OTP_PATTERN, PHONE_PATTERN } from './rules';
