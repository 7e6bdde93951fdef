import { randomBytes } from 'node:crypto';
import type { MagentoNotifications, MagentoNotificationsSetup, PushStatus } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import {
  magentoKeyFingerprint,
  parseMagentoPublicKey,
} from '../../integrations/channels/magento/magento-webhook-signature.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { setPushStatus } from '../stores/index.ts';
import { createEbayNotificationsRepository, type EbayNotificationStore } from './ebay-notifications-repository.ts';
import { pushCountsOf } from './store-push-endpoint.ts';
import { MAGENTO_WEBHOOK_METHOD, PUBLIC_KEY_KEY, magentoEndpoint } from './magento-notifications-credentials.ts';

/**
 * A Magento store's order notifications (docs/stores.md, "Pushes"). Adobe Commerce has no API to subscribe from
 * outside, so turning on is: the seller pastes the public key of their Commerce webhooks (checked to be one), and
 * Shipdesk answers the endpoint URL to paste into the webhook. The store is `pending` until the first verified call
 * makes it `active`. Off forgets the key, so no call verifies any more.
 */

interface MagentoNotificationsDeps {
  database: Database;
  secrets: SecretBox;
  publicUrl: string;
}

type MagentoStore = NonNullable<EbayNotificationStore>;
const repo = createEbayNotificationsRepository();

export function createMagentoNotificationsService(deps: MagentoNotificationsDeps) {
  async function magentoStore(tenantId: string, storeId: number): Promise<MagentoStore> {
    return deps.database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId);
      if (!store) throw notFound('Store not found');
      if (store.sourceType !== 'Magento') throw badRequest({ storeId: 'is not a Magento store' });
      return store;
    });
  }

  function view(store: MagentoStore): MagentoNotifications {
    const pem = openCredentials(deps.secrets, store.credentials)[PUBLIC_KEY_KEY];
    const key = pem ? parseMagentoPublicKey(pem) : null;
    return {
      status: store.pushStatus as PushStatus,
      error: store.pushError,
      endpoint: store.webhookKey ? magentoEndpoint(deps.publicUrl, store.webhookKey) : null,
      webhookMethod: MAGENTO_WEBHOOK_METHOD,
      publicKeyFingerprint: key ? magentoKeyFingerprint(key) : null,
      lastHeardAt: store.lastHeardAt ? new Date(store.lastHeardAt).toISOString() : null,
      counts: pushCountsOf(store),
    };
  }

  /** Keeps (or, with null, forgets) the public key and sets the status, under the row's lock. */
  async function keep(tenantId: string, storeId: number, pem: string | null, status: PushStatus) {
    await deps.database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId, true);
      if (!store) throw notFound('Store not found');
      const credentials = openCredentials(deps.secrets, store.credentials);
      if (pem === null) delete credentials[PUBLIC_KEY_KEY];
      else credentials[PUBLIC_KEY_KEY] = pem;
      await repo.saveSetup(tx, tenantId, storeId, {
        credentials: sealCredentials(deps.secrets, credentials),
        webhookKey: store.webhookKey ?? randomBytes(18).toString('base64url'),
      });
      await setPushStatus(tx, tenantId, storeId, status, null);
    });
  }

  return {
    read: async (auth: AuthContext, storeId: number) => view(await magentoStore(auth.tenantId, storeId)),

    async turnOn(auth: AuthContext, storeId: number, input: MagentoNotificationsSetup): Promise<MagentoNotifications> {
      const store = await magentoStore(auth.tenantId, storeId);
      if (store.archivedAt) throw badRequest({ storeId: 'is archived' });
      const key = parseMagentoPublicKey(input.publicKey);
      if (!key) {
        throw badRequest({
          publicKey: /PRIVATE KEY/.test(input.publicKey)
            ? 'is a private key: paste the public key from the Adobe Commerce Admin, and regenerate the pair there'
            : 'is not a PEM public key (-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----)',
        });
      }
      const pem = key.export({ type: 'spki', format: 'pem' }).toString();
      // The same key again keeps a live store live; a new key waits for a call signed with it.
      const same = store.pushStatus === 'active' && view(store).publicKeyFingerprint === magentoKeyFingerprint(key);
      await keep(auth.tenantId, storeId, pem, same ? 'active' : 'pending');
      return view(await magentoStore(auth.tenantId, storeId));
    },

    async turnOff(auth: AuthContext, storeId: number): Promise<MagentoNotifications> {
      await magentoStore(auth.tenantId, storeId);
      await keep(auth.tenantId, storeId, null, 'off');
      return view(await magentoStore(auth.tenantId, storeId));
    },
  };
}
