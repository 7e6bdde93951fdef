/** Patterns shared by several forms. */
// Deliberately loose: one '@', something on both sides, a dot in the domain. The server decides.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const OTP_PATTERN = /^\d{6}$/;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
export const PHONE_PATTERN = /^[+()0-9 .\-x]{5,40}$/;
