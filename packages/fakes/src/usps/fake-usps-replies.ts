import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { UspsErrorBody, UspsErrorDetail } from './fake-usps-wire.ts';

/** USPS's error answer, `{ apiVersion, error: { code, message, errors } }`, each detail carrying the status. */
export function uspsError(status: number, apiVersion: string, message: string, details: UspsErrorDetail[]): FakeReply {
  const body: UspsErrorBody = {
    apiVersion,
    error: { code: String(status), message, errors: details.map((d) => ({ status: String(status), ...d })) },
  };
  return { status, body };
}

export function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function bearerOf(request: FakeRequest): string | undefined {
  return /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
}

/** The 401 every v3 API answers an expired, revoked or missing access token with. */
export function invalidToken(apiVersion: string): FakeReply {
  return uspsError(401, apiVersion, 'Unauthorized', [
    { code: 'invalid_token', title: 'Unauthorized', detail: 'The access token is missing, invalid or expired.' },
  ]);
}

/** The parsed JSON object of a body, or a 400 in USPS's words. */
export function jsonBody<T>(request: FakeRequest, apiVersion: string): { value: T } | { reply: FakeReply } {
  try {
    const value: unknown = JSON.parse(request.body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { value: value as T };
  } catch {
    // answered below
  }
  return {
    reply: uspsError(400, apiVersion, 'Bad Request', [
      { code: 'INVALID_BODY', title: 'Invalid request', detail: 'The request body is not a valid JSON object.' },
    ]),
  };
}
