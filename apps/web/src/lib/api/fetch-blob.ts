import { fetchFailure, toApiError } from '@/lib/errors';
import { readAuthToken } from '@/lib/storage/auth-data';

/**
 * An answer of the API read around RTK Query (a binary document, a stream): the signed-in user's token attached, a
 * failure turned into the app's ApiError (the server's message kept). The body is left unread.
 */
export async function fetchResponse(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (error) {
    throw fetchFailure(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response, body);
  }
  return response;
}

/** A binary answer of the API (a PDF, a label, a ZPL stream), whose cache RTK Query would not hold (JSON only). */
export async function fetchBlob(path: string, init: RequestInit = {}): Promise<Blob> {
  return (await fetchResponse(path, init)).blob();
}
