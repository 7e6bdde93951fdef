import { fetchFailure, toApiError } from '@/lib/errors/api-error';

/**
 * A JSON request to a service other than the product API (the SSO's registration and catalogue
 * endpoints). Resolves with the envelope's `data`; rejects with an ApiError (spec section 8), so
 * callers handle failures exactly like RTK Query ones.
 */
export async function fetchEnvelopeData<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (error) {
    throw fetchFailure(error);
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    if (!response.ok) throw toApiError(response, undefined);
    throw { status: 'PARSE_ERROR', statusText: 'The server sent an unreadable response.' };
  }
  if (!response.ok || (isRecord(body) && body.success === false)) throw toApiError(response, body);
  return (isRecord(body) && 'data' in body ? body.data : body) as T;
}

/** `base` + `path` without doubled or missing slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
