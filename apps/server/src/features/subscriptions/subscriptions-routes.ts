import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ProductsSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createSubscriptionsService } from './subscriptions-service.ts';

export const subscriptionsRoutes: FastifyPluginAsyncTypebox<{ ssoUrl: string }> = async (app, options) => {
  const service = createSubscriptionsService({ ssoUrl: options.ssoUrl });

  app.get(
    '/call/userProductSubscriptions',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "Apps the caller's organisation subscribes to",
        description: "Asked of the SSO's /api/subscriptions with the caller's token; 502 when it fails.",
        tags: ['subscriptions'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(ProductsSchema), ...errorResponses(401, 429, 502) },
      },
    },
    async (request) => {
      // authenticate() already checked the header's shape and the token.
      const token = request.headers.authorization!.replace(/^Bearer\s+/i, '').trim();
      return { code: 200, success: true as const, data: { products: await service.listProducts(token) } };
    },
  );
};
