import { randomUUID } from 'node:crypto';
import type { FakeAmazonOrder } from './fake-amazon-orders.ts';
import type { SpAddress, SpOrderItem } from './fake-amazon-wire.ts';

/**
 * What happens to an order in the fake Amazon (a buyer or Amazon acting, for tests and the demo), as getOrder shows
 * it afterwards, and the ORDER_CHANGE notification body that tells of it (amzn/selling-partner-api-models
 * schemas/notifications/OrderChangeNotification.json): NotificationVersion, NotificationType, PayloadVersion,
 * EventTime, Payload.OrderChangeNotification { NotificationLevel, SellerId, AmazonOrderId, OrderChangeType,
 * OrderChangeTrigger, Summary (v0 OrderStatus) }, NotificationMetadata.
 *
 * Unconfirmed: the ChangeReason texts other than "Buyer Requested Cancel" (Amazon's example), and how an address
 * change is told (the fake sends a BuyerRequestedChange); a buyer's cancel request shows in v0 getOrderItems as
 * `BuyerRequestedCancel` and not in the v2026-01-01 answers.
 */

export const AMAZON_ORDER_CHANGES = [
  'created',
  'canceled',
  'buyerCancelRequested',
  'addressChanged',
  'shipped',
] as const;
export type AmazonOrderChange = (typeof AMAZON_ORDER_CHANGES)[number];

type ChangeType = 'OrderStatusChange' | 'BuyerRequestedChange';

const CHANGE: Record<AmazonOrderChange, { type: ChangeType; reason: string }> = {
  created: { type: 'OrderStatusChange', reason: 'Order Status Changed' },
  canceled: { type: 'OrderStatusChange', reason: 'Order Status Changed' },
  shipped: { type: 'OrderStatusChange', reason: 'Order Status Changed' },
  buyerCancelRequested: { type: 'BuyerRequestedChange', reason: 'Buyer Requested Cancel' },
  addressChanged: { type: 'BuyerRequestedChange', reason: 'Buyer Requested Address Change' },
};

/** The address a buyer moves an order to when the change names none. */
const NEW_ADDRESS: SpAddress = {
  Name: 'Alex Moreno',
  AddressLine1: '1 Infinite Loop',
  AddressLine2: 'Building 3',
  City: 'Cupertino',
  StateOrRegion: 'CA',
  PostalCode: '95014',
  CountryCode: 'US',
  Phone: '+1 408-555-0199',
  AddressType: 'Commercial',
};

/** A v0 OrderItem with the buyer's cancel request, as Orders v0 spells it. */
type ItemWithCancel = SpOrderItem & {
  BuyerRequestedCancel?: { IsBuyerRequestedCancel: string; BuyerCancelReason: string };
};

export const changeTypeOf = (change: AmazonOrderChange): ChangeType => CHANGE[change].type;

/** Changes the order as Amazon would; its LastUpdateDate moves to now (never backwards). */
export function applyAmazonOrderChange(entry: FakeAmazonOrder, change: AmazonOrderChange, address?: SpAddress): void {
  const { order } = entry;
  if (change === 'created' && order.OrderStatus === 'Pending') order.OrderStatus = 'Unshipped';
  if (change === 'canceled') {
    if (order.OrderStatus === 'Shipped')
      throw new Error(`Order ${order.AmazonOrderId} has shipped and cannot be canceled`);
    order.OrderStatus = 'Canceled';
    for (const item of entry.items) item.QuantityOrdered = 0;
    order.NumberOfItemsUnshipped = 0;
  }
  if (change === 'buyerCancelRequested') {
    for (const item of entry.items as ItemWithCancel[]) {
      item.BuyerRequestedCancel = { IsBuyerRequestedCancel: 'true', BuyerCancelReason: 'Ordered by mistake' };
    }
  }
  if (change === 'addressChanged') order.ShippingAddress = { ...(address ?? NEW_ADDRESS) };
  if (change === 'shipped') {
    for (const item of entry.items) item.QuantityShipped = item.QuantityOrdered;
    order.NumberOfItemsShipped = entry.items.reduce((sum, item) => sum + item.QuantityOrdered, 0);
    order.NumberOfItemsUnshipped = 0;
    order.OrderStatus = 'Shipped';
  }
  order.LastUpdateDate = new Date(Math.max(Date.now(), Date.parse(order.LastUpdateDate) + 1)).toISOString();
}

/** The ORDER_CHANGE message body for the order as it is now. */
export function orderChangeMessage(input: {
  entry: FakeAmazonOrder;
  change: AmazonOrderChange;
  sellerId: string;
  applicationId: string;
  subscriptionId: string;
  marketplaceId: string;
}): { notificationId: string; body: string } {
  const { order, items } = input.entry;
  const now = new Date().toISOString();
  const notificationId = randomUUID();
  const message = {
    NotificationVersion: '1.0',
    NotificationType: 'ORDER_CHANGE',
    PayloadVersion: '1.0',
    EventTime: now,
    Payload: {
      OrderChangeNotification: {
        NotificationLevel: 'OrderLevel',
        SellerId: input.sellerId,
        AmazonOrderId: order.AmazonOrderId,
        OrderChangeType: CHANGE[input.change].type,
        OrderChangeTrigger: { TimeOfOrderChange: order.LastUpdateDate, ChangeReason: CHANGE[input.change].reason },
        Summary: {
          MarketplaceId: order.MarketplaceId ?? input.marketplaceId,
          OrderStatus: order.OrderStatus,
          PurchaseDate: order.PurchaseDate,
          DestinationPostalCode: order.ShippingAddress?.PostalCode ?? null,
          FulfillmentType: order.FulfillmentChannel ?? 'MFN',
          OrderType: 'StandardOrder',
          NumberOfItemsShipped: order.NumberOfItemsShipped ?? 0,
          NumberOfItemsUnshipped: order.NumberOfItemsUnshipped ?? 0,
          EarliestShipDate: order.EarliestShipDate,
          LatestShipDate: order.LatestShipDate,
          OrderItems: (items as ItemWithCancel[]).map((item) => ({
            OrderItemId: item.OrderItemId,
            SellerSKU: item.SellerSKU,
            Quantity: item.QuantityOrdered,
            QuantityShipped: item.QuantityShipped ?? 0,
            IsBuyerRequestedCancel: item.BuyerRequestedCancel?.IsBuyerRequestedCancel === 'true',
          })),
        },
      },
    },
    NotificationMetadata: {
      ApplicationId: input.applicationId,
      SubscriptionId: input.subscriptionId,
      PublishTime: now,
      NotificationId: notificationId,
    },
  };
  return { notificationId, body: JSON.stringify(message) };
}
