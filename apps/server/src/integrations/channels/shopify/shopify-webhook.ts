import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify webhooks: X-Shopify-Hmac-Sha256 is base64(HMAC-SHA256(app client secret, raw body bytes)), checked in
 * constant time before the body is parsed; X-Shopify-Event-Id is the same on every delivery of one event.
 */

type WebhookHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

function shopifyWebhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  hmacHeader: string | undefined,
  secret: string,
): boolean {
  if (!hmacHeader || !secret) return false;
  const expected = Buffer.from(shopifyWebhookSignature(rawBody, secret), 'base64');
  const given = Buffer.from(hmacHeader.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first?.trim() || null;
  }
  return null;
}

/** The id that repeats on a redelivery of the same event (falls back to the delivery's own id). */
export function shopifyWebhookEventId(headers: WebhookHeaders): string | null {
  return header(headers, 'x-shopify-event-id') ?? header(headers, 'x-shopify-webhook-id');
}

/** "orders/updated", "orders/delete", "app/uninstalled", ... */
export function shopifyWebhookTopic(headers: WebhookHeaders): string | null {
  return header(headers, 'x-shopify-topic');
}

/** The order id of an orders/* payload (REST order JSON, `id` a number); null when the body is not an order. */
export function shopifyWebhookOrderId(parsedBody: unknown): string | null {
  if (typeof parsedBody !== 'object' || parsedBody === null) return null;
  const id = (parsedBody as { id?: unknown }).id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return String(id);
  if (typeof id === 'string' && /^\d+$/.test(id)) return id;
  return null;
}
