/**
 * Session-storage access (this tab, until it closes) that never throws, and the key names the app uses there.
 */
export const SESSION_KEYS = {
  /** Set once the seller closed the Setup Guide: it does not open by itself again in this browser session. */
  setupGuideClosed: 'setupGuideClosed',
  /** When this tab last reloaded itself for a chunk that a new deployment replaced (lib/new-build.ts). */
  newBuildReloadAt: 'newBuildReloadAt',
} as const;

export function readSessionItem(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSessionItem(key: string, value: string): void {
  try {
    globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice lasts until the next page load.
  }
}

export function removeSessionItem(key: string): void {
  try {
    globalThis.sessionStorage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
