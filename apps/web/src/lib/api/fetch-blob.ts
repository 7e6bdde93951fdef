import { fetchFailure, toApiError } from '@/lib/errors';
import { readAuthToken } from '@/lib/storage/auth-data';

/**
 * A binary answer of the API (a PDF, a label, a ZPL stream), fetched around RTK Query, whose cache holds JSON only:
 * the signed-in user's token attached, a failure turned into the app's ApiError (the server's message kept).
 */
export async function fetchBlob(path: string, init: RequestInit = {}): Promise<Blob> {
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
  return response.blob();
}
