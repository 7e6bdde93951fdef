import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client.ts';
import {
  bigcommerceWebhookEventId,
  bigcommerceWebhookOrderId,
  verifyBigcommerceWebhook,
} from '../../integrations/channels/bigcommerce/bigcommerce-webhook.ts';
import {
  shopifyWebhookEventId,
  shopifyWebhookOrderId,
  verifyShopifyWebhook,
} from '../../integrations/channels/shopify/shopify-webhook.ts';
import { HttpError, notFound, unauthorized } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { createSyncMonitorRepository, createSyncRepository } from './store-sync-repository.ts';
import type { StoreSyncService } from './store-sync-service.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import { pushRefused } from './store-push-state.ts';

type WebhookPlatform = 'shopify' | 'bigcommerce';

interface PlatformWebhook {
  sourceType: string;
  verify(rawBody: Buffer, headers: IncomingHttpHeaders, secret: string): boolean;
  eventId(headers: IncomingHttpHeaders, body: unknown): string | null;
  orderId(body: unknown): string | null;
  topic(headers: IncomingHttpHeaders, body: unknown): string | null;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const PLATFORMS: Record<WebhookPlatform, PlatformWebhook> = {
  shopify: {
    sourceType: 'Shopify',
    verify: (raw, headers, secret) => verifyShopifyWebhook(raw, header(headers, 'x-shopify-hmac-sha256'), secret),
    eventId: (headers) => shopifyWebhookEventId(headers),
    orderId: (body) => shopifyWebhookOrderId(body),
    topic: (headers) => header(headers, 'x-shopify-topic') ?? null,
  },
  bigcommerce: {
    sourceType: 'Bigcommerce',
    verify: (raw, headers, secret) => verifyBigcommerceWebhook(raw, headers, secret),
    eventId: (headers) => bigcommerceWebhookEventId(headers),
    orderId: (body) => bigcommerceWebhookOrderId(body),
    topic: (_headers, body) => {
      const scope = (body as { scope?: unknown } | null)?.scope;
      return typeof scope === 'string' ? scope : null;
    },
  },
};

interface WebhooksServiceDeps {
  database: Database;
  secrets: SecretBox;
  sync: StoreSyncService;
  /** The marketplace app's client secret: signs BigCommerce webhooks of stores installed from the marketplace. */
  bigcommerceAppSecret: string | undefined;
}

/**
 * A platform's webhook, in this order: find the store by the URL's key, verify the signature over the raw bytes
 * (nothing is parsed before), drop an event id already taken in, then fetch the order fresh and upsert it.
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const monitor = createSyncMonitorRepository();
  const repo = createSyncRepository();

  return {
    async receive(
      platform: WebhookPlatform,
      key: string,
      rawBody: Buffer,
      headers: IncomingHttpHeaders,
    ): Promise<{ duplicate: boolean; stored: boolean }> {
      const rules = PLATFORMS[platform];
      const target = await monitor.storeByWebhookKey(deps.database.db, key);
      if (!target) {
        pushRefused(platform, 'unknown_store');
        throw notFound('No store has this webhook address');
      }
      const store = await deps.database.withTenant(target.tenantId, (tx) =>
        repo.findStore(tx, target.tenantId, target.storeId),
      );
      // An archived store takes no more orders (docs/setup-deletion.md).
      if (!store || store.archivedAt || store.sourceType !== rules.sourceType) {
        pushRefused(platform, 'unknown_store');
        throw notFound('No store has this webhook address');
      }
      const secret =
        openCredentials(deps.secrets, store.credentials).clientSecret ??
        (store.installId !== null ? deps.bigcommerceAppSecret : undefined);
      if (!secret) throw unauthorized('This store has no client secret to verify webhooks with', 'no_webhook_secret');
      if (!rules.verify(rawBody, headers, secret)) {
        pushRefused(platform, 'bad_signature');
        throw unauthorized('Webhook signature is invalid', 'bad_signature');
      }

      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new HttpError(400, 'Webhook body is not JSON');
      }
      const eventId = rules.eventId(headers, body);
      if (!eventId) throw new HttpError(400, 'Webhook has no event id');
      return deps.sync.takeWebhookOrder({
        tenantId: target.tenantId,
        storeId: target.storeId,
        eventId,
        topic: rules.topic(headers, body),
        externalOrderId: rules.orderId(body),
      });
    },
  };
}
