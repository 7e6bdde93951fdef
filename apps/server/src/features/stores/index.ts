import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  marketplaceCallbackRoutes,
  marketplaceClaimRoutes,
  type MarketplaceRoutesOptions,
} from './marketplace-routes.ts';
import { storeSyncRoutes } from './store-sync-routes.ts';
import { webhooksRoutes } from './store-webhooks-routes.ts';
import { storesRoutes, type StoresRoutesOptions } from './stores-routes.ts';

interface StoresFeatureOptions extends StoresRoutesOptions {
  marketplace: MarketplaceRoutesOptions;
}

/** Stores, signed in: connect and edit stores, test connections, pull and read the sync log, claim installs. */
export const storesFeature: FastifyPluginAsyncTypebox<StoresFeatureOptions> = async (app, options) => {
  const { marketplace, ...stores } = options;
  await app.register(storesRoutes, stores);
  await app.register(storeSyncRoutes, { sync: app.storeSync });
  await app.register(marketplaceClaimRoutes, marketplace);
};

/** What the platforms call without a user: webhooks (signed) and the marketplace install callbacks. */
export const storeCallbacksFeature: FastifyPluginAsyncTypebox<{
  bigcommerceAppSecret: string | undefined;
  marketplace: MarketplaceRoutesOptions;
}> = async (app, options) => {
  await app.register(webhooksRoutes, { bigcommerceAppSecret: options.bigcommerceAppSecret });
  await app.register(marketplaceCallbackRoutes, options.marketplace);
};

// Amazon's notifications (features/store-pushes) turn a store's push on, off or failed.
export { setPushStatus } from './store-push-state.ts';
export { storeSyncPlugin } from './store-sync-plugin.ts';
export { createStoresRepository } from './stores-repository.ts';
export { sealCredentials } from '../../lib/sealed-credentials.ts';
// The missing-orders check (features/store-reconcile) compares with the channel and writes through the pull's writer.
export { upsertChannelOrders } from './store-orders-upsert.ts';
export { channelOrderProblem, newestPerOrder } from './channel-order-check.ts';
export { describeSyncError, type WeightFill } from './store-sync-service.ts';
export { parseStoreId } from './stores-service.ts';
export { StoreIdParams } from './stores-routes.ts';
// eBay's notifications (features/store-pushes) count the messages refused before any store took them.
export { pushRefused } from './store-push-state.ts';
// The Amazon pull benchmark (bench/src/amazon-pull.ts) reads through a channel's adapter and hears its quota waits.
export { createChannelAdapter } from '../../integrations/channels/channel-registry.ts';
export { QuotaWait } from '../../integrations/http/channel-error.ts';
// The missing-orders check reads its store as the pull does.
export { createSyncRepository } from './store-sync-repository.ts';
