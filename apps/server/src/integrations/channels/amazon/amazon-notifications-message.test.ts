import { describe, expect, it } from 'vitest';
import { parseOrderChangeNotification } from './amazon-notifications-message.ts';

/** An ORDER_CHANGE body as SP-API's OrderChangeNotification.json schema example has it (values ours). */
const body = (overrides: Record<string, unknown> = {}, change: Record<string, unknown> = {}) =>
  JSON.stringify({
    NotificationVersion: '1.0',
    NotificationType: 'ORDER_CHANGE',
    PayloadVersion: '1.0',
    EventTime: '2026-12-03T10:00:00.000Z',
    Payload: {
      OrderChangeNotification: {
        NotificationLevel: 'OrderLevel',
        SellerId: 'A3TH9S8BH6GOGM',
        AmazonOrderId: '903-8868176-2219830',
        OrderChangeType: 'BuyerRequestedChange',
        OrderChangeTrigger: { TimeOfOrderChange: '2026-12-03T09:59:00Z', ChangeReason: 'Buyer Requested Cancel' },
        Summary: { MarketplaceId: 'ATVPDKIKX0DER', OrderStatus: 'Unshipped', FulfillmentType: 'MFN' },
        ...change,
      },
    },
    NotificationMetadata: {
      ApplicationId: 'amzn1.sellerapps.app.f1234566',
      SubscriptionId: 'e4fe-4a1c-a2f7',
      PublishTime: '2026-12-03T10:00:01.000Z',
      NotificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
    },
    ...overrides,
  });

describe('ORDER_CHANGE notification', () => {
  it('keeps the ids Shipdesk acts on', () => {
    expect(parseOrderChangeNotification(body())).toEqual({
      ok: true,
      notification: {
        notificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
        sellerId: 'A3TH9S8BH6GOGM',
        amazonOrderId: '903-8868176-2219830',
        orderChangeType: 'BuyerRequestedChange',
        subscriptionId: 'e4fe-4a1c-a2f7',
      },
    });
  });

  it('refuses what is not an ORDER_CHANGE, not JSON, or lacks an id, saying which', () => {
    expect(parseOrderChangeNotification(body({ NotificationType: 'ANY_OFFER_CHANGED' }))).toEqual({
      ok: false,
      reason: 'not_order_change',
      notificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
    });
    expect(parseOrderChangeNotification('{not json')).toEqual({ ok: false, reason: 'malformed', notificationId: null });
    expect(parseOrderChangeNotification(body({}, { SellerId: '' }))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parseOrderChangeNotification(body({}, { AmazonOrderId: 42 }))).toMatchObject({ ok: false });
    expect(parseOrderChangeNotification('[]')).toMatchObject({ ok: false, reason: 'not_order_change' });
  });
});
