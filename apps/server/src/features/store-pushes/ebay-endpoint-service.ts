import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';
import { createEbayNotificationClient } from '../../integrations/channels/ebay/ebay-notification-client.ts';
import type { EbayKeyCache } from '../../integrations/channels/ebay/ebay-notification-keys.ts';
import {
  ebayChallengeResponse,
  parseEbaySignature,
  verifyEbaySignature,
} from '../../integrations/channels/ebay/ebay-notification-signature.ts';
import { HttpError, notFound, unauthorized } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { pushRefused } from '../stores/index.ts';
import { VERIFICATION_TOKEN_KEY, ebayEndpoint } from './ebay-notifications-credentials.ts';
import { headerValue, pushJson, pushStoreByKey } from './store-push-endpoint.ts';

/**
 * The store's endpoint that eBay calls (docs/stores.md, "Pushes"): the challenge that proves we own it, and the
 * order messages. A message is taken in only after its store is found by the URL's key and its X-EBAY-SIGNATURE
 * verified over the raw bytes with eBay's key for the kid; anything refused before that is counted by reason and
 * never changes an order. A verified message goes to the pull's writer, which drops a replayed notificationId, fetches
 * the order fresh from eBay and never lets an older copy overwrite a newer one.
 */

interface EbayEndpointDeps {
  database: Database;
  secrets: SecretBox;
  sync: Pick<FastifyInstance['storeSync'], 'takeWebhookOrder'>;
  publicUrl: string;
  keys: EbayKeyCache;
  http?: HttpOptions;
}

const CHANNEL = 'Ebay';

/** The order a message names: `data.orderId` (or `data.order.orderId`), else null (a message with no order). */
function messageParts(body: unknown): { eventId: string | null; topic: string | null; orderId: string | null } {
  const message = (body ?? {}) as {
    metadata?: { topic?: unknown };
    notification?: { notificationId?: unknown; data?: { orderId?: unknown; order?: { orderId?: unknown } } };
  };
  const text = (value: unknown, most = 200) =>
    typeof value === 'string' && value.length > 0 && value.length <= most ? value : null;
  const data = message.notification?.data;
  return {
    eventId: text(message.notification?.notificationId),
    topic: text(message.metadata?.topic),
    orderId: text(data?.orderId, 100) ?? text(data?.order?.orderId, 100),
  };
}

export function createEbayEndpointService(deps: EbayEndpointDeps) {
  const storeOf = (key: string) => pushStoreByKey(deps.database, CHANNEL, key);

  return {
    async challenge(key: string, challengeCode: string): Promise<{ challengeResponse: string }> {
      const { store } = await storeOf(key);
      const token = openCredentials(deps.secrets, store.credentials)[VERIFICATION_TOKEN_KEY];
      if (!token) {
        pushRefused(CHANNEL, 'not_set_up');
        throw notFound('Order notifications are not turned on for this store');
      }
      return { challengeResponse: ebayChallengeResponse(challengeCode, token, ebayEndpoint(deps.publicUrl, key)) };
    },

    async receive(
      key: string,
      rawBody: Buffer,
      headers: IncomingHttpHeaders,
    ): Promise<{ duplicate: boolean; stored: boolean }> {
      const { tenantId, store } = await storeOf(key);
      const signature = parseEbaySignature(headerValue(headers, 'x-ebay-signature'));
      if (!signature) {
        pushRefused(CHANNEL, 'bad_signature');
        throw unauthorized('X-EBAY-SIGNATURE is missing or malformed', 'bad_signature');
      }
      // Keys are eBay's, per API host: a store's own app token fetches one, and every store of that host reuses it.
      const host = store.settings.apiBaseUrl ?? 'https://api.ebay.com';
      const publicKey = await deps.keys.get(host, signature.kid, () => {
        const connection = { settings: store.settings, credentials: openCredentials(deps.secrets, store.credentials) };
        return createEbayNotificationClient(connection, { http: deps.http }).publicKey(signature.kid);
      });
      if (!publicKey) {
        pushRefused(CHANNEL, 'unknown_key');
        throw unauthorized('X-EBAY-SIGNATURE names a key eBay does not have', 'unknown_key');
      }
      if (!verifyEbaySignature(rawBody, signature, publicKey)) {
        pushRefused(CHANNEL, 'bad_signature');
        throw unauthorized('X-EBAY-SIGNATURE does not match the body', 'bad_signature');
      }

      const body = pushJson(CHANNEL, rawBody, 'The notification');
      const { eventId, topic, orderId } = messageParts(body);
      if (!eventId) {
        pushRefused(CHANNEL, 'malformed');
        throw new HttpError(400, 'The notification has no notificationId');
      }
      return deps.sync.takeWebhookOrder({ tenantId, storeId: store.id, eventId, topic, externalOrderId: orderId });
    },
  };
}
