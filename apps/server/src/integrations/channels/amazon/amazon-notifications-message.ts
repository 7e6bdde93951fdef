/**
 * An SP-API ORDER_CHANGE notification as it arrives in an SQS message body (schemas/notifications/
 * OrderChangeNotification.json): `{ NotificationType, EventTime, Payload: { OrderChangeNotification: { SellerId,
 * AmazonOrderId, OrderChangeType, Summary: { … } } }, NotificationMetadata: { NotificationId, SubscriptionId, … } }`.
 * Only what Shipdesk acts on is kept: the order is always read fresh with getOrder, so the Summary is not.
 */

interface OrderChangeNotification {
  /** De-duplication key: Amazon may deliver one notification more than once. */
  notificationId: string;
  sellerId: string;
  amazonOrderId: string;
  /** OrderStatusChange, BuyerRequestedChange, DeliveryTipChange … */
  orderChangeType: string | null;
  subscriptionId: string | null;
}

type ParsedNotification =
  | { ok: true; notification: OrderChangeNotification }
  | { ok: false; reason: 'malformed' | 'not_order_change'; notificationId: string | null };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function parseOrderChangeNotification(body: string): ParsedNotification {
  let root: Record<string, unknown>;
  try {
    root = record(JSON.parse(body));
  } catch {
    return { ok: false, reason: 'malformed', notificationId: null };
  }
  const metadata = record(root.NotificationMetadata);
  const notificationId = text(metadata.NotificationId);
  if (root.NotificationType !== 'ORDER_CHANGE') return { ok: false, reason: 'not_order_change', notificationId };
  const change = record(record(root.Payload).OrderChangeNotification);
  const sellerId = text(change.SellerId);
  const amazonOrderId = text(change.AmazonOrderId);
  if (!notificationId || !sellerId || !amazonOrderId) return { ok: false, reason: 'malformed', notificationId };
  return {
    ok: true,
    notification: {
      notificationId,
      sellerId,
      amazonOrderId,
      orderChangeType: text(change.OrderChangeType),
      subscriptionId: text(metadata.SubscriptionId),
    },
  };
}
