export type { ApiError } from './api-error.ts';
export { apiErrorMessage, apiFieldErrors, fetchFailure, isApiError, toApiError } from './api-error.ts';
export { showApiError } from './show-api-error.ts';
