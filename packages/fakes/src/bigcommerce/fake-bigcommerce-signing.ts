import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * What BigCommerce signs with an app's client secret, spelled from its documentation so the adapter's verification
 * is checked against an independent signer: webhook deliveries (Standard Webhooks) and the `signed_payload_jwt` of
 * the load, uninstall and remove_user callbacks (HS256).
 */

/**
 * The three headers of a webhook delivery. Standard Webhooks signs the string `{webhook-id}.{webhook-timestamp}.{body}`
 * with HMAC-SHA256; BigCommerce keys it with the client secret's bytes as they are (no `whsec_` base64 key) and
 * sends `v1,` followed by the base64 digest.
 */
export function standardWebhookHeaders(
  body: string | Buffer,
  clientSecret: string,
  id: string,
  timestamp: number,
): Record<string, string> {
  const signed = Buffer.concat([
    Buffer.from(`${id}.${timestamp}.`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
  const digest = createHmac('sha256', Buffer.from(clientSecret, 'utf8')).update(signed).digest();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${digest.toString('base64')}`,
  };
}

interface SignedPayloadClaims {
  storeHash: string;
  clientId: string;
  clientSecret: string;
  /** "bc" for BigCommerce's own. */
  issuer: string;
  user: { id: number; email: string; locale: string };
  owner: { id: number; email: string };
  url: string;
  channelId: number | null;
  /** Unix seconds. */
  issuedAt: number;
  expiresInSeconds: number;
}

/** A `signed_payload_jwt`: audience the app's client id, subject `stores/{hash}`, signed with the client secret. */
export function signedPayloadJwt(claims: SignedPayloadClaims): Promise<string> {
  return new SignJWT({
    user: claims.user,
    owner: claims.owner,
    url: claims.url,
    channel_id: claims.channelId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(claims.clientId)
    .setIssuer(claims.issuer)
    .setIssuedAt(claims.issuedAt)
    .setNotBefore(claims.issuedAt)
    .setExpirationTime(claims.issuedAt + claims.expiresInSeconds)
    .setJti(randomUUID())
    .setSubject(`stores/${claims.storeHash}`)
    .sign(new TextEncoder().encode(claims.clientSecret));
}
