import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretsKey } from './secret-box.ts';

const dir = mkdtempSync(join(tmpdir(), 'shipdesk-secrets-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals with a fresh IV and opens what it sealed', () => {
    const a = box.seal('token-123');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(box.seal('token-123'));
    expect(box.open(a)).toBe('token-123');
  });

  it('refuses tampered data and another key', () => {
    const sealed = box.seal('token-123');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('generates a key file once and reads it back; an explicit key wins', () => {
    const file = join(dir, 'k.key');
    const first = loadSecretsKey(undefined, file);
    expect(first.generated).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretsKey(undefined, file);
    expect(again).toEqual({ key: first.key, generated: false });
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('base64'));
    const explicit = randomBytes(32);
    expect(loadSecretsKey(explicit.toString('base64'), file).key).toEqual(explicit);
    expect(() => loadSecretsKey('c2hvcnQ=', file)).toThrow(/32 bytes/);
  });
});
