import { randomBytes } from 'node:crypto';
import type { EbayNotifications, EbayNotificationsSetup, PushStatus } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import {
  EBAY_DEFAULT_ORDER_TOPICS,
  createEbayNotificationClient,
  type EbayNotificationClient,
} from '../../integrations/channels/ebay/ebay-notification-client.ts';
import { ChannelError, type HttpOptions } from '../../integrations/http/channel-http.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createEbayNotificationsRepository, type EbayNotificationStore } from './ebay-notifications-repository.ts';
import { pushCountsOf, pushSetupKeeper } from './store-push-endpoint.ts';
import { DESTINATION_KEY, TOPICS_KEY, VERIFICATION_TOKEN_KEY, ebayEndpoint } from './ebay-notifications-credentials.ts';

/**
 * Turning an eBay store's order notifications on and off (docs/stores.md, "Pushes"). On: a verification token is kept
 * (sealed) before eBay is called, because eBay challenges the endpoint while it creates the destination; then the
 * destination (ours, found by its endpoint, or new) and a subscription per order topic that eBay lists. The store is
 * `pending` until the first verified message makes it `active`. eBay refusing any step leaves it `failed` with eBay's
 * words. Off: our subscriptions and destination are deleted at eBay, then the store's pushes are off.
 */

interface EbayNotificationsDeps {
  database: Database;
  secrets: SecretBox;
  publicUrl: string;
  http?: HttpOptions;
}

const repo = createEbayNotificationsRepository();
const DESTINATION_NAME = 'Shipdesk order notifications';

