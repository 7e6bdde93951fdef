import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MagentoNotificationsSchema, MagentoNotificationsSetupSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createMagentoEndpointService } from './magento-endpoint-service.ts';
import { createMagentoNotificationsService } from './magento-notifications-service.ts';
import { PushKeyParams, rawBodyOf, registerPushSetupRoutes, registerRawBodyRoutes } from './store-push-routes-kit.ts';

interface MagentoNotificationsRoutesOptions {
  /** Where Adobe Commerce reaches us: the endpoint is `${publicUrl}/webhooks/magento/{key}`. */
  publicUrl: string;
}

/**
 * Adobe Commerce Webhooks for Magento stores (docs/stores.md, "Pushes"): the endpoint Commerce calls (no user token:
 * the signature is the proof), and the public key a Manager or Admin pastes in or removes.
 */
export const magentoNotificationsRoutes: FastifyPluginAsyncTypebox<MagentoNotificationsRoutesOptions> = async (
  app,
  options,
) => {
  const endpoint = createMagentoEndpointService({ database: app.db, secrets: app.secrets, sync: app.storeSync });
  const setup = createMagentoNotificationsService({
    database: app.db,
    secrets: app.secrets,
    publicUrl: options.publicUrl,
  });

  await registerRawBodyRoutes(app, 2 * 1024 * 1024, async (hooks) => {
    hooks.post(
      '/webhooks/magento/:key',
      {
        config: { policy: 'signed-request' },
        schema: {
          tags: ['webhooks'],
          summary: "A Magento store's order webhook (Adobe Commerce Webhooks, observer.sales_order_save_after)",
          description:
            'x-adobe-commerce-webhook-signature is checked with the public key the seller set. The answer is the ' +
            'operation Commerce expects, `{ "op": "success" }`; a call repeated byte for byte is taken once and the ' +
            'order (data.order.entity_id) is fetched fresh from Magento.',
          params: PushKeyParams,
          response: { 200: Type.Object({ op: Type.Literal('success') }), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => endpoint.receive(request.params.key, rawBodyOf(request), request.headers),
    );
  });

  registerPushSetupRoutes(app, {
    path: '/call/store/:storeId/magentoNotifications',
    answer: MagentoNotificationsSchema,
    body: MagentoNotificationsSetupSchema,
    setup,
    docs: {
      read: {
        summary: "A Magento store's order notifications: status, the URL to paste, the key set, last heard, counts",
      },
      turnOn: {
        summary: "Turn on a Magento store's order notifications with the public key of its Adobe Commerce webhooks",
        description:
          'The key must be a PEM public key (400 names `publicKey` otherwise). Pending until the first verified call.',
      },
      turnOff: { summary: "Turn off a Magento store's order notifications (the public key is forgotten)" },
    },
  });
};
