import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  MAGENTO_SIGNATURE_HEADER,
  magentoWebhookOrder,
  parseMagentoPublicKey,
  verifyMagentoSignature,
} from '../../integrations/channels/magento/magento-webhook-signature.ts';
import { notFound, unauthorized } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { pushRefused } from '../stores/index.ts';
import { headerValue, pushJson, pushStoreByKey } from './store-push-endpoint.ts';
import { PUBLIC_KEY_KEY } from './magento-notifications-credentials.ts';

/**
 * The store's endpoint that Adobe Commerce Webhooks call (docs/stores.md, "Pushes"). A call is taken in only after its
 * store is found by the URL's key and its signature verified with the public key the seller pasted; anything refused
 * is counted by reason and never changes an order. Commerce sends no event id, so the event is the body's SHA-256: a
 * call repeated byte for byte is taken once, while each save of the order (a new updated_at) is a new event. The order
 * is fetched fresh, and an older copy never overwrites a newer one.
 */

interface MagentoEndpointDeps {
  database: Database;
  secrets: SecretBox;
  sync: Pick<FastifyInstance['storeSync'], 'takeWebhookOrder'>;
}

const CHANNEL = 'Magento';

export function createMagentoEndpointService(deps: MagentoEndpointDeps) {
  return {
    async receive(key: string, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ op: 'success' }> {
      const { tenantId, store } = await pushStoreByKey(deps.database, CHANNEL, key);
      const pem = openCredentials(deps.secrets, store.credentials)[PUBLIC_KEY_KEY];
      const publicKey = pem ? parseMagentoPublicKey(pem) : null;
      if (!publicKey) {
        pushRefused(CHANNEL, 'not_set_up');
        throw notFound('Order notifications are not turned on for this store');
      }
      if (!verifyMagentoSignature(rawBody, headerValue(headers, MAGENTO_SIGNATURE_HEADER), publicKey)) {
        pushRefused(CHANNEL, 'bad_signature');
        throw unauthorized(`${MAGENTO_SIGNATURE_HEADER} does not match the body`, 'bad_signature');
      }
      const body = pushJson(CHANNEL, rawBody, 'The webhook body');
      const { entityId, eventName } = magentoWebhookOrder(body);
      await deps.sync.takeWebhookOrder({
        tenantId,
        storeId: store.id,
        eventId: `sha256:${createHash('sha256').update(rawBody).digest('hex')}`,
        topic: eventName,
        externalOrderId: entityId,
      });
      // Commerce waits for this answer and reads it as an operation: success lets the order's save go on unchanged.
      return { op: 'success' };
    },
  };
}
