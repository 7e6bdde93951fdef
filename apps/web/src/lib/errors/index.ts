export type { ApiError } from './api-error';
export { apiErrorMessage, apiFieldErrors, fetchFailure, isApiError, toApiError } from './api-error';
export { showApiError } from './show-api-error';
