/**
 * The one error shape every failed API call produces (spec section 8: status, statusText and the
 * error body). The shell's base query returns it as RTK Query's `error`; direct `fetch` calls (the
 * SSO registration API) build it with `toApiError`.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  statusText: string;
  data?: { code?: number; message?: string; reason?: string; errors?: Record<string, string> };
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { status, statusText } = value as Record<string, unknown>;
  return (
    (typeof status === 'number' || status === 'FETCH_ERROR' || status === 'PARSE_ERROR') &&
    typeof statusText === 'string'
  );
}

/** The envelope's reason code of a failed response (e.g. 'stale_version'), if any. */
export function apiErrorReason(error: unknown): string | undefined {
  return isApiError(error) ? error.data?.reason : undefined;
}

/** The field -> message map of a failed response, or an empty object. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const errors = isApiError(error) ? error.data?.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string' && message) out[field] = message;
  }
  return out;
}

/**
 * The text spec section 8 shows for an error: the values of `errors` joined with ', '; otherwise
 * the status text; otherwise the caller's fallback. Anything that is not an ApiError gets the
 * fallback.
 */
export function apiErrorMessage(error: unknown, fallbackMessage: string): string {
  const fields = Object.values(apiFieldErrors(error));
  if (fields.length > 0) return fields.join(', ');
  if (isApiError(error) && error.statusText.trim()) return error.statusText;
  return fallbackMessage;
}

/**
 * Turns a `fetch` Response (and its parsed JSON body, if any) into an ApiError. The server's
 * envelope `message` is the most useful status text a person can read, so it is preferred over the
 * bare HTTP reason phrase.
 */
export function toApiError(response: Response, body: unknown): ApiError {
  const data = normaliseErrorBody(body);
  return {
    status: response.status,
    statusText: statusTextFor(response.status, data, response),
    ...(data ? { data } : {}),
  };
}

/** Standard reason phrases, for responses whose statusText is empty (HTTP/2 never sends one). */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The envelope's message when there is one (it says more than "Conflict"), else the HTTP status text. */
export function statusTextFor(status: number, data: ApiError['data'] | undefined, response?: Response): string {
  return data?.message || response?.statusText || REASON_PHRASES[status] || `Request failed (${status})`;
}

/** A network failure (server unreachable, CORS refusal) as an ApiError. */
export function fetchFailure(error: unknown): ApiError {
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return { status: 'FETCH_ERROR', statusText: `Network error${detail}` };
}

export function normaliseErrorBody(body: unknown): ApiError['data'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, errors } = body as Record<string, unknown>;
  const data: NonNullable<ApiError['data']> = {};
  if (typeof code === 'number') data.code = code;
  if (typeof message === 'string') data.message = message;
  // The machine-readable refusal code of a 409 (e.g. 'stale_version'), so screens can react to it.
  const { reason } = body as Record<string, unknown>;
  if (typeof reason === 'string') data.reason = reason;
  if (typeof errors === 'object' && errors !== null) {
    data.errors = Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return data;
}
