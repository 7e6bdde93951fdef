import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createWebhooksService } from './store-webhooks-service.ts';

interface WebhooksRoutesOptions {
  bigcommerceAppSecret: string | undefined;
}

const Received = Type.Object({ duplicate: Type.Boolean(), stored: Type.Boolean() });

/** Platform webhooks (no user token: the signature is the authentication). The body stays raw bytes until verified. */
export const webhooksRoutes: FastifyPluginAsyncTypebox<WebhooksRoutesOptions> = async (app, options) => {
  const service = createWebhooksService({
    database: app.db,
    secrets: app.secrets,
    sync: app.storeSync,
    bigcommerceAppSecret: options.bigcommerceAppSecret,
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/:platform/:key',
    {
      config: { policy: 'signed-request' },
      schema: {
        tags: ['webhooks'],
        summary: 'Order webhooks of Shopify and BigCommerce stores',
        description:
          "The store's `webhookUrl`. Shopify: X-Shopify-Hmac-Sha256 over the raw body with the app's client secret; " +
          'BigCommerce: Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). A replayed event id ' +
          'is answered 200 and stored once.',
        params: Type.Object({
          platform: Type.Union([Type.Literal('shopify'), Type.Literal('bigcommerce')]),
          key: Type.String({ minLength: 10, maxLength: 64 }),
        }),
        response: { 200: Envelope(Received), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const data = await service.receive(request.params.platform, request.params.key, body, request.headers);
      return { code: 200, success: true as const, data };
    },
  );
};
