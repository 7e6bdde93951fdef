import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage/local-storage';

/**
 * A stable, random per-browser id (spec 7.7 "device fingerprint"). It is not derived from the browser's
 * features: a random id identifies the device for the logout room without tracking the user.
 */
export function getDeviceFingerprint(): string {
  const stored = readItem(STORAGE_KEYS.fingerprint);
  if (stored && /^[\w-]{8,64}$/.test(stored)) return stored;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('-');
  writeItem(STORAGE_KEYS.fingerprint, id);
  return id;
}
