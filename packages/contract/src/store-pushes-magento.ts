import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { PUSH_STATUSES } from './stores.ts';

/**
 * A Magento store's order notifications through Adobe Commerce Webhooks (Magento Open Source has none): there is no
 * API to subscribe, so the seller adds a webhook for `observer.sales_order_save_after` pointing at the store's
 * endpoint, turns on signature verification, and pastes the public key Adobe Commerce generated into Shipdesk. Each
 * verified call makes Shipdesk fetch the order at once; the scheduled pull stays as the reconciliation.
 */

export const MagentoNotificationsSchema = Type.Object({
  status: literalUnion(PUSH_STATUSES),
  error: Nullable(Type.String()),
  /** The URL to paste into the webhook's settings; null until the notifications are turned on once. */
  endpoint: Nullable(Type.String()),
  /** The webhook Shipdesk expects to be called for. */
  webhookMethod: Type.String(),
  /** SHA-256 of the public key's DER, in hex, to tell which key is set; null when none is. */
  publicKeyFingerprint: Nullable(Type.String()),
  lastHeardAt: Nullable(Type.String({ format: 'date-time' })),
  counts: Type.Object({ recorded: Type.Integer(), duplicate: Type.Integer(), ignored: Type.Integer() }),
});
export type MagentoNotifications = Type.Static<typeof MagentoNotificationsSchema>;

export const MagentoNotificationsSetupSchema = Type.Object(
  {
    /** The PEM public key from Stores > Configuration > Adobe Services > Webhooks. */
    publicKey: Type.String({ minLength: 1, maxLength: 10_000 }),
  },
  { additionalProperties: false },
);
export type MagentoNotificationsSetup = Type.Static<typeof MagentoNotificationsSetupSchema>;
