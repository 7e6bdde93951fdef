import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * BigCommerce webhooks are signed the Standard Webhooks way: `webhook-signature` carries one or more space-separated
 * `v1,<base64 HMAC-SHA256>` entries over `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the app's client
 * secret. Several entries appear while a secret rotates; any one matching is enough.
 */

/** How far `webhook-timestamp` may be from our clock: a captured delivery cannot be replayed later than this. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : (value[0] ?? null);
  }
  return null;
}

/** The base64 signature of one delivery, as BigCommerce computes it. */
function bigcommerceWebhookSignature(
  rawBody: string | Buffer,
  webhookId: string,
  timestamp: string,
  clientSecret: string,
): string {
  return createHmac('sha256', Buffer.from(clientSecret, 'utf8'))
    .update(`${webhookId}.${timestamp}.`)
    .update(rawBody)
    .digest('base64');
}

export function verifyBigcommerceWebhook(
  rawBody: string | Buffer,
  headers: WebhookHeaders,
  clientSecret: string,
  now: number = Date.now(),
): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!clientSecret || !id || !timestamp || !signatures) return false;
  if (!/^\d+$/.test(timestamp.trim())) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;

  const expected = Buffer.from(bigcommerceWebhookSignature(rawBody, id, timestamp.trim(), clientSecret), 'base64');
  return signatures
    .split(' ')
    .filter(Boolean)
    .some((entry) => {
      const comma = entry.indexOf(',');
      if (comma < 0 || entry.slice(0, comma) !== 'v1') return false;
      const given = Buffer.from(entry.slice(comma + 1), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Deliveries are retried with the same id: the key to process each event once. */
export function bigcommerceWebhookEventId(headers: WebhookHeaders): string | null {
  return header(headers, 'webhook-id');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The order a delivery is about (the payload is "light": fetch the order afterwards), or null for other events. */
export function bigcommerceWebhookOrderId(body: unknown): string | null {
  if (typeof body === 'string' || Buffer.isBuffer(body)) body = parseJson(body.toString());
  if (!body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const { type, id } = data as { type?: unknown; id?: unknown };
  if (type !== 'order') return null;
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return String(id);
  if (typeof id === 'string' && /^\d+$/.test(id)) return id;
  return null;
}

/** The delivery's scope ("store/order/updated", ...), for logs and filtering. */
export function bigcommerceWebhookScope(body: unknown): string | null {
  if (typeof body === 'string' || Buffer.isBuffer(body)) body = parseJson(body.toString());
  if (!body || typeof body !== 'object') return null;
  const scope = (body as { scope?: unknown }).scope;
  return typeof scope === 'string' ? scope : null;
}
