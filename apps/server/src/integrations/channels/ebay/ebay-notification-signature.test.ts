import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEbayKeyCache } from './ebay-notification-keys.ts';
import {
  ebayChallengeResponse,
  ebayPublicKey,
  parseEbaySignature,
  verifyEbaySignature,
} from './ebay-notification-signature.ts';

const pair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
/** The key as eBay's getPublicKey spells it: armour and base64 on one line. */
const oneLine = (key: ReturnType<typeof pair>['publicKey']) =>
  key.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '');
const header = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify(fields)).toString('base64');

describe("eBay's notification checks", () => {
  it('answers the challenge with hex SHA-256 of code, token and endpoint (a vector computed apart)', () => {
    expect(
      ebayChallengeResponse(
        'a8628072-3d33-45ee-9004-bee86830a22d',
        '71745723-d031-455c-bfa5-f90d11b4f20a',
        'https://shipdesk.example/webhooks/ebay/abcDEF123_-xyz',
      ),
    ).toBe('be3882d73541deb2900b715bff0555ef5c6fd95c340d28f27566d9d36f1147b5');
  });

  it('verifies an ECDSA SHA1 signature over the raw body, and refuses a tampered body or another key', () => {
    const { privateKey, publicKey } = pair();
    const body = Buffer.from('{"metadata":{"topic":"ORDER_CANCELLATION"},"notification":{"notificationId":"n1"}}');
    const signature = sign('sha1', body, privateKey).toString('base64');
    const parsed = parseEbaySignature(header({ alg: 'ecdsa', kid: 'kid-1', signature, digest: 'SHA1' }));
    expect(parsed).toMatchObject({ kid: 'kid-1', digest: 'sha1' });
    const key = ebayPublicKey(oneLine(publicKey));
    expect(verifyEbaySignature(body, parsed!, key)).toBe(true);
    expect(verifyEbaySignature(Buffer.from(body.toString().replace('n1', 'n2')), parsed!, key)).toBe(false);
    expect(verifyEbaySignature(body, parsed!, ebayPublicKey(oneLine(pair().publicKey)))).toBe(false);
    const garbled = { ...parsed!, signature: Buffer.from('not a DER signature') };
    expect(verifyEbaySignature(body, garbled, key)).toBe(false);
  });

  it('refuses a header that is missing, not base64 JSON, or names another algorithm, digest or an odd kid', () => {
    const ok = { alg: 'ecdsa', kid: 'k', signature: 'AAAA', digest: 'SHA1' };
    expect(parseEbaySignature(header(ok))).not.toBeNull();
    expect(parseEbaySignature(undefined)).toBeNull();
    expect(parseEbaySignature('%%%')).toBeNull();
    expect(parseEbaySignature(header({ ...ok, alg: 'rsa' }))).toBeNull();
    expect(parseEbaySignature(header({ ...ok, digest: 'MD5' }))).toBeNull();
    expect(parseEbaySignature(header({ ...ok, kid: '../../etc' }))).toBeNull();
    expect(parseEbaySignature(header({ ...ok, signature: '' }))).toBeNull();
  });

  it('keeps a key an hour, an unknown kid a minute, and fetches one key once however many ask', async () => {
    let clock = 0;
    const keys = createEbayKeyCache(() => clock);
    const pem = oneLine(pair().publicKey);
    let fetches = 0;
    const fetchKey = async () => {
      fetches += 1;
      return { algorithm: 'ECDSA', digest: 'SHA1', key: pem };
    };
    const [a, b] = await Promise.all([keys.get('api', 'k1', fetchKey), keys.get('api', 'k1', fetchKey)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(fetches).toBe(1);
    clock += 59 * 60_000;
    await keys.get('api', 'k1', fetchKey);
    expect(fetches).toBe(1);
    clock += 2 * 60_000;
    await keys.get('api', 'k1', fetchKey);
    expect(fetches).toBe(2);

    let misses = 0;
    const unknown = async () => {
      misses += 1;
      return null;
    };
    expect(await keys.get('api', 'nope', unknown)).toBeNull();
    expect(await keys.get('api', 'nope', unknown)).toBeNull();
    expect(misses).toBe(1);
    clock += 61_000;
    await keys.get('api', 'nope', unknown);
    expect(misses).toBe(2);
    // Another algorithm is no key we verify with.
    expect(await keys.get('api', 'rsa', async () => ({ algorithm: 'RSA', key: pem }))).toBeNull();
  });
});
