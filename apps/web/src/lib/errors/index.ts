export type { ApiError } from './api-error';
export { apiErrorMessage, apiErrorReason, apiFieldErrors, fetchFailure, isApiError, toApiError } from './api-error';
export { showApiError } from './show-api-error';
