import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { normaliseErrorBody, statusTextFor, type ApiError } from '@/lib/errors/api-error';
import { noteLocalChange } from '@/lib/realtime/realtime-hub';
import { ACCESS_REVOKED, reportAccessEnded } from '@/lib/session/access-ended';
import { readAuthToken } from '@/lib/storage/auth-data';
import { firstRequestsFetch } from './first-requests.ts';

export const NETWORK_ERROR_TEXT = 'Could not reach the server. Check your connection and try again.';

const rawBaseQuery = fetchBaseQuery({
  // Same origin: the server serves the web app; `vite` proxies the API paths in development.
  // Absolute, because Request() outside a document (tests, workers) cannot resolve a relative URL.
  baseUrl: `${globalThis.location?.origin ?? ''}/`,
  // A hydrated page's first GETs may have been started before it hydrated (first-requests.ts).
  fetchFn: firstRequestsFetch,
  prepareHeaders: (headers) => {
    const token = readAuthToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * Turns a fetchBaseQuery failure into the app's ApiError (spec 8: status, statusText and the error body).
 * statusText carries the server's envelope message when there is one (it says more than "Conflict"),
 * else the HTTP status text, else the standard reason phrase.
 */
export function toApiError(
  error: { status: number | string; data?: unknown; originalStatus?: number; error?: string },
  response?: Response,
): ApiError {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status: 'FETCH_ERROR', statusText: NETWORK_ERROR_TEXT };
  }
  if (error.status === 'PARSING_ERROR' || error.status === 'PARSE_ERROR') {
    const status = error.originalStatus ?? response?.status ?? 0;
    const text = status >= 400 ? statusTextFor(status, undefined, response) : 'The server sent an unreadable response.';
    // A 2xx that is not JSON is a parse error; a 4xx/5xx with an HTML body is still that HTTP error.
    return status >= 400 ? { status, statusText: text } : { status: 'PARSE_ERROR', statusText: text };
  }
  if (typeof error.status === 'number') {
    const data = normaliseErrorBody(error.data);
    const statusText = statusTextFor(error.status, data, response);
    return data ? { status: error.status, statusText, data } : { status: error.status, statusText };
  }
  return { status: 'FETCH_ERROR', statusText: error.error || NETWORK_ERROR_TEXT };
}

/** An endpoint's `extraOptions`: `showsNoChange` for a mutation whose work no screen shows (the sign-in's provisioning). */
interface BaseQueryOptions {
  showsNoChange?: boolean;
}

/** The RTK Query base query: bearer token from the stored login, failures as ApiError. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, BaseQueryOptions> = async (
  args,
  api,
  extraOptions,
) => {
  // A change sent before the live updates connect: they ask for the screens' data again when they do.
  if (api.type === 'mutation' && !extraOptions?.showsNoChange) noteLocalChange();
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    const error = toApiError(result.error, result.meta?.response);
    // The signed-in user's access ended (deactivated, role changed): the session provider renews or signs out.
    if (error.status === 401 && error.data?.reason === ACCESS_REVOKED) reportAccessEnded();
    return { error, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};
