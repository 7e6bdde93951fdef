import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { bearerOf, header, invalidToken, uspsError } from './fake-usps-replies.ts';
import type { UspsPaymentRole } from './fake-usps-wire.ts';

/**
 * What the fake's domestic and international label routes share: the payment authorization every label call carries,
 * and USPS's default multipart answer (a JSON `labelMetadata` part and the base64 `labelImage` part).
 */

/** What the label routes need from the rest of the fake. */
export interface UspsLabelContext {
  bearerWorks(token: string | undefined): boolean;
  /** The roles a payment authorization token was issued for; undefined when it is unknown or revoked. */
  paymentRoles(token: string | undefined): UspsPaymentRole[] | undefined;
}

/** The payment roles of the call, or the USPS answer refusing it. */
export function authorize(
  context: UspsLabelContext,
  request: FakeRequest,
  apiVersion: string,
): { roles: UspsPaymentRole[] } | { reply: FakeReply } {
  if (!context.bearerWorks(bearerOf(request))) return { reply: invalidToken(apiVersion) };
  const roles = context.paymentRoles(header(request, 'x-payment-authorization-token'));
  if (roles) return { roles };
  return {
    reply: uspsError(403, apiVersion, 'Forbidden', [
      {
        code: 'INVALID_PAYMENT_AUTHORIZATION',
        title: 'Invalid payment authorization',
        detail: 'The X-Payment-Authorization-Token is missing, invalid or expired.',
      },
    ]),
  };
}

/**
 * The answer as multipart/form-data: the metadata as JSON, the base64 image when there is one. A return label's parts
 * are named returnLabelMetadata and returnLabelImage.
 */
export function multipart(
  metadata: object,
  labelImage: string | undefined,
  names: { metadata: string; image: string } = { metadata: 'labelMetadata', image: 'labelImage' },
): FakeReply {
  const boundary = `usps${randomBytes(8).toString('hex')}`;
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="${names.metadata}"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n`,
    labelImage
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${names.image}"; filename="${names.image}"\r\n\r\n${labelImage}\r\n`
      : '',
    `--${boundary}--\r\n`,
  ];
  return {
    status: 200,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: parts.join(''),
  };
}
