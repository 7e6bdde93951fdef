import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWalmartSignature, walmartNotificationParts, walmartTimestampMs } from './walmart-webhook-signature.ts';

const SECRET = 'a-secret-of-the-store';
const BODY = Buffer.from('{"source":{"eventId":"e-1"},"payload":{"purchaseOrderId":"1796"}}');
const PATH = '/webhooks/walmart/key1234567890';

/** Signed the way Walmart's "Security and authenticity" page says, written out here rather than with the code under test. */
function canonical(timestamp: string, body = BODY, path = PATH, secret = SECRET) {
  const hash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${hash}`).digest('base64');
}

const request = (overrides: Partial<Parameters<typeof verifyWalmartSignature>[0]> = {}) => ({
  scheme: 'canonical' as const,
  method: 'post',
  pathAndQuery: PATH,
  timestamp: '1796300000',
  rawBody: BODY,
  signature: canonical('1796300000'),
  secret: SECRET,
  ...overrides,
});

describe('Walmart webhook signatures', () => {
  it('takes a canonical signature and refuses any change to what it covers', () => {
    expect(verifyWalmartSignature(request())).toBe(true);
    expect(verifyWalmartSignature(request({ timestamp: '1796300001' }))).toBe(false);
    expect(verifyWalmartSignature(request({ pathAndQuery: `${PATH}?x=1` }))).toBe(false);
    expect(verifyWalmartSignature(request({ rawBody: Buffer.from(`${BODY} `) }))).toBe(false);
    expect(verifyWalmartSignature(request({ secret: 'another' }))).toBe(false);
    expect(verifyWalmartSignature(request({ timestamp: undefined }))).toBe(false);
    expect(verifyWalmartSignature(request({ signature: undefined }))).toBe(false);
    expect(verifyWalmartSignature(request({ signature: '!!not base64!!' }))).toBe(false);
  });

  it('takes a body HMAC in base64 or hex, and not the canonical one', () => {
    const hmac = createHmac('sha256', SECRET).update(BODY);
    const digest = hmac.digest();
    const body = (signature: string) =>
      verifyWalmartSignature(request({ scheme: 'body', timestamp: undefined, signature }));
    expect(body(digest.toString('base64'))).toBe(true);
    expect(body(digest.toString('hex'))).toBe(true);
    expect(body(digest.toString('hex').toUpperCase())).toBe(true);
    expect(body(canonical('1796300000'))).toBe(false);
  });

  it('reads the timestamp in seconds or milliseconds, and nothing else', () => {
    expect(walmartTimestampMs('1796300000')).toBe(1_796_300_000_000);
    expect(walmartTimestampMs('1796300000123')).toBe(1_796_300_000_123);
    expect(walmartTimestampMs('2026-12-03T10:00:00Z')).toBeNull();
    expect(walmartTimestampMs(undefined)).toBeNull();
  });

  it('finds the event id and purchase order in either documented shape', () => {
    expect(walmartNotificationParts(JSON.parse(BODY.toString()))).toEqual({
      eventId: 'e-1',
      eventType: null,
      purchaseOrderId: '1796',
    });
    expect(
      walmartNotificationParts({
        source: { eventType: 'ORDER_UPDATES', eventId: 'e-2' },
        payload: { subEventType: 'PO_LINE_AUTOCANCELLED', order: { purchaseOrderId: 1797 } },
      }),
    ).toEqual({ eventId: 'e-2', eventType: 'PO_LINE_AUTOCANCELLED', purchaseOrderId: '1797' });
    expect(walmartNotificationParts(null)).toEqual({ eventId: null, eventType: null, purchaseOrderId: null });
  });
});
