import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ProductFillProgressSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

/** How far the catalogue's fill of open orders got (docs/products.md, "Filling open orders"); every role reads it. */
export const productFillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/products/fill',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['products'],
        security: [{ bearerAuth: [] }],
        summary: 'Whether a product’s new weight is being filled into open orders, and how far it got',
        response: { 200: Envelope(ProductFillProgressSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.productWeightFill.progress(request.auth!.tenantId),
    }),
  );
};