/** eBay's words for a refusal, or the error's own. */
function words(error: unknown): string {
  if (error instanceof ChannelError) {
    const answer = error.platformAnswer ? `: ${error.platformAnswer}` : '';
    if (error.kind === 'auth') {
      return `${error.message}${answer}. The seller's eBay consent must include notification subscriptions (commerce.notification.subscription).`;
    }
    return `${error.message}${answer}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** 48 characters of [A-Za-z0-9_-]: eBay asks for 32 to 80 of those. */
const newVerificationToken = () => randomBytes(36).toString('base64url');

export function createEbayNotificationsService(deps: EbayNotificationsDeps) {
  async function ebayStore(tenantId: string, storeId: number) {
    return deps.database.withTenant(tenantId, async (tx) => {
      const store = await repo.findStore(tx, tenantId, storeId);
      if (!store) throw notFound('Store not found');
      if (store.sourceType !== 'Ebay') throw badRequest({ storeId: 'is not an eBay store' });
      return store;
    });
  }

  function view(store: NonNullable<EbayNotificationStore>): EbayNotifications {
    const credentials = openCredentials(deps.secrets, store.credentials);
    const kept = credentials[TOPICS_KEY]?.split(',').filter(Boolean);
    return {
      status: store.pushStatus as PushStatus,
      error: store.pushError,
      endpoint: store.webhookKey ? ebayEndpoint(deps.publicUrl, store.webhookKey) : null,
      topics: kept && kept.length > 0 ? kept : EBAY_DEFAULT_ORDER_TOPICS,
      lastHeardAt: store.lastHeardAt ? new Date(store.lastHeardAt).toISOString() : null,
      counts: pushCountsOf(store),
    };
  }

  /** Merges `changed` into the store's sealed credentials (deleting keys set to null), under the row's lock. */
  const keep = pushSetupKeeper(deps);

  const clientOf = (store: NonNullable<EbayNotificationStore>): EbayNotificationClient =>
    createEbayNotificationClient(
      { settings: store.settings, credentials: openCredentials(deps.secrets, store.credentials) },
      { http: deps.http },
    );

  /** The topics to subscribe to: those asked for (each must be one eBay lists) or the defaults eBay lists. */
  async function topicsToUse(client: EbayNotificationClient, asked: string[] | undefined): Promise<string[]> {
    const listed = new Set(await client.topicIds());
    if (asked) {
      const unknown = asked.filter((topic) => !listed.has(topic));
      if (unknown.length > 0) throw badRequest({ topics: `eBay does not offer ${unknown.join(', ')}` });
      return asked;
    }
    const offered = EBAY_DEFAULT_ORDER_TOPICS.filter((topic) => listed.has(topic));
    if (offered.length === 0) {
      throw new ChannelError(
        'invalid',
        `eBay lists none of the order topics ${EBAY_DEFAULT_ORDER_TOPICS.join(', ')}; name the topics to use`,
      );
    }
    return offered;
  }

  async function turnOn(auth: AuthContext, storeId: number, input: EbayNotificationsSetup): Promise<EbayNotifications> {
    const store = await ebayStore(auth.tenantId, storeId);
    if (store.archivedAt) throw badRequest({ storeId: 'is archived' });
    const webhookKey = store.webhookKey ?? randomBytes(18).toString('base64url');
    const endpoint = ebayEndpoint(deps.publicUrl, webhookKey);
    const client = clientOf(store);
    try {
      const topics = await topicsToUse(client, input.topics);
      // Kept before eBay is called: eBay challenges the endpoint before it answers, and the challenge reads it.
      const token = newVerificationToken();
      await keep(auth.tenantId, storeId, { [VERIFICATION_TOKEN_KEY]: token }, undefined, webhookKey);
      const ours = (await client.destinations()).find((d) => d.deliveryConfig?.endpoint === endpoint);
      const destinationId = await client.saveDestination({
        destinationId: ours?.destinationId,
        name: DESTINATION_NAME,
        endpoint,
        verificationToken: token,
      });
      const existing = (await client.subscriptions()).filter((s) => s.destinationId === destinationId);
      for (const subscription of existing) {
        if (!topics.includes(subscription.topicId)) await client.unsubscribe(subscription.subscriptionId);
      }
      for (const topic of topics) {
        if (!existing.some((s) => s.topicId === topic)) await client.subscribe(topic, destinationId);
      }
      await keep(
        auth.tenantId,
        storeId,
        { [DESTINATION_KEY]: destinationId, [TOPICS_KEY]: topics.join(',') },
        { status: 'pending', error: null },
      );
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      await keep(auth.tenantId, storeId, {}, { status: 'failed', error: words(error) }, webhookKey);
    }
    return view(await ebayStore(auth.tenantId, storeId));
  }

  async function turnOff(auth: AuthContext, storeId: number): Promise<EbayNotifications> {
    const store = await ebayStore(auth.tenantId, storeId);
    const credentials = openCredentials(deps.secrets, store.credentials);
    const endpoint = store.webhookKey ? ebayEndpoint(deps.publicUrl, store.webhookKey) : null;
    if (endpoint && (credentials[DESTINATION_KEY] || store.pushStatus !== 'off')) {
      const client = clientOf(store);
      try {
        const ours = (await client.destinations()).filter(
          (d) => d.destinationId === credentials[DESTINATION_KEY] || d.deliveryConfig?.endpoint === endpoint,
        );
        const ids = new Set(ours.map((d) => d.destinationId));
        for (const subscription of await client.subscriptions()) {
          if (subscription.destinationId && ids.has(subscription.destinationId)) {
            await client.unsubscribe(subscription.subscriptionId);
          }
        }
        for (const id of ids) await client.deleteDestination(id);
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        await keep(
          auth.tenantId,
          storeId,
          {},
          { status: 'failed', error: `Could not turn off at eBay: ${words(error)}` },
        );
        return view(await ebayStore(auth.tenantId, storeId));
      }
    }
    await keep(
      auth.tenantId,
      storeId,
      { [VERIFICATION_TOKEN_KEY]: null, [DESTINATION_KEY]: null, [TOPICS_KEY]: null },
      { status: 'off', error: null },
    );
    return view(await ebayStore(auth.tenantId, storeId));
  }

  return {
    read: async (auth: AuthContext, storeId: number) => view(await ebayStore(auth.tenantId, storeId)),
    turnOn,
    turnOff,
  };
}
