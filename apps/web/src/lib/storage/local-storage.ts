/**
 * Local-storage access that never throws (private mode, quota, disabled storage) and the key names the app uses.
 */
export const STORAGE_KEYS = {
  /** Login data (spec 3): `{ token, lastActivity }`, lastActivity in minutes since the epoch. */
  authData: 'authData',
  /** redux-persist key 'root' is stored by redux-persist as 'persist:root'. */
  persistedRoot: 'persist:root',
  /** The separate dark-mode flag (spec 4.4). */
  darkMode: 'darkMode',
  /** A stable per-browser id used in the realtime logout room (spec 7.7). */
  fingerprint: 'deviceFingerprint',
  /** A BigCommerce marketplace install waiting to be claimed by the organisation that signs in next. */
  marketplaceInstall: 'marketplaceInstall',
  /** The signed-in user's order list preferences as last read, so the first page need not wait for them. */
  orderListPreferences: 'orderListPreferences',
  /** The GETs each hydrated address asked for on its last first load, started early on the next (lib/api). */
  firstRequests: 'firstRequests',
} as const;

export function readItem(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working from memory.
  }
}

export function removeItem(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** All keys currently stored, for clearing by prefix. */
export function storageKeys(): string[] {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return [];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}
