import { clearAuthData } from '@/lib/storage/auth-data';
import { removeItem, storageKeys, STORAGE_KEYS } from '@/lib/storage/local-storage';
import { removeSessionItem, SESSION_KEYS } from '@/lib/storage/session-storage';

/**
 * Clears what a session leaves in local storage: the stored login (authData), the persisted Redux state
 * ('persist:root'), the order list preferences last read, the addresses' first requests and oidc-client-ts's user and login-transaction entries
 * ('oidc.' keys).
 * Keeps device preferences: the colour mode ('mui-' keys, dark-mode flag) and the device fingerprint.
 * In session storage: oidc-client-ts's entries and the closed Setup Guide (the next user sees it open by itself).
 */
export function clearSessionStorage(): void {
  clearAuthData();
  removeItem(STORAGE_KEYS.persistedRoot);
  removeItem(STORAGE_KEYS.orderListPreferences);
  removeItem(STORAGE_KEYS.firstRequests);
  for (const key of storageKeys()) {
    if (key.startsWith('oidc.')) removeItem(key);
  }
  removeSessionItem(SESSION_KEYS.setupGuideClosed);
  try {
    for (const key of Object.keys(globalThis.sessionStorage ?? {})) {
      if (key.startsWith('oidc.')) globalThis.sessionStorage.removeItem(key);
    }
  } catch {
    // sessionStorage unavailable: nothing to clear.
  }
}

/** The SSO's logout endpoint (spec 7.7): `/v2/logout?client_id=..&returnTo=..`. */
export function buildLogoutUrl(issuer: string, clientId: string, returnTo: string): string {
  const url = new URL(`${issuer.replace(/\/+$/, '')}/v2/logout`);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('returnTo', returnTo);
  return url.toString();
}
