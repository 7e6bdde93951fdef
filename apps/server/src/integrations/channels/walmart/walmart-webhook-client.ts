import type { HttpOptions } from '../../http/channel-http.ts';
import type { StoreConnection } from '../channel-types.ts';
import { createWalmartClient } from './walmart-client.ts';

/**
 * Walmart's Notifications API (`/v3/webhooks`, ../shared/integrations.md section 5) for one seller: the order events
 * Shipdesk subscribes to, with HMAC authentication to the store's endpoint. Walmart's reference names the create
 * answer's list `event` in its schema and `events` in its example: both are read.
 */

/** Resource ORDER, version V1. */
export const WALMART_ORDER_EVENTS = ['PO_CREATED', 'PO_LINE_AUTOCANCELLED'];
const RESOURCE = 'ORDER';
const VERSION = 'V1';

interface WalmartSubscription {
  subscriptionId: string;
  eventType?: string;
  eventUrl?: string;
  status?: string;
}

interface SubscriptionList {
  events?: WalmartSubscription[];
  event?: WalmartSubscription[];
}

interface WalmartWebhookClient {
  subscriptions(signal?: AbortSignal): Promise<WalmartSubscription[]>;
  /** Subscribes each event type to `eventUrl`, signed with `secret` in `header`; the new subscriptions. */
  subscribe(
    request: { eventTypes: string[]; eventUrl: string; header: string; secret: string },
    signal?: AbortSignal,
  ): Promise<WalmartSubscription[]>;
  unsubscribe(subscriptionId: string, signal?: AbortSignal): Promise<void>;
}

export function createWalmartWebhookClient(
  connection: StoreConnection,
  options: HttpOptions = {},
): WalmartWebhookClient {
  const client = createWalmartClient(
    {
      clientId: connection.settings.clientId ?? connection.credentials.clientId ?? '',
      clientSecret: connection.credentials.clientSecret ?? '',
      apiBaseUrl: connection.settings.apiBaseUrl,
    },
    options,
  );
  const listOf = (body: SubscriptionList | null) => body?.events ?? body?.event ?? [];

  return {
    async subscriptions(signal) {
      return listOf(await client.call<SubscriptionList>({ path: '/v3/webhooks/subscriptions' }, signal));
    },
    async subscribe({ eventTypes, eventUrl, header, secret }, signal) {
      const events = eventTypes.map((eventType) => ({
        eventType,
        eventVersion: VERSION,
        resourceName: RESOURCE,
        eventUrl,
        status: 'ACTIVE',
        authDetails: { authMethod: 'HMAC', authHeaderName: header, clientSecret: secret },
        headers: { 'content-type': 'application/json' },
      }));
      const body = await client.call<SubscriptionList>(
        { method: 'POST', path: '/v3/webhooks/subscriptions', json: { events } },
        signal,
      );
      return listOf(body);
    },
    async unsubscribe(subscriptionId, signal) {
      await client.call<unknown>(
        { method: 'DELETE', path: `/v3/webhooks/subscriptions/${encodeURIComponent(subscriptionId)}` },
        signal,
      );
    },
  };
}
