import { readAuthToken } from '@/lib/storage/auth-data';

/** A token that ends this soon is renewed first rather than used for the page's first calls. */
const EXPIRY_MARGIN_MS = 30_000;

/** The claims of a JWT (not verified: the server does that), or null for anything that is not one. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Read at once, without the sign-in library: is there a stored access token that is still good? Then the signed-in
 * frame (which the page's HTML already shows) is drawn and its calls start while the library loads the session; the
 * library's answer decides the rest (docs/decisions.md, "The signed-in frame as HTML").
 */
export function hasLiveStoredSignIn(now: number = Date.now()): boolean {
  return liveStoredSignIn(now) !== null;
}

/**
 * The stored access token while it is still good, with the e-mail it was issued to (the API requires the claim):
 * enough for the session's live-update connection to open before the library has loaded.
 */
export function liveStoredSignIn(now: number = Date.now()): { token: string; email: string | null } | null {
  const token = readAuthToken();
  const claims = token ? tokenClaims(token) : null;
  const exp = claims?.exp;
  if (!token || typeof exp !== 'number' || exp * 1000 - EXPIRY_MARGIN_MS <= now) return null;
  return { token, email: typeof claims?.email === 'string' && claims.email ? claims.email : null };
}
