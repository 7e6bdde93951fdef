import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * How each carrier's push proves it is the carrier (docs/tracking.md "Pushes", ../shared/integrations-shipping.md
 * 7.3), checked over the raw body before anything in it is believed:
 *
 * - USPS: `X-HMAC` = base64(HMAC-SHA256(secret, timestamp + payload)), the body's own `timestamp` and `payload` string;
 * - Shippo: the URL's `?token=` (the secret), or `Shippo-Auth-Signature: t=<unix>, v1=<hex HMAC-SHA256(secret,
 *   "<t>.<raw body>")>` (unconfirmed scheme, from integrators), within `SHIPPO_TOLERANCE_SECONDS`;
 * - FedEx: hex (or base64) HMAC-SHA256 of the raw body in a configurable header (unconfirmed);
 * - UPS Track Alert: no body signature; a bearer token our own token endpoint issued for this hook (`upsToken`).
 */

const SHIPPO_TOLERANCE_SECONDS = 600;
export const DEFAULT_FEDEX_SIGNATURE_HEADER = 'x-fedex-signature';
export const UPS_TOKEN_SECONDS = 3600;

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest();

/** Constant-time comparison of a digest with what the request says (in `encoding`). */
function same(expected: Buffer, given: string | undefined, encoding: 'hex' | 'base64'): boolean {
  if (!given) return false;
  const actual = Buffer.from(given.trim(), encoding);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function sameText(a: string, b: string | undefined): boolean {
  if (b === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** USPS: the body's `timestamp` and `payload` as sent, signed together. */
export function verifyUsps(body: unknown, headers: IncomingHttpHeaders, secret: string): boolean {
  const { timestamp, payload } = (body ?? {}) as { timestamp?: unknown; payload?: unknown };
  if (typeof timestamp !== 'string' || typeof payload !== 'string') return false;
  return same(hmac(secret, timestamp + payload), header(headers, 'x-hmac'), 'base64');
}

export function verifyShippo(
  raw: string,
  headers: IncomingHttpHeaders,
  token: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const signature = header(headers, 'shippo-auth-signature');
  if (signature) {
    const parts = Object.fromEntries(
      signature.split(',').map((part) => {
        const [key, ...value] = part.trim().split('=');
        return [key, value.join('=')];
      }),
    );
    const t = Number(parts.t);
    if (!Number.isFinite(t) || Math.abs(nowSeconds - t) > SHIPPO_TOLERANCE_SECONDS) return false;
    return same(hmac(secret, `${parts.t}.${raw}`), parts.v1, 'hex');
  }
  return sameText(secret, token);
}

export function verifyFedex(raw: string, headers: IncomingHttpHeaders, secret: string, headerName: string): boolean {
  const given = header(headers, headerName)?.replace(/^sha256=/i, '');
  const digest = hmac(secret, raw);
  return /^[0-9a-f]{64}$/i.test(given ?? '') ? same(digest, given, 'hex') : same(digest, given, 'base64');
}

/** A bearer token for UPS, bound to the hook and good for an hour: `<hookKey>.<expiry>.<signature>`. */
export function issueUpsToken(hookKey: string, secret: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + UPS_TOKEN_SECONDS;
  const signature = hmac(secret, `ups-token.${hookKey}.${expires}`).toString('base64url');
  return `${hookKey}.${expires}.${signature}`;
}

export function verifyUps(headers: IncomingHttpHeaders, hookKey: string, secret: string, nowMs = Date.now()) {
  const token = /^Bearer (.+)$/i.exec(header(headers, 'authorization') ?? '')?.[1] ?? '';
  const [key, expires, signature] = token.split('.');
  if (key !== hookKey || !expires || !signature || Number(expires) * 1000 < nowMs) return false;
  return same(hmac(secret, `ups-token.${hookKey}.${expires}`), signature, 'base64');
}

/** The client id and secret of a token request (HTTP Basic, or the form's client_id and client_secret). */
export function clientCredentials(raw: string, headers: IncomingHttpHeaders): { id: string; secret: string } | null {
  const basic = /^Basic (.+)$/i.exec(header(headers, 'authorization') ?? '')?.[1];
  if (basic) {
    const [id, ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return id ? { id: decodeURIComponent(id), secret: decodeURIComponent(rest.join(':')) } : null;
  }
  const form = new URLSearchParams(raw);
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : null;
}
