import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** Credentials at rest: AES-256-GCM, `enc:v1:<iv>:<tag>:<ciphertext>` in base64url. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The secrets key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join(':');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed secret');
      const [iv, tag, data] = sealed
        .slice(PREFIX.length)
        .split(':')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error('Malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key comes from `SECRETS_KEY` (base64 of 32 bytes; required when several instances share a database).
 * Without it the embedded default generates one once and keeps it at `keyFile` (mode 0600).
 */
export function loadSecretsKey(configured: string | undefined, keyFile: string): { key: Buffer; generated: boolean } {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`SECRETS_KEY must be the base64 of ${KEY_BYTES} bytes`);
    return { key, generated: false };
  }
  if (existsSync(keyFile)) {
    const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${keyFile} does not hold a ${KEY_BYTES}-byte key`);
    return { key, generated: false };
  }
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(keyFile, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(keyFile, 0o600);
  return { key, generated: true };
}
