import type { SecretBox } from './secret-box.ts';

/**
 * Credentials at rest (a store's, a carrier account's): one sealed JSON object (AES-256-GCM). Never logged, never
 * answered in clear.
 */
export function openCredentials(secrets: SecretBox, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  return JSON.parse(secrets.open(sealed)) as Record<string, string>;
}

export function sealCredentials(secrets: SecretBox, credentials: Record<string, string>): string | null {
  return Object.keys(credentials).length === 0 ? null : secrets.seal(JSON.stringify(credentials));
}

const MASK = '••••';

/** '••••' and the last four characters of long secrets, so a seller can tell two tokens apart. */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
}

export function isMasked(value: string): boolean {
  return value.startsWith(MASK);
}
