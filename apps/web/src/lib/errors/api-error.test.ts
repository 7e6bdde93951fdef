import { describe, expect, it, vi } from 'vitest';
import { apiErrorMessage, apiFieldErrors, fetchFailure, isApiError, toApiError } from './api-error';
import { showApiError } from './show-api-error';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError } }));

describe('apiErrorMessage', () => {
  it('joins the field errors with ", "', () => {
    const error = {
      status: 400,
      statusText: 'Bad Request',
      data: { errors: { name: 'Name is required', 'address.city': 'City is required' } },
    };
    expect(apiErrorMessage(error, 'Could not save')).toBe('Name is required, City is required');
  });

  it('falls back to the status text, then to the caller message', () => {
    expect(apiErrorMessage({ status: 409, statusText: 'Conflict', data: { errors: {} } }, 'x')).toBe('Conflict');
    expect(apiErrorMessage({ status: 500, statusText: '' }, 'Could not save')).toBe('Could not save');
    expect(apiErrorMessage(new Error('boom'), 'Could not save')).toBe('Could not save');
    expect(apiErrorMessage(undefined, 'Could not save')).toBe('Could not save');
  });

  it('ignores non-string error values', () => {
    const error = { status: 400, statusText: 'Bad Request', data: { errors: { a: 1, b: 'B is wrong' } } };
    expect(apiErrorMessage(error, 'x')).toBe('B is wrong');
    expect(apiFieldErrors(error)).toEqual({ b: 'B is wrong' });
  });
});

describe('isApiError', () => {
  it('recognises the shape', () => {
    expect(isApiError({ status: 'FETCH_ERROR', statusText: 'Network error' })).toBe(true);
    expect(isApiError({ status: 404, statusText: 'Not Found' })).toBe(true);
    expect(isApiError({ status: 'TIMEOUT_ERROR', statusText: '' })).toBe(false);
    expect(isApiError({ status: 404 })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('toApiError', () => {
  it('prefers the envelope message and keeps the field errors', () => {
    const response = new Response(null, { status: 409, statusText: 'Conflict' });
    const error = toApiError(response, {
      code: 409,
      success: false,
      message: 'Company name is taken',
      errors: { companyName: 'This company name is already registered' },
    });
    expect(error).toEqual({
      status: 409,
      statusText: 'Company name is taken',
      data: {
        code: 409,
        message: 'Company name is taken',
        errors: { companyName: 'This company name is already registered' },
      },
    });
  });

  it('uses the HTTP reason phrase when there is no body', () => {
    expect(toApiError(new Response(null, { status: 502, statusText: 'Bad Gateway' }), undefined)).toEqual({
      status: 502,
      statusText: 'Bad Gateway',
    });
    expect(toApiError(new Response(null, { status: 500 }), 'oops').statusText).toBe('Internal Server Error');
    expect(toApiError(new Response(null, { status: 418 }), 'oops').statusText).toBe('Request failed (418)');
  });

  it('describes network failures', () => {
    expect(fetchFailure(new TypeError('Failed to fetch'))).toEqual({
      status: 'FETCH_ERROR',
      statusText: 'Network error: Failed to fetch',
    });
  });
});

describe('showApiError', () => {
  it('shows one error toast with the message of spec section 8', () => {
    showApiError({ status: 400, statusText: 'Bad Request', data: { errors: { a: 'A', b: 'B' } } }, 'fallback');
    expect(toastError).toHaveBeenCalledWith('A, B');
    showApiError(undefined, 'Could not load the settings.');
    expect(toastError).toHaveBeenLastCalledWith('Could not load the settings.');
  });
});
