import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';
import { amazonPushRoutes } from './amazon-push-routes.ts';
import { ebayNotificationsRoutes } from './ebay-notifications-routes.ts';
import { magentoNotificationsRoutes } from './magento-notifications-routes.ts';
import { walmartNotificationsRoutes } from './walmart-notifications-routes.ts';

interface StorePushesOptions {
  /** Where the channels reach us: `${publicUrl}/webhooks/{ebay|walmart|magento}/{key}`. */
  publicUrl: string;
  /** The egress-guarded fetch every call to a channel leaves through. */
  http?: HttpOptions;
}

/**
 * Order pushes a seller turns on per store (docs/stores.md, "Pushes"): Amazon through the seller's SQS queue, eBay,
 * Walmart and Adobe Commerce to our signed endpoints. Each route's own policy says who may call it: the setup routes
 * a Manager or Admin, the endpoints the channel, whose signature is the proof.
 */
export const storePushesFeature: FastifyPluginAsyncTypebox<StorePushesOptions> = async (api, options) => {
  await api.register(amazonPushRoutes);
  await api.register(ebayNotificationsRoutes, options);
  await api.register(walmartNotificationsRoutes, options);
  await api.register(magentoNotificationsRoutes, { publicUrl: options.publicUrl });
};

// Amazon's notifications: each listening store's SQS queue long-polled on the one engine.
export { amazonPushPlugin } from './amazon-push-plugin.ts';
