import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@shipdesk/contract';

const KEY_BYTES = 32;
// base64url of 32 bytes is 43 characters without padding.
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A new key: the prefix (so scanners and people can tell what it is) and 256 random bits. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** True for text shaped like one of our keys; anything else is not looked up at all. */
export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}

/**
 * What is stored and looked up. A plain SHA-256 is enough: the key carries 256 random bits, so there is nothing to
 * guess that a slow hash would protect.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
