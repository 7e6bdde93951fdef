import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  WALMART_TIMESTAMP_TOLERANCE_MS,
  verifyWalmartSignature,
  walmartNotificationParts,
  walmartTimestampMs,
} from '../../integrations/channels/walmart/walmart-webhook-signature.ts';
import { notFound, unauthorized } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { pushRefused } from '../stores/index.ts';
import { headerValue, pushJson, pushStoreByKey } from './store-push-endpoint.ts';
import { SECRET_KEY, SIGNATURE_KEY, signatureRules, walmartEndpoint } from './walmart-notifications-credentials.ts';

/**
 * The store's endpoint that Walmart calls (docs/stores.md, "Pushes"). A notification is taken in only after its store
 * is found by the URL's key, its HMAC verified with the store's sealed secret over the raw bytes and, in the canonical
 * scheme, its timestamp found within five minutes of now. Anything refused before that is counted by reason and never
 * changes an order. A verified one goes to the pull's writer, which drops a replayed event id (Walmart's eventId, or
 * the body's SHA-256 when there is none), fetches the purchase order fresh and never lets an older copy win.
 */

interface WalmartEndpointDeps {
  database: Database;
  secrets: SecretBox;
  sync: Pick<FastifyInstance['storeSync'], 'takeWebhookOrder'>;
  publicUrl: string;
  now?: () => number;
}

const CHANNEL = 'Walmart';

function refuse(reason: string, message: string): never {
  pushRefused(CHANNEL, reason);
  throw unauthorized(message, reason);
}

export function createWalmartEndpointService(deps: WalmartEndpointDeps) {
  const now = deps.now ?? Date.now;

  return {
    async receive(
      key: string,
      request: { method: string; url: string; rawBody: Buffer; headers: IncomingHttpHeaders },
    ): Promise<{ duplicate: boolean; stored: boolean }> {
      const { tenantId, store } = await pushStoreByKey(deps.database, CHANNEL, key);
      const credentials = openCredentials(deps.secrets, store.credentials);
      const secret = credentials[SECRET_KEY];
      if (!secret) {
        pushRefused(CHANNEL, 'not_set_up');
        throw notFound('Order notifications are not turned on for this store');
      }
      const rules = signatureRules(credentials[SIGNATURE_KEY]);
      const timestamp = headerValue(request.headers, rules.timestampHeader);
      // Signed over the path Walmart was given, with the query as received (a proxy may have rewritten the path).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const verified = verifyWalmartSignature({
        scheme: rules.scheme,
        method: request.method,
        pathAndQuery: new URL(walmartEndpoint(deps.publicUrl, key)).pathname + query,
        timestamp,
        rawBody: request.rawBody,
        signature: headerValue(request.headers, rules.header),
        secret,
      });
      if (!verified) refuse('bad_signature', `${rules.header} does not match the notification`);
      if (rules.scheme === 'canonical' || timestamp !== undefined) {
        const at = walmartTimestampMs(timestamp);
        if (at === null || Math.abs(now() - at) > WALMART_TIMESTAMP_TOLERANCE_MS) {
          refuse('stale', `${rules.timestampHeader} is more than five minutes from now`);
        }
      }

      const body = pushJson(CHANNEL, request.rawBody, 'The notification');
      const parts = walmartNotificationParts(body);
      const eventId = parts.eventId ?? `sha256:${createHash('sha256').update(request.rawBody).digest('hex')}`;
      return deps.sync.takeWebhookOrder({
        tenantId,
        storeId: store.id,
        eventId,
        topic: parts.eventType,
        externalOrderId: parts.purchaseOrderId,
      });
    },
  };
}
