import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { PUSH_STATUSES } from './stores.ts';

/**
 * A Walmart store's order notifications (Walmart's webhooks): Shipdesk subscribes PO_CREATED and PO_LINE_AUTOCANCELLED
 * to the store's endpoint with HMAC authentication (a secret Shipdesk generates and keeps sealed), and fetches the
 * purchase order at once on each verified notification; the scheduled pull stays as the reconciliation. How Walmart
 * signs is not confirmed by one source: `canonical` is the WM_SEC.SIGNATURE of method, path, WM_SEC.TIMESTAMP and the
 * body's SHA-256 (Walmart's "Security and authenticity" page); `body` is an HMAC-SHA256 of the body alone in the
 * subscription's auth header (the create-subscription reference). Both header names can be changed.
 */

const WALMART_SIGNATURE_SCHEMES = ['canonical', 'body'] as const;

/** An HTTP header name (token characters; Walmart's contain dots). */
const HeaderName = Type.String({ pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$", description: 'an HTTP header name' });

const Signature = Type.Object({
  scheme: literalUnion(WALMART_SIGNATURE_SCHEMES),
  header: HeaderName,
  timestampHeader: HeaderName,
});

export const WalmartNotificationsSchema = Type.Object({
  status: literalUnion(PUSH_STATUSES),
  /** Why Walmart refused us, in words; null unless the status is failed. */
  error: Nullable(Type.String()),
  /** Where Walmart sends the notifications; null until they are turned on once. */
  endpoint: Nullable(Type.String()),
  /** The event types subscribed to (when on), or those that turning on would subscribe to. */
  events: Type.Array(Type.String()),
  /** How a notification's signature is checked (the secret itself is never shown). */
  signature: Signature,
  lastHeardAt: Nullable(Type.String({ format: 'date-time' })),
  counts: Type.Object({ recorded: Type.Integer(), duplicate: Type.Integer(), ignored: Type.Integer() }),
});
export type WalmartNotifications = Type.Static<typeof WalmartNotificationsSchema>;

export const WalmartNotificationsSetupSchema = Type.Object(
  {
    /** Default `canonical`. */
    scheme: Type.Optional(literalUnion(WALMART_SIGNATURE_SCHEMES)),
    /** Default `WM_SEC.SIGNATURE`; Walmart is told to send its HMAC in this header. */
    header: Type.Optional(HeaderName),
    /** Default `WM_SEC.TIMESTAMP` (epoch seconds or milliseconds). */
    timestampHeader: Type.Optional(HeaderName),
  },
  { additionalProperties: false },
);
export type WalmartNotificationsSetup = Type.Static<typeof WalmartNotificationsSetupSchema>;
