import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, MagentoNotificationsSchema, MagentoNotificationsSetupSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createMagentoEndpointService } from './magento-endpoint-service.ts';
import { createMagentoNotificationsService } from './magento-notifications-service.ts';

interface MagentoNotificationsRoutesOptions {
  /** Where Adobe Commerce reaches us: the endpoint is `${publicUrl}/webhooks/magento/{key}`. */
  publicUrl: string;
}

const KeyParams = Type.Object({ key: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
const StoreParams = Type.Object({ storeId: Type.String({ pattern: ID_PATTERN, description: 'store id' }) });

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

  const endpointRoutes: FastifyPluginAsyncTypebox = async (hooks) => {
    // The body stays raw bytes until the signature over them is verified.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
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
          params: KeyParams,
          response: { 200: Type.Object({ op: Type.Literal('success') }), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return endpoint.receive(request.params.key, body, request.headers);
      },
    );
  };
  await app.register(endpointRoutes);

  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };
  const answer = { 200: Envelope(MagentoNotificationsSchema) };
  const path = '/call/store/:storeId/magentoNotifications';
  const storeId = (params: { storeId: string }) => Number(params.storeId);

  app.get(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A Magento store's order notifications: status, the URL to paste, the key set, last heard, counts",
        params: StoreParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.read(request.auth!, storeId(request.params)),
    }),
  );

  app.put(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Turn on a Magento store's order notifications with the public key of its Adobe Commerce webhooks",
        description:
          'The key must be a PEM public key (400 names `publicKey` otherwise). Pending until the first verified call.',
        params: StoreParams,
        body: MagentoNotificationsSetupSchema,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.turnOn(request.auth!, storeId(request.params), request.body),
    }),
  );

  app.delete(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Turn off a Magento store's order notifications (the public key is forgotten)",
        params: StoreParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.turnOff(request.auth!, storeId(request.params)),
    }),
  );
};
