import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * eBay's REST Notification API, what a message's endpoint checks (../shared/integrations-shipping.md section 9; eBay's
 * event-notification SDKs): the challenge answer that proves we own the endpoint, and the `X-EBAY-SIGNATURE` header,
 * base64 of `{ alg: "ecdsa", kid, signature, digest }`, whose signature is ECDSA over the raw body with the digest
 * named, checked with the public key eBay serves for the kid.
 */

/** The one pair eBay signs with today; anything else is refused rather than guessed at. */
const ACCEPTED = { alg: 'ecdsa', digests: { SHA1: 'sha1', SHA256: 'sha256' } } as const;

interface EbaySignatureHeader {
  kid: string;
  /** Node's name of the digest: sha1. */
  digest: string;
  signature: Buffer;
}

/** `{ challengeResponse }` for `GET endpoint?challenge_code=…`: hex SHA-256 of code, token and endpoint, in order. */
export function ebayChallengeResponse(challengeCode: string, verificationToken: string, endpoint: string): string {
  return createHash('sha256').update(challengeCode).update(verificationToken).update(endpoint).digest('hex');
}

/** The header's parts, or null when it is missing, not base64 JSON, or names an algorithm or digest we do not take. */
export function parseEbaySignature(header: string | undefined): EbaySignatureHeader | null {
  if (!header || header.length > 4096) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { alg, kid, signature, digest } = parsed as Record<string, unknown>;
  if (typeof alg !== 'string' || alg.toLowerCase() !== ACCEPTED.alg) return null;
  if (typeof kid !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(kid)) return null;
  if (typeof signature !== 'string' || signature.length === 0) return null;
  const name = typeof digest === 'string' ? digest.toUpperCase() : '';
  if (!Object.hasOwn(ACCEPTED.digests, name)) return null;
  return {
    kid,
    digest: ACCEPTED.digests[name as keyof typeof ACCEPTED.digests],
    signature: Buffer.from(signature, 'base64'),
  };
}

/**
 * The key getPublicKey answers, as a key object. eBay sends the PEM on one line (armour and base64 together), which
 * PEM readers refuse; the base64 is put back on lines of its own.
 */
export function ebayPublicKey(pem: string): KeyObject {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(pem);
  const base64 = (match ? match[1]! : pem).replace(/\s+/g, '');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`);
}

/** Whether the signature holds for these exact bytes. A malformed signature is simply not valid. */
export function verifyEbaySignature(rawBody: Buffer, signature: EbaySignatureHeader, key: KeyObject): boolean {
  try {
    return verify(signature.digest, rawBody, key, signature.signature);
  } catch {
    return false;
  }
}
