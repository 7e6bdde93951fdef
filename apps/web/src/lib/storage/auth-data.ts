import { readJson, removeItem, STORAGE_KEYS, writeItem } from './local-storage.ts';

/** The stored login (spec 3 "Login data"): the access token and the last activity in minutes since the epoch. */
interface AuthData {
  token: string;
  lastActivity: number;
}

export function minutesSinceEpoch(now: number = Date.now()): number {
  return Math.floor(now / 60_000);
}

export function readAuthData(): AuthData | null {
  const data = readJson<Partial<AuthData>>(STORAGE_KEYS.authData);
  if (!data || typeof data.token !== 'string') return null;
  return { token: data.token, lastActivity: typeof data.lastActivity === 'number' ? data.lastActivity : 0 };
}

/** The bearer token of the stored login, if any. */
export function readAuthToken(): string | null {
  return readAuthData()?.token || null;
}

export function writeAuthData(token: string, now: number = Date.now()): void {
  writeItem(STORAGE_KEYS.authData, JSON.stringify({ token, lastActivity: minutesSinceEpoch(now) }));
}

/** Refreshes lastActivity of the stored login; does nothing when no login is stored. */
export function touchAuthData(now: number = Date.now()): void {
  const data = readAuthData();
  if (data) writeAuthData(data.token, now);
}

export function clearAuthData(): void {
  removeItem(STORAGE_KEYS.authData);
}
