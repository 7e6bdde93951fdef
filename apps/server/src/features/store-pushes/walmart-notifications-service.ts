import { randomBytes } from 'node:crypto';
import type { PushStatus, WalmartNotifications, WalmartNotificationsSetup } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import {
  WALMART_ORDER_EVENTS,
  createWalmartWebhookClient,
} from '../../integrations/channels/walmart/walmart-webhook-client.ts';
import { ChannelError, type HttpOptions } from '../../integrations/http/channel-http.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createEbayNotificationsRepository, type EbayNotificationStore } from './ebay-notifications-repository.ts';
import { pushCountsOf, pushSetupKeeper } from './store-push-endpoint.ts';
import {
  DEFAULT_SIGNATURE,
  SECRET_KEY,
  SIGNATURE_KEY,
  SUBSCRIPTIONS_KEY,
  signatureRules,
  walmartEndpoint,
} from './walmart-notifications-credentials.ts';

/**
 * Turning a Walmart store's order notifications on and off (docs/stores.md, "Pushes"). On: a new HMAC secret is kept
 * sealed before Walmart is called (Walmart may send a notification at once), our earlier subscriptions to the
 * endpoint are deleted and PO_CREATED and PO_LINE_AUTOCANCELLED subscribed with HMAC auth; the store is `pending`
 * until the first verified notification makes it `active`. Walmart refusing leaves it `failed` with Walmart's words.
 * Off: the subscriptions to our endpoint are deleted at Walmart, then the secret, so nothing verifies any more.
 */

interface WalmartNotificationsDeps {
  database: Database;
  secrets: SecretBox;
  publicUrl: string;
  http?: HttpOptions;
}

type WalmartStore = NonNullable<EbayNotificationStore>;
const repo = createEbayNotificationsRepository();

function words(error: ChannelError): string {
  return error.platformAnswer ? `${error.message}: ${error.platformAnswer}` : error.message;
}

export function createWalmartNotificationsService(deps: WalmartNotificationsDeps) {
  async function walmartStore(tenantId: string, storeId: number): Promise<WalmartStore> {
    return deps.database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId);
      if (!store) throw notFound('Store not found');
      if (store.sourceType !== 'Walmart') throw badRequest({ storeId: 'is not a Walmart store' });
      return store;
    });
  }

  function view(store: WalmartStore): WalmartNotifications {
    const credentials = openCredentials(deps.secrets, store.credentials);
    const kept = credentials[SUBSCRIPTIONS_KEY] ? credentials[SUBSCRIPTIONS_KEY].split(',').filter(Boolean) : [];
    return {
      status: store.pushStatus as PushStatus,
      error: store.pushError,
      endpoint: store.webhookKey ? walmartEndpoint(deps.publicUrl, store.webhookKey) : null,
      events: kept.length > 0 ? kept.map((entry) => entry.split(':')[0]!) : WALMART_ORDER_EVENTS,
      signature: signatureRules(credentials[SIGNATURE_KEY]),
      lastHeardAt: store.lastHeardAt ? new Date(store.lastHeardAt).toISOString() : null,
      counts: pushCountsOf(store),
    };
  }

  /** Merges `changed` into the sealed credentials (null deletes), and the status, under the row's lock. */
  const keep = pushSetupKeeper(deps);

  const clientOf = (store: WalmartStore) =>
    createWalmartWebhookClient(
      { settings: store.settings, credentials: openCredentials(deps.secrets, store.credentials) },
      deps.http,
    );

  /** Deletes at Walmart every subscription to `endpoint` (ours, from this or an earlier setup). */
  async function unsubscribeAll(store: WalmartStore, endpoint: string) {
    const client = clientOf(store);
    for (const subscription of await client.subscriptions()) {
      if (subscription.eventUrl === endpoint) await client.unsubscribe(subscription.subscriptionId);
    }
  }

  async function turnOn(
    auth: AuthContext,
    storeId: number,
    input: WalmartNotificationsSetup,
  ): Promise<WalmartNotifications> {
    const store = await walmartStore(auth.tenantId, storeId);
    if (store.archivedAt) throw badRequest({ storeId: 'is archived' });
    const rules = { ...DEFAULT_SIGNATURE, ...input };
    if (rules.header.toLowerCase() === rules.timestampHeader.toLowerCase()) {
      throw badRequest({ timestampHeader: 'must differ from header' });
    }
    const webhookKey = store.webhookKey ?? randomBytes(18).toString('base64url');
    const endpoint = walmartEndpoint(deps.publicUrl, webhookKey);
    const secret = randomBytes(32).toString('base64url');
    // Kept before Walmart is called, so a notification sent while it answers already verifies.
    await keep(
      auth.tenantId,
      storeId,
      { [SECRET_KEY]: secret, [SIGNATURE_KEY]: JSON.stringify(rules), [SUBSCRIPTIONS_KEY]: null },
      undefined,
      webhookKey,
    );
    try {
      await unsubscribeAll(store, endpoint);
      const made = await clientOf(store).subscribe({
        eventTypes: WALMART_ORDER_EVENTS,
        eventUrl: endpoint,
        header: rules.header,
        secret,
      });
      const kept = made.map((s) => `${s.eventType ?? ''}:${s.subscriptionId}`).join(',');
      await keep(auth.tenantId, storeId, { [SUBSCRIPTIONS_KEY]: kept }, { status: 'pending', error: null });
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      await keep(auth.tenantId, storeId, { [SECRET_KEY]: null }, { status: 'failed', error: words(error) });
    }
    return view(await walmartStore(auth.tenantId, storeId));
  }

  async function turnOff(auth: AuthContext, storeId: number): Promise<WalmartNotifications> {
    const store = await walmartStore(auth.tenantId, storeId);
    if (store.webhookKey && store.pushStatus !== 'off') {
      try {
        await unsubscribeAll(store, walmartEndpoint(deps.publicUrl, store.webhookKey));
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        const failure = { status: 'failed' as const, error: `Could not turn off at Walmart: ${words(error)}` };
        await keep(auth.tenantId, storeId, {}, failure);
        return view(await walmartStore(auth.tenantId, storeId));
      }
    }
    await keep(
      auth.tenantId,
      storeId,
      { [SECRET_KEY]: null, [SUBSCRIPTIONS_KEY]: null },
      { status: 'off', error: null },
    );
    return view(await walmartStore(auth.tenantId, storeId));
  }

  return {
    read: async (auth: AuthContext, storeId: number) => view(await walmartStore(auth.tenantId, storeId)),
    turnOn,
    turnOff,
  };
}
