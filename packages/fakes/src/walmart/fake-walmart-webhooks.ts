import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import { createFakePushOutbox, type FakePushChaos, type FakePushOutbox } from './fake-walmart-webhooks-delivery.ts';
import type { PurchaseOrder } from './fake-walmart-wire.ts';

/**
 * Walmart's Notifications API as the fake serves it (../shared/integrations.md section 5): subscriptions
 * (`/v3/webhooks/subscriptions`, with HMAC auth details), the test notification (`POST /v3/webhooks/test`), and
 * PO_CREATED / PO_LINE_AUTOCANCELLED notifications when a test creates an order or auto-cancels a line, signed as the
 * fake's `scheme` says: `canonical` (default: WM_SEC.TIMESTAMP in epoch seconds and, in the subscription's header,
 * base64 HMAC-SHA256 of method, path and query, timestamp and the body's hex SHA-256, newline-joined) or `body`
 * (base64 HMAC-SHA256 of the body). Walmart's own choice between the two is not confirmed.
 */

export type FakeWalmartSignatureScheme = 'canonical' | 'body';

interface FakeWalmartSubscription {
  subscriptionId: string;
  eventType: string;
  eventVersion: string;
  resourceName: string;
  eventUrl: string;
  status: 'ACTIVE' | 'INACTIVE';
  authDetails?: { authMethod?: string; authHeaderName?: string; clientSecret?: string };
  partnerId: string;
}

export interface FakeWalmartWebhooks {
  readonly subscriptions: Map<string, FakeWalmartSubscription>;
  readonly delivery: FakePushOutbox;
  /** The headers Walmart would send for `body` to `eventUrl`: signed with `secret` (default: the subscription's). */
  signedHeaders(
    eventUrl: string,
    body: string,
    options?: { secret?: string; timestampSeconds?: number },
  ): Record<string, string>;
  /** A new order (add it first) or one line auto-cancelled (its first line not shipped), and the notification. */
  changeOrder(purchaseOrderId: string, change: 'created' | 'autocancelled'): void;
  chaos(options: FakePushChaos): void;
  settled(): Promise<void>;
}

const EVENTS: Record<string, string> = {
  PO_CREATED: 'ORDER',
  PO_LINE_AUTOCANCELLED: 'ORDER',
  OFFER_UNPUBLISHED: 'ITEM',
};
const PARTNER_ID = '10000012345';

const invalid = (field: string, message: string): FakeReply => ({
  status: 400,
  body: { errors: [{ code: 'INVALID_REQUEST_PARAM.GMP_NOTIFICATION_API', field, message, severity: 'ERROR' }] },
});

interface Deps {
  router: FakeRouter;
  /** Wraps a handler with Walmart's header, token and throttling checks. */
  api(handler: (request: FakeRequest) => FakeReply): (request: FakeRequest) => FakeReply;
  orders: Map<string, PurchaseOrder>;
  scheme: FakeWalmartSignatureScheme;
}

/** The subscription in a create request, checked; a reply when it is refused. */
function subscriptionInput(entry: Record<string, unknown>): FakeWalmartSubscription | FakeReply {
  const eventType = String(entry.eventType ?? '');
  if (!EVENTS[eventType]) return invalid('eventType', `Unknown eventType ${eventType}`);
  if (entry.resourceName !== EVENTS[eventType])
    return invalid('resourceName', `${eventType} is a ${EVENTS[eventType]} event`);
  if (entry.eventVersion !== 'V1') return invalid('eventVersion', 'eventVersion must be V1');
  if (typeof entry.eventUrl !== 'string' || !/^https?:\/\//.test(entry.eventUrl)) {
    return invalid('eventUrl', 'eventUrl must be an absolute URL');
  }
  const auth = entry.authDetails as FakeWalmartSubscription['authDetails'];
  if (auth?.authMethod === 'HMAC' && (!auth.clientSecret || !auth.authHeaderName)) {
    return invalid('authDetails', 'HMAC needs clientSecret and authHeaderName');
  }
  return {
    subscriptionId: randomUUID(),
    eventType,
    eventVersion: 'V1',
    resourceName: EVENTS[eventType]!,
    eventUrl: entry.eventUrl,
    status: entry.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    authDetails: auth,
    partnerId: PARTNER_ID,
  };
}

