/**
 * The server's 401 `access_revoked`: an Admin deactivated this user or changed their role, and the access token no
 * longer counts. The API layer reports it; the session provider reacts with `createAccessEndedHandler`.
 */
export const ACCESS_REVOKED = 'access_revoked';

const target = new EventTarget();

export function reportAccessEnded(): void {
  target.dispatchEvent(new Event('ended'));
}

/** Listens for reports; returns the unsubscribe function. */
export function onAccessEnded(listener: () => void): () => void {
  target.addEventListener('ended', listener);
  return () => target.removeEventListener('ended', listener);
}

/** Set when the page reloads after a renewal, so that a renewal refused again signs out instead of looping. */
const RENEWED_AT_KEY = 'shipdesk.accessRenewedAt';
const LOOP_WINDOW_MS = 10_000;
/**
 * Tokens issued in the second of the revocation still count as before it (a token's `iat` is in seconds): the
 * renewal waits until that second has passed.
 */
const RENEW_DELAY_MS = 1_100;

export interface AccessEndedDeps {
  /** A silent renewal (refresh token): resolves with the new user, rejects or resolves null when refused. */
  renew(): Promise<unknown>;
  /** Starts over with the renewed token (roles, menus and cached data all follow it). */
  reload(): void;
  /** Ends the session (sign-in page). */
  signOut(): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now(): number;
  wait(ms: number): Promise<void>;
}

/**
 * What to do when access ended: a user whose role changed gets a renewed token carrying the new role and the page
 * starts again with it; a deactivated user (whose refresh tokens the SSO ended too) is signed out. Reports that
 * arrive while one is handled are the same event.
 */
export function createAccessEndedHandler(deps: AccessEndedDeps): () => Promise<void> {
  let handling = false;
  return async () => {
    if (handling) return;
    handling = true;
    const renewedAt = Number(deps.storage.getItem(RENEWED_AT_KEY) ?? 0);
    if (deps.now() - renewedAt < LOOP_WINDOW_MS) {
      deps.storage.removeItem(RENEWED_AT_KEY);
      deps.signOut();
      return;
    }
    await deps.wait(RENEW_DELAY_MS);
    const renewed = await deps.renew().catch(() => null);
    if (!renewed) {
      deps.signOut();
      return;
    }
    deps.storage.setItem(RENEWED_AT_KEY, String(deps.now()));
    deps.reload();
  };
}
