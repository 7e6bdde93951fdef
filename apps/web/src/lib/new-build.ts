import { readSessionItem, SESSION_KEYS, writeSessionItem } from './storage/session-storage';

/** A reload this long after the last one is for a new deployment again, not the same one failing. */
const RELOAD_AGAIN_AFTER_MS = 30_000;

/** Whether this tab reloaded for a new build moments ago (so it should not again). */
export function reloadedForNewBuildRecently(now = Date.now()): boolean {
  const last = Number(readSessionItem(SESSION_KEYS.newBuildReloadAt) ?? 0);
  return now - last < RELOAD_AGAIN_AFTER_MS;
}

/**
 * A tab opened before a deployment asks for a page's chunk that the new build replaced (the files are named by
 * their content): reloading fetches the new build. Reloads once, and answers false when this tab already reloaded
 * for that moments ago, so that a chunk missing for another reason shows the error page instead of reloading forever.
 */
export function reloadForNewBuild(reload: () => void = () => window.location.reload(), now = Date.now()): boolean {
  if (reloadedForNewBuildRecently(now)) return false;
  writeSessionItem(SESSION_KEYS.newBuildReloadAt, String(now));
  reload();
  return true;
}
