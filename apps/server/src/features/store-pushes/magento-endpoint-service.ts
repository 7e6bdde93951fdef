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
import { HttpError, notFound, unauthorized } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { pushRefused } from '../stores/index.ts';
import { createEbayNotificationsRepository } from './ebay-notifications-repository.ts';
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
// The row reads are the same for every channel's notification setup: the store by id, and by its endpoint's key.
const repo = createEbayNotificationsRepository();

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createMagentoEndpointService(deps: MagentoEndpointDeps) {
  return {
    async receive(key: string, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ op: 'success' }> {
      const target = await repo.storeByKey(deps.database.db, key);
      const store =
        target &&
        (await deps.database.withTenant(target.tenantId, (tx) => repo.findStore(tx, target.tenantId, target.storeId)));
      if (!target || !store || store.sourceType !== CHANNEL || store.archivedAt) {
        pushRefused(CHANNEL, 'unknown_store');
        throw notFound('No store has this webhook address');
      }
      const pem = openCredentials(deps.secrets, store.credentials)[PUBLIC_KEY_KEY];
      const publicKey = pem ? parseMagentoPublicKey(pem) : null;
      if (!publicKey) {
        pushRefused(CHANNEL, 'not_set_up');
        throw notFound('Order notifications are not turned on for this store');
      }
      if (!verifyMagentoSignature(rawBody, header(headers, MAGENTO_SIGNATURE_HEADER), publicKey)) {
        pushRefused(CHANNEL, 'bad_signature');
        throw unauthorized(`${MAGENTO_SIGNATURE_HEADER} does not match the body`, 'bad_signature');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        pushRefused(CHANNEL, 'malformed');
        throw new HttpError(400, 'The webhook body is not JSON');
      }
      const { entityId, eventName } = magentoWebhookOrder(body);
      await deps.sync.takeWebhookOrder({
        tenantId: target.tenantId,
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
