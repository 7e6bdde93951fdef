import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Walmart's webhook signatures (../shared/integrations.md section 5). Two descriptions disagree and neither is
 * confirmed against a live delivery, so both are kept and a store says which it uses:
 * - `canonical` (Walmart's "Security and authenticity" page): base64 HMAC-SHA256, keyed with the secret, of
 *   `METHOD\nPATH_AND_QUERY\nTIMESTAMP\nhex SHA-256 of the raw body`, in WM_SEC.SIGNATURE beside WM_SEC.TIMESTAMP;
 * - `body` (the create-subscription reference, authMethod HMAC): HMAC-SHA256 of the complete body in the
 *   subscription's authHeaderName, encoding unstated (base64 or hex are both taken).
 */

export type WalmartSignatureScheme = 'canonical' | 'body';

/** How far a canonical signature's timestamp may be from now: older is a replay, newer a wrong clock. */
export const WALMART_TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

interface SignedRequest {
  scheme: WalmartSignatureScheme;
  method: string;
  /** The path and query Walmart was given (the eventUrl's), not a proxy's rewrite of it. */
  pathAndQuery: string;
  timestamp: string | undefined;
  rawBody: Buffer;
  signature: string | undefined;
  secret: string;
}

/** The string the canonical scheme signs. */
function walmartCanonicalString(method: string, pathAndQuery: string, timestamp: string, rawBody: Buffer) {
  const bodyHash = createHash('sha256').update(rawBody).digest('hex');
  return [method.toUpperCase(), pathAndQuery, timestamp, bodyHash].join('\n');
}

/** A signature for `request` under its scheme, base64. */
function walmartSignature(request: Omit<SignedRequest, 'signature'>): string {
  const hmac = createHmac('sha256', request.secret);
  if (request.scheme === 'body') return hmac.update(request.rawBody).digest('base64');
  return hmac
    .update(walmartCanonicalString(request.method, request.pathAndQuery, request.timestamp ?? '', request.rawBody))
    .digest('base64');
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** Whether the signature is the secret's over the request (constant-time; never throws). */
export function verifyWalmartSignature(request: SignedRequest): boolean {
  const given = request.signature?.trim();
  if (!given || !request.secret) return false;
  if (request.scheme === 'canonical' && !request.timestamp) return false;
  const expected = Buffer.from(walmartSignature(request), 'base64');
  if (sameBytes(Buffer.from(given, 'base64'), expected)) return true;
  return request.scheme === 'body' && /^[0-9a-f]{64}$/i.test(given) && sameBytes(Buffer.from(given, 'hex'), expected);
}

/** WM_SEC.TIMESTAMP as epoch ms: Walmart's page says seconds; milliseconds are taken too. Null when unreadable. */
export function walmartTimestampMs(value: string | undefined): number | null {
  if (!value || !/^\d{9,14}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number < 1e11 ? number * 1000 : number;
}

/** The parts of a notification Shipdesk reads: its event id, type and purchase order, wherever the shape puts them. */
export function walmartNotificationParts(body: unknown): {
  eventId: string | null;
  eventType: string | null;
  purchaseOrderId: string | null;
} {
  const text = (value: unknown, most = 200) =>
    typeof value === 'string' && value.length > 0 && value.length <= most
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : null;
  const message = (body ?? {}) as {
    eventId?: unknown;
    eventType?: unknown;
    source?: { eventId?: unknown; eventType?: unknown };
    payload?: { purchaseOrderId?: unknown; subEventType?: unknown; order?: { purchaseOrderId?: unknown } };
  };
  const payload = message.payload ?? {};
  return {
    eventId: text(message.source?.eventId) ?? text(message.eventId),
    eventType: text(payload.subEventType, 100) ?? text(message.source?.eventType, 100) ?? text(message.eventType, 100),
    purchaseOrderId: text(payload.purchaseOrderId, 100) ?? text(payload.order?.purchaseOrderId, 100),
  };
}
