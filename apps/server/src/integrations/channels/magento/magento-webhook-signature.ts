import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Adobe Commerce Webhooks' signature (../shared/integrations.md section 6): `x-adobe-commerce-webhook-signature` is a
 * base64 SHA-256 signature made with the private key Commerce generated, checked with the public key from its Admin
 * (Stores > Configuration > Adobe Services > Webhooks). Adobe's own verification examples sign the base64 of the body
 * (their App Builder action receives it base64-encoded), while the header's description says the body: both are
 * accepted, as both need the private key.
 */

export const MAGENTO_SIGNATURE_HEADER = 'x-adobe-commerce-webhook-signature';

/** The seller's PEM as a public key, or null when it is not one node can verify with (RSA or EC). */
export function parseMagentoPublicKey(pem: string): KeyObject | null {
  // Node would derive the public half of a private key; a pasted private key is the seller's mistake to be told of.
  if (/PRIVATE KEY/.test(pem)) return null;
  try {
    const key = createPublicKey({ key: pem.trim(), format: 'pem' });
    return key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ec' ? key : null;
  } catch {
    return null;
  }
}

/** SHA-256 of the key's DER, hex: which key is set, without showing it. */
export function magentoKeyFingerprint(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** Whether the signature is the key's over the body (or over its base64); never throws. */
export function verifyMagentoSignature(rawBody: Buffer, signature: string | undefined, key: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/=\s]{16,2048}$/.test(signature)) return false;
  const bytes = Buffer.from(signature.trim(), 'base64');
  try {
    return (
      verify('sha256', Buffer.from(rawBody.toString('base64')), key, bytes) || verify('sha256', rawBody, key, bytes)
    );
  } catch {
    return false;
  }
}

/**
 * The order a call names: `entity_id` (what GET /V1/orders/{id} takes) of `data.order` (observer.sales_order_*
 * events) or `data.data_object`, else null (a call with no order). Its `updated_at` goes with it for the event id.
 */
export function magentoWebhookOrder(body: unknown): { entityId: string | null; eventName: string | null } {
  const call = (body ?? {}) as {
    eventName?: unknown;
    data?: { order?: { entity_id?: unknown }; data_object?: { entity_id?: unknown } };
  };
  const id = call.data?.order?.entity_id ?? call.data?.data_object?.entity_id;
  const entityId =
    (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^\d{1,18}$/.test(id))
      ? String(id)
      : null;
  const eventName = typeof call.eventName === 'string' && call.eventName.length <= 200 ? call.eventName : null;
  return { entityId, eventName };
}