export function fakeWalmartWebhooks(deps: Deps): FakeWalmartWebhooks {
  const subscriptions = new Map<string, FakeWalmartSubscription>();
  const delivery = createFakePushOutbox();

  function signedHeaders(eventUrl: string, body: string, options: { secret?: string; timestampSeconds?: number } = {}) {
    const subscription = [...subscriptions.values()].find((s) => s.eventUrl === eventUrl);
    const header = subscription?.authDetails?.authHeaderName ?? 'WM_SEC.SIGNATURE';
    const secret = options.secret ?? subscription?.authDetails?.clientSecret ?? '';
    const timestamp = String(options.timestampSeconds ?? Math.floor(Date.now() / 1000));
    const url = new URL(eventUrl);
    const signed =
      deps.scheme === 'body'
        ? body
        : ['POST', url.pathname + url.search, timestamp, createHash('sha256').update(body).digest('hex')].join('\n');
    const signature = createHmac('sha256', secret).update(signed).digest('base64');
    return { [header]: signature, 'WM_SEC.TIMESTAMP': timestamp };
  }

  function notify(eventType: string, order: PurchaseOrder): void {
    const eventId = randomUUID();
    const body = JSON.stringify({
      source: { eventType, eventTime: new Date().toISOString(), eventId },
      payload: {
        partnerId: PARTNER_ID,
        purchaseOrderId: order.purchaseOrderId,
        customerOrderId: order.customerOrderId,
        orderDate: new Date(order.orderDate).toISOString(),
        orderLines: order.orderLines.orderLine.map((line) => ({ lineNumber: line.lineNumber, sku: line.item.sku })),
      },
    });
    for (const subscription of subscriptions.values()) {
      if (subscription.eventType !== eventType || subscription.status !== 'ACTIVE') continue;
      delivery.publish({
        endpoint: subscription.eventUrl,
        id: eventId,
        build: () => ({ body, headers: signedHeaders(subscription.eventUrl, body) }),
      });
    }
  }

  const parse = (request: FakeRequest): Record<string, unknown> | null => {
    try {
      const body: unknown = JSON.parse(request.body);
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const listed = () => ({ status: 200, body: { events: [...subscriptions.values()] } });

  deps.router
    .on('GET', '/v3/webhooks/subscriptions', deps.api(listed))
    .on(
      'POST',
      '/v3/webhooks/subscriptions',
      deps.api((request) => {
        const events = parse(request)?.events;
        if (!Array.isArray(events) || events.length === 0) return invalid('events', 'events is required');
        const made: FakeWalmartSubscription[] = [];
        for (const entry of events as Array<Record<string, unknown>>) {
          const subscription = subscriptionInput(entry ?? {});
          if ('status' in subscription && typeof subscription.status === 'number') return subscription as FakeReply;
          made.push(subscription as FakeWalmartSubscription);
        }
        for (const subscription of made) subscriptions.set(subscription.subscriptionId, subscription);
        return { status: 200, body: { events: made } };
      }),
    )
    .on(
      'DELETE',
      '/v3/webhooks/subscriptions/:id',
      deps.api((request) => {
        if (!subscriptions.delete(request.params.id!)) return invalid('subscriptionId', 'Subscription not found');
        return {
          status: 200,
          body: { subscriptionId: request.params.id, message: 'Successfully deleted subscription' },
        };
      }),
    )
    .on(
      'POST',
      '/v3/webhooks/test',
      deps.api((request) => {
        const body = parse(request);
        if (!body || typeof body.eventUrl !== 'string') return invalid('eventUrl', 'eventUrl is required');
        const subscription = subscriptionInput({ status: 'ACTIVE', ...body });
        if ('status' in subscription && typeof subscription.status === 'number') return subscription as FakeReply;
        const eventUrl = body.eventUrl;
        const payload = JSON.stringify({
          source: { eventType: body.eventType, eventTime: new Date().toISOString(), eventId: randomUUID() },
          payload: { partnerId: PARTNER_ID, purchaseOrderId: '1234567890123', sample: true },
        });
        delivery.publish({
          endpoint: eventUrl,
          id: 'test',
          build: () => ({ body: payload, headers: signedHeaders(eventUrl, payload) }),
        });
        return { status: 200, body: { message: 'Eventurl successfully validated' } };
      }),
    );

  return {
    subscriptions,
    delivery,
    signedHeaders,
    changeOrder(purchaseOrderId, change) {
      const order = deps.orders.get(purchaseOrderId);
      if (!order) throw new Error(`The fake Walmart has no purchase order ${purchaseOrderId}`);
      if (change === 'autocancelled') {
        const line = order.orderLines.orderLine.find((l) =>
          l.orderLineStatuses.orderLineStatus.some((s) => s.status === 'Created' || s.status === 'Acknowledged'),
        );
        if (!line) throw new Error(`Purchase order ${purchaseOrderId} has no line left to cancel`);
        for (const status of line.orderLineStatuses.orderLineStatus) status.status = 'Cancelled';
        // Never back in time: the generator dates some statuses ahead of now, and a pull resumes from the latest.
        line.statusDate = Math.max(Date.now(), line.statusDate + 1);
      }
      notify(change === 'created' ? 'PO_CREATED' : 'PO_LINE_AUTOCANCELLED', order);
    },
    chaos: (options) => delivery.chaos(options),
    settled: () => delivery.settled(),
  };
}
