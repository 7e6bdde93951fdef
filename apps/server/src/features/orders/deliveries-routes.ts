import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DeliverySchema, Envelope, ID_PATTERN } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createDeliveriesService } from './deliveries-service.ts';

export const deliveriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createDeliveriesService(app.db);
  app.get(
    '/api/v1/deliveries',
    {
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: "An order's deliveries (planned shipments of its lines, with their shipping methods)",
        querystring: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN }) }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Array(DeliverySchema)), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.list(request.auth!, request.query.orderId),
    }),
  );
};
