import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { PUSH_STATUSES } from './stores.ts';

/**
 * An eBay store's order notifications (eBay's REST Notification API): eBay POSTs a signed message to the store's
 * endpoint when one of its orders changes, and Shipdesk fetches that order at once; the scheduled pull stays as the
 * reconciliation. The order topics' ids are not confirmed by eBay's documentation: setup subscribes to the ones eBay
 * lists, and a seller may name others.
 */

/** eBay topic ids: capitals, digits and underscores. */
const TopicId = Type.String({ pattern: '^[A-Z0-9_]{1,100}$', description: 'an eBay notification topic id' });

export const EbayNotificationsSchema = Type.Object({
  status: literalUnion(PUSH_STATUSES),
  /** Why eBay refused us, in words; null unless the status is failed. */
  error: Nullable(Type.String()),
  /** Where eBay sends the messages; null until notifications are turned on once. */
  endpoint: Nullable(Type.String()),
  /** The topics subscribed to (when on), or those that turning on would subscribe to. */
  topics: Type.Array(Type.String()),
  lastHeardAt: Nullable(Type.String({ format: 'date-time' })),
  counts: Type.Object({ recorded: Type.Integer(), duplicate: Type.Integer(), ignored: Type.Integer() }),
});
export type EbayNotifications = Type.Static<typeof EbayNotificationsSchema>;

export const EbayNotificationsSetupSchema = Type.Object(
  {
    /** Default: the order topics Shipdesk knows of, as far as eBay lists them. */
    topics: Type.Optional(Type.Array(TopicId, { minItems: 1, maxItems: 20, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type EbayNotificationsSetup = Type.Static<typeof EbayNotificationsSetupSchema>;
